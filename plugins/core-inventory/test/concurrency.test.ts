import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { isMysql } from '../../../kernel/db/dialect.ts';
import { DEFAULT_POOL_MAX } from '../../../kernel/db/connection.ts';
import { InsufficientStockError } from '../errors.ts';
import { assertInvariants, levelsOf, makeVariant, makeWarehouse, openInventoryStore, setStock, type InventoryTestStore } from './helpers.ts';

// Runs on SQLite by default and on MariaDB/MySQL when DATABASE_URL is set (the kernel's pool: 20
// connections there, one on SQLite, where transactions take turns).
let s: InventoryTestStore;
before(async () => {
  s = await openInventoryStore();
});
after(() => s.store.close());

async function settle<T>(promises: Promise<T>[]): Promise<{ ok: T[]; failed: any[] }> {
  const results = await Promise.allSettled(promises);
  const ok: T[] = [];
  const failed: any[] = [];
  for (const r of results) {
    if (r.status === 'fulfilled') ok.push(r.value as T);
    else failed.push(r.reason);
  }
  return { ok, failed };
}

test('60 concurrent reservations of 1 unit against a stock of 10: exactly 10 succeed, the others are insufficient_stock', async () => {
  const knex = s.store.kernel.knex;
  if (isMysql(knex)) assert.equal((knex.client as any).pool.max, DEFAULT_POOL_MAX, `the kernel's MySQL pool has ${DEFAULT_POOL_MAX} connections`);
  const v = await makeVariant(s.staff);
  const w = await makeWarehouse(s.staff);
  await setStock(s.staff, v.id, w.id, 10);
  let open = 0;
  let overlap = 0;
  const attempts = Array.from({ length: 60 }, (_, i) =>
    knex.transaction(async (trx) => {
      overlap = Math.max(overlap, ++open);
      try {
        return await s.inventory.reserve(trx, { type: 'order', id: `race-${i}` }, [{ variant_id: v.id, quantity: 1 }]);
      } finally {
        open--;
      }
    }),
  );
  const { ok, failed } = await settle(attempts);
  // On MySQL the transactions really ran side by side (up to the pool's 20); SQLite has them take turns.
  if (isMysql(knex)) assert.ok(overlap >= 5, `at most ${overlap} transactions were open at once`);
  else assert.equal(overlap, 1);
  assert.equal(ok.length, 10, `successes: ${ok.length}; failures: ${failed.map((e) => e?.code ?? e?.message).join(', ')}`);
  assert.equal(failed.length, 50);
  for (const err of failed) {
    assert.ok(err instanceof InsufficientStockError, `expected insufficient_stock, got ${err?.code ?? ''} ${err?.message}`);
    assert.equal(err.shortages[0].available, 0);
  }
  assert.deepEqual((await levelsOf(knex, v.id)).get(w.id), { quantity: 10, reserved: 10 });
  assert.equal(Number((await knex('inventory_reservations').where('variant_id', v.id).sum({ q: 'quantity' }).first())!.q), 10);
  await assertInvariants(knex);
});

test('concurrent multi-unit reservations split across warehouses, with releases and shipments, never oversell nor deadlock', async () => {
  const knex = s.store.kernel.knex;
  const v = await makeVariant(s.staff);
  const ws = [await makeWarehouse(s.staff, { priority: 2 }), await makeWarehouse(s.staff, { priority: 1 }), await makeWarehouse(s.staff, { priority: 3 })];
  const stock = [5, 7, 3];
  for (const [i, w] of ws.entries()) await setStock(s.staff, v.id, w.id, stock[i]!);
  const total = stock.reduce((a, b) => a + b, 0);
  const attempts = Array.from({ length: 60 }, (_, i) =>
    knex.transaction(async (trx) => {
      const ref = { type: 'order', id: `split-${i}` };
      const quantity = 1 + (i % 4);
      const allocations = await s.inventory.reserve(trx, ref, [{ variant_id: v.id, quantity }]);
      // A third of the winners change their minds in the same transaction, another third ship at once.
      if (i % 3 === 0) await s.inventory.release(trx, ref);
      else if (i % 3 === 1) await s.inventory.commit(trx, ref, [{ variant_id: v.id, quantity }]);
      return { i, quantity, allocations };
    }),
  );
  const { ok, failed } = await settle(attempts);
  for (const err of failed) assert.ok(err instanceof InsufficientStockError, `expected insufficient_stock, got ${err?.code ?? ''} ${err?.message}`);
  const held = ok.filter((r) => r.i % 3 === 2).reduce((sum, r) => sum + r.quantity, 0);
  const shipped = ok.filter((r) => r.i % 3 === 1).reduce((sum, r) => sum + r.quantity, 0);
  for (const r of ok) assert.equal(r.allocations.reduce((sum, a) => sum + a.quantity, 0), r.quantity);
  const levels = [...(await levelsOf(knex, v.id)).values()];
  const quantity = levels.reduce((sum, l) => sum + l.quantity, 0);
  const reserved = levels.reduce((sum, l) => sum + l.reserved, 0);
  assert.equal(quantity, total - shipped);
  assert.equal(reserved, held);
  assert.ok(held + shipped <= total, `promised ${held + shipped} of ${total}`);
  assert.ok(ok.length > 0 && failed.length > 0);
  await assertInvariants(knex);
});
