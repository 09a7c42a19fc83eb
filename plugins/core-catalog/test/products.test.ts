import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseJson } from '../../../kernel/db/dialect.ts';
import { SessionClient } from '../../../test/helpers/auth.ts';
import { addVariant, catalogStore, createProduct, expectStatus, sharedCatalogStore, sku } from './helpers.ts';

const shared = sharedCatalogStore();

async function eventsOf(type: string): Promise<any[]> {
  const rows = await shared().store.kernel.knex('events').where({ type }).orderBy('id');
  return rows.map((r: any) => ({ id: Number(r.id), data: parseJson(r.data, {}) }));
}

test('a slug is derived from the name, with a numeric suffix only when the derived one is taken', async () => {
  const a = await createProduct(shared().staff, { name: 'Crème Brûlée Mug!' });
  const b = await createProduct(shared().staff, { name: 'Crème brûlée mug' });
  const c = await createProduct(shared().staff, { name: 'CRÈME BRÛLÉE MUG' });
  assert.deepEqual([a.slug, b.slug, c.slug], ['creme-brulee-mug', 'creme-brulee-mug-2', 'creme-brulee-mug-3']);
  const chosen = await createProduct(shared().staff, { name: 'Anything', slug: 'my-own-slug' });
  assert.equal(chosen.slug, 'my-own-slug');
  const res = await shared().staff.post('/api/v1/products/', { name: 'Other', slug: 'creme-brulee-mug' });
  const body = expectStatus(res, 409);
  assert.equal(body.code, 'duplicate_slug');
  assert.ok(body.errors.slug);
  const patched = await shared().staff.patch(`/api/v1/products/${a.id}/`, { slug: 'my-own-slug' });
  assert.equal(expectStatus(patched, 409).code, 'duplicate_slug');
  expectStatus(await shared().staff.post('/api/v1/products/', { name: 'Bad slug', slug: 'Not A Slug' }), 400);
  // Renaming keeps the slug (URLs do not move by accident).
  const renamed = expectStatus(await shared().staff.patch(`/api/v1/products/${a.id}/`, { name: 'Renamed mug' }), 200);
  assert.equal(renamed.slug, 'creme-brulee-mug');
});

test('bad product input is refused with every bad field named, and nothing is written', async () => {
  const before = await shared().store.kernel.knex('products').count({ n: '*' }).first();
  const res = await shared().staff.post('/api/v1/products/', {
    name: 'Bad one',
    category_id: 999999,
    price: '12.345',
    compare_at_price: '1.999',
  });
  const body = expectStatus(res, 400);
  assert.equal(body.code, 'invalid');
  assert.deepEqual(Object.keys(body.errors).sort(), ['category_id', 'compare_at_price', 'price']);
  assert.match(body.errors.price[0], /at most 2 decimals/);
  const malformed = expectStatus(await shared().staff.post('/api/v1/products/', { name: 'x', compare_at_price: 'abc' }), 400);
  assert.deepEqual(Object.keys(malformed.errors), ['compare_at_price']);
  const negative = expectStatus(await shared().staff.post('/api/v1/products/', { name: 'Negative', price: '-1.00' }), 400);
  assert.match(negative.errors.price[0], /negative/);
  const long = expectStatus(await shared().staff.post('/api/v1/products/', { name: 'x'.repeat(201) }), 400);
  assert.ok(long.errors.name);
  const blank = expectStatus(await shared().staff.post('/api/v1/products/', { name: '   ' }), 400);
  assert.ok(blank.errors.name);
  const unknown = expectStatus(await shared().staff.post('/api/v1/products/', { name: 'x', colour: 'red' }), 400);
  assert.ok(unknown.errors.colour);
  const image = expectStatus(await shared().staff.post('/api/v1/products/', { name: 'x', images: [{ url: 'http://example.com/a.png' }] }), 400);
  assert.ok(image.errors['images.0.url']);
  const status = expectStatus(await shared().staff.post('/api/v1/products/', { name: 'x', status: 'published' }), 400);
  assert.ok(status.errors.status);
  const options = expectStatus(await shared().staff.post('/api/v1/products/', { name: 'x', options: [{ name: 'Size', values: ['S', 's'] }, { name: 'size', values: ['M'] }] }), 400);
  assert.deepEqual(Object.keys(options.errors).sort(), ['options.0.values.1', 'options.1.name']);
  const after = await shared().store.kernel.knex('products').count({ n: '*' }).first();
  assert.deepEqual(after, before);
});

