import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { startTestStore, type TestStore, type TestStoreOptions } from '../../../test/helpers/store.ts';
import { authHeader, staffApiKey } from '../../../test/helpers/auth.ts';
import { PRODUCTS } from '../catalogue.ts';

const UNSET = { DEMO_DATA: '' };
const DEMO_VARIANTS = PRODUCTS.reduce((n, p) => n + p.variants.length, 0);

function json(res: LightMyRequestResponse, status = 200): any {
  assert.equal(res.statusCode, status, `expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json();
}

async function open(t: { after(fn: () => Promise<void>): void }, opts: TestStoreOptions): Promise<TestStore> {
  const store = await startTestStore(opts);
  if (!opts.shareWith) t.after(() => store.close());
  return store;
}

async function staffHeaders(store: TestStore) {
  return authHeader(await staffApiKey(store));
}

const publicProducts = async (store: TestStore, headers: Record<string, string> = {}) =>
  json(await store.inject({ method: 'GET', url: '/api/v1/products/?page_size=100', headers }));

const shippingMethods = async (store: TestStore) =>
  json(await store.inject({ method: 'GET', url: '/api/v1/shipping-methods/', headers: await staffHeaders(store) }));

async function runSeedDemo(store: TestStore, options: Record<string, boolean> = {}): Promise<string[]> {
  const found = store.kernel.cli.find(['seed', 'demo']);
  assert.ok(found, 'the seed demo command exists');
  const lines: string[] = [];
  await found.command.run({ options, positionals: [], container: store.kernel.container, print: (line) => lines.push(line) });
  return lines;
}

test('DEMO_DATA=true seeds a new store: active products in stock, categories, warehouse MAIN, shipping methods', async (t) => {
  const store = await open(t, { env: { DEMO_DATA: 'true' } });

  const products = await publicProducts(store);
  assert.equal(products.count, PRODUCTS.length);
  for (const product of products.results) {
    assert.equal(product.in_stock, true, `${product.name} is in stock`);
    assert.ok(product.variants.length >= 2 && product.variants.length <= 4, `${product.name} has 2–4 variants`);
    assert.ok(product.variants.every((v: any) => v.sku.startsWith('DEMO-') && v.in_stock));
    assert.equal(product.price.currency, 'USD');
  }
  const low = json(await store.inject({ method: 'GET', url: '/api/v1/variants/?sku=DEMO-SNEAKER-44' }));
  assert.equal(low.results[0].available, 2, 'a few variants are low on stock');

  assert.equal(json(await store.inject({ method: 'GET', url: '/api/v1/categories/' })).count, 3);
  const warehouses = json(await store.inject({ method: 'GET', url: '/api/v1/warehouses/', headers: await staffHeaders(store) }));
  assert.deepEqual(warehouses.results.map((w: any) => w.code), ['MAIN']);

  const methods = await shippingMethods(store);
  assert.equal(methods.count, 2);
  assert.ok(methods.results.every((m: any) => m.active && m.countries.length === 0), 'both ship everywhere');
  assert.deepEqual(methods.results.map((m: any) => m.free_above?.amount ?? null), [null, '60.00']);

  const settings = json(await store.inject({ method: 'GET', url: '/api/v1/store/' }));
  assert.equal(settings.name, 'Storekeep Demo Shop');
  assert.match(settings.branding.tagline, /made-up prices/);

  assert.equal(store.notices.filter((l) => l.startsWith('Seeded a demo catalogue')).length, 1);
  assert.match(store.notices.join('\n'), new RegExp(`Seeded a demo catalogue: ${PRODUCTS.length} products \\(${DEMO_VARIANTS} variants`));
});

test('DEMO_DATA unset: the first start of an empty store seeds once; restarts and a second instance do not, even after every product is deleted', async (t) => {
  const store = await open(t, { env: UNSET });
  assert.equal((await publicProducts(store)).count, PRODUCTS.length);
  assert.equal(store.notices.filter((l) => l.startsWith('Seeded a demo catalogue')).length, 1);

  const second = await open(t, { env: UNSET, shareWith: store });
  assert.equal((await publicProducts(second)).count, PRODUCTS.length, 'no second copy');
  assert.equal((await shippingMethods(second)).count, 2);
  assert.deepEqual(second.notices.filter((l) => l.startsWith('Seeded')), []);

  const staff = await staffHeaders(store);
  for (const product of (await publicProducts(store)).results) {
    assert.equal((await store.inject({ method: 'DELETE', url: `/api/v1/products/${product.id}/`, headers: staff })).statusCode, 204);
  }
  const third = await open(t, { env: UNSET, shareWith: store });
  assert.equal((await publicProducts(third)).count, 0, 'an emptied catalogue is not seeded again');
  const withTrue = await open(t, { env: { DEMO_DATA: 'true' }, shareWith: store });
  assert.equal((await publicProducts(withTrue)).count, 0, 'DEMO_DATA=true seeds only a store never seeded');
});

test('DEMO_DATA=false seeds nothing, and a later start with DEMO_DATA unset keeps that first decision', async (t) => {
  const store = await open(t, { env: { DEMO_DATA: 'false' } });
  assert.equal((await publicProducts(store)).count, 0);
  assert.equal((await shippingMethods(store)).count, 0);
  assert.deepEqual(store.notices.filter((l) => l.startsWith('Seeded')), []);
  assert.equal(json(await store.inject({ method: 'GET', url: '/api/v1/store/' })).name, 'Storekeep');

  const restart = await open(t, { env: UNSET, shareWith: store });
  assert.equal((await publicProducts(restart)).count, 0);
  const explicit = await open(t, { env: { DEMO_DATA: 'true' }, shareWith: store });
  assert.equal((await publicProducts(explicit)).count, PRODUCTS.length, 'DEMO_DATA=true still seeds a store never seeded');
});

test('seed demo seeds an empty catalogue, refuses a catalogue with products, and --force adds only products whose SKUs are free', async (t) => {
  const store = await open(t, {});
  const printed = await runSeedDemo(store);
  assert.match(printed[0], new RegExp(`^Seeded a demo catalogue: ${PRODUCTS.length} products`));
  assert.ok(printed.some((l) => /product\s+Classic Organic Tee \(4 variants\)/.test(l)), printed.join('\n'));
  assert.ok(printed.some((l) => /warehouse MAIN/.test(l)));
  assert.equal((await publicProducts(store)).count, PRODUCTS.length);

  await assert.rejects(runSeedDemo(store), /already has products, so nothing was seeded.*--force/);
  assert.deepEqual(await runSeedDemo(store, { force: true }), [`Nothing new to seed: every demo product's SKUs exist already (${DEMO_VARIANTS} SKUs).`]);
  assert.equal((await publicProducts(store)).count, PRODUCTS.length);
  assert.equal((await shippingMethods(store)).count, 2, 'shipping methods are not duplicated');
});

test('seed demo --force on a German store with its own products: translated demo products beside them, a taken SKU skipped', async (t) => {
  const store = await open(t, {});
  const staff = { ...(await staffHeaders(store)), 'content-type': 'application/json' };
  json(await store.inject({ method: 'PATCH', url: '/api/v1/store/', headers: staff, payload: JSON.stringify({ name: 'Mugs Ltd', languages: ['en', 'de'] }) }));
  json(
    await store.inject({
      method: 'POST',
      url: '/api/v1/products/',
      headers: staff,
      payload: JSON.stringify({ name: 'Our own mug', status: 'active', variants: [{ sku: 'demo-mug-wht', price: '9.00' }] }),
    }),
    201,
  );

  await assert.rejects(runSeedDemo(store), /already has products/);
  const printed = await runSeedDemo(store, { force: true });
  assert.match(printed[0], new RegExp(`Seeded a demo catalogue: ${PRODUCTS.length - 1} products`));
  assert.match(printed[0], /Skipped products whose SKUs exist already: DEMO-MUG-WHT/);

  const english = await publicProducts(store);
  assert.equal(english.count, PRODUCTS.length, 'seven demo products and our own');
  assert.ok(english.results.some((p: any) => p.name === 'Our own mug'));
  assert.ok(!english.results.some((p: any) => p.name === 'Stoneware Mug'));
  const german = await publicProducts(store, { 'accept-language': 'de' });
  assert.ok(german.results.some((p: any) => p.name === 'Klassisches Bio-T-Shirt'), 'German names where the demo has them');
  assert.ok(german.results.some((p: any) => p.name === 'Merino-Mütze'), 'every demo product has a German name');
  assert.ok(german.results.some((p: any) => p.name === 'Our own mug'), 'base text where a product has no translation');
  assert.equal(json(await store.inject({ method: 'GET', url: '/api/v1/store/' })).name, 'Mugs Ltd', 'a named store keeps its name');
});
