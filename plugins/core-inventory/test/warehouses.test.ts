import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { expectStatus, makeVariant, makeWarehouse, openInventoryStore, setStock, type InventoryTestStore } from './helpers.ts';

let s: InventoryTestStore;
before(async () => {
  s = await openInventoryStore();
});
after(() => s.store.close());

test('creates, reads, lists and changes warehouses (staff only)', async () => {
  const created = await s.staff.post('/api/v1/warehouses/', { name: 'Berlin', code: 'BER-1', country: 'de', priority: 5 });
  const w = expectStatus(created, 201);
  assert.equal(created.headers.location, `https://store.test/api/v1/warehouses/${w.id}/`);
  assert.deepEqual({ ...w, id: 0, created_at: '', updated_at: '' }, { id: 0, name: 'Berlin', code: 'BER-1', country: 'DE', active: true, priority: 5, created_at: '', updated_at: '' });
  assert.deepEqual(expectStatus(await s.staff.get(`/api/v1/warehouses/${w.id}/`), 200), w);
  const changed = expectStatus(await s.staff.patch(`/api/v1/warehouses/${w.id}/`, { active: false, priority: 1, country: null }), 200);
  assert.equal(changed.active, false);
  assert.equal(changed.priority, 1);
  assert.equal(changed.country, null);
  const list = expectStatus(await s.staff.get('/api/v1/warehouses/?active=false'), 200);
  assert.deepEqual(list.results.map((r: any) => r.id), [w.id]);
  for (const [method, url] of [['GET', '/api/v1/warehouses/'], ['POST', '/api/v1/warehouses/'], ['GET', `/api/v1/warehouses/${w.id}/`], ['DELETE', `/api/v1/warehouses/${w.id}/`]] as const) {
    const res = await s.anon.request(method, url, method === 'POST' ? { name: 'x', code: 'x' } : undefined);
    assert.equal(res.statusCode, 401, `${method} ${url} is staff only`);
  }
});

test('lists warehouses in allocation order: lower priority first, then id', async () => {
  const late = await makeWarehouse(s.staff, { priority: 100 });
  const early = await makeWarehouse(s.staff, { priority: -100 });
  const ids = expectStatus(await s.staff.get('/api/v1/warehouses/?page_size=100'), 200).results.map((r: any) => r.id);
  assert.ok(ids.indexOf(early.id) < ids.indexOf(late.id));
  assert.equal(ids[0], early.id);
  expectStatus(await s.staff.get('/api/v1/warehouses/?ordering=bogus'), 400);
});

test('refuses a duplicate code (case-insensitively), an unknown country and bad fields', async () => {
  await makeWarehouse(s.staff, { code: 'DUP-CODE' });
  const dup = expectStatus(await s.staff.post('/api/v1/warehouses/', { name: 'Again', code: 'dup-code' }), 409);
  assert.equal(dup.code, 'duplicate_code');
  const other = await makeWarehouse(s.staff);
  assert.equal(expectStatus(await s.staff.patch(`/api/v1/warehouses/${other.id}/`, { code: 'Dup-Code' }), 409).code, 'duplicate_code');
  const country = expectStatus(await s.staff.post('/api/v1/warehouses/', { name: 'Nowhere', code: 'NOWHERE', country: 'QQ' }), 400);
  assert.ok(country.errors.country);
  const bad = expectStatus(await s.staff.post('/api/v1/warehouses/', { code: 'has space', priority: 1.5, extra: 1 }), 400);
  assert.deepEqual(Object.keys(bad.errors).sort(), ['code', 'extra', 'name', 'priority']);
});

test('an unknown warehouse in the path is a 404', async () => {
  for (const method of ['GET', 'PATCH', 'DELETE']) {
    const res = await s.staff.request(method, '/api/v1/warehouses/999999/', method === 'PATCH' ? { name: 'x' } : undefined);
    assert.equal(res.statusCode, 404, method);
    assert.equal(res.json().code, 'not_found');
  }
});

test('refuses to delete a warehouse holding stock or reservations (409); it can be deactivated, and deleted once empty', async () => {
  const w = await makeWarehouse(s.staff);
  const v = await makeVariant(s.staff);
  await setStock(s.staff, v.id, w.id, 4);
  const refused = expectStatus(await s.staff.delete(`/api/v1/warehouses/${w.id}/`), 409);
  assert.equal(refused.code, 'warehouse_not_empty');
  expectStatus(await s.staff.patch(`/api/v1/warehouses/${w.id}/`, { active: false }), 200);

  // Reserved units (set while active) also keep it.
  expectStatus(await s.staff.patch(`/api/v1/warehouses/${w.id}/`, { active: true }), 200);
  await s.knex.transaction((trx) => s.inventory.reserve(trx, { type: 'order', id: 'wh-1' }, [{ variant_id: v.id, quantity: 4 }]));
  await s.knex.transaction((trx) => s.inventory.commit(trx, { type: 'order', id: 'wh-1' }, [{ variant_id: v.id, quantity: 2 }]));
  expectStatus(await s.staff.post('/api/v1/inventory/', { variant_id: v.id, warehouse_id: w.id, quantity: 2 }), 200);
  assert.equal(expectStatus(await s.staff.delete(`/api/v1/warehouses/${w.id}/`), 409).code, 'warehouse_not_empty');

  await s.knex.transaction((trx) => s.inventory.release(trx, { type: 'order', id: 'wh-1' }));
  expectStatus(await s.staff.post('/api/v1/inventory/', { variant_id: v.id, warehouse_id: w.id, quantity: 0 }), 200);
  expectStatus(await s.staff.delete(`/api/v1/warehouses/${w.id}/`), 204);
  expectStatus(await s.staff.get(`/api/v1/warehouses/${w.id}/`), 404);
  assert.equal((await s.knex('inventory_levels').where('warehouse_id', w.id)).length, 0, 'its empty records went with it');
  assert.ok((await s.knex('inventory_movements').where('warehouse_id', w.id)).length > 0, 'its movements stay');
});