test('category_id accepts a number or a digit string; an unknown one is a 400 naming category_id', async () => {
  const cat = expectStatus(await shared().staff.post('/api/v1/categories/', { name: 'Mugs' }), 201);
  const a = await createProduct(shared().staff, { name: 'Mug A', category_id: cat.id });
  const b = await createProduct(shared().staff, { name: 'Mug B', category_id: String(cat.id) });
  assert.equal(a.category_id, cat.id);
  assert.equal(b.category_id, cat.id);
  const bad = expectStatus(await shared().staff.patch(`/api/v1/products/${a.id}/`, { category_id: '424242' }), 400);
  assert.deepEqual(Object.keys(bad.errors), ['category_id']);
  const cleared = expectStatus(await shared().staff.patch(`/api/v1/products/${a.id}/`, { category_id: null }), 200);
  assert.equal(cleared.category_id, null);
});

test('only staff write products: anonymous 401, customers 403', async () => {
  expectStatus(await shared().anon.post('/api/v1/products/', { name: 'Nope' }), 401);
  const customer = new SessionClient(shared().store);
  expectStatus(await customer.register({ email: `c-${Date.now()}@example.com`, password: 'customer-password' }), 201);
  const res = await customer.request({ method: 'POST', url: '/api/v1/products/', payload: { name: 'Nope' } });
  expectStatus(res, 403);
  const draft = await createProduct(shared().staff, { name: 'Customer cannot see me' });
  expectStatus(await customer.request({ method: 'GET', url: `/api/v1/products/${draft.id}/` }), 404);
});

test('visibility: drafts and archived products are absent anonymously, visible to staff, who filter by status', async (t) => {
  const store = await catalogStore(t);
  const draft = await createProduct(store.staff, { name: 'Draft thing' });
  const active = await createProduct(store.staff, { name: 'Active thing', status: 'active' });
  const archived = await createProduct(store.staff, { name: 'Archived thing', status: 'archived' });
  const anonList = expectStatus(await store.anon.get('/api/v1/products/'), 200);
  assert.deepEqual(anonList.results.map((p: any) => p.id), [active.id]);
  expectStatus(await store.anon.get(`/api/v1/products/${draft.id}/`), 404);
  expectStatus(await store.anon.get(`/api/v1/products/${archived.id}/`), 404);
  // Anonymous callers may filter by status within what they can see.
  assert.equal(expectStatus(await store.anon.get('/api/v1/products/?status=draft'), 200).count, 0);
  assert.equal(expectStatus(await store.anon.get('/api/v1/products/?status=active'), 200).count, 1);

  const staffList = expectStatus(await store.staff.get('/api/v1/products/'), 200);
  assert.equal(staffList.count, 3);
  assert.deepEqual(expectStatus(await store.staff.get('/api/v1/products/?status=draft'), 200).results.map((p: any) => p.id), [draft.id]);
  assert.deepEqual(expectStatus(await store.staff.get('/api/v1/products/?status=archived'), 200).results.map((p: any) => p.id), [archived.id]);
  expectStatus(await store.staff.get('/api/v1/products/?status=gone'), 400);
  expectStatus(await store.staff.get(`/api/v1/products/${draft.id}/`), 200);
  // Variants of a draft are hidden from anonymous callers too.
  const v = await addVariant(store.staff, draft.id, { sku: 'DRAFT-1', price: '1.00' });
  expectStatus(await store.anon.get(`/api/v1/variants/${v.id}/`), 404);
  assert.equal(expectStatus(await store.anon.get('/api/v1/variants/?sku=DRAFT-1'), 200).count, 0);
  assert.equal(expectStatus(await store.staff.get('/api/v1/variants/?sku=draft-1'), 200).count, 1);
});

test('publishing a draft, and every write, emits its event with the staff view', async () => {
  const p = await createProduct(shared().staff, { name: 'Evented', translations: {} });
  const v = await addVariant(shared().staff, p.id, { sku: sku('EV'), price: '5.00' });
  expectStatus(await shared().staff.patch(`/api/v1/products/${p.id}/`, { status: 'active' }), 200);
  expectStatus(await shared().staff.patch(`/api/v1/variants/${v.id}/`, { price: '6.00' }), 200);
  const createdEvents = (await eventsOf('product.created')).filter((e) => e.data.id === p.id);
  assert.equal(createdEvents.length, 1);
  assert.equal(createdEvents[0].data.status, 'draft');
  assert.deepEqual(createdEvents[0].data.translations, {});
  const updated = (await eventsOf('product.updated')).filter((e) => e.data.id === p.id);
  assert.equal(updated.at(-1).data.status, 'active');
  assert.equal(updated.at(-1).data.variants.length, 1);
  const vCreated = (await eventsOf('variant.created')).filter((e) => e.data.id === v.id);
  assert.deepEqual(vCreated[0].data.price, { amount: '5.00', currency: 'USD' });
  const vUpdated = (await eventsOf('variant.updated')).filter((e) => e.data.id === v.id);
  assert.deepEqual(vUpdated[0].data.price, { amount: '6.00', currency: 'USD' });
});

