import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addVariant, createProduct, expectStatus, sharedCatalogStore } from './helpers.ts';

const shared = sharedCatalogStore();

async function shirt(name: string) {
  return createProduct(shared().staff, {
    name,
    status: 'active',
    options: [
      { name: 'Size', values: ['S', 'M', 'L'] },
      { name: 'Color', values: ['Red', 'Blue'] },
    ],
  });
}

test('variant options must be exactly the product\'s options with allowed values; each bad option is named', async () => {
  const p = await shirt('Options shirt');
  const url = `/api/v1/products/${p.id}/variants/`;
  const badValue = expectStatus(await shared().staff.post(url, { options: { Size: 'XXL', Color: 'Red' }, sku: 'OPT-1', price: '10.00' }), 400);
  assert.deepEqual(Object.keys(badValue.errors), ['options.Size']);
  assert.match(badValue.errors['options.Size'][0], /"XXL" is not a value of option "Size"/);
  const badName = expectStatus(await shared().staff.post(url, { options: { Size: 'M', Color: 'Red', Fit: 'Slim' }, sku: 'OPT-2', price: '10.00' }), 400);
  assert.deepEqual(Object.keys(badName.errors), ['options.Fit']);
  const missing = expectStatus(await shared().staff.post(url, { options: { Size: 'M' }, sku: 'OPT-3', price: '10.00' }), 400);
  assert.deepEqual(Object.keys(missing.errors), ['options.Color']);
  const several = expectStatus(await shared().staff.post(url, { options: { Size: 'XS', Colour: 'Red' }, sku: 'OPT-4', price: '1.234' }), 400);
  assert.deepEqual(Object.keys(several.errors).sort(), ['options.Color', 'options.Colour', 'options.Size', 'price']);
  const noSku = expectStatus(await shared().staff.post(url, { options: { Size: 'M', Color: 'Red' }, price: '10.00' }), 400);
  assert.ok(noSku.errors.sku);
  assert.equal((await shared().store.kernel.knex('variants').where({ product_id: p.id })).length, 0);
  expectStatus(await shared().staff.post('/api/v1/products/99999999/variants/', { sku: 'OPT-5', price: '1.00' }), 404);
});

test('an option combination appears once per product; a SKU once per store, case-insensitively', async () => {
  const p = await shirt('Unique shirt');
  const q = await shirt('Other shirt');
  const first = await addVariant(shared().staff, p.id, { options: { Size: 'M', Color: 'Red' }, sku: 'UNIQ-M-RED', price: '10.00' });
  const sameCombo = expectStatus(await shared().staff.post(`/api/v1/products/${p.id}/variants/`, { options: { Color: 'Red', Size: 'M' }, sku: 'UNIQ-OTHER', price: '10.00' }), 409);
  assert.equal(sameCombo.code, 'duplicate_variant');
  const sameSku = expectStatus(await shared().staff.post(`/api/v1/products/${q.id}/variants/`, { options: { Size: 'M', Color: 'Red' }, sku: 'uniq-m-red', price: '10.00' }), 409);
  assert.equal(sameSku.code, 'duplicate_sku');
  assert.ok(sameSku.errors.sku);
  // The same combination on another product is fine.
  await addVariant(shared().staff, q.id, { options: { Size: 'M', Color: 'Red' }, sku: 'UNIQ-Q-M-RED', price: '10.00' });
  // Changing a variant into an existing combination or SKU is refused too.
  const second = await addVariant(shared().staff, p.id, { options: { Size: 'L', Color: 'Red' }, sku: 'UNIQ-L-RED', price: '10.00' });
  assert.equal(expectStatus(await shared().staff.patch(`/api/v1/variants/${second.id}/`, { options: { Size: 'M', Color: 'Red' } }), 409).code, 'duplicate_variant');
  assert.equal(expectStatus(await shared().staff.patch(`/api/v1/variants/${second.id}/`, { sku: 'UNIQ-Q-M-RED' }), 409).code, 'duplicate_sku');
  // Re-saving its own SKU is not a clash.
  expectStatus(await shared().staff.patch(`/api/v1/variants/${first.id}/`, { sku: 'UNIQ-M-RED', price: '11.00' }), 200);
});

