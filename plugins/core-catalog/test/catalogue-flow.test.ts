import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addVariant, catalogStore, createProduct, expectStatus } from './helpers.ts';

test('the SPEC catalogue flow: create with options, add variants, publish, list and fetch anonymously, find a variant by SKU', async (t) => {
  const { staff, anon } = await catalogStore(t);
  const product = await createProduct(staff, {
    name: 'Classic T-Shirt',
    description: 'Soft cotton tee',
    status: 'draft',
    options: [
      { name: 'Size', values: ['S', 'M', 'L'] },
      { name: 'Color', values: ['Red', 'Blue'] },
    ],
  });
  assert.equal(product.status, 'draft');
  assert.equal(product.slug, 'classic-t-shirt');
  assert.equal(product.price, null);
  assert.deepEqual(product.variants, []);
  assert.match(product.created_at, /Z$/);

  const m = await addVariant(staff, product.id, { options: { Size: 'M', Color: 'Red' }, sku: 'TSHIRT-RED-M', price: '19.99' });
  assert.deepEqual(m.options, { Size: 'M', Color: 'Red' });
  assert.deepEqual(m.price, { amount: '19.99', currency: 'USD' });
  assert.equal(m.track_inventory, true);
  assert.equal(m.allow_backorder, false);
  // The product id as a digit string in the path works the same.
  const l = await addVariant(staff, String(product.id), { options: { Size: 'L', Color: 'Blue' }, sku: 'TSHIRT-BLUE-L', price: '21.50' });
  assert.equal(l.product_id, product.id);

  // A draft is invisible to anonymous callers.
  expectStatus(await anon.get(`/api/v1/products/${product.id}/`), 404);
  assert.equal(expectStatus(await anon.get('/api/v1/products/'), 200).count, 0);

  const published = expectStatus(await staff.patch(`/api/v1/products/${product.id}/`, { status: 'active' }), 200);
  assert.equal(published.status, 'active');

  const list = expectStatus(await anon.get('/api/v1/products/'), 200);
  assert.equal(list.count, 1);
  assert.equal(list.next, null);
  assert.equal(list.previous, null);
  const listed = list.results[0];
  assert.equal(listed.id, product.id);
  assert.deepEqual(listed.price, { amount: '19.99', currency: 'USD' }, 'the lowest variant price');
  assert.deepEqual(listed.variants.map((v: any) => v.sku), ['TSHIRT-RED-M', 'TSHIRT-BLUE-L']);
  assert.equal(listed.translations, undefined, 'raw translations are for staff');

  const detail = expectStatus(await anon.get(`/api/v1/products/${product.id}/`), 200);
  assert.equal(detail.name, 'Classic T-Shirt');
  assert.equal(detail.variants.length, 2);

  const found = expectStatus(await anon.get('/api/v1/variants/?sku=TSHIRT-RED-M'), 200);
  assert.equal(found.count, 1);
  assert.equal(found.results[0].id, m.id);
  assert.equal(typeof found.results[0].id, 'number');
  const byId = expectStatus(await anon.get(`/api/v1/variants/${m.id}/`), 200);
  assert.equal(byId.sku, 'TSHIRT-RED-M');
});