test('deleting a product deletes its variants and search documents, with an event for each', async () => {
  const p = await createProduct(shared().staff, {
    name: 'Doomed',
    options: [{ name: 'Size', values: ['S', 'M'] }],
    variants: [
      { sku: sku('DOOM'), options: { Size: 'S' }, price: '1.00' },
      { sku: sku('DOOM'), options: { Size: 'M' }, price: '2.00' },
    ],
  });
  assert.equal(p.variants.length, 2);
  const created = (await eventsOf('product.created')).find((e) => e.data.id === p.id)!;
  const variantCreated = (await eventsOf('variant.created')).filter((e) => e.data.product_id === p.id);
  assert.equal(variantCreated.length, 2);
  assert.ok(variantCreated.every((e) => e.id > created.id), 'product.created comes before its variants\' events');

  expectStatus(await shared().staff.delete(`/api/v1/products/${p.id}/`), 204);
  expectStatus(await shared().staff.get(`/api/v1/products/${p.id}/`), 404);
  const knex = shared().store.kernel.knex;
  assert.equal((await knex('variants').where({ product_id: p.id })).length, 0);
  assert.equal((await knex('product_search').where({ ref_id: p.id })).length, 0);
  const deleted = (await eventsOf('product.deleted')).filter((e) => e.data.id === p.id);
  assert.equal(deleted.length, 1);
  assert.equal(deleted[0].data.variants.length, 2);
  assert.equal((await eventsOf('variant.deleted')).filter((e) => e.data.product_id === p.id).length, 2);
  expectStatus(await shared().staff.delete(`/api/v1/products/${p.id}/`), 404);
});

test('PUT replaces the writable fields (left-out ones take their defaults, the slug stays)', async () => {
  const p = await createProduct(shared().staff, {
    name: 'Full',
    description: 'Long text',
    status: 'active',
    images: [{ url: 'https://cdn.example.com/a.png', alt: 'A' }],
    price: '9.00',
    compare_at_price: '12.00',
  });
  assert.deepEqual(p.images, [{ url: 'https://cdn.example.com/a.png', alt: 'A' }]);
  assert.deepEqual(p.compare_at_price, { amount: '12.00', currency: 'USD' });
  const put = expectStatus(await shared().staff.put(`/api/v1/products/${p.id}/`, { name: 'Replaced' }), 200);
  assert.equal(put.name, 'Replaced');
  assert.equal(put.description, '');
  assert.equal(put.status, 'draft');
  assert.deepEqual(put.images, []);
  assert.equal(put.price, null);
  assert.equal(put.compare_at_price, null);
  assert.equal(put.slug, p.slug);
  expectStatus(await shared().staff.put(`/api/v1/products/${p.id}/`, { description: 'no name' }), 400);
});

test('an explicit price wins over the lowest variant price; unsetting it falls back again', async () => {
  const p = await createProduct(shared().staff, { name: 'Priced', status: 'active' });
  await addVariant(shared().staff, p.id, { sku: sku('PR'), price: '30.00' });
  const withVariant = expectStatus(await shared().staff.get(`/api/v1/products/${p.id}/`), 200);
  assert.deepEqual(withVariant.price, { amount: '30.00', currency: 'USD' });
  const explicit = expectStatus(await shared().staff.patch(`/api/v1/products/${p.id}/`, { price: '25.00' }), 200);
  assert.deepEqual(explicit.price, { amount: '25.00', currency: 'USD' });
  const unset = expectStatus(await shared().staff.patch(`/api/v1/products/${p.id}/`, { price: null }), 200);
  assert.deepEqual(unset.price, { amount: '30.00', currency: 'USD' });
});

test('unknown product ids are 404, malformed ones 400, and PATCH needs a field', async () => {
  expectStatus(await shared().anon.get('/api/v1/products/99999999/'), 404);
  expectStatus(await shared().anon.get('/api/v1/products/abc/'), 400);
  expectStatus(await shared().staff.patch('/api/v1/products/99999999/', { name: 'x' }), 404);
  const p = await createProduct(shared().staff, { name: 'Needs a field' });
  expectStatus(await shared().staff.patch(`/api/v1/products/${p.id}/`, {}), 400);
});
