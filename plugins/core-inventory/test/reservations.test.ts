import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { InsufficientStockError } from '../errors.ts';
import { assertInvariants, levelsOf, makeVariant, makeWarehouse, openInventoryStore, setStock, type InventoryTestStore } from './helpers.ts';

let s: InventoryTestStore;
before(async () => {
  s = await openInventoryStore();
});
after(async () => {
  await assertInvariants(s.knex);
  await s.store.close();
});

const inTrx = <T>(fn: (trx: any) => Promise<T>) => s.knex.transaction(fn);
let orders = 0;
const order = () => ({ type: 'order', id: ++orders });

async function stocked(quantities: number[], flags: Record<string, boolean> = {}, priorities = quantities.map((_, i) => i)) {
  const v = await makeVariant(s.staff, flags);
  const ws = [];
  for (const [i, q] of quantities.entries()) {
    const w = await makeWarehouse(s.staff, { priority: priorities[i] });
    await setStock(s.staff, v.id, w.id, q);
    ws.push(w);
  }
  return { v, ws };
}

test('reserves a whole line from the first warehouse by priority that can serve it', async () => {
  const { v, ws } = await stocked([2, 5, 9]);
  const allocations = await inTrx((trx) => s.inventory.reserve(trx, order(), [{ variant_id: v.id, quantity: 4 }]));
  assert.deepEqual(allocations, [{ variant_id: v.id, warehouse_id: ws[1].id, quantity: 4, backordered: false, tracked: true }]);
  const levels = await levelsOf(s.knex, v.id);
  assert.deepEqual([levels.get(ws[0].id)!.reserved, levels.get(ws[1].id)!.reserved, levels.get(ws[2].id)!.reserved], [0, 4, 0]);
});

test('lower priority numbers go first whatever the creation order', async () => {
  const { v, ws } = await stocked([5, 5], {}, [10, -10]);
  const allocations = await inTrx((trx) => s.inventory.reserve(trx, order(), [{ variant_id: v.id, quantity: 1 }]));
  assert.equal(allocations[0]!.warehouse_id, ws[1].id);
});

test('splits a line across warehouses in priority order when none can serve it alone', async () => {
  const { v, ws } = await stocked([2, 3, 4]);
  const allocations = await inTrx((trx) => s.inventory.reserve(trx, order(), [{ variant_id: v.id, quantity: 8 }]));
  assert.deepEqual(allocations.map((a) => [a.warehouse_id, a.quantity]), [[ws[0].id, 2], [ws[1].id, 3], [ws[2].id, 3]]);
});

test('inactive warehouses are left out of allocation', async () => {
  const { v, ws } = await stocked([5, 5]);
  await s.staff.patch(`/api/v1/warehouses/${ws[0].id}/`, { active: false });
  const allocations = await inTrx((trx) => s.inventory.reserve(trx, order(), [{ variant_id: v.id, quantity: 5 }]));
  assert.deepEqual(allocations.map((a) => a.warehouse_id), [ws[1].id]);
  await assert.rejects(inTrx((trx) => s.inventory.reserve(trx, order(), [{ variant_id: v.id, quantity: 1 }])), InsufficientStockError);
});

test('short stock is one 409 insufficient_stock naming every short variant and what is available; nothing of the call remains', async () => {
  const a = await stocked([2, 1]);
  const b = await stocked([0]);
  const c = await stocked([10]);
  const ref = order();
  await inTrx(async (trx) => {
    const err = await s.inventory.reserve(trx, ref, [{ variant_id: c.v.id, quantity: 3 }, { variant_id: a.v.id, quantity: 5 }, { variant_id: String(b.v.id), quantity: 1 }]).then(
      () => assert.fail('expected a refusal'),
      (e) => e,
    );
    assert.ok(err instanceof InsufficientStockError);
    assert.equal(err.status, 409);
    assert.equal(err.code, 'insufficient_stock');
    assert.deepEqual(
      err.shortages.map((x: any) => [x.index, x.variant_id, x.requested, x.available]).sort((x: any, y: any) => x[0] - y[0]),
      [[1, a.v.id, 5, 3], [2, b.v.id, 1, 0]],
    );
    assert.deepEqual(Object.keys(err.errors!).sort(), ['lines.1.quantity', 'lines.2.quantity']);
    assert.match(err.message, new RegExp(`${a.v.sku}.*requested 5, 3 available`));
    assert.match(err.message, new RegExp(`${b.v.sku}.*requested 1, 0 available`));
    // The caller caught the error and goes on: its transaction holds nothing of the refused call.
    assert.deepEqual(await s.inventory.reservationsOf(trx, ref), []);
    const held = await trx('inventory_levels').whereIn('variant_id', [a.v.id, b.v.id, c.v.id]).sum({ r: 'reserved' }).first();
    assert.equal(Number(held.r), 0);
    assert.equal((await trx('inventory_movements').where({ reference_type: ref.type, reference_id: String(ref.id) })).length, 0);
  });
});

