import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { SessionClient, staffSession } from '../../../test/helpers/auth.ts';
import { assertInvariants, expectStatus, makeVariant, makeWarehouse, openInventoryStore, setStock, type InventoryTestStore } from './helpers.ts';

let s: InventoryTestStore;
before(async () => {
  s = await openInventoryStore();
});
after(() => s.store.close());

test("the documented calls work as written: POST then PUT /api/v1/inventory/ with variant ids as numbers and as strings", async () => {
  const v = await makeVariant(s.staff);
  const w = await makeWarehouse(s.staff);
  const created = await s.staff.post('/api/v1/inventory/', { variant_id: v.id, warehouse_id: w.id, quantity: 100 });
  const record = expectStatus(created, 201);
  assert.equal(created.headers.location, `https://store.test/api/v1/inventory/${record.id}/`);
  assert.deepEqual(
    { ...record, created_at: undefined, updated_at: undefined },
    { id: record.id, variant_id: v.id, warehouse_id: w.id, sku: v.sku, quantity: 100, reserved: 0, available: 100, created_at: undefined, updated_at: undefined },
  );
  const again = expectStatus(await s.staff.post('/api/v1/inventory/', { variant_id: String(v.id), warehouse_id: String(w.id), quantity: 90 }), 200);
  assert.equal(again.id, record.id, 'POST on an existing record updates it (200)');
  assert.equal(again.quantity, 90);
  const put = expectStatus(await s.staff.put('/api/v1/inventory/', { variant_id: String(v.id), warehouse_id: w.id, quantity: 50 }), 200);
  assert.deepEqual([put.id, put.quantity, put.available], [record.id, 50, 50]);
  const putNumber = expectStatus(await s.staff.put('/api/v1/inventory/', { variant_id: v.id, warehouse_id: String(w.id), quantity: 51 }), 200);
  assert.equal(putNumber.quantity, 51);
  assert.deepEqual(expectStatus(await s.staff.get(`/api/v1/inventory/${record.id}/`), 200).quantity, 51);
  await assertInvariants(s.knex);
});

test('PUT refuses a record that does not exist (404) and creates nothing', async () => {
  const v = await makeVariant(s.staff);
  const w = await makeWarehouse(s.staff);
  const res = expectStatus(await s.staff.put('/api/v1/inventory/', { variant_id: v.id, warehouse_id: w.id, quantity: 5 }), 404);
  assert.equal(res.code, 'not_found');
  assert.equal((await s.knex('inventory_levels').where({ variant_id: v.id })).length, 0);
});

test('an unknown variant or warehouse in a body is a 400 naming the field; in a path a 404', async () => {
  const v = await makeVariant(s.staff);
  const w = await makeWarehouse(s.staff);
  const variant = expectStatus(await s.staff.post('/api/v1/inventory/', { variant_id: 999999, warehouse_id: w.id, quantity: 1 }), 400);
  assert.deepEqual(Object.keys(variant.errors), ['variant_id']);
  const warehouse = expectStatus(await s.staff.put('/api/v1/inventory/', { variant_id: String(v.id), warehouse_id: '999999', quantity: 1 }), 400);
  assert.deepEqual(Object.keys(warehouse.errors), ['warehouse_id']);
  const both = expectStatus(await s.staff.post('/api/v1/inventory/adjust/', { variant_id: '999998', warehouse_id: 999999, delta: 1 }), 400);
  assert.deepEqual(Object.keys(both.errors).sort(), ['variant_id', 'warehouse_id']);
  const malformed = expectStatus(await s.staff.post('/api/v1/inventory/', { variant_id: 'abc', warehouse_id: -1, quantity: 1 }), 400);
  assert.deepEqual(Object.keys(malformed.errors).sort(), ['variant_id', 'warehouse_id']);
  expectStatus(await s.staff.get('/api/v1/inventory/999999/'), 404);
  expectStatus(await s.staff.get('/api/v1/inventory/abc/'), 400);
});

test('refuses negative, non-integer, over 2^31−1 and string quantities (400), changing nothing', async () => {
  const v = await makeVariant(s.staff);
  const w = await makeWarehouse(s.staff);
  await setStock(s.staff, v.id, w.id, 7);
  for (const quantity of [-1, 1.5, 2 ** 31, 2 ** 53, '5', null]) {
    for (const method of ['POST', 'PUT'] as const) {
      const res = expectStatus(await s.staff.request(method, '/api/v1/inventory/', { variant_id: v.id, warehouse_id: w.id, quantity }), 400);
      assert.deepEqual(Object.keys(res.errors), ['quantity'], `${method} quantity ${quantity}`);
    }
  }
  for (const delta of [0, 2.5, 2 ** 31, -(2 ** 31), '1']) {
    const res = expectStatus(await s.staff.post('/api/v1/inventory/adjust/', { variant_id: v.id, warehouse_id: w.id, delta }), 400);
    assert.deepEqual(Object.keys(res.errors), ['delta'], `delta ${delta}`);
  }
  expectStatus(await s.staff.post('/api/v1/inventory/', { variant_id: v.id, warehouse_id: w.id, quantity: 2 ** 31 - 1 }), 200);
  const over = expectStatus(await s.staff.post('/api/v1/inventory/adjust/', { variant_id: v.id, warehouse_id: w.id, delta: 1 }), 400);
  assert.deepEqual(Object.keys(over.errors), ['delta']);
  expectStatus(await s.staff.post('/api/v1/inventory/', { variant_id: v.id, warehouse_id: w.id, quantity: 7 }), 200);
  expectStatus(await s.staff.post('/api/v1/inventory/', { variant_id: v.id, warehouse_id: w.id, quantity: 1, extra: true }), 400);
  assert.equal((await s.knex('inventory_levels').where({ variant_id: v.id }).first()).quantity, 7);
  await assertInvariants(s.knex);
});

