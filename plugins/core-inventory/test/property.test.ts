import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { AppError } from '../../../kernel/http/errors.ts';
import { invariantViolations, makeVariant, makeWarehouse, openInventoryStore, type InventoryTestStore } from './helpers.ts';

// Random sequences of set and adjust (through HTTP) and reserve, release, commit and restock (through
// the service, each in its own transaction as checkout would call them), checking after every step
// that: available is never negative; per variant and warehouse the ledger sums to the record; reserved
// equals the live reservations; a refused step changed nothing; quantities follow a simple model.

let s: InventoryTestStore;
let variants: Array<{ id: number; tracked: boolean }> = [];
let warehouses: number[] = [];

before(async () => {
  s = await openInventoryStore();
  variants = [
    { id: (await makeVariant(s.staff)).id, tracked: true },
    { id: (await makeVariant(s.staff, { allow_backorder: true })).id, tracked: true },
    { id: (await makeVariant(s.staff, { track_inventory: false })).id, tracked: false },
  ];
  // Priority order W1, W2; W3 inactive: never allocated from, but stock can be set, shipped and returned there.
  warehouses = [
    (await makeWarehouse(s.staff, { priority: 0 })).id,
    (await makeWarehouse(s.staff, { priority: 1 })).id,
    (await makeWarehouse(s.staff, { priority: 2, active: false })).id,
  ];
});
after(() => s.store.close());

const variantIx = fc.integer({ min: 0, max: 2 });
const warehouseIx = fc.integer({ min: 0, max: 2 });
const lines = fc.array(fc.record({ v: variantIx, q: fc.integer({ min: 1, max: 6 }) }), { minLength: 1, maxLength: 3 });
const ref = fc.integer({ min: 0, max: 3 });

const op = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('set' as const), v: variantIx, w: warehouseIx, q: fc.integer({ min: 0, max: 20 }), force: fc.boolean(), put: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('adjust' as const), v: variantIx, w: warehouseIx, delta: fc.integer({ min: -8, max: 8 }).filter((d) => d !== 0), force: fc.boolean() }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('reserve' as const), ref, lines }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('release' as const), ref }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('commit' as const), ref, lines, w: fc.option(warehouseIx, { nil: undefined }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restock' as const), lines, w: warehouseIx }) },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const REFUSALS = new Set(['insufficient_stock', 'below_reserved', 'negative_stock']);
const key = (v: number, w: number) => `${v}:${w}`;

async function snapshot(): Promise<Map<string, { quantity: number; reserved: number }>> {
  const rows = await s.knex('inventory_levels').select('variant_id', 'warehouse_id', 'quantity', 'reserved');
  return new Map(rows.map((r: any) => [key(Number(r.variant_id), Number(r.warehouse_id)), { quantity: Number(r.quantity), reserved: Number(r.reserved) }]));
}

// Applies one step; returns the units shipped or restocked per record (for the model), or 'refused'.
async function apply(step: Op, model: Map<string, number>): Promise<'refused' | 'done'> {
  const V = (i: number) => variants[i]!;
  const lineList = (ls: Array<{ v: number; q: number }>) => ls.map((l) => ({ variant_id: V(l.v).id, quantity: l.q }));
  const order = (r: number) => ({ type: 'order', id: `p-${r}` });
  switch (step.kind) {
    case 'set': {
      const k = key(V(step.v).id, warehouses[step.w]!);
      const body = { variant_id: String(V(step.v).id), warehouse_id: warehouses[step.w], quantity: step.q, ...(step.force ? { force: true } : {}) };
      const res = await s.staff.request(step.put ? 'PUT' : 'POST', '/api/v1/inventory/', body);
      if (res.statusCode === 409 && REFUSALS.has(res.json().code)) return 'refused';
      if (res.statusCode === 404 && step.put && !model.has(k)) return 'refused';
      assert.ok([200, 201].includes(res.statusCode), `${step.put ? 'PUT' : 'POST'} answered ${res.statusCode}: ${res.body}`);
      model.set(k, step.q);
      return 'done';
    }
    case 'adjust': {
      const k = key(V(step.v).id, warehouses[step.w]!);
      const res = await s.staff.post('/api/v1/inventory/adjust/', { variant_id: V(step.v).id, warehouse_id: String(warehouses[step.w]), delta: step.delta, reason: 'property', ...(step.force ? { force: true } : {}) });
      if (res.statusCode === 409 && REFUSALS.has(res.json().code)) return 'refused';
      assert.equal(res.statusCode, 200, res.body);
      model.set(k, (model.get(k) ?? 0) + step.delta);
      return 'done';
    }
    case 'reserve': {
      const requested = lineList(step.lines);
      const allocations = await s.knex.transaction((trx) => s.inventory.reserve(trx, order(step.ref), requested)).catch(refusal);
      if (allocations === 'refused') return allocations;
      const total = (list: Array<{ quantity: number }>) => list.reduce((sum, x) => sum + x.quantity, 0);
      assert.equal(total(allocations), total(requested), 'every requested unit is allocated (held, backordered or untracked)');
      return 'done';
    }
    case 'release': {
      await s.knex.transaction((trx) => s.inventory.release(trx, order(step.ref)));
      assert.deepEqual(await s.inventory.reservationsOf(s.knex, order(step.ref)), []);
      return 'done';
    }
    case 'commit': {
      const w = step.w === undefined ? undefined : warehouses[step.w];
      const shipped = await s.knex.transaction((trx) => s.inventory.commit(trx, order(step.ref), lineList(step.lines), w)).catch(refusal);
      if (shipped === 'refused') return shipped;
      for (const part of shipped) {
        if (part.warehouse_id === null) continue;
        if (w !== undefined) assert.equal(part.warehouse_id, w, 'ships from the warehouse asked for');
        const k = key(part.variant_id, part.warehouse_id);
        model.set(k, model.get(k)! - part.quantity);
      }
      return 'done';
    }
    case 'restock': {
      await s.knex.transaction((trx) => s.inventory.restock(trx, lineList(step.lines), warehouses[step.w]!));
      for (const l of step.lines) {
        if (!V(l.v).tracked) continue;
        const k = key(V(l.v).id, warehouses[step.w]!);
        model.set(k, (model.get(k) ?? 0) + l.q);
      }
      return 'done';
    }
  }
}

function refusal(err: unknown): 'refused' {
  if (err instanceof AppError && err.status === 409 && REFUSALS.has(err.code)) return 'refused';
  throw err;
}

test('random sequences of set, adjust, reserve, release, commit and restock keep every invariant', { timeout: 600_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 10, maxLength: 30, size: 'max' }), async (steps) => {
      await s.knex('inventory_reservations').delete();
      await s.knex('inventory_movements').delete();
      await s.knex('inventory_levels').delete();
      const model = new Map<string, number>();
      for (const [i, step] of steps.entries()) {
        const before = await snapshot();
        const outcome = await apply(step, model);
        const now = await snapshot();
        const where = `after step ${i} ${JSON.stringify(step)}`;
        if (outcome === 'refused') assert.deepEqual(now, before, `a refused step changed nothing (${where})`);
        assert.deepEqual(await invariantViolations(s.knex), [], where);
        assert.deepEqual(new Map([...now].map(([k, l]) => [k, l.quantity])), model, `quantities follow the model (${where})`);
      }
    }),
    // 50 runs of 10–30 steps: about a thousand steps, a few seconds on SQLite.
    { numRuns: 50 },
  );
});
