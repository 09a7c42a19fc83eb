import { test } from 'node:test';
import assert from 'node:assert/strict';
import { up as countMigrationUp, down as countMigrationDown } from '../migrations/014-product-counts.ts';
import { catalogStore, createProduct, expectStatus, sharedCatalogStore, sku, type CatalogTestStore } from './helpers.ts';

// An unfiltered product list takes its count from the kept numbers of products per status
// (services/product-counts.ts) instead of counting the products. These tests hold the numbers to what
// counting gives, after every kind of write, with writers at the same time, and after the migration
// that fills them.

const shared = sharedCatalogStore();

async function actual(ctx: CatalogTestStore): Promise<Record<string, number>> {
  const rows = await ctx.store.kernel.knex('products').select('status').count({ n: '*' }).groupBy('status');
  const by: Record<string, number> = { draft: 0, active: 0, archived: 0 };
  for (const row of rows as any[]) by[row.status] = Number(row.n);
  return by;
}

/** The counts the API answers, against a count of the products table. */
async function assertCountsRight(ctx: CatalogTestStore, step: string): Promise<void> {
  const by = await actual(ctx);
  const count = async (client: typeof ctx.anon, query = '') => expectStatus(await client.get(`/api/v1/products/?page_size=1${query}`, { 'cache-control': 'no-cache' }), 200).count;
  assert.equal(await count(ctx.anon), by.active, `${step}: anonymous callers count the active products`);
  assert.equal(await count(ctx.staff), by.draft! + by.active! + by.archived!, `${step}: staff count every product`);
  for (const status of ['draft', 'active', 'archived']) {
    assert.equal(await count(ctx.staff, `&status=${status}`), by[status], `${step}: staff, status=${status}`);
  }
  assert.equal(await count(ctx.anon, '&status=draft'), 0, `${step}: anonymous callers see no drafts`);
}

/** The SQL a request runs, without the timers' own reads. */
async function queriesOf(ctx: CatalogTestStore, url: string): Promise<string[]> {
  const knex = ctx.store.kernel.knex;
  const seen: string[] = [];
  const listener = (q: { sql: string }) => {
    if (!/store_settings|plugin_settings|from [`"]events[`"] where [`"]id[`"] (>|in)/.test(q.sql)) seen.push(q.sql);
  };
  knex.on('query', listener);
  try {
    // no-cache: computed afresh, not the response cache's copy of an earlier answer.
    expectStatus(await ctx.anon.get(url, { 'cache-control': 'no-cache' }), 200);
  } finally {
    knex.off('query', listener);
  }
  return seen;
}

test('an unfiltered list counts from the kept numbers, right after every create, status change, bulk write and delete', async () => {
  const ctx = shared();
  await assertCountsRight(ctx, 'empty store');
  const drafts = [];
  for (let i = 0; i < 3; i++) drafts.push(await createProduct(ctx.staff, { name: `Draft ${i}` }));
  const actives = [];
  for (let i = 0; i < 4; i++) actives.push(await createProduct(ctx.staff, { name: `Active ${i}`, status: 'active', price: '5.00' }));
  await assertCountsRight(ctx, 'after creating');

  expectStatus(await ctx.staff.patch(`/api/v1/products/${drafts[0].id}/`, { status: 'active' }), 200);
  expectStatus(await ctx.staff.patch(`/api/v1/products/${actives[0].id}/`, { status: 'archived' }), 200);
  expectStatus(await ctx.staff.put(`/api/v1/products/${actives[1].id}/`, { name: 'Put back to draft' }), 200);
  // A change that keeps the status changes nothing.
  expectStatus(await ctx.staff.patch(`/api/v1/products/${actives[2].id}/`, { name: 'Renamed' }), 200);
  await assertCountsRight(ctx, 'after status changes');

  const bulk = expectStatus(
    await ctx.staff.post('/api/v1/products/bulk/', {
      products: [
        { name: 'Bulk active', status: 'active', variants: [{ sku: sku('BULK'), price: '3.00' }] },
        { name: 'Bulk draft' },
        { id: drafts[1].id, status: 'archived' },
      ],
    }),
    200,
  );
  assert.equal(bulk.products.length, 3);
  await assertCountsRight(ctx, 'after a bulk write');

  // A bulk call refused as a whole writes nothing, the numbers included.
  const refused = await ctx.staff.post('/api/v1/products/bulk/', { products: [{ name: 'Would be active', status: 'active' }, { id: 99999999, status: 'active' }] });
  assert.equal(refused.statusCode, 400);
  await assertCountsRight(ctx, 'after a refused bulk write');

  expectStatus(await ctx.staff.delete(`/api/v1/products/${drafts[0].id}/`), 204);
  expectStatus(await ctx.staff.delete(`/api/v1/products/${actives[0].id}/`), 204);
  await assertCountsRight(ctx, 'after deletes');

  // The last page and the page past it follow from the kept count.
  const active = (await actual(ctx)).active!;
  const last = expectStatus(await ctx.anon.get(`/api/v1/products/?page_size=1&page=${active}`), 200);
  assert.equal(last.results.length, 1);
  assert.equal(last.next, null);
  assert.equal((await ctx.anon.get(`/api/v1/products/?page_size=1&page=${active + 1}`)).statusCode, 404);
});

test('an unfiltered list does not count the products; filtered lists and searches still count what matches', async () => {
  const ctx = shared();
  const plain = await queriesOf(ctx, '/api/v1/products/?page_size=5');
  assert.ok(plain.some((sql) => /product_counts/.test(sql)), `the count is read from product_counts:\n${plain.join('\n')}`);
  assert.ok(!plain.some((sql) => /count\(\*\)/i.test(sql)), `nothing is counted row by row:\n${plain.join('\n')}`);
  // The kept count rides on the page's own query: one statement reads both.
  const counting = plain.filter((sql) => /product_counts/.test(sql));
  assert.equal(counting.length, 1, `one statement reads the count:\n${plain.join('\n')}`);
  assert.match(counting[0]!, /from [`"]products[`"]/, 'and it is the page query');

  const stocked = await queriesOf(ctx, '/api/v1/products/?page_size=5&in_stock=true');
  assert.ok(!stocked.some((sql) => /product_counts/.test(sql)), 'a plugin filter (in_stock) is counted, not read from the numbers');
  const dated = await queriesOf(ctx, '/api/v1/products/?page_size=5&created_at__gte=2000-01-01');
  assert.ok(!dated.some((sql) => /product_counts/.test(sql)), 'a created_at bound is counted');

  await createProduct(ctx.staff, { name: 'Countable lantern', status: 'active', price: '9.00' });
  await createProduct(ctx.staff, { name: 'Countable lantern two', status: 'active', price: '9.00' });
  const search = expectStatus(await ctx.anon.get('/api/v1/products/?search=countable%20lant'), 200);
  assert.equal(search.count, 2);
  assert.equal(search.results.length, 2);
  const searched = await queriesOf(ctx, '/api/v1/products/?search=countable%20lant');
  // The matches are read once: the page's query carries the total as a window column.
  assert.equal(searched.filter((sql) => /count\(\*\) over \(\)/i.test(sql)).length, 1, `the page query counts:\n${searched.join('\n')}`);
  assert.equal(searched.filter((sql) => /count\(\*\)(?! over)/i.test(sql)).length, 0, `no count of its own:\n${searched.join('\n')}`);
  const second = expectStatus(await ctx.anon.get('/api/v1/products/?search=countable%20lant&page_size=1&page=2'), 200);
  assert.equal(second.count, 2);
  assert.equal(second.results.length, 1);
  assert.equal(second.next, null);
  // Past the end the page has no rows to carry the total: the matches are counted, unranked, for the 404.
  const past = await ctx.anon.get('/api/v1/products/?search=countable%20lant&page_size=1&page=3', { 'cache-control': 'no-cache' });
  assert.equal(past.statusCode, 404);
  assert.equal(JSON.parse(past.body).code, 'not_found');
});

