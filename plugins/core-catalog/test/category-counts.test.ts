import { test } from 'node:test';
import assert from 'node:assert/strict';
import { up as countMigrationUp, down as countMigrationDown } from '../migrations/018-category-product-counts.ts';
import { catalogStore, createProduct, expectStatus, sku, type CatalogTestStore } from './helpers.ts';

// A product list narrowed by its category only takes its count from the kept numbers of products per
// category and status (services/category-counts.ts), summed over the category's subtree, instead of
// counting the products. These tests hold the numbers to what counting gives, after every kind of
// write, with writers at the same time, and after the migration that fills them.

const STATUSES = ['draft', 'active', 'archived'] as const;

interface Tree {
  /** parent ⊃ child; other beside them. */
  parent: { id: number; slug: string };
  child: { id: number; slug: string };
  other: { id: number; slug: string };
}

async function makeTree(ctx: CatalogTestStore): Promise<Tree> {
  const parent = expectStatus(await ctx.staff.post('/api/v1/categories/', { name: 'Outerwear', slug: 'outerwear' }), 201);
  const child = expectStatus(await ctx.staff.post('/api/v1/categories/', { name: 'Raincoats', slug: 'raincoats', parent_id: parent.id }), 201);
  const other = expectStatus(await ctx.staff.post('/api/v1/categories/', { name: 'Shoes', slug: 'shoes' }), 201);
  return { parent, child, other };
}

/** Products per status in these categories, counted in the products table. */
async function counted(ctx: CatalogTestStore, categoryIds: number[]): Promise<Record<string, number>> {
  const rows = await ctx.store.kernel.knex('products').whereIn('category_id', categoryIds).select('status').count({ n: '*' }).groupBy('status');
  const by: Record<string, number> = { draft: 0, active: 0, archived: 0 };
  for (const row of rows as any[]) by[row.status] = Number(row.n);
  return by;
}

/** The counts the API answers for each category of the tree (a parent's include its child's), against a count of the products. */
async function assertCountsRight(ctx: CatalogTestStore, tree: Tree, step: string): Promise<void> {
  const count = async (client: typeof ctx.anon, slug: string, query = '') =>
    expectStatus(await client.get(`/api/v1/products/?category=${slug}&page_size=1${query}`, { 'cache-control': 'no-cache' }), 200).count;
  const subtrees: Array<[{ slug: string }, number[]]> = [
    [tree.parent, [tree.parent.id, tree.child.id]],
    [tree.child, [tree.child.id]],
    [tree.other, [tree.other.id]],
  ];
  for (const [category, ids] of subtrees) {
    const by = await counted(ctx, ids);
    assert.equal(await count(ctx.anon, category.slug), by.active, `${step}: anonymous callers count the active products of ${category.slug}`);
    assert.equal(await count(ctx.staff, category.slug), by.draft! + by.active! + by.archived!, `${step}: staff count every product of ${category.slug}`);
    for (const status of STATUSES) assert.equal(await count(ctx.staff, category.slug, `&status=${status}`), by[status], `${step}: staff, ${category.slug}, status=${status}`);
  }
  // Every kept number, category by category, is what counting gives.
  const knex = ctx.store.kernel.knex;
  const kept = await knex('category_product_counts').select('category_id', 'status').sum({ n: 'n' }).groupBy('category_id', 'status');
  const actual = await knex('products').whereNotNull('category_id').select('category_id', 'status').count({ n: '*' }).groupBy('category_id', 'status');
  const keyed = (rows: any[]) => Object.fromEntries(rows.filter((r) => Number(r.n) !== 0).map((r) => [`${Number(r.category_id)}/${r.status}`, Number(r.n)]));
  assert.deepEqual(keyed(kept), keyed(actual), `${step}: the kept numbers of every category`);
}

