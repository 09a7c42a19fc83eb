import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestStore } from '../../../test/helpers/store.ts';
import { authHeader, staffApiKey } from '../../../test/helpers/auth.ts';
import { statementsDuring } from '../../../test/helpers/statements.ts';
import { Client, createProduct, expectStatus, openCatalogStore, type CatalogTestStore } from './helpers.ts';

// The category filter reads the category's subtree (the category and its descendants) before the
// page, and keeps it until a change commits: here, or in another process once that is noticed. A
// kept subtree that is out of date would show the wrong products, so these tests change the tree
// between reads.

const NO_CACHE = { 'cache-control': 'no-cache' };
const isSubtreeRead = (sql: string) => /with recursive [`"]category_tree[`"]/.test(sql);

async function names(ctx: { anon: Client }, slug: string): Promise<string[]> {
  const page = expectStatus(await ctx.anon.get(`/api/v1/products/?category=${slug}&ordering=name`, NO_CACHE), 200);
  assert.equal(page.count, page.results.length);
  return page.results.map((p: any) => p.name);
}

async function subtreeReads(ctx: CatalogTestStore, read: () => Promise<unknown>): Promise<number> {
  return (await statementsDuring(ctx.store.kernel.knex, read)).filter((q) => isSubtreeRead(q.sql)).length;
}

test('a category\'s subtree is read once and kept until a change commits; a new subcategory shows at once', async (t) => {
  const ctx = await openCatalogStore();
  t.after(() => ctx.store.close());
  const parent = expectStatus(await ctx.staff.post('/api/v1/categories/', { name: 'Garden', slug: 'garden' }), 201);
  await createProduct(ctx.staff, { name: 'Rake', status: 'active', category_id: parent.id });
  assert.equal(await subtreeReads(ctx, () => names(ctx, 'garden')), 1, 'the first list reads the subtree');
  assert.equal(await subtreeReads(ctx, () => names(ctx, 'garden')), 0, 'the next ones do not');
  assert.deepEqual(await names(ctx, 'garden'), ['Rake']);

  // A subcategory and its product: both commits move the generation on, so the parent's list reads its subtree again.
  const child = expectStatus(await ctx.staff.post('/api/v1/categories/', { name: 'Seeds', slug: 'seeds', parent_id: parent.id }), 201);
  await createProduct(ctx.staff, { name: 'Basil seeds', status: 'active', category_id: child.id });
  assert.deepEqual(await names(ctx, 'garden'), ['Basil seeds', 'Rake']);
  assert.deepEqual(await names(ctx, 'seeds'), ['Basil seeds']);
  // Moved out from under the parent: gone from its list at once.
  expectStatus(await ctx.staff.patch(`/api/v1/categories/${child.id}/`, { parent_id: null }), 200);
  assert.deepEqual(await names(ctx, 'garden'), ['Rake']);
  // A slug that names no category is refused, and a category made with it later is found.
  assert.equal((await ctx.anon.get('/api/v1/products/?category=tools', NO_CACHE)).statusCode, 400);
  const tools = expectStatus(await ctx.staff.post('/api/v1/categories/', { name: 'Tools', slug: 'tools', parent_id: parent.id }), 201);
  await createProduct(ctx.staff, { name: 'Spade', status: 'active', category_id: tools.id });
  assert.deepEqual(await names(ctx, 'tools'), ['Spade']);
  assert.deepEqual(await names(ctx, 'garden'), ['Rake', 'Spade']);
});

test('another process\'s change to the tree is seen after its next check; without the response cache nothing is kept', async (t) => {
  const first = await openCatalogStore();
  t.after(() => first.store.close());
  const second = await startTestStore({ shareWith: first.store });
  const secondStaff = new Client(second, authHeader(await staffApiKey(second)));
  // The timer is stopped so that the test decides when the check runs.
  await first.store.kernel.foreignChanges.stop();
  const parent = expectStatus(await first.staff.post('/api/v1/categories/', { name: 'Kitchen', slug: 'kitchen' }), 201);
  await createProduct(first.staff, { name: 'Pan', status: 'active', category_id: parent.id });
  const child = expectStatus(await first.staff.post('/api/v1/categories/', { name: 'Knives', slug: 'knives' }), 201);
  await createProduct(first.staff, { name: 'Knife', status: 'active', category_id: child.id });
  assert.deepEqual(await names(first, 'kitchen'), ['Pan']);
  expectStatus(await secondStaff.patch(`/api/v1/categories/${child.id}/`, { parent_id: parent.id }), 200);
  await first.store.kernel.foreignChanges.check();
  assert.deepEqual(await names(first, 'kitchen'), ['Knife', 'Pan'], 'the other process\'s move, once noticed');

  const uncached = await openCatalogStore({ env: { RESPONSE_CACHE_MB: '0' } });
  t.after(() => uncached.store.close());
  const c = expectStatus(await uncached.staff.post('/api/v1/categories/', { name: 'Hall', slug: 'hall' }), 201);
  await createProduct(uncached.staff, { name: 'Coat hook', status: 'active', category_id: c.id });
  assert.equal(await subtreeReads(uncached, () => names(uncached, 'hall')), 1);
  assert.equal(await subtreeReads(uncached, () => names(uncached, 'hall')), 1, 'read every time');
});
