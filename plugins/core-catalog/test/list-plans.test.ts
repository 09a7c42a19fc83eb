import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isSqlite } from '../../../kernel/db/dialect.ts';
import { IDS_FIRST_OFFSET } from '../../../kernel/http/lists.ts';
import { catalogStore, createProduct, expectStatus, sharedCatalogStore, type Client } from './helpers.ts';

// Every documented ordering of the product list, for staff (every status) and for anonymous callers
// (active products), reads its first page from an index instead of sorting the catalogue: the cost of
// a page must not grow with the number of products. Checked with SQLite's query plans, which follow
// fixed rules; MariaDB's optimizer chooses by table size, so a small test table proves nothing there.

const shared = sharedCatalogStore();
const ORDERINGS = ['created_at', '-created_at', 'name', '-name', 'price', '-price'];

/** The SQL of the page queries a request runs (those with LIMIT over products). */
async function pageQueries(client: Client, url: string): Promise<Array<{ sql: string; bindings: unknown[] }>> {
  const knex = shared().store.kernel.knex;
  const seen: Array<{ sql: string; bindings: unknown[] }> = [];
  const listener = (q: { sql: string; bindings: unknown[] }) => {
    if (/from [`"]products[`"]/.test(q.sql) && /limit/i.test(q.sql)) seen.push(q);
  };
  knex.on('query', listener);
  try {
    expectStatus(await client.get(url, { 'cache-control': 'no-cache' }), 200);
  } finally {
    knex.off('query', listener);
  }
  return seen;
}

/** The SQL of the one page query a request runs. */
async function pageSql(client: Client, url: string): Promise<{ sql: string; bindings: unknown[] }> {
  const seen = await pageQueries(client, url);
  assert.equal(seen.length, 1, `one page query for ${url}`);
  return seen[0]!;
}

const planOf = async (sql: string, bindings: unknown[]) =>
  (await shared().store.kernel.knex.raw(`explain query plan ${sql}`, bindings as any[])).map((row: any) => row.detail).join(' | ');

test('each ordering of the product list reads its page from an index, for staff and for anonymous callers', async (t) => {
  const { store, staff, anon } = shared();
  if (!isSqlite(store.kernel.knex)) return t.skip('query plans are checked on SQLite (MariaDB plans by table size)');
  for (let i = 0; i < 3; i++) await createProduct(staff, { name: `Planned ${i}`, status: i ? 'active' : 'draft', price: `${i + 1}.00` });
  for (const [who, client] of [['staff', staff], ['anonymous', anon]] as const) {
    for (const ordering of ORDERINGS) {
      const { sql, bindings } = await pageSql(client, `/api/v1/products/?page_size=20&ordering=${ordering}`);
      const plan = await planOf(sql, bindings);
      assert.doesNotMatch(plan, /TEMP B-TREE FOR ORDER BY/, `${who}, ordering=${ordering}: ${plan}`);
      assert.match(plan, /USING (COVERING )?INDEX/, `${who}, ordering=${ordering}: ${plan}`);
    }
  }
});

// A page asked with the position of its `next` link starts from there on the ordering's index: a range
// on the index's column, not a walk from the start that tests each row against the position. (Past the
// last price, descending, the products without one are read as a second range.)
test('each ordering reads the page after a position from its index, as a range', async (t) => {
  const { store, staff, anon } = shared();
  if (!isSqlite(store.kernel.knex)) return t.skip('query plans are checked on SQLite (MariaDB plans by table size)');
  for (const [who, client] of [['staff', staff], ['anonymous', anon]] as const) {
    for (const ordering of ORDERINGS) {
      const first = expectStatus(await client.get(`/api/v1/products/?page_size=1&ordering=${ordering}`, { 'cache-control': 'no-cache' }), 200);
      assert.notEqual(first.results[0].price, null, 'a position on a price');
      for (const { sql, bindings } of await pageQueries(client, first.next.replace('https://store.test', ''))) {
        const plan = await planOf(sql, bindings);
        assert.doesNotMatch(plan, /TEMP B-TREE FOR ORDER BY/, `${who}, ordering=${ordering}: ${plan}`);
        assert.match(plan, /USING (COVERING )?INDEX \S+ \([^)]*(created_at|name|effective_price)[<>=]/, `${who}, ordering=${ordering}: ${plan}`);
      }
    }
  }
});

// MariaDB, left to its optimizer, reads a page after a position by walking the status's rows from the
// first (a `ref` on the index's status part, 8 ms at page 400 of 10,000 products); the list names the
// index, and the page is a range of it from the position on.
test('on MariaDB, a page after a position is a range of the ordering\'s index from the position on', async (t) => {
  const { store, staff, anon } = shared();
  if (isSqlite(store.kernel.knex)) return t.skip('an index hint of MariaDB');
  for (let i = 0; i < 3; i++) await createProduct(staff, { name: `Hinted ${i}`, status: 'active', price: `${i + 1}.00` });
  for (const [who, client, index] of [['staff', staff, 'products_created_at_index'], ['anonymous', anon, 'products_status_created_at_index']] as const) {
    const first = expectStatus(await client.get('/api/v1/products/?page_size=1', { 'cache-control': 'no-cache' }), 200);
    const { sql, bindings } = await pageSql(client, first.next.replace('https://store.test', ''));
    assert.match(sql, new RegExp(`force index \\(\`${index}\`\\)`), who);
    const [plan] = (await store.kernel.knex.raw(`explain ${sql}`, bindings as any[]))[0];
    assert.equal(plan.type, 'range', `${who}: ${JSON.stringify(plan)}`);
    assert.equal(plan.key, index);
  }
});

// Pages past the first read their ids first, then those products (services: `paginate`'s idsFirst):
// page by page, every ordering must give each product once, in the order of one page holding them all.
test('page by page, every ordering gives each product once, in the order of one page of them all', async () => {
  const { staff, anon } = shared();
  for (const [i, name] of ['Paged b', 'Paged a', 'Paged c', 'Paged a', 'Paged d', 'Paged b', 'Paged e'].entries()) {
    await createProduct(staff, { name, status: i === 2 ? 'draft' : 'active', price: `${(i % 3) + 1}.00` });
  }
  for (const [who, client] of [['staff', staff], ['anonymous', anon]] as const) {
    for (const ordering of [...ORDERINGS, 'name,-price', '-price,created_at']) {
      const all = expectStatus(await client.get(`/api/v1/products/?page_size=100&ordering=${ordering}`), 200);
      const paged: number[] = [];
      for (let page = 1; ; page++) {
        const body = expectStatus(await client.get(`/api/v1/products/?page_size=2&page=${page}&ordering=${ordering}`, { 'cache-control': 'no-cache' }), 200);
        assert.equal(body.count, all.count, `${who}, ${ordering}, page ${page}: the same count`);
        paged.push(...body.results.map((p: any) => p.id));
        if (!body.next) break;
      }
      assert.deepEqual(paged, all.results.map((p: any) => p.id), `${who}, ordering=${ordering}`);
    }
  }
});

// A page past IDS_FIRST_OFFSET rows reads its ids first, then those products by id.
test(`a page past ${IDS_FIRST_OFFSET} rows, read ids first, holds the same products in the same order as the ordering gives`, async (t) => {
  const ctx = await catalogStore(t);
  const total = IDS_FIRST_OFFSET + 200; // a tenth are drafts: anonymous callers see past the offset too
  for (let start = 0; start < total; start += 100) {
    const products = Array.from({ length: Math.min(100, total - start) }, (_, i) => {
      const n = start + i;
      return { name: `Deep ${String((n * 7919) % 1009).padStart(4, '0')}`, status: n % 10 === 3 ? 'draft' : 'active', price: `${(n % 17) + 1}.00` };
    });
    expectStatus(await ctx.staff.post('/api/v1/products/bulk/', { products }), 200);
  }
  const knex = ctx.store.kernel.knex;
  const columns: Record<string, string> = { name: 'name', price: 'effective_price', created_at: 'created_at' };
  for (const [who, client, staffView] of [['staff', ctx.staff, true], ['anonymous', ctx.anon, false]] as const) {
    for (const ordering of ['name', '-price', '-created_at']) {
      const desc = ordering.startsWith('-');
      const expected = knex('products').orderBy(columns[ordering.replace('-', '')]!, desc ? 'desc' : 'asc').orderBy('id', desc ? 'desc' : 'asc').offset(IDS_FIRST_OFFSET - 40).limit(40);
      if (!staffView) expected.where('status', 'active');
      const ids = (await expected.clone().pluck('id')).map(Number);
      const page = expectStatus(await client.get(`/api/v1/products/?page_size=40&page=${IDS_FIRST_OFFSET / 40}&ordering=${ordering}`, { 'cache-control': 'no-cache' }), 200);
      assert.deepEqual(page.results.map((p: any) => p.id), ids, `${who}, ordering=${ordering}`);
      const after = expectStatus(await client.get(`/api/v1/products/?page_size=40&page=${IDS_FIRST_OFFSET / 40 + 1}&ordering=${ordering}`, { 'cache-control': 'no-cache' }), 200);
      const next = expected.clone().offset(IDS_FIRST_OFFSET);
      assert.deepEqual(after.results.map((p: any) => p.id), (await next.pluck('id')).map(Number), `${who}, ordering=${ordering}, ids first`);
      // The next link of a page read ids first carries the position of its last row.
      const linked = expectStatus(await client.get(page.next.replace('https://store.test', ''), { 'cache-control': 'no-cache' }), 200);
      assert.deepEqual(linked.results.map((p: any) => p.id), after.results.map((p: any) => p.id), `${who}, ordering=${ordering}, by the next link`);
    }
  }
});

// A category's count (a sub-query of the page's statement) is the sum of the kept numbers of the
// category's subtree, read by their primary key, not a count of its products; and the page's products
// are then read by primary key, whatever their status filter (with `status = ?` beside `id in (…)`,
// SQLite read the ids through the status index).
test('a category filter counts from the kept numbers of its subtree, and a page reads its products by primary key', async (t) => {
  const { store, staff, anon } = shared();
  if (!isSqlite(store.kernel.knex)) return t.skip('query plans are checked on SQLite (MariaDB plans by table size)');
  const category = expectStatus(await staff.post('/api/v1/categories/', { name: 'Planned category', slug: 'planned-category' }), 201);
  for (let i = 0; i < 3; i++) await createProduct(staff, { name: `In category ${i}`, status: 'active', category_id: category.id, price: `${i + 1}.00` });
  const knex = store.kernel.knex;
  const seen: Array<{ sql: string; bindings: unknown[] }> = [];
  const listener = (q: { sql: string; bindings: unknown[] }) => {
    if (/from [`"]products[`"]/.test(q.sql)) seen.push(q);
  };
  knex.on('query', listener);
  try {
    const page = expectStatus(await anon.get('/api/v1/products/?category=planned-category&page_size=20', { 'cache-control': 'no-cache' }), 200);
    assert.equal(page.count, 3);
  } finally {
    knex.off('query', listener);
  }
  // The count is a sub-query of the page's own statement (lists.ts), planned with it.
  const count = seen.find((q) => /\(select sum\([`"]n[`"]\) as [`"]n[`"] from [`"]category_product_counts[`"]/.test(q.sql));
  assert.ok(count, seen.map((q) => q.sql).join('\n'));
  assert.ok(!seen.some((q) => /count\(\*\)/.test(q.sql)), `no count of the products: ${seen.map((q) => q.sql).join('\n')}`);
  const plan = await planOf(count.sql, count.bindings);
  assert.match(plan, /SCALAR SUBQUERY[^]*SEARCH category_product_counts USING (PRIMARY KEY|INDEX sqlite_autoindex_category_product_counts_1) \(category_id=\? AND status=\?\)/);
  // A category without subcategories is an equality, read in order from the category's index: no sort.
  assert.match(count.sql, /[`"]products[`"]\.[`"]category_id[`"] = \?/);
  assert.match(plan, /SEARCH products USING (COVERING )?INDEX products_category_status_created_index \(category_id=\? AND status=\?\)/);
  assert.doesNotMatch(plan, /TEMP B-TREE/);
  const records = seen.find((q) => /where [`"]id[`"] in \(/.test(q.sql));
  assert.ok(records, `the page's products are read by id: ${seen.map((q) => q.sql).join('\n')}`);
  assert.match(await planOf(records.sql, records.bindings), /USING INTEGER PRIMARY KEY/);
});
