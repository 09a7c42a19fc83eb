import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestStore } from '../../../test/helpers/store.ts';
import { authHeader, staffApiKey } from '../../../test/helpers/auth.ts';
import { portOf, wire, type WireResponse } from '../../../kernel/test/helpers.ts';
import { Client, configureStore, createProduct, expectStatus } from './helpers.ts';

// The product list and detail are direct routes (kernel/http/direct-reads.ts): over HTTPS their 200s are
// answered before Fastify routes the request, by the same handlers. Every answer must be the one the
// Fastify path gives (through inject), byte for byte, for every filter, ordering, page, language,
// currency and caller, and stay so when the products and their stock change.

function comparable(res: { status: number; headers: Record<string, unknown>; body: string }) {
  const headers: Record<string, unknown> = { ...res.headers };
  for (const name of ['date', 'connection', 'keep-alive', 'x-request-id']) delete headers[name];
  return { status: res.status, headers, body: res.body };
}

test('product lists and details answered before routing are the answers of the Fastify path', async (t) => {
  const store = await startTestStore({ lazy: true, env: { PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_ANONYMOUS: '0', RATE_LIMIT_AUTHENTICATED: '0' } });
  t.after(() => store.close());
  await store.kernel.start();
  const origin = `https://127.0.0.1:${portOf(store)}`;
  const key = authHeader(await staffApiKey(store));
  const staff = new Client(store, key);
  await configureStore(staff, { languages: ['en', 'de'], currencies: ['USD', 'EUR'], exchange_rates: { EUR: '0.9' } });
  const parent = expectStatus(await staff.post('/api/v1/categories/', { name: 'Clothes', slug: 'clothes' }), 201);
  const child = expectStatus(await staff.post('/api/v1/categories/', { name: 'Shirts', slug: 'shirts', parent_id: parent.id }), 201);
  const warehouse = expectStatus(await staff.post('/api/v1/warehouses/', { name: 'Main', code: 'MAIN' }), 201);
  const products: any[] = [];
  for (let i = 0; i < 7; i++) {
    products.push(
      await createProduct(staff, {
        name: `${['Classic', 'Modern', 'Rugged'][i % 3]} shirt ${i}`,
        description: `Shirt number ${i}`,
        status: i === 5 ? 'draft' : 'active',
        category_id: i % 2 ? child.id : parent.id,
        translations: { de: { name: `Hemd ${i}` } },
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { sku: `D-${i}-S`, price: `${10 + i}.00`, options: { Size: 'S' } },
          { sku: `D-${i}-M`, price: `${20 + i}.50`, options: { Size: 'M' } },
        ],
      }),
    );
  }
  for (const [i, p] of products.entries()) {
    if (i % 3 === 0) expectStatus(await staff.post('/api/v1/inventory/', { variant_id: p.variants[0].id, warehouse_id: warehouse.id, quantity: 4 + i }), 201);
  }
  const second = products[1].id;

  const paths = [
    '/api/v1/products/',
    '/api/v1/products/?page_size=2',
    '/api/v1/products/?page_size=2&page=2',
    '/api/v1/products/?page_size=3&ordering=name',
    '/api/v1/products/?ordering=-price',
    '/api/v1/products/?category=clothes',
    `/api/v1/products/?category=${child.id}&page_size=2`,
    '/api/v1/products/?search=classic%20sh',
    '/api/v1/products/?option=Size:M&in_stock=true',
    '/api/v1/products/?price__gte=13.00&currency=eur',
    `/api/v1/products/${second}/`,
    `/api/v1/products/${second}/?currency=EUR`,
  ];
  const callers: Array<[string, Record<string, string>]> = [
    ['anonymous', {}],
    ['anonymous in German', { 'accept-language': 'de-DE,de;q=0.9' }],
    ['staff', key],
  ];
  const compare = async (label: string) => {
    for (const [who, headers] of callers) {
      for (const path of paths) {
        const before = store.kernel.directReads.answered;
        const direct = await wire(origin + path, { headers: { ...headers, 'cache-control': 'no-cache' } });
        assert.equal(direct.status, 200, `${label}, ${who}, ${path}: ${direct.body}`);
        assert.equal(store.kernel.directReads.answered, before + 1, `${label}, ${who}, ${path}: answered before routing`);
        const routed = await store.inject({ method: 'GET', url: path, headers: { ...headers, 'cache-control': 'no-cache' } });
        assert.deepEqual(comparable(direct), comparable({ status: routed.statusCode, headers: routed.headers, body: routed.body }), `${label}, ${who}, ${path}`);
      }
    }
  };
  await compare('as created');

  // Following the list's next links (positions, read after the keyset) gives the same pages both ways.
  let next: string | null = '/api/v1/products/?page_size=2&ordering=name';
  for (let pages = 0; next; pages++) {
    assert.ok(pages < 5);
    const direct: WireResponse = await wire(origin + next, { headers: { 'cache-control': 'no-cache' } });
    const routed = await store.inject({ method: 'GET', url: next, headers: { 'cache-control': 'no-cache' } });
    assert.deepEqual(comparable(direct), comparable({ status: routed.statusCode, headers: routed.headers, body: routed.body }), next);
    next = direct.json().next && new URL(direct.json().next).pathname + new URL(direct.json().next).search;
  }

  // Changes reach the direct answers at once: a price, a translation, stock, a product taken off sale.
  expectStatus(await staff.patch(`/api/v1/variants/${products[1].variants[0].id}/`, { price: '99.00' }), 200);
  expectStatus(await staff.patch(`/api/v1/products/${products[2].id}/`, { translations: { de: { name: 'Neues Hemd' } } }), 200);
  expectStatus(await staff.post('/api/v1/inventory/', { variant_id: products[1].variants[1].id, warehouse_id: warehouse.id, quantity: 3 }), 201);
  expectStatus(await staff.patch(`/api/v1/products/${products[4].id}/`, { status: 'archived' }), 200);
  await compare('after changes');
  const changed = (await wire(`${origin}/api/v1/products/${second}/`, { headers: { 'cache-control': 'no-cache' } })).json();
  assert.equal(changed.variants[0].price.amount, '99.00');
  assert.equal(changed.variants[1].available, 3);

  // What is not a 200 of the route is Fastify's: a product off sale, a page past the end, a bad filter.
  for (const [path, status] of [[`/api/v1/products/${products[4].id}/`, 404], ['/api/v1/products/?page=9', 404], ['/api/v1/products/?category=nowhere', 400], ['/api/v1/products/?ordering=colour', 400]] as const) {
    const direct = await wire(origin + path, { headers: { 'cache-control': 'no-cache' } });
    const routed = await store.inject({ method: 'GET', url: path, headers: { 'cache-control': 'no-cache' } });
    assert.equal(direct.status, status, path);
    assert.deepEqual(comparable(direct), comparable({ status: routed.statusCode, headers: routed.headers, body: routed.body }), path);
  }
});
