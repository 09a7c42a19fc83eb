import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { assertInvariants, expectStatus, makeWarehouse, openInventoryStore, setStock, type InventoryTestStore } from './helpers.ts';

let s: InventoryTestStore;
let variantIds: number[] = [];
let warehouses: any[] = [];

// 500 variants through the catalogue's own bulk endpoint (100 products × 5 variants per call).
before(async () => {
  s = await openInventoryStore();
  for (let call = 0; call < 1; call++) {
    const products = Array.from({ length: 100 }, (_, i) => ({
      name: `Bulk ${call}-${i}`,
      status: 'active',
      options: [{ name: 'Size', values: ['XS', 'S', 'M', 'L', 'XL'] }],
      variants: ['XS', 'S', 'M', 'L', 'XL'].map((size) => ({ sku: `BULK-${call}-${i}-${size}`, options: { Size: size }, price: '1.00' })),
    }));
    const res = expectStatus(await s.staff.post('/api/v1/products/bulk/', { products }), 200);
    for (const p of res.products) for (const v of p.variants) variantIds.push(v.id);
  }
  warehouses = [await makeWarehouse(s.staff), await makeWarehouse(s.staff)];
});
after(() => s.store.close());

const records = (n: number, quantity: (i: number) => number, at: any[] = warehouses) =>
  Array.from({ length: n }, (_, i) => ({ variant_id: variantIds[i % variantIds.length]!, warehouse_id: at[Math.floor(i / variantIds.length) % at.length].id, quantity: quantity(i) }));

test('sets 1,000 records in one call (ids as numbers or strings), answering them in input order', async () => {
  const body = records(1000, (i) => i % 50).map((r, i) => (i % 2 ? { ...r, variant_id: String(r.variant_id), warehouse_id: String(r.warehouse_id) } : r));
  const res = expectStatus(await s.staff.post('/api/v1/inventory/bulk/', { records: body }), 200);
  assert.equal(res.records.length, 1000);
  res.records.forEach((r: any, i: number) => {
    assert.deepEqual([r.variant_id, r.warehouse_id, r.quantity, r.available], [Number(body[i]!.variant_id), Number(body[i]!.warehouse_id), i % 50, i % 50]);
    assert.equal(typeof r.sku, 'string');
  });
  assert.equal(Number((await s.knex('inventory_levels').count({ n: '*' }).first())!.n), 1000);
  // Again with new quantities: updates, one movement per changed record, none for unchanged ones.
  const before = Number((await s.knex('inventory_movements').count({ n: '*' }).first())!.n);
  const again = expectStatus(await s.staff.post('/api/v1/inventory/bulk/', { records: records(1000, (i) => (i < 600 ? i % 50 : 7)) }), 200);
  assert.equal(again.records[999].quantity, 7);
  const after = Number((await s.knex('inventory_movements').count({ n: '*' }).first())!.n);
  assert.equal(after - before, records(1000, (i) => i % 50).filter((_, i) => i >= 600 && i % 50 !== 7).length);
  await assertInvariants(s.knex);
});

test('1,001 records is a 400', async () => {
  const res = expectStatus(await s.staff.post('/api/v1/inventory/bulk/', { records: records(1001, () => 1) }), 400);
  assert.deepEqual(Object.keys(res.errors), ['records']);
  expectStatus(await s.staff.post('/api/v1/inventory/bulk/', { records: [] }), 400);
});

