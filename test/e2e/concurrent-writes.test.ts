import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Agent, request } from 'undici';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { authHeader, staffApiKey } from '../helpers/auth.ts';

// Ordinary concurrency through real HTTPS clients on a real port, each request on its own pooled
// database connection: many writers at once must never be answered with a 5xx (on MariaDB they
// deadlocked on the product search index and got 503 busy; SQLite takes them in turn).
const WRITERS = 10;

let store: TestStore;
let agent: Agent;
let origin: string;
let auth: Record<string, string>;

before(async () => {
  store = await startTestStore({ lazy: true, env: { PORT: '0', HOST: '127.0.0.1' } });
  const app = await store.kernel.start();
  const address = app.server.address() as { port: number };
  origin = `https://127.0.0.1:${address.port}`;
  agent = new Agent({ connect: { rejectUnauthorized: false }, connections: 2 * WRITERS });
  auth = authHeader(await staffApiKey(store));
});

after(async () => {
  await agent?.close();
  await store?.close();
});

interface Reply {
  status: number;
  body: any;
}

async function call(method: string, path: string, body?: unknown): Promise<Reply> {
  const res = await request(origin + path, {
    method: method as any,
    dispatcher: agent,
    headers: { ...auth, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.body.text();
  return { status: res.statusCode, body: text ? JSON.parse(text) : null };
}

/** Runs `count` calls at once and asserts each answered `status`. */
async function together(what: string, count: number, make: (i: number) => [string, string, unknown?], status: number): Promise<Reply[]> {
  const replies = await Promise.all(Array.from({ length: count }, (_, i) => call(...make(i))));
  const wrong = replies.filter((r) => r.status !== status);
  assert.deepEqual(wrong.map((r) => `${what}: ${r.status} ${r.body?.code} ${r.body?.detail}`), [], `${what}: every one of ${count} concurrent writers answered ${status}`);
  return replies;
}

let run = 0;
const unique = (i: number) => `${++run}-${i}`;

async function created(path: string, body: unknown): Promise<any> {
  const res = await call('POST', path, body);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

test('every create and update route of the catalogue, inventory, customers, vouchers and shipping methods takes 10 concurrent writers without a 5xx', async () => {
  const settings = await call('PATCH', '/api/v1/store/', { languages: ['en', 'de'] });
  assert.equal(settings.status, 200, JSON.stringify(settings.body));
  const category = await created('/api/v1/categories/', { name: 'Concurrency' });
  const warehouse = await created('/api/v1/warehouses/', { name: 'Main', code: 'CONC-MAIN' });

  // Creates: 10 writers each, all in the same category or warehouse where there is one.
  const products = await together('POST products', WRITERS, (i) => ['POST', '/api/v1/products/', { name: `Shirt ${unique(i)}`, category_id: category.id, price: '19.90', variants: [{ sku: `SHIRT-${unique(i)}`, price: '19.90' }] }], 201);
  const sizes = Array.from({ length: WRITERS }, (_, i) => `S${i}`);
  const sized = await created('/api/v1/products/', { name: 'Sized shirt', category_id: category.id, options: [{ name: 'Size', values: sizes }] });
  const variants = await together('POST variants', WRITERS, (i) => ['POST', `/api/v1/products/${sized.id}/variants/`, { options: { Size: sizes[i] }, sku: `VAR-${unique(i)}`, price: '21.00' }], 201);
  const categories = await together('POST categories', WRITERS, (i) => ['POST', '/api/v1/categories/', { name: `Sub ${unique(i)}`, parent_id: category.id }], 201);
  const pages = await together('POST pages', WRITERS, (i) => ['POST', '/api/v1/pages/', { title: `Page ${unique(i)}` }], 201);
  const warehouses = await together('POST warehouses', WRITERS, (i) => ['POST', '/api/v1/warehouses/', { name: `Depot ${unique(i)}`, code: `D-${unique(i)}` }], 201);
  const customers = await together('POST customers', WRITERS, (i) => ['POST', '/api/v1/customers/', { email: `buyer-${unique(i)}@example.com` }], 201);
  const vouchers = await together('POST vouchers', WRITERS, (i) => ['POST', '/api/v1/vouchers/', { code: `SAVE-${unique(i)}`, discount_type: 'percentage', value: '10' }], 201);
  const methods = await together('POST shipping methods', WRITERS, (i) => ['POST', '/api/v1/shipping-methods/', { name: `Courier ${unique(i)}`, price: '4.90' }], 201);
  const variantIds = variants.map((v) => v.body.id as number);
  await together('POST inventory', WRITERS, (i) => ['POST', '/api/v1/inventory/', { variant_id: variantIds[i], warehouse_id: warehouse.id, quantity: 5 }], 201);
  await together('POST inventory/bulk', WRITERS, (i) => ['POST', '/api/v1/inventory/bulk/', { records: [{ variant_id: variantIds[i], warehouse_id: warehouses[i]!.body.id, quantity: 3 }] }], 200);
  await together('POST products/bulk', WRITERS, (i) => ['POST', '/api/v1/products/bulk/', { products: [{ name: `Bulk ${unique(i)}`, category_id: category.id, variants: [{ sku: `BULK-${unique(i)}`, price: '5.00' }] }] }], 200);

  // Updates: 10 writers on 10 records, then 10 writers on one record (they take turns on its row).
  const updates: Array<[string, (id: number, i: number) => unknown, Reply[]]> = [
    ['PUT /api/v1/products/:id/', (_id, i) => ({ name: `Shirt renamed ${unique(i)}`, category_id: category.id }), products],
    ['PATCH /api/v1/products/:id/', (_id, i) => ({ description: `Soft cotton ${unique(i)}`, translations: { de: { name: `Hemd ${unique(i)}` } } }), products],
    ['PATCH /api/v1/variants/:id/', (_id, i) => ({ sku: `VAR-NEW-${unique(i)}` }), variants],
    ['PATCH /api/v1/categories/:id/', (_id, i) => ({ description: `Updated ${unique(i)}` }), categories],
    ['PUT /api/v1/pages/:id/', (_id, i) => ({ title: `Page renamed ${unique(i)}` }), pages],
    ['PATCH /api/v1/pages/:id/', (_id, i) => ({ body: `Text ${unique(i)}` }), pages],
    ['PATCH /api/v1/warehouses/:id/', (_id, i) => ({ priority: i }), warehouses],
    ['PATCH /api/v1/customers/:id/', (_id, i) => ({ first_name: `Ann ${unique(i)}` }), customers],
    ['PATCH /api/v1/vouchers/:id/', (_id, i) => ({ value: String(5 + i) }), vouchers],
    ['PATCH /api/v1/shipping-methods/:id/', (_id, i) => ({ price: `${5 + i}.00` }), methods],
  ];
  for (const [route, body, records] of updates) {
    const [method, path] = route.split(' ') as [string, string];
    await together(`${route} (different records)`, WRITERS, (i) => [method, path.replace(':id', String(records[i]!.body.id)), body(records[i]!.body.id, i)], 200);
    const one = records[0]!.body.id;
    await together(`${route} (one record)`, WRITERS, (i) => [method, path.replace(':id', String(one)), body(one, i)], 200);
  }
  await together('PUT inventory (one level)', WRITERS, (i) => ['PUT', '/api/v1/inventory/', { variant_id: variantIds[0], warehouse_id: warehouse.id, quantity: 10 + i }], 200);
  await together('POST inventory/adjust (one level)', WRITERS, () => ['POST', '/api/v1/inventory/adjust/', { variant_id: variantIds[0], warehouse_id: warehouse.id, delta: 1 }], 200);

  // The adjustments all count: each took its turn on the level's row.
  const level = await call('GET', `/api/v1/inventory/?variant_id=${variantIds[0]}&warehouse_id=${warehouse.id}`);
  assert.equal(level.status, 200);
  const final = level.body.results[0].quantity as number;
  assert.ok(final >= 10 + WRITERS && final <= 10 + 2 * WRITERS - 1, `the ${WRITERS} adjustments landed on the last quantity set (${final})`);

  // Every create and update route of these parts of the API is covered above.
  const covered = new Set([...updates.map(([r]) => r), 'POST /api/v1/products/', 'POST /api/v1/products/:id/variants/', 'POST /api/v1/categories/', 'POST /api/v1/pages/', 'POST /api/v1/warehouses/', 'POST /api/v1/customers/', 'POST /api/v1/vouchers/', 'POST /api/v1/shipping-methods/', 'POST /api/v1/inventory/', 'PUT /api/v1/inventory/', 'POST /api/v1/inventory/adjust/', 'POST /api/v1/inventory/bulk/', 'POST /api/v1/products/bulk/']);
  const owners = new Set(['core-catalog', 'core-inventory', 'core-customers', 'vouchers', 'shipping-flat']);
  const missing = store.kernel.routes
    .list()
    .filter((r) => owners.has(r.plugin) && !r.hidden && ['POST', 'PUT', 'PATCH'].includes(r.method))
    // A customer's own profile and a cart's vouchers are a shopper's session, not concurrent staff writers.
    .filter((r) => !r.path.startsWith('/api/v1/customers/me/') && !r.path.startsWith('/api/v1/cart/'))
    .map((r) => `${r.method} ${r.path}`)
    .filter((r) => !covered.has(r));
  assert.deepEqual(missing, []);
});

test('a catalogue import by 8 parallel clients into one category creates every product and stocks it', async () => {
  const IMPORTERS = 8;
  const PER_IMPORTER = 12;
  const category = await created('/api/v1/categories/', { name: 'Imported' });
  const warehouse = await created('/api/v1/warehouses/', { name: 'Import depot', code: 'IMPORT' });

  const imported = await Promise.all(
    Array.from({ length: IMPORTERS }, async (_, importer) => {
      const variantIds: number[] = [];
      for (let n = 0; n < PER_IMPORTER; n++) {
        const res = await call('POST', '/api/v1/products/', {
          name: `Import ${importer}-${n}`,
          description: `Imported by client ${importer}`,
          category_id: category.id,
          price: '12.50',
          variants: [{ sku: `IMP-${importer}-${n}`, price: '12.50' }],
        });
        assert.equal(res.status, 201, `importer ${importer}, product ${n}: ${res.status} ${JSON.stringify(res.body)}`);
        variantIds.push(res.body.variants[0].id);
      }
      const stock = await call('POST', '/api/v1/inventory/bulk/', { records: variantIds.map((id) => ({ variant_id: id, warehouse_id: warehouse.id, quantity: 7 })) });
      assert.equal(stock.status, 200, JSON.stringify(stock.body));
      return variantIds;
    }),
  );

  const list = await call('GET', `/api/v1/products/?category=${category.id}&page_size=100`);
  assert.equal(list.status, 200);
  assert.equal(list.body.count, IMPORTERS * PER_IMPORTER, 'every imported product is there');
  const levels = await call('GET', `/api/v1/inventory/?warehouse_id=${warehouse.id}&page_size=100`);
  assert.equal(levels.status, 200);
  assert.equal(levels.body.count, imported.flat().length);
  assert.ok(levels.body.results.every((l: { quantity: number }) => l.quantity === 7));
  // And each is found by the search index the creations wrote to concurrently.
  const found = await call('GET', `/api/v1/products/?search=IMP-7-11`);
  assert.deepEqual(found.body.results.map((p: { name: string }) => p.name), ['Import 7-11']);
});
