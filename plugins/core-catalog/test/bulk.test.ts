import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createProduct, expectStatus, sharedCatalogStore } from './helpers.ts';

const shared = sharedCatalogStore();
const count = async (table: string, where: Record<string, unknown> = {}) =>
  Number(((await shared().store.kernel.knex(table).where(where).count({ n: '*' }).first()) as any).n);

const record = (i: number, prefix: string) => ({
  name: `${prefix} product ${i}`,
  status: 'active',
  options: [{ name: 'Size', values: ['S', 'M'] }],
  variants: [
    { sku: `${prefix}-${i}-S`, options: { Size: 'S' }, price: '10.00' },
    { sku: `${prefix}-${i}-M`, options: { Size: 'M' }, price: '12.00' },
  ],
});

test('bulk creates 100 products with their variants in one call', async () => {
  const products = Array.from({ length: 100 }, (_, i) => record(i, 'BULK'));
  const res = await shared().staff.post('/api/v1/products/bulk/', { products });
  const body = expectStatus(res, 200);
  assert.equal(body.products.length, 100);
  assert.equal(body.products[99].name, 'BULK product 99');
  assert.deepEqual(body.products[0].variants.map((v: any) => v.sku), ['BULK-0-S', 'BULK-0-M']);
  assert.deepEqual(body.products[0].price, { amount: '10.00', currency: 'USD' });
  assert.equal(await count('products'), 100);
  assert.equal(await count('variants'), 200);
  assert.equal(await count('events', { type: 'product.created' }), 100);
  const found = expectStatus(await shared().anon.get('/api/v1/products/?search=BULK-57-M'), 200);
  assert.deepEqual(found.results.map((p: any) => p.name), ['BULK product 57']);
});

test('more than 100 records is a 400 and writes nothing', async () => {
  const products = Array.from({ length: 101 }, (_, i) => record(i, 'OVER'));
  const body = expectStatus(await shared().staff.post('/api/v1/products/bulk/', { products }), 400);
  assert.ok(body.errors.products);
  expectStatus(await shared().staff.post('/api/v1/products/bulk/', { products: [] }), 400);
  assert.equal(await count('products'), 100);
});

test('bad records are all named by index and nothing at all is written', async () => {
  const productsBefore = await count('products');
  const eventsBefore = await count('events');
  const products = Array.from({ length: 10 }, (_, i) => record(i, 'BAD'));
  products[3]!.variants[0]!.price = '12.345';
  (products[7] as any).category_id = 424242;
  products[8]!.variants[1]!.options = { Size: 'XL' };
  const body = expectStatus(await shared().staff.post('/api/v1/products/bulk/', { products }), 400);
  assert.deepEqual(Object.keys(body.errors).sort(), ['products.3.variants.0.price', 'products.7.category_id', 'products.8.variants.1.options.Size']);
  assert.equal(await count('products'), productsBefore);
  assert.equal(await count('events'), eventsBefore);
  assert.equal(await count('variants', { sku: 'BAD-0-S' }), 0);
  const schemaBad = expectStatus(await shared().staff.post('/api/v1/products/bulk/', { products: [{ name: 'ok' }, { name: 'x'.repeat(300) }, { name: 'y', colour: 1 }] }), 400);
  assert.deepEqual(Object.keys(schemaBad.errors).sort(), ['products.1.name', 'products.2.colour']);
});

test('a SKU repeated across records is a 409 naming the later one; a taken slug names its record', async () => {
  const products = [record(0, 'DUP'), record(1, 'DUP')];
  products[1]!.variants[0]!.sku = 'DUP-0-S';
  const dup = expectStatus(await shared().staff.post('/api/v1/products/bulk/', { products }), 409);
  assert.equal(dup.code, 'duplicate_sku');
  assert.deepEqual(Object.keys(dup.errors), ['products.1.variants.0.sku']);
  const slug = expectStatus(await shared().staff.post('/api/v1/products/bulk/', { products: [{ name: 'A', slug: 'bulk-product-1' }] }), 409);
  assert.deepEqual(Object.keys(slug.errors), ['products.0.slug']);
  assert.equal(await count('variants', { sku: 'DUP-1-M' }), 0);
});

test('records with an id update that product; variants are matched by SKU, others are added or kept', async () => {
  const existing = await createProduct(shared().staff, { ...record(0, 'UPD'), status: 'draft' });
  const res = await shared().staff.post('/api/v1/products/bulk/', {
    products: [
      {
        id: String(existing.id),
        status: 'active',
        variants: [
          { sku: 'upd-0-s', options: { Size: 'S' }, price: '11.00', track_inventory: false },
          { sku: 'UPD-0-NEW', options: { Size: 'M' }, price: '1.00' },
        ],
      },
    ],
  });
  // The new variant takes Size M, which UPD-0-M already has.
  const conflict = expectStatus(res, 409);
  assert.deepEqual(Object.keys(conflict.errors), ['products.0.variants.1.options']);

  const ok = expectStatus(
    await shared().staff.post('/api/v1/products/bulk/', {
      products: [
        { id: existing.id, status: 'active', options: [{ name: 'Size', values: ['S', 'M', 'L'] }], variants: [{ sku: 'UPD-0-S', options: { Size: 'S' }, price: '11.00', track_inventory: false }, { sku: 'UPD-0-L', options: { Size: 'L' }, price: '14.00' }] },
        { name: 'Brand new', variants: [{ sku: 'UPD-NEW-1', price: '3.00' }] },
      ],
    }),
    200,
  );
  const [updated, created] = ok.products;
  assert.equal(updated.id, existing.id);
  assert.equal(updated.status, 'active');
  assert.deepEqual(updated.variants.map((v: any) => [v.sku, v.price.amount, v.track_inventory]), [
    ['UPD-0-S', '11.00', false],
    ['UPD-0-M', '12.00', true],
    ['UPD-0-L', '14.00', true],
  ]);
  assert.equal(created.name, 'Brand new');
  assert.equal(created.status, 'draft');
});

test('bulk refusals name unknown ids and records without a name', async () => {
  const body = expectStatus(await shared().staff.post('/api/v1/products/bulk/', { products: [{ id: 99999999, name: 'x' }, { id: 99999998 }] }), 400);
  assert.deepEqual(Object.keys(body.errors).sort(), ['products.0.id', 'products.1.id']);
  // A record without id creates a product, so the schema requires its name.
  const nameless = expectStatus(await shared().staff.post('/api/v1/products/bulk/', { products: [{ name: 'x' }, { description: 'no name' }] }), 400);
  assert.deepEqual(Object.keys(nameless.errors), ['products.1.name']);
  expectStatus(await shared().anon.post('/api/v1/products/bulk/', { products: [{ name: 'x' }] }), 401);
});
