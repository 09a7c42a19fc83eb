import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isSqlite } from '../../../kernel/db/dialect.ts';
import { IDS_FIRST_OFFSET } from '../../../kernel/http/lists.ts';
import { expectStatus, makeVariant, placedOrder, sharedShop, type Shop } from './helpers.ts';

// Staff's order list reads a page of every documented ordering and filter from an index in that
// order, so that its cost does not grow with the order book. SQLite's plans follow fixed rules and are
// checked as they are; MariaDB's optimizer plans by table size (at 100,000 orders it sorted them all
// for a page by total or by order number), so the list names the index there and the test checks the
// hint and that the plan uses it without sorting.

const ORDERS = 6;
const shop = sharedShop({}, async (s) => {
  const v = await makeVariant(s, { stock: 1000 });
  for (let i = 0; i < ORDERS; i++) await placedOrder(s, [[v.id, 1 + (i % 3)]], i % 2 ? 'fake_instant' : 'fake_card');
});

/** Each documented ordering and filter, and the index MariaDB is told to read its page from. */
const SHAPES: Array<[string, string]> = [
  ['', 'orders_created_idx'],
  ['ordering=created_at', 'orders_created_idx'],
  ['ordering=-total', 'orders_total_idx'],
  ['ordering=total', 'orders_total_idx'],
  ['ordering=order_number', 'orders_number_idx'],
  ['ordering=-order_number', 'orders_number_idx'],
  ['status=processing', 'orders_status_created_idx'],
  ['status=pending&ordering=-total', 'orders_status_total_idx'],
  ['status=processing&ordering=order_number', 'orders_status_number_idx'],
  ['payment_status=paid', 'orders_payment_status_created_idx'],
  ['created_at__gte=2020-01-01', 'orders_created_idx'],
];

/** The page queries (LIMIT over orders) a staff request runs. */
async function pageQueries(s: Shop, url: string): Promise<Array<{ sql: string; bindings: unknown[] }>> {
  const seen: Array<{ sql: string; bindings: unknown[] }> = [];
  const listener = (q: { sql: string; bindings: unknown[] }) => {
    if (/from [`"]orders[`"]/.test(q.sql) && /limit/i.test(q.sql)) seen.push(q);
  };
  s.knex.on('query', listener);
  try {
    expectStatus(await s.staff.get(url), 200);
  } finally {
    s.knex.off('query', listener);
  }
  assert.ok(seen.length > 0, `a page query for ${url}`);
  return seen;
}

// The first page, and the page after the first row's position (its `next` link with one per page).
async function pagesOf(s: Shop, query: string): Promise<Array<{ url: string; sql: string; bindings: unknown[] }>> {
  const first = `/api/v1/orders/?page_size=1&${query}`;
  const next = expectStatus(await s.staff.get(first), 200).next as string;
  assert.match(next, /after=/);
  const out = [];
  for (const url of [first, next.replace('https://store.test', '')]) for (const q of await pageQueries(s, url)) out.push({ url, ...q });
  return out;
}

test('every ordering and filter of the order list reads its page, first or after a position, from an index in order (SQLite)', async (t) => {
  const s = shop();
  if (!isSqlite(s.knex)) return t.skip('SQLite query plans (MariaDB: the next test)');
  for (const [query] of SHAPES) {
    for (const { url, sql, bindings } of await pagesOf(s, query)) {
      const plan = (await s.knex.raw(`explain query plan ${sql}`, bindings as any[])).map((row: any) => row.detail).join(' | ');
      assert.doesNotMatch(plan, /TEMP B-TREE FOR ORDER BY/, `${url}: ${plan}`);
      assert.match(plan, /USING (COVERING )?INDEX/, `${url}: ${plan}`);
    }
  }
});

test('on MariaDB, the order list names the index of its ordering and filter, and the plan reads it without sorting', async (t) => {
  const s = shop();
  if (isSqlite(s.knex)) return t.skip('an index hint of MariaDB');
  for (const [query, index] of SHAPES) {
    for (const { url, sql, bindings } of await pagesOf(s, query)) {
      assert.match(sql, new RegExp(`force index \\(\`${index}\`\\)`), url);
      const [plan] = (await s.knex.raw(`explain ${sql}`, bindings as any[]))[0];
      assert.equal(plan.key, index, `${url}: ${JSON.stringify(plan)}`);
      assert.doesNotMatch(String(plan.Extra ?? ''), /filesort/, `${url}: ${JSON.stringify(plan)}`);
    }
  }
  // Where no one index fits, the optimizer chooses: a search, or two filters at once.
  for (const query of ['search=100', 'status=processing&payment_status=paid', 'created_at__gte=2020-01-01&ordering=total']) {
    for (const { url, sql } of await pagesOf(s, query)) assert.doesNotMatch(sql, /force index/, url);
  }
});

// Past IDS_FIRST_OFFSET skipped rows a page reads its ids from the index first, then those orders.
test('a deep page by number gives the orders a walk by next links gives, in every ordering', async () => {
  const s = shop();
  // Volume without a thousand checkouts: copies of the orders placed, each with a number of its own.
  const columns = Object.keys(await s.knex('orders').first()).filter((c) => c !== 'id');
  const copied = columns.map((c) => (c === 'number' ? 'number + ?' : c === 'order_number' ? `${concat(s, "'C'", 'id', "'-'", '?')}` : c === 'checkout_id' ? `${concat(s, "'copy-'", 'id', "'-'", '?')}` : c));
  const pageSize = 100;
  for (let round = 1; (await countOrders(s)) < IDS_FIRST_OFFSET + 2 * pageSize; round++) {
    const offset = round * 100_000;
    await s.knex.raw(`insert into orders (${columns.join(', ')}) select ${copied.join(', ')} from orders where number < ?`, [
      ...copied.flatMap((c) => (c.includes('?') ? [offset] : [])),
      100_000,
    ]);
  }
  // The numbers kept per status count the copies too, as checkouts would have.
  for (const row of await s.knex('orders').select('status').count('* as n').groupBy('status')) {
    const kept = Number((await s.knex('order_counts').where('status', row.status).sum('n as n'))[0]!.n ?? 0);
    await s.knex('order_counts').where({ status: row.status, slot: 0 }).increment('n', Number(row.n) - kept);
  }
  const deep = Math.floor(IDS_FIRST_OFFSET / pageSize) + 1;
  for (const ordering of ['-created_at', 'total', '-order_number']) {
    const walked: number[][] = [];
    let url: string | null = `/api/v1/orders/?page_size=${pageSize}&ordering=${ordering}`;
    while (url && walked.length <= deep) {
      const page: any = expectStatus(await s.staff.get(url), 200);
      walked.push(page.results.map((o: any) => o.id));
      url = page.next && page.next.replace('https://store.test', '');
    }
    const byNumber = expectStatus(await s.staff.get(`/api/v1/orders/?page_size=${pageSize}&ordering=${ordering}&page=${deep + 1}`), 200);
    assert.equal(byNumber.results.length, pageSize);
    assert.deepEqual(byNumber.results.map((o: any) => o.id), walked[deep], ordering);
  }
});

const countOrders = async (s: Shop) => Number((await s.knex('orders').count('* as n'))[0]!.n);

// String concatenation in either database's SQL.
function concat(s: Shop, ...parts: string[]): string {
  return isSqlite(s.knex) ? parts.join(' || ') : `concat(${parts.join(', ')})`;
}