test('variants that do not track inventory are always available and touch no record', async () => {
  const { v, ws } = await stocked([0], { track_inventory: false });
  const allocations = await inTrx((trx) => s.inventory.reserve(trx, order(), [{ variant_id: v.id, quantity: 1000 }]));
  assert.deepEqual(allocations, [{ variant_id: v.id, warehouse_id: null, quantity: 1000, backordered: false, tracked: false }]);
  assert.deepEqual((await levelsOf(s.knex, v.id)).get(ws[0].id), { quantity: 0, reserved: 0 });
  assert.deepEqual(await inTrx((trx) => s.inventory.commit(trx, { type: 'order', id: orders }, [{ variant_id: v.id, quantity: 1000 }])), [{ variant_id: v.id, warehouse_id: null, quantity: 1000 }]);
});

test('backorders: the part beyond stock is reserved as backordered, held by no warehouse, and ships once stock arrives', async () => {
  const { v, ws } = await stocked([3], { allow_backorder: true });
  const ref = order();
  const allocations = await inTrx((trx) => s.inventory.reserve(trx, ref, [{ variant_id: v.id, quantity: 5 }]));
  assert.deepEqual(allocations.map((a) => [a.warehouse_id, a.quantity, a.backordered]), [[ws[0].id, 3, false], [null, 2, true]]);
  assert.deepEqual((await levelsOf(s.knex, v.id)).get(ws[0].id), { quantity: 3, reserved: 3 }, 'available never goes negative');
  await assertInvariants(s.knex);
  // Shipping all five needs two more units on the shelf.
  await assert.rejects(inTrx((trx) => s.inventory.commit(trx, ref, [{ variant_id: v.id, quantity: 5 }])), (e: any) => e.code === 'insufficient_stock' && e.shortages[0].available === 3);
  await inTrx((trx) => s.inventory.restock(trx, [{ variant_id: v.id, quantity: 2 }], ws[0].id, { reason: 'purchase order' }));
  const shipped = await inTrx((trx) => s.inventory.commit(trx, ref, [{ variant_id: v.id, quantity: 5 }]));
  assert.deepEqual(shipped, [{ variant_id: v.id, warehouse_id: ws[0].id, quantity: 5 }]);
  assert.deepEqual((await levelsOf(s.knex, v.id)).get(ws[0].id), { quantity: 0, reserved: 0 });
  assert.deepEqual(await s.inventory.reservationsOf(s.knex, ref), []);
});

test('release frees every live reservation of a reference, once', async () => {
  const { v, ws } = await stocked([2, 3]);
  const ref = order();
  await inTrx((trx) => s.inventory.reserve(trx, ref, [{ variant_id: v.id, quantity: 4 }]));
  const released = await inTrx((trx) => s.inventory.release(trx, ref));
  assert.deepEqual(released.sort((a, b) => a.warehouse_id! - b.warehouse_id!), [{ variant_id: v.id, warehouse_id: ws[0].id, quantity: 2 }, { variant_id: v.id, warehouse_id: ws[1].id, quantity: 2 }]);
  assert.deepEqual([...(await levelsOf(s.knex, v.id)).values()].map((l) => l.reserved), [0, 0]);
  assert.deepEqual(await inTrx((trx) => s.inventory.release(trx, ref)), []);
});

test('releaseLines frees part of a reference: backordered units first, then the newest held; more than held is not an error', async () => {
  const { v, ws } = await stocked([2, 3], { allow_backorder: true });
  const ref = order();
  await inTrx((trx) => s.inventory.reserve(trx, ref, [{ variant_id: v.id, quantity: 2 }]));
  await inTrx((trx) => s.inventory.reserve(trx, ref, [{ variant_id: v.id, quantity: 4 }]));
  // Held: 2 at the first warehouse, then 3 at the second, then 1 backordered.
  assert.deepEqual([...(await levelsOf(s.knex, v.id)).values()].map((l) => l.reserved), [2, 3]);
  const first = await inTrx((trx) => s.inventory.releaseLines(trx, ref, [{ variant_id: v.id, quantity: 2 }], { reason: 'refunded' }));
  assert.deepEqual(first, [{ variant_id: v.id, warehouse_id: null, quantity: 1 }, { variant_id: v.id, warehouse_id: ws[1].id, quantity: 1 }]);
  assert.deepEqual([...(await levelsOf(s.knex, v.id)).values()].map((l) => l.reserved), [2, 2]);
  await assertInvariants(s.knex);
  const rest = await inTrx((trx) => s.inventory.releaseLines(trx, ref, [{ variant_id: v.id, quantity: 10 }]));
  assert.equal(rest.reduce((n, p) => n + p.quantity, 0), 4, 'only what the reference held');
  assert.deepEqual([...(await levelsOf(s.knex, v.id)).values()].map((l) => l.reserved), [0, 0]);
  assert.deepEqual(await s.inventory.reservationsOf(s.knex, ref), []);
  assert.deepEqual(await inTrx((trx) => s.inventory.releaseLines(trx, ref, [{ variant_id: v.id, quantity: 1 }])), []);
  await assert.rejects(inTrx((trx) => s.inventory.releaseLines(trx, ref, [{ variant_id: v.id, quantity: 0 }])), (e: any) => e.code === 'invalid');
  await assertInvariants(s.knex);
});