test('one bad record changes nothing; every bad record is named by its index', async () => {
  const snapshot = async () => (await s.knex('inventory_levels').orderBy('id').select('id', 'quantity', 'updated_at')).map((r: any) => `${r.id}:${r.quantity}`);
  const movements = async () => Number((await s.knex('inventory_movements').count({ n: '*' }).first())!.n);
  const events = async () => Number((await s.knex('events').count({ n: '*' }).first())!.n);
  const [levels0, moves0, events0] = [await snapshot(), await movements(), await events()];

  const one = records(300, () => 42);
  one[12] = { ...one[12]!, variant_id: 999999 };
  const res = expectStatus(await s.staff.post('/api/v1/inventory/bulk/', { records: one }), 400);
  assert.deepEqual(Object.keys(res.errors), ['records.12.variant_id']);

  const many: any[] = records(300, () => 42);
  many[3] = { ...many[3], quantity: -1 };
  many[40] = { ...many[40], quantity: 1.5 };
  many[41] = { ...many[41], quantity: 2 ** 31 };
  many[7] = { ...many[7], warehouse_id: '999999' };
  many[8] = { ...many[8], variant_id: 999999, warehouse_id: 999998 };
  many[299] = { ...many[0] };
  const schemaRes = expectStatus(await s.staff.post('/api/v1/inventory/bulk/', { records: many }), 400);
  assert.deepEqual(Object.keys(schemaRes.errors).sort(), ['records.3.quantity', 'records.40.quantity', 'records.41.quantity'], 'the schema names every bad quantity');
  many[3].quantity = 1;
  many[40].quantity = 1;
  many[41].quantity = 1;
  const serviceRes = expectStatus(await s.staff.post('/api/v1/inventory/bulk/', { records: many }), 400);
  assert.deepEqual(Object.keys(serviceRes.errors).sort(), ['records.299', 'records.7.warehouse_id', 'records.8.variant_id', 'records.8.warehouse_id']);

  assert.deepEqual(await snapshot(), levels0, 'no record changed');
  assert.equal(await movements(), moves0, 'no movement written');
  assert.equal(await events(), events0, 'no event emitted');
});

test('records below what is reserved are a 409 naming each, unless forced', async () => {
  const [v1, v2] = [variantIds[0]!, variantIds[1]!];
  const w = warehouses[0].id;
  await setStock(s.staff, v1, w, 10);
  await setStock(s.staff, v2, w, 10);
  await s.knex.transaction((trx) => s.inventory.reserve(trx, { type: 'order', id: 'bulk-1' }, [{ variant_id: v1, quantity: 5 }, { variant_id: v2, quantity: 5 }]));
  const body = [{ variant_id: v1, warehouse_id: w, quantity: 4 }, { variant_id: v2, warehouse_id: w, quantity: 1 }];
  const res = expectStatus(await s.staff.post('/api/v1/inventory/bulk/', { records: body }), 409);
  assert.equal(res.code, 'below_reserved');
  assert.deepEqual(Object.keys(res.errors).sort(), ['records.0.quantity', 'records.1.quantity']);
  const forced = expectStatus(await s.staff.post('/api/v1/inventory/bulk/', { records: body.map((r) => ({ ...r, force: true })) }), 200);
  assert.deepEqual(forced.records.map((r: any) => [r.quantity, r.reserved]), [[4, 4], [1, 1]]);
  await assertInvariants(s.knex);
});

test('a bulk call costs the same few queries for 50 or 500 records (besides one event row each)', async () => {
  const count = async (n: number) => {
    const at = [await makeWarehouse(s.staff)];
    const seen: string[] = [];
    const listener = (q: { sql: string }) => {
      // Timers' reads are not the request's: the settings refresh, the response cache's check for other processes' events.
      if (!/insert into [`"]events[`"]|from [`"]events[`"] where [`"]id[`"] (>|in)|store_settings|plugin_settings|api_keys|idempotency/i.test(q.sql)) seen.push(q.sql);
    };
    s.knex.on('query', listener);
    try {
      // New records, then changed ones. new records, half changed ones.
      expectStatus(await s.staff.post('/api/v1/inventory/bulk/', { records: records(n, () => 3, at) }), 200);
      expectStatus(await s.staff.post('/api/v1/inventory/bulk/', { records: records(n, () => 4, at) }), 200);
    } finally {
      s.knex.off('query', listener);
    }
    return seen;
  };
  const small = await count(50);
  const large = await count(500);
  assert.ok(large.length <= small.length + 4, `50 records: ${small.length} queries; 500 records: ${large.length}:\n${large.join('\n')}`);
  assert.ok(small.length <= 30, `${small.length} queries:\n${small.join('\n')}`);
});
