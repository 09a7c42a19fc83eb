import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../../kernel/clock.ts';
import { FACET_PRODUCTS } from '../services/product-facets.ts';
import { createProduct, expectStatus, sharedCatalogStore } from './helpers.ts';

// GET /api/v1/products/facets/: the options on offer among the products the list shows.

const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));
const shared = sharedCatalogStore({ clock });
const MINUTE = 60_000;

const facets = async (query: string, client = shared().anon) => expectStatus(await client.get(`/api/v1/products/facets/?${query}`), 200);

let apparel: any;

test('setup: a category tree and products with options, one a draft, created a minute apart', async () => {
  const { staff } = shared();
  apparel = expectStatus(await staff.post('/api/v1/categories/', { name: 'Apparel', slug: 'apparel' }), 201);
  const shoes = expectStatus(await staff.post('/api/v1/categories/', { name: 'Shoes', slug: 'shoes', parent_id: apparel.id }), 201);
  const mugs = expectStatus(await staff.post('/api/v1/categories/', { name: 'Mugs', slug: 'mugs' }), 201);
  const make = async (body: Record<string, unknown>) => {
    await createProduct(staff, { status: 'active', ...body });
    clock.advance(MINUTE);
  };
  await make({
    name: 'Trail runner',
    category_id: shoes.id,
    options: [{ name: 'Size', values: ['S', 'M'] }, { name: 'Colour', values: ['Red'] }],
    variants: [
      { sku: 'FAC-TR-S', price: '10.00', options: { Size: 'S', Colour: 'Red' } },
      { sku: 'FAC-TR-M', price: '10.00', options: { Size: 'M', Colour: 'Red' } },
    ],
  });
  await make({
    name: 'Rain jacket',
    category_id: apparel.id,
    options: [{ name: 'Size', values: ['M', 'L'] }],
    variants: [
      { sku: 'FAC-RJ-M', price: '30.00', options: { Size: 'M' } },
      { sku: 'FAC-RJ-L', price: '30.00', options: { Size: 'L' } },
    ],
  });
  await make({ name: 'Leather boot', status: 'draft', category_id: shoes.id, options: [{ name: 'Material', values: ['Leather'] }] });
  await make({ name: 'Enamel mug', category_id: mugs.id, options: [{ name: 'Volume', values: ['300 ml'] }], variants: [{ sku: 'FAC-MUG', price: '8.00', options: { Volume: '300 ml' } }] });
  await make({ name: 'Gift card holder', category_id: mugs.id });
});

test("a category's options with its subcategories', values in the order first met, newest product first", async () => {
  const body = await facets('category=apparel');
  assert.deepEqual(body, {
    options: [
      { name: 'Size', values: ['M', 'L', 'S'] },
      { name: 'Colour', values: ['Red'] },
    ],
    truncated: false,
  });
  assert.deepEqual(await facets(`category=${apparel.id}`), body, 'by id as by slug');
  assert.deepEqual((await facets('category=mugs')).options, [{ name: 'Volume', values: ['300 ml'] }], 'a product without options adds none');
});

test('anonymous callers and customers see the options of active products only; staff see every status', async () => {
  assert.deepEqual((await facets('category=shoes')).options.map((o: any) => o.name), ['Size', 'Colour']);
  assert.deepEqual((await facets('category=shoes', shared().staff)).options, [
    { name: 'Material', values: ['Leather'] },
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Colour', values: ['Red'] },
  ]);
  assert.deepEqual(await facets('status=draft'), { options: [], truncated: false }, 'a status outside what anonymous callers see is empty, not an error');
  assert.deepEqual((await facets('status=draft', shared().staff)).options, [{ name: 'Material', values: ['Leather'] }]);
});

test("the list's filters narrow the products read: option, price bounds, search", async () => {
  assert.deepEqual((await facets('option=Size:L')).options, [{ name: 'Size', values: ['M', 'L'] }]);
  assert.deepEqual((await facets('price__gte=20.00')).options, [{ name: 'Size', values: ['M', 'L'] }]);
  assert.deepEqual((await facets('price__lte=9.00')).options, [{ name: 'Volume', values: ['300 ml'] }]);
  assert.deepEqual((await facets('search=enamel')).options, [{ name: 'Volume', values: ['300 ml'] }]);
  assert.deepEqual((await facets('search=runner&category=apparel')).options.map((o: any) => o.name), ['Size', 'Colour']);
  assert.deepEqual(await facets('search=nothingmatches'), { options: [], truncated: false });
});

test('refusals: an unknown category, a bad price bound, a bad option pair; each a 400 naming the parameter', async () => {
  const unknown = expectStatus(await shared().anon.get('/api/v1/products/facets/?category=no-such-category'), 400);
  assert.deepEqual(Object.keys(unknown.errors), ['category']);
  const both = expectStatus(await shared().anon.get('/api/v1/products/facets/?category=no-such-category&price__gte=abc'), 400);
  assert.deepEqual(Object.keys(both.errors).sort(), ['category', 'price__gte']);
  const option = expectStatus(await shared().anon.get('/api/v1/products/facets/?option=nocolon'), 400);
  assert.ok(option.errors.option, JSON.stringify(option));
  const status = expectStatus(await shared().anon.get('/api/v1/products/facets/?status=sold'), 400);
  assert.ok(status.errors.status, JSON.stringify(status));
});

test(`more than ${FACET_PRODUCTS} matching products: the newest are read and truncated says so`, async () => {
  const { staff } = shared();
  const many = expectStatus(await staff.post('/api/v1/categories/', { name: 'Many', slug: 'many' }), 201);
  await createProduct(staff, { name: 'Oldest of many', status: 'active', category_id: many.id, options: [{ name: 'Finish', values: ['Oldest'] }] });
  clock.advance(MINUTE);
  const record = (i: number) => ({ name: `Many ${i}`, status: 'active', category_id: many.id, options: [{ name: 'Finish', values: ['Common'] }] });
  for (let from = 0; from < FACET_PRODUCTS; from += 100) {
    expectStatus(await staff.post('/api/v1/products/bulk/', { products: Array.from({ length: 100 }, (_, i) => record(from + i)) }), 200);
  }
  assert.deepEqual(await facets('category=many'), { options: [{ name: 'Finish', values: ['Common'] }], truncated: true });
  // One fewer matching product: every one is read.
  const newest = expectStatus(await staff.get('/api/v1/products/?category=many&page_size=1'), 200).results[0];
  expectStatus(await staff.patch(`/api/v1/products/${newest.id}/`, { status: 'draft' }), 200);
  assert.deepEqual(await facets('category=many'), { options: [{ name: 'Finish', values: ['Common', 'Oldest'] }], truncated: false });
});