test('setting a quantity below what is reserved is a 409; with force the excess reservations become backorders', async () => {
  const v = await makeVariant(s.staff);
  const w = await makeWarehouse(s.staff);
  await setStock(s.staff, v.id, w.id, 10);
  await s.knex.transaction((trx) => s.inventory.reserve(trx, { type: 'order', id: 'force-1' }, [{ variant_id: v.id, quantity: 4 }]));
  await s.knex.transaction((trx) => s.inventory.reserve(trx, { type: 'order', id: 'force-2' }, [{ variant_id: v.id, quantity: 3 }]));
  for (const [method, url, body] of [
    ['POST', '/api/v1/inventory/', { quantity: 5 }],
    ['PUT', '/api/v1/inventory/', { quantity: 5 }],
    ['POST', '/api/v1/inventory/adjust/', { delta: -5 }],
  ] as const) {
    const res = expectStatus(await s.staff.request(method, url, { variant_id: v.id, warehouse_id: w.id, ...body }), 409);
    assert.equal(res.code, 'below_reserved', `${method} ${url}`);
  }
  assert.equal(expectStatus(await s.staff.post('/api/v1/inventory/adjust/', { variant_id: v.id, warehouse_id: w.id, delta: -11, force: true }), 409).code, 'negative_stock');
  const forced = expectStatus(await s.staff.put('/api/v1/inventory/', { variant_id: v.id, warehouse_id: w.id, quantity: 5, force: true }), 200);
  assert.deepEqual([forced.quantity, forced.reserved, forced.available], [5, 5, 0]);
  // The newest reservation lost two units to backorder; the older one kept its units.
  assert.deepEqual(await s.inventory.reservationsOf(s.knex, { type: 'order', id: 'force-1' }), [{ variant_id: v.id, warehouse_id: w.id, quantity: 4 }]);
  assert.deepEqual(
    (await s.inventory.reservationsOf(s.knex, { type: 'order', id: 'force-2' })).sort((a, b) => (a.warehouse_id ?? 0) - (b.warehouse_id ?? 0)),
    [{ variant_id: v.id, warehouse_id: null, quantity: 2 }, { variant_id: v.id, warehouse_id: w.id, quantity: 1 }],
  );
  await assertInvariants(s.knex);
});

test('adjust applies a relative change, creating a record for a positive one and never going below zero', async () => {
  const v = await makeVariant(s.staff);
  const w = await makeWarehouse(s.staff);
  const missing = expectStatus(await s.staff.post('/api/v1/inventory/adjust/', { variant_id: v.id, warehouse_id: w.id, delta: -1 }), 409);
  assert.equal(missing.code, 'negative_stock');
  const first = expectStatus(await s.staff.post('/api/v1/inventory/adjust/', { variant_id: String(v.id), warehouse_id: String(w.id), delta: 3, reason: 'return' }), 200);
  assert.equal(first.quantity, 3);
  const sold = expectStatus(await s.staff.post('/api/v1/inventory/adjust/', { variant_id: v.id, warehouse_id: w.id, delta: -2, reason: 'pos sale' }), 200);
  assert.equal(sold.quantity, 1);
  assert.equal(expectStatus(await s.staff.post('/api/v1/inventory/adjust/', { variant_id: v.id, warehouse_id: w.id, delta: -2 }), 409).code, 'negative_stock');
  const moves = expectStatus(await s.staff.get(`/api/v1/inventory/movements/?variant_id=${v.id}&type=adjust`), 200);
  assert.deepEqual(moves.results.map((m: any) => [m.delta_quantity, m.reason, m.actor.startsWith('api_key:')]), [[3, 'return', true], [-2, 'pos sale', true]]);
  await assertInvariants(s.knex);
});