test('a category filter counts from the kept numbers of its subtree, right after every create, move, status change, bulk write and delete', async (t) => {
  const ctx = await catalogStore(t);
  const tree = await makeTree(ctx);
  await assertCountsRight(ctx, tree, 'new categories');
  const inChild = [];
  for (const status of ['active', 'active', 'draft']) inChild.push(await createProduct(ctx.staff, { name: `Raincoat ${inChild.length}`, status, category_id: tree.child.id }));
  const inParent = await createProduct(ctx.staff, { name: 'Parka', status: 'active', category_id: tree.parent.id });
  const inOther = await createProduct(ctx.staff, { name: 'Boot', status: 'active', category_id: tree.other.id });
  const uncategorised = await createProduct(ctx.staff, { name: 'Umbrella', status: 'active' });
  await assertCountsRight(ctx, tree, 'after creating');

  // Moves between categories, status changes, both at once, into and out of no category.
  expectStatus(await ctx.staff.patch(`/api/v1/products/${inChild[0].id}/`, { category_id: tree.other.id }), 200);
  expectStatus(await ctx.staff.patch(`/api/v1/products/${inChild[2].id}/`, { status: 'active' }), 200);
  expectStatus(await ctx.staff.patch(`/api/v1/products/${inOther.id}/`, { category_id: tree.parent.id, status: 'archived' }), 200);
  expectStatus(await ctx.staff.patch(`/api/v1/products/${uncategorised.id}/`, { category_id: tree.child.id }), 200);
  expectStatus(await ctx.staff.patch(`/api/v1/products/${inParent.id}/`, { category_id: null }), 200);
  // A PUT without category_id takes the default (none).
  expectStatus(await ctx.staff.put(`/api/v1/products/${inChild[1].id}/`, { name: 'Raincoat, put', status: 'draft' }), 200);
  // A change that keeps category and status changes nothing.
  expectStatus(await ctx.staff.patch(`/api/v1/products/${inChild[2].id}/`, { name: 'Renamed raincoat' }), 200);
  await assertCountsRight(ctx, tree, 'after moves and status changes');

  const bulk = expectStatus(
    await ctx.staff.post('/api/v1/products/bulk/', {
      products: [
        { name: 'Bulk raincoat', status: 'active', category_id: tree.child.id, variants: [{ sku: sku('RAIN'), price: '30.00' }] },
        { name: 'Bulk raincoat draft', category_id: tree.child.id },
        { name: 'Bulk shoe', status: 'archived', category_id: tree.other.id },
        { id: inChild[2].id, category_id: tree.other.id, status: 'archived' },
      ],
    }),
    200,
  );
  assert.equal(bulk.products.length, 4);
  await assertCountsRight(ctx, tree, 'after a bulk write');

  // A bulk call refused as a whole writes nothing, the numbers included.
  const refused = await ctx.staff.post('/api/v1/products/bulk/', { products: [{ name: 'Would count', status: 'active', category_id: tree.child.id }, { id: 99999999, status: 'active' }] });
  assert.equal(refused.statusCode, 400);
  await assertCountsRight(ctx, tree, 'after a refused bulk write');

  expectStatus(await ctx.staff.delete(`/api/v1/products/${inChild[0].id}/`), 204);
  expectStatus(await ctx.staff.delete(`/api/v1/products/${uncategorised.id}/`), 204);
  await assertCountsRight(ctx, tree, 'after deletes');

  // The last page and the page past it follow from the kept count.
  const active = (await counted(ctx, [tree.parent.id, tree.child.id])).active!;
  assert.ok(active > 0);
  const last = expectStatus(await ctx.anon.get(`/api/v1/products/?category=${tree.parent.slug}&page_size=1&page=${active}`), 200);
  assert.equal(last.results.length, 1);
  assert.equal(last.next, null);
  assert.equal((await ctx.anon.get(`/api/v1/products/?category=${tree.parent.slug}&page_size=1&page=${active + 1}`)).statusCode, 404);
});