test('removing an option value or option that a variant uses is a 409 naming it; unused ones may go', async () => {
  const p = await shirt('Shrinking shirt');
  await addVariant(shared().staff, p.id, { options: { Size: 'M', Color: 'Red' }, sku: 'SHRINK-M', price: '10.00' });
  const url = `/api/v1/products/${p.id}/`;
  const usedValue = expectStatus(await shared().staff.patch(url, { options: [{ name: 'Size', values: ['S', 'L'] }, { name: 'Color', values: ['Red', 'Blue'] }] }), 409);
  assert.equal(usedValue.code, 'option_in_use');
  assert.match(usedValue.errors.options[0], /"M" of option "Size" is used by variant SHRINK-M/);
  const usedOption = expectStatus(await shared().staff.patch(url, { options: [{ name: 'Size', values: ['S', 'M', 'L'] }] }), 409);
  assert.match(usedOption.detail, /"Color" is used by variant SHRINK-M/);
  const added = expectStatus(await shared().staff.patch(url, { options: [...p.options, { name: 'Fit', values: ['Slim'] }] }), 409);
  assert.match(added.detail, /"Fit" cannot be added/);
  const ok = expectStatus(await shared().staff.patch(url, { options: [{ name: 'Size', values: ['M', 'L', 'XL'] }, { name: 'Color', values: ['Red'] }] }), 200);
  assert.deepEqual(ok.options, [{ name: 'Size', values: ['M', 'L', 'XL'] }, { name: 'Color', values: ['Red'] }]);
});

test('variant ids work as numbers and digit strings; a variant is changed and deleted by id', async () => {
  const p = await shirt('Id shirt');
  const v = await addVariant(shared().staff, p.id, { options: { Size: 'S', Color: 'Blue' }, sku: 'ID-S-BLUE', price: '10.00', compare_at_price: '15.00' });
  assert.deepEqual(v.compare_at_price, { amount: '15.00', currency: 'USD' });
  const patched = expectStatus(await shared().staff.patch(`/api/v1/variants/${String(v.id)}/`, { track_inventory: false, allow_backorder: true, compare_at_price: null }), 200);
  assert.equal(patched.track_inventory, false);
  assert.equal(patched.allow_backorder, true);
  assert.equal(patched.compare_at_price, null);
  const listed = expectStatus(await shared().anon.get(`/api/v1/variants/?product=${p.id}`), 200);
  assert.deepEqual(listed.results.map((x: any) => x.id), [v.id]);
  const listedByString = expectStatus(await shared().anon.get(`/api/v1/variants/?product=${encodeURIComponent(String(p.id))}&sku=id-s-blue`), 200);
  assert.equal(listedByString.count, 1);
  expectStatus(await shared().anon.get('/api/v1/variants/?product=abc'), 400);
  expectStatus(await shared().staff.delete(`/api/v1/variants/${v.id}/`), 204);
  expectStatus(await shared().staff.get(`/api/v1/variants/${v.id}/`), 404);
  const product = expectStatus(await shared().staff.get(`/api/v1/products/${p.id}/`), 200);
  assert.deepEqual(product.variants, []);
  assert.equal(product.price, null);
});

test('a product without options takes one variant with no options', async () => {
  const p = await createProduct(shared().staff, { name: 'Plain poster', status: 'active' });
  const v = await addVariant(shared().staff, p.id, { sku: 'POSTER-1', price: '4.50' });
  assert.deepEqual(v.options, {});
  const again = expectStatus(await shared().staff.post(`/api/v1/products/${p.id}/variants/`, { sku: 'POSTER-2', price: '4.50', options: {} }), 409);
  assert.equal(again.code, 'duplicate_variant');
  const withOption = expectStatus(await shared().staff.post(`/api/v1/products/${p.id}/variants/`, { sku: 'POSTER-3', price: '4.50', options: { Size: 'A3' } }), 400);
  assert.match(withOption.errors['options.Size'][0], /no options/);
});

test('variant writes are for staff; bad money is refused', async () => {
  const p = await shirt('Money shirt');
  expectStatus(await shared().anon.post(`/api/v1/products/${p.id}/variants/`, { sku: 'ANON', price: '1.00' }), 401);
  for (const price of ['12.345', 'abc', '-1.00', '1e3', '']) {
    const body = expectStatus(await shared().staff.post(`/api/v1/products/${p.id}/variants/`, { options: { Size: 'S', Color: 'Red' }, sku: `MONEY-${price}`, price }), 400);
    assert.ok(body.errors.price, `price ${JSON.stringify(price)} is named`);
  }
  const numeric = expectStatus(await shared().staff.post(`/api/v1/products/${p.id}/variants/`, { options: { Size: 'S', Color: 'Red' }, sku: 'MONEY-NUM', price: 12.5 }), 400);
  assert.ok(numeric.errors.price, 'a JSON number is not a decimal string');
});
