import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createProduct, expectStatus, sharedCatalogStore } from './helpers.ts';

const shared = sharedCatalogStore();

async function category(body: Record<string, unknown>) {
  return expectStatus(await shared().staff.post('/api/v1/categories/', body), 201);
}

test('categories form a tree; ?category= by id or slug includes the descendants', async () => {
  const clothing = await category({ name: 'Clothing' });
  const shirts = await category({ name: 'Shirts', parent_id: clothing.id });
  const tees = await category({ name: 'T-Shirts', parent_id: String(shirts.id) });
  const toys = await category({ name: 'Toys' });
  assert.equal(tees.slug, 't-shirts');
  assert.equal(tees.parent_id, shirts.id);
  const coat = await createProduct(shared().staff, { name: 'Coat', status: 'active', category_id: clothing.id });
  const oxford = await createProduct(shared().staff, { name: 'Oxford', status: 'active', category_id: shirts.id });
  const tee = await createProduct(shared().staff, { name: 'Tee', status: 'active', category_id: tees.id });
  await createProduct(shared().staff, { name: 'Ball', status: 'active', category_id: toys.id });
  await createProduct(shared().staff, { name: 'Loose', status: 'active' });

  const ids = async (query: string) =>
    expectStatus(await shared().anon.get(`/api/v1/products/?ordering=name&${query}`), 200).results.map((p: any) => p.id);
  assert.deepEqual(await ids(`category=${clothing.id}`), [coat.id, oxford.id, tee.id]);
  assert.deepEqual(await ids('category=clothing'), [coat.id, oxford.id, tee.id]);
  assert.deepEqual(await ids('category=shirts'), [oxford.id, tee.id]);
  assert.deepEqual(await ids(`category=${tees.id}`), [tee.id]);
  // A category that does not exist, or a value that is neither an id nor a slug: 400 naming it, not an empty list.
  for (const bad of ['abc', 'no-such-category', '999999', 'Not%20a%20slug', '1.5']) {
    const res = await shared().anon.get(`/api/v1/products/?category=${bad}`);
    assert.equal(res.statusCode, 400, bad);
    assert.deepEqual(Object.keys(res.json().errors), ['category'], bad);
  }
  const both = expectStatus(await shared().anon.get('/api/v1/products/?category=abc&price__gte=x'), 400);
  assert.deepEqual(Object.keys(both.errors).sort(), ['category', 'price__gte']);

  const list = expectStatus(await shared().anon.get('/api/v1/categories/'), 200);
  assert.deepEqual(list.results.map((c: any) => c.name), ['Clothing', 'Shirts', 'T-Shirts', 'Toys']);
  const roots = expectStatus(await shared().anon.get('/api/v1/categories/?parent=null'), 200);
  assert.deepEqual(roots.results.map((c: any) => c.name), ['Clothing', 'Toys']);
  const children = expectStatus(await shared().anon.get(`/api/v1/categories/?parent=${clothing.id}`), 200);
  assert.deepEqual(children.results.map((c: any) => c.name), ['Shirts']);
  const one = expectStatus(await shared().anon.get(`/api/v1/categories/${shirts.id}/`), 200);
  assert.equal(one.name, 'Shirts');
  assert.equal(one.translations, undefined);
});

test('a category cannot move under itself or a descendant; an unknown parent is a 400', async () => {
  const a = await category({ name: 'Cycle A' });
  const b = await category({ name: 'Cycle B', parent_id: a.id });
  const c = await category({ name: 'Cycle C', parent_id: b.id });
  const self = expectStatus(await shared().staff.patch(`/api/v1/categories/${a.id}/`, { parent_id: a.id }), 400);
  assert.ok(self.errors.parent_id);
  const loop = expectStatus(await shared().staff.patch(`/api/v1/categories/${a.id}/`, { parent_id: c.id }), 400);
  assert.match(loop.errors.parent_id[0], /descendants/);
  const unknown = expectStatus(await shared().staff.post('/api/v1/categories/', { name: 'Orphan', parent_id: 987654 }), 400);
  assert.deepEqual(Object.keys(unknown.errors), ['parent_id']);
  const moved = expectStatus(await shared().staff.patch(`/api/v1/categories/${c.id}/`, { parent_id: null }), 200);
  assert.equal(moved.parent_id, null);
  const under = expectStatus(await shared().staff.patch(`/api/v1/categories/${a.id}/`, { parent_id: c.id }), 200);
  assert.equal(under.parent_id, c.id);
});

test('category slugs are unique; a taken explicit slug is a 409, a derived one gets a suffix', async () => {
  const first = await category({ name: 'Garden' });
  const second = await category({ name: 'Garden' });
  assert.deepEqual([first.slug, second.slug], ['garden', 'garden-2']);
  assert.equal(expectStatus(await shared().staff.post('/api/v1/categories/', { name: 'X', slug: 'garden' }), 409).code, 'duplicate_slug');
  assert.equal(expectStatus(await shared().staff.patch(`/api/v1/categories/${second.id}/`, { slug: 'garden' }), 409).code, 'duplicate_slug');
});

test('a category with subcategories or products cannot be deleted; an empty one can, by staff only', async () => {
  const parent = await category({ name: 'Delete parent' });
  const child = await category({ name: 'Delete child', parent_id: parent.id });
  const p = await createProduct(shared().staff, { name: 'In child', category_id: child.id });
  assert.equal(expectStatus(await shared().staff.delete(`/api/v1/categories/${parent.id}/`), 409).code, 'category_not_empty');
  assert.equal(expectStatus(await shared().staff.delete(`/api/v1/categories/${child.id}/`), 409).code, 'category_not_empty');
  expectStatus(await shared().anon.delete(`/api/v1/categories/${child.id}/`), 401);
  expectStatus(await shared().staff.patch(`/api/v1/products/${p.id}/`, { category_id: null }), 200);
  expectStatus(await shared().staff.delete(`/api/v1/categories/${child.id}/`), 204);
  expectStatus(await shared().staff.delete(`/api/v1/categories/${parent.id}/`), 204);
  expectStatus(await shared().anon.get(`/api/v1/categories/${parent.id}/`), 404);
  const events = await shared().store.kernel.knex('events').where({ type: 'category.deleted' });
  assert.equal(events.length, 2);
});

test('categories are written by staff only, with their names checked', async () => {
  expectStatus(await shared().anon.post('/api/v1/categories/', { name: 'Nope' }), 401);
  expectStatus(await shared().staff.post('/api/v1/categories/', { name: '' }), 400);
  expectStatus(await shared().staff.post('/api/v1/categories/', { name: 'y'.repeat(201) }), 400);
});
