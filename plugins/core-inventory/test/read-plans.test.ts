import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { isMysql } from '../../../kernel/db/dialect.ts';
import { statementsDuring, type SentStatement } from '../../../test/helpers/statements.ts';
import { expectStatus, makeWarehouse, openInventoryStore, setStock, type InventoryTestStore } from './helpers.ts';

// Availability and allocation read stock records by variant. Once each warehouse holds thousands of
// records, a plan that starts from the warehouses reads all of them for every product page and every
// order placed; these tests give the database those numbers and check what it reads.

const INDEX = 'inventory_levels_variant_id_warehouse_id_unique';
const OTHERS = 3000;

let s: InventoryTestStore;
let product: any;
let warehouses: any[];
before(async () => {
  s = await openInventoryStore();
  warehouses = [await makeWarehouse(s.staff), await makeWarehouse(s.staff)];
  product = expectStatus(
    await s.staff.post('/api/v1/products/', {
      name: 'Plan shirt',
      status: 'active',
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [{ sku: 'PLAN-S', options: { Size: 'S' }, price: '5.00' }, { sku: 'PLAN-M', options: { Size: 'M' }, price: '5.00' }],
    }),
    201,
  );
  for (const [i, w] of warehouses.entries()) for (const v of product.variants) await setStock(s.staff, v.id, w.id, 10 + i);
  // The records of 3,000 other variants in each warehouse (written directly: only their number matters
  // here), read at once, as right after a large inventory sync: MariaDB recomputes the table's
  // statistics in the background, later, and until then chose to start from the warehouses.
  const others = warehouses.flatMap((w) => Array.from({ length: OTHERS }, (_, i) => ({ variant_id: 1_000_000 + i, warehouse_id: w.id, quantity: 1, reserved: 0, created_at: new Date(), updated_at: new Date() })));
  for (let i = 0; i < others.length; i += 200) await s.knex('inventory_levels').insert(others.slice(i, i + 200));
});
after(() => s.store.close());

/** How the database reads `inventory_levels` (alias `l`) for this statement: the index, and rows examined where it says. */
async function levelsAccess(statement: SentStatement): Promise<{ index: string; rows?: number }> {
  if (isMysql(s.knex)) {
    const [plan] = await s.knex.raw(`explain ${statement.sql}`, statement.bindings as any);
    const row = plan.find((p: any) => p.table === 'l');
    return { index: String(row?.key), rows: Number(row?.rows) };
  }
  const plan = (await s.knex.raw(`explain query plan ${statement.sql}`, statement.bindings as any)) as Array<{ detail: string }>;
  const detail = plan.map((p) => p.detail).find((d) => /\bl\b/.test(d.replace(/^SEARCH |^SCAN /, ''))) ?? '';
  return { index: /USING (?:COVERING )?INDEX (\w+)/.exec(detail)?.[1] ?? detail };
}

test('a product\'s availability reads the stock records of its own variants, not every record of each warehouse', async () => {
  let body: any;
  const sent = await statementsDuring(s.knex, async () => (body = expectStatus(await s.staff.get(`/api/v1/products/${product.id}/`), 200)));
  assert.deepEqual(body.variants.map((v: any) => v.available), [21, 21], '10 + 11 in the two warehouses');
  const statement = sent.find((q) => /sum\(l\.quantity - l\.reserved\)/i.test(q.sql));
  assert.ok(statement, sent.map((q) => q.sql).join('\n'));
  const access = await levelsAccess(statement);
  assert.equal(access.index, INDEX, statement.sql);
  if (access.rows !== undefined) assert.ok(access.rows < 50, `rows examined: ${access.rows}`);
});

test('reserving reads the candidate records of the variants ordered, through the same index', async () => {
  const [S, M] = product.variants;
  let sent: SentStatement[] = [];
  await s.knex.transaction(async (trx) => {
    sent = await statementsDuring(s.knex, () => s.inventory.reserve(trx, { type: 'order', id: 'plan-1' }, [{ variant_id: S.id, quantity: 12 }, { variant_id: M.id, quantity: 1 }]));
  });
  const statement = sent.find((q) => /[`"]w[`"]\.[`"]priority[`"]/.test(q.sql));
  assert.ok(statement, sent.map((q) => q.sql).join('\n'));
  const access = await levelsAccess(statement);
  assert.equal(access.index, INDEX, statement.sql);
  if (access.rows !== undefined) assert.ok(access.rows < 50, `rows examined: ${access.rows}`);
  const reserved = await s.knex('inventory_levels').whereIn('variant_id', [S.id, M.id]).sum({ n: 'reserved' }).first();
  assert.equal(Number(reserved?.n), 13, 'the reservation spread over the warehouses as allocation decides');
});