test('products written by many clients at once leave the numbers equal to the products', async (t) => {
  const ctx = await catalogStore(t);
  const created = await Promise.all(
    Array.from({ length: 24 }, (_, i) => ctx.staff.post('/api/v1/products/', { name: `Parallel ${i}`, status: i % 2 ? 'active' : 'draft' })),
  );
  const ids = created.map((res) => expectStatus(res, 201).id as number);
  const bulks = await Promise.all(
    [0, 1, 2].map((b) => ctx.staff.post('/api/v1/products/bulk/', { products: Array.from({ length: 10 }, (_, i) => ({ name: `Bulk ${b}-${i}`, status: i % 3 ? 'active' : 'archived' })) })),
  );
  for (const res of bulks) expectStatus(res, 200);
  const changes = await Promise.all([
    ...ids.slice(0, 8).map((id) => ctx.staff.patch(`/api/v1/products/${id}/`, { status: 'archived' })),
    ...ids.slice(8, 14).map((id) => ctx.staff.delete(`/api/v1/products/${id}/`)),
    ...Array.from({ length: 6 }, (_, i) => ctx.staff.post('/api/v1/products/', { name: `Late ${i}`, status: 'active' })),
  ]);
  for (const res of changes) assert.ok([200, 201, 204].includes(res.statusCode), `${res.statusCode}: ${res.body}`);
  await assertCountsRight(ctx, 'after parallel writers');
});

test('the migration counts the products that exist into the numbers', async () => {
  const ctx = shared();
  const knex = ctx.store.kernel.knex;
  await countMigrationDown(knex);
  await countMigrationUp(knex);
  await assertCountsRight(ctx, 'after the migration ran again');
  const rows = await knex('product_counts').count({ n: '*' }).first();
  assert.equal(Number(rows!.n), 48, 'every slot of every status exists');
});

test('a plugin that narrows every list makes the list counted, not read from the numbers', async (t) => {
  const ctx = await catalogStore(t);
  await createProduct(ctx.staff, { name: 'Shown', status: 'active' });
  await createProduct(ctx.staff, { name: 'Hidden by a plugin', status: 'active' });
  const catalog = ctx.store.kernel.hooks.get('catalog') as any;
  catalog.filterProducts.tap({ name: 'core-catalog' }, ({ query }: { query: any }) => {
    query.whereNot('products.name', 'Hidden by a plugin');
  });
  const page = expectStatus(await ctx.anon.get('/api/v1/products/', { 'cache-control': 'no-cache' }), 200);
  assert.deepEqual(page.results.map((p: any) => p.name), ['Shown']);
  assert.equal(page.count, 1, 'the count is that of the narrowed list');
  const queries = await queriesOf(ctx, '/api/v1/products/');
  assert.ok(!queries.some((sql) => /product_counts/.test(sql)), `counted by its query:\n${queries.join('\n')}`);
});
