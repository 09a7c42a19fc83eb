import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { expectStatus, makeVariant, makeWarehouse, openInventoryStore, setStock, type InventoryTestStore } from './helpers.ts';

let s: InventoryTestStore;
before(async () => {
  s = await openInventoryStore();
});
after(() => s.store.close());

let lastSeen = 0;
/** The events emitted since the previous call: [type, data]. */
async function newEvents(): Promise<Array<[string, any]>> {
  const rows = await s.knex('events').where('id', '>', lastSeen).whereIn('type', ['inventory.updated', 'inventory.low_stock']).orderBy('id');
  const all = await s.knex('events').max({ id: 'id' }).first();
  lastSeen = Number(all?.id ?? lastSeen);
  return rows.map((r: any) => [r.type, JSON.parse(r.data)]);
}

test('inventory.updated carries the record as the API shows it, with the SKU, for each changed record', async () => {
  const v = await makeVariant(s.staff);
  const w = await makeWarehouse(s.staff);
  await newEvents();
  const record = await setStock(s.staff, v.id, w.id, 10);
  const events = await newEvents();
  assert.deepEqual(events, [['inventory.updated', record]]);
  assert.equal(events[0]![1].sku, v.sku);
  await setStock(s.staff, v.id, w.id, 10);
  assert.deepEqual(await newEvents(), [], 'nothing changed, nothing emitted');
  await s.knex.transaction((trx) => s.inventory.reserve(trx, { type: 'order', id: 'ev-1' }, [{ variant_id: v.id, quantity: 2 }]));
  const reserved = await newEvents();
  assert.deepEqual(reserved.map(([type, data]) => [type, data.reserved, data.available]), [['inventory.updated', 2, 8]]);
});

test('a change rolled back with the caller\'s transaction leaves no event', async () => {
  const v = await makeVariant(s.staff);
  const w = await makeWarehouse(s.staff);
  await setStock(s.staff, v.id, w.id, 10);
  await newEvents();
  await assert.rejects(
    s.knex.transaction(async (trx) => {
      await s.inventory.reserve(trx, { type: 'order', id: 'ev-rollback' }, [{ variant_id: v.id, quantity: 1 }]);
      throw new Error('payment failed');
    }),
    /payment failed/,
  );
  assert.deepEqual(await newEvents(), []);
  assert.equal((await s.knex('inventory_levels').where('variant_id', v.id).first()).reserved, 0);
});

test('inventory.low_stock is emitted when available falls below the threshold, not on every change below it', async () => {
  const v = await makeVariant(s.staff);
  const w = await makeWarehouse(s.staff);
  const lowStock = async () => (await newEvents()).filter(([type]) => type === 'inventory.low_stock').map(([, data]) => [data.available, data.threshold, data.sku]);
  await setStock(s.staff, v.id, w.id, 10); // threshold 5 (the store's default)
  assert.deepEqual(await lowStock(), []);
  expectStatus(await s.staff.post('/api/v1/inventory/adjust/', { variant_id: v.id, warehouse_id: w.id, delta: -5 }), 200); // 5: not below
  assert.deepEqual(await lowStock(), []);
  await s.knex.transaction((trx) => s.inventory.reserve(trx, { type: 'order', id: 'low-1' }, [{ variant_id: v.id, quantity: 1 }])); // 4: crossed
  assert.deepEqual(await lowStock(), [[4, 5, v.sku]]);
  expectStatus(await s.staff.post('/api/v1/inventory/adjust/', { variant_id: v.id, warehouse_id: w.id, delta: -2 }), 200); // 2: still below
  assert.deepEqual(await lowStock(), []);
  await setStock(s.staff, v.id, w.id, 20); // 19: back above
  assert.deepEqual(await lowStock(), []);
  expectStatus(await s.staff.post('/api/v1/inventory/bulk/', { records: [{ variant_id: v.id, warehouse_id: w.id, quantity: 3 }] }), 200); // 2: crossed again
  assert.deepEqual(await lowStock(), [[2, 5, v.sku]]);

  expectStatus(await s.staff.patch('/api/v1/store/', { low_stock_threshold: 50 }), 200);
  await setStock(s.staff, v.id, w.id, 60);
  await setStock(s.staff, v.id, w.id, 49);
  assert.deepEqual(await lowStock(), [[48, 50, v.sku]], 'the store\'s threshold is read at each change');
  expectStatus(await s.staff.patch('/api/v1/store/', { low_stock_threshold: 0 }), 200);
  await setStock(s.staff, v.id, w.id, 60);
  await setStock(s.staff, v.id, w.id, 1);
  assert.deepEqual(await lowStock(), [], 'a threshold of 0 turns it off');
});

test('warehouse changes emit warehouse.created, warehouse.updated and warehouse.deleted', async () => {
  const w = await makeWarehouse(s.staff);
  expectStatus(await s.staff.patch(`/api/v1/warehouses/${w.id}/`, { name: 'Renamed' }), 200);
  expectStatus(await s.staff.delete(`/api/v1/warehouses/${w.id}/`), 204);
  const rows = await s.knex('events').where('type', 'like', 'warehouse.%').orderBy('id');
  const mine = rows.map((r: any) => [r.type, JSON.parse(r.data)]).filter(([, d]: any) => d.id === w.id);
  assert.deepEqual(mine.map(([type, d]: any) => [type, d.name]), [['warehouse.created', w.name], ['warehouse.updated', 'Renamed'], ['warehouse.deleted', 'Renamed']]);
});