test('lists records in the envelope with filters, ordering and updated_at bounds', async () => {
  const v = await makeVariant(s.staff);
  const [a, b] = [await makeWarehouse(s.staff), await makeWarehouse(s.staff)];
  await setStock(s.staff, v.id, a.id, 3);
  await setStock(s.staff, v.id, b.id, 9);
  const list = expectStatus(await s.staff.get(`/api/v1/inventory/?variant_id=${v.id}&ordering=-quantity`), 200);
  assert.equal(list.count, 2);
  assert.deepEqual(list.results.map((r: any) => [r.warehouse_id, r.quantity, r.sku]), [[b.id, 9, v.sku], [a.id, 3, v.sku]]);
  const one = expectStatus(await s.staff.get(`/api/v1/inventory/?variant_id=${v.id}&warehouse_id=${a.id}`), 200);
  assert.deepEqual(one.results.map((r: any) => r.warehouse_id), [a.id]);
  const paged = expectStatus(await s.staff.get(`/api/v1/inventory/?variant_id=${v.id}&page_size=1`), 200);
  // The next page by number, and the position after this page's record (read from there on).
  assert.match(paged.next, new RegExp(`^https://store\\.test/api/v1/inventory/\\?variant_id=${v.id}&page_size=1&page=2&after=[A-Za-z0-9_-]+$`));
  const second = expectStatus(await s.staff.get(paged.next.replace('https://store.test', '')), 200);
  assert.deepEqual([...paged.results, ...second.results].map((r: any) => r.id), list.results.map((r: any) => r.id).sort((x: number, y: number) => x - y));
  const future = expectStatus(await s.staff.get(`/api/v1/inventory/?updated_at__gte=2999-01-01`), 200);
  assert.equal(future.count, 0);
  const since = expectStatus(await s.staff.get(`/api/v1/inventory/?variant_id=${v.id}&updated_at__gte=2000-01-01T00:00:00Z`), 200);
  assert.equal(since.count, 2);
  const bad = expectStatus(await s.staff.get('/api/v1/inventory/?updated_at__gte=yesterday&ordering=sku&page_size=101'), 400);
  assert.ok(bad.errors.page_size);
  expectStatus(await s.anon.get('/api/v1/inventory/'), 401);
});

test('the movements ledger filters by variant, warehouse, reference and created_at', async () => {
  const v = await makeVariant(s.staff);
  const w = await makeWarehouse(s.staff);
  await setStock(s.staff, v.id, w.id, 6);
  await s.knex.transaction((trx) => s.inventory.reserve(trx, { type: 'order', id: 77 }, [{ variant_id: String(v.id), quantity: 2 }]));
  await s.knex.transaction((trx) => s.inventory.commit(trx, { type: 'order', id: 77 }, [{ variant_id: v.id, quantity: 2 }]));
  const all = expectStatus(await s.staff.get(`/api/v1/inventory/movements/?variant_id=${v.id}&warehouse_id=${w.id}`), 200);
  assert.deepEqual(all.results.map((m: any) => [m.type, m.delta_quantity, m.delta_reserved]), [['set', 6, 0], ['reserve', 0, 2], ['ship', -2, -2]]);
  const order = expectStatus(await s.staff.get('/api/v1/inventory/movements/?reference=order:77'), 200);
  assert.deepEqual(order.results.map((m: any) => [m.type, m.reference_type, m.reference_id, m.actor]), [['reserve', 'order', '77', 'system'], ['ship', 'order', '77', 'system']]);
  assert.equal(expectStatus(await s.staff.get(`/api/v1/inventory/movements/?created_at__gte=2999-01-01`), 200).count, 0);
  const from = all.results[1].id;
  assert.deepEqual(expectStatus(await s.staff.get(`/api/v1/inventory/movements/?variant_id=${v.id}&id__gte=${from}`), 200).results.map((m: any) => m.id), [from, all.results[2].id]);
  const sum = all.results.reduce((acc: number, m: any) => acc + m.delta_quantity, 0);
  const record = expectStatus(await s.staff.get(`/api/v1/inventory/?variant_id=${v.id}`), 200).results[0];
  assert.equal(sum, record.quantity, 'the ledger sums to the quantity');
  expectStatus(await s.staff.get('/api/v1/inventory/movements/?type=bogus'), 400);
});

test('staff sessions write with a CSRF token and are named in the ledger; customers are refused (403)', async () => {
  const v = await makeVariant(s.staff);
  const w = await makeWarehouse(s.staff);
  const { client, staff } = await staffSession(s.store);
  const body = { variant_id: v.id, warehouse_id: w.id, quantity: 3 };
  const noCsrf = await client.request({ method: 'POST', url: '/api/v1/inventory/', payload: body, csrf: false });
  assert.equal(noCsrf.statusCode, 403);
  expectStatus(await client.request({ method: 'POST', url: '/api/v1/inventory/', payload: body }), 201);
  const moves = expectStatus(await s.staff.get(`/api/v1/inventory/movements/?variant_id=${v.id}`), 200).results;
  assert.deepEqual(moves.map((m: any) => m.actor), [`staff:${staff.id}`]);
  const customer = new SessionClient(s.store);
  expectStatus(await customer.register({ email: `buyer-${process.pid}@example.com`, password: 'customer-password-1' }), 201);
  assert.equal((await customer.request({ method: 'POST', url: '/api/v1/inventory/', payload: body })).statusCode, 403);
  assert.equal((await customer.request({ method: 'GET', url: '/api/v1/warehouses/' })).statusCode, 403);
});