test('a category\'s numbers come and go with it; an unknown category is still refused; other filters still count', async (t) => {
  const ctx = await catalogStore(t);
  const knex = ctx.store.kernel.knex;
  const empty = expectStatus(await ctx.staff.post('/api/v1/categories/', { name: 'Soon gone', slug: 'soon-gone' }), 201);
  assert.equal(Number((await knex('category_product_counts').where('category_id', empty.id).count({ n: '*' }).first())!.n), 48, 'every slot of every status');
  expectStatus(await ctx.staff.delete(`/api/v1/categories/${empty.id}/`), 204);
  assert.equal(Number((await knex('category_product_counts').where('category_id', empty.id).count({ n: '*' }).first())!.n), 0);

  const unknown = await ctx.anon.get('/api/v1/products/?category=no-such-category', { 'cache-control': 'no-cache' });
  assert.equal(unknown.statusCode, 400);
  assert.equal(JSON.parse(unknown.body).code, 'invalid');

  const tree = await makeTree(ctx);
  await createProduct(ctx.staff, { name: 'Cheap raincoat', status: 'active', category_id: tree.child.id, price: '5.00' });
  await createProduct(ctx.staff, { name: 'Dear raincoat', status: 'active', category_id: tree.child.id, price: '500.00' });
  // A category with products is not deleted, its numbers stay.
  assert.equal((await ctx.staff.delete(`/api/v1/categories/${tree.child.id}/`)).statusCode, 409);
  const priced = expectStatus(await ctx.anon.get(`/api/v1/products/?category=${tree.parent.slug}&price__lte=10.00`, { 'cache-control': 'no-cache' }), 200);
  assert.equal(priced.count, 1, 'a price bound beside the category is counted');
  const dated = expectStatus(await ctx.anon.get(`/api/v1/products/?category=${tree.parent.slug}&created_at__gte=2999-01-01`, { 'cache-control': 'no-cache' }), 200);
  assert.equal(dated.count, 0, 'a created_at bound beside the category is counted');
  const searched = expectStatus(await ctx.anon.get(`/api/v1/products/?category=${tree.parent.slug}&search=dear`, { 'cache-control': 'no-cache' }), 200);
  assert.equal(searched.count, 1, 'a search in the category counts its matches');
  await assertCountsRight(ctx, tree, 'with other filters');
});

test('products written into one category by many clients at once leave its numbers equal to its products', async (t) => {
  const ctx = await catalogStore(t);
  const tree = await makeTree(ctx);
  const created = await Promise.all(
    Array.from({ length: 24 }, (_, i) => ctx.staff.post('/api/v1/products/', { name: `Parallel ${i}`, status: i % 2 ? 'active' : 'draft', category_id: i % 3 ? tree.child.id : tree.parent.id })),
  );
  const ids = created.map((res) => expectStatus(res, 201).id as number);
  const bulks = await Promise.all(
    [0, 1, 2].map((b) =>
      ctx.staff.post('/api/v1/products/bulk/', { products: Array.from({ length: 10 }, (_, i) => ({ name: `Bulk ${b}-${i}`, status: i % 3 ? 'active' : 'archived', category_id: tree.child.id })) }),
    ),
  );
  for (const res of bulks) expectStatus(res, 200);
  const changes = await Promise.all([
    ...ids.slice(0, 8).map((id, i) => ctx.staff.patch(`/api/v1/products/${id}/`, i % 2 ? { status: 'archived' } : { category_id: tree.other.id })),
    ...ids.slice(8, 14).map((id) => ctx.staff.delete(`/api/v1/products/${id}/`)),
    ...Array.from({ length: 6 }, (_, i) => ctx.staff.post('/api/v1/products/', { name: `Late ${i}`, status: 'active', category_id: tree.child.id })),
  ]);
  for (const res of changes) assert.ok([200, 201, 204].includes(res.statusCode), `${res.statusCode}: ${res.body}`);
  await assertCountsRight(ctx, tree, 'after parallel writers');
});

test('the migration counts the products that exist into the numbers of every category', async (t) => {
  const ctx = await catalogStore(t);
  const tree = await makeTree(ctx);
  for (const [i, status] of ['active', 'draft', 'archived', 'active'].entries()) {
    await createProduct(ctx.staff, { name: `Counted ${i}`, status, category_id: i % 2 ? tree.child.id : tree.other.id });
  }
  await createProduct(ctx.staff, { name: 'Without a category', status: 'active' });
  const knex = ctx.store.kernel.knex;
  await countMigrationDown(knex);
  await countMigrationUp(knex);
  await assertCountsRight(ctx, tree, 'after the migration ran again');
  const categories = Number((await knex('categories').count({ n: '*' }).first())!.n);
  const rows = await knex('category_product_counts').count({ n: '*' }).first();
  assert.equal(Number(rows!.n), categories * 48, 'every slot of every status of every category exists');
});