test('commit ships reserved units (quantity and reserved both go down), in parts', async () => {
  const { v, ws } = await stocked([10]);
  const ref = order();
  await inTrx((trx) => s.inventory.reserve(trx, ref, [{ variant_id: v.id, quantity: 4 }]));
  assert.deepEqual(await inTrx((trx) => s.inventory.commit(trx, ref, [{ variant_id: v.id, quantity: 1 }])), [{ variant_id: v.id, warehouse_id: ws[0].id, quantity: 1 }]);
  assert.deepEqual((await levelsOf(s.knex, v.id)).get(ws[0].id), { quantity: 9, reserved: 3 });
  await inTrx((trx) => s.inventory.commit(trx, ref, [{ variant_id: v.id, quantity: 3 }], ws[0].id));
  assert.deepEqual((await levelsOf(s.knex, v.id)).get(ws[0].id), { quantity: 6, reserved: 0 });
  assert.deepEqual(await s.inventory.reservationsOf(s.knex, ref), []);
});

test('commit from another warehouse takes unreserved units there and releases the claim held elsewhere', async () => {
  const { v, ws } = await stocked([5, 5]);
  const ref = order();
  await inTrx((trx) => s.inventory.reserve(trx, ref, [{ variant_id: v.id, quantity: 3 }]));
  await inTrx((trx) => s.inventory.commit(trx, ref, [{ variant_id: v.id, quantity: 2 }], String(ws[1].id)));
  const levels = await levelsOf(s.knex, v.id);
  assert.deepEqual([levels.get(ws[0].id), levels.get(ws[1].id)], [{ quantity: 5, reserved: 1 }, { quantity: 3, reserved: 0 }]);
  assert.deepEqual(await s.inventory.reservationsOf(s.knex, ref), [{ variant_id: v.id, warehouse_id: ws[0].id, quantity: 1 }]);
  await assert.rejects(inTrx((trx) => s.inventory.commit(trx, ref, [{ variant_id: v.id, quantity: 4 }], ws[1].id)), (e: any) => e.code === 'insufficient_stock');
  await assert.rejects(inTrx((trx) => s.inventory.commit(trx, ref, [{ variant_id: v.id, quantity: 1 }], 999999)), (e: any) => e.status === 400 && 'warehouse_id' in e.errors);
});

test('restock adds returned units, creating the record when missing', async () => {
  const v = await makeVariant(s.staff);
  const w = await makeWarehouse(s.staff);
  const views = await inTrx((trx) => s.inventory.restock(trx, [{ variant_id: v.id, quantity: 2 }, { variant_id: String(v.id), quantity: 1 }], w.id, { reference: { type: 'refund', id: 'r-1' } }));
  assert.deepEqual(views.map((r) => [r.variant_id, r.warehouse_id, r.quantity, r.sku]), [[v.id, w.id, 3, v.sku]]);
  const moves = await s.knex('inventory_movements').where({ variant_id: v.id });
  assert.deepEqual(moves.map((m: any) => [m.type, Number(m.delta_quantity), m.reference_type, m.reference_id]), [['restock', 3, 'refund', 'r-1']]);
});

test('refuses bad lines and references naming each, and unknown variants', async () => {
  const v = await makeVariant(s.staff);
  await assert.rejects(inTrx((trx) => s.inventory.reserve(trx, order(), [{ variant_id: v.id, quantity: 0 }, { variant_id: 'x' as any, quantity: 1 }, { variant_id: v.id, quantity: 1.5 }])), (e: any) => {
    assert.deepEqual(Object.keys(e.errors).sort(), ['lines.0.quantity', 'lines.1.variant_id', 'lines.2.quantity']);
    return e.status === 400;
  });
  await assert.rejects(inTrx((trx) => s.inventory.reserve(trx, order(), [{ variant_id: 999999, quantity: 1 }])), (e: any) => e.status === 400 && 'lines.0.variant_id' in e.errors);
  await assert.rejects(inTrx((trx) => s.inventory.reserve(trx, { type: '', id: 1 }, [{ variant_id: v.id, quantity: 1 }])), (e: any) => e.status === 400 && 'reference' in e.errors);
  await assert.rejects(inTrx((trx) => s.inventory.reserve(trx, order(), [])), (e: any) => e.status === 400);
});
