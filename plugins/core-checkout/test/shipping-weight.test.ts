import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ShippingContext, ShippingRate } from '../contracts.ts';
import { cartWith, expectStatus, openCheckout, setStock, sharedShop } from './helpers.ts';

const shop = sharedShop();

const box = { length: 300, width: 200, height: 100 };

test('variant weight and dimensions round-trip through create, patch, product create and bulk sync', async () => {
  const { staff } = shop();
  const product = expectStatus(await staff.post('/api/v1/products/', { name: 'Weighed', status: 'active', options: [{ name: 'Size', values: ['S', 'M', 'L'] }], variants: [{ sku: 'W-NESTED', price: '5.00', options: { Size: 'S' }, weight: 250, dimensions: box }] }), 201);
  assert.equal(product.variants[0].weight, 250);
  assert.deepEqual(product.variants[0].dimensions, box);
  const plain = expectStatus(await staff.post(`/api/v1/products/${product.id}/variants/`, { sku: 'W-PLAIN', price: '5.00', options: { Size: 'M' } }), 201);
  assert.equal(plain.weight, null);
  assert.equal(plain.dimensions, null);
  const patched = expectStatus(await staff.patch(`/api/v1/variants/${plain.id}/`, { weight: 1200, dimensions: { length: 10, width: 20, height: 30 } }), 200);
  assert.equal(patched.weight, 1200);
  assert.deepEqual(patched.dimensions, { length: 10, width: 20, height: 30 });
  const cleared = expectStatus(await staff.patch(`/api/v1/variants/${plain.id}/`, { weight: null, dimensions: null }), 200);
  assert.equal(cleared.weight, null);
  assert.equal(cleared.dimensions, null);
  const bulk = expectStatus(await staff.post('/api/v1/products/bulk/', { products: [{ id: product.id, variants: [{ sku: 'W-NESTED', price: '5.00', options: { Size: 'S' }, weight: 300 }, { sku: 'W-BULK', price: '6.00', options: { Size: 'L' }, weight: 40, dimensions: { length: 1, width: 2, height: 3 } }] }] }), 200);
  assert.ok(bulk);
  const read = expectStatus(await staff.get(`/api/v1/products/${product.id}/`), 200);
  const bySku = Object.fromEntries(read.variants.map((v: any) => [v.sku, v]));
  assert.equal(bySku['W-NESTED'].weight, 300);
  assert.deepEqual(bySku['W-NESTED'].dimensions, box);
  assert.equal(bySku['W-BULK'].weight, 40);
  assert.deepEqual(bySku['W-BULK'].dimensions, { length: 1, width: 2, height: 3 });
  // Whole grams and millimetres, within bounds; a package size names all three sides.
  const bad = expectStatus(await staff.patch(`/api/v1/variants/${plain.id}/`, { weight: -1, dimensions: { length: 10, width: 0 } }), 400);
  assert.ok(Object.keys(bad.errors).some((k) => k.startsWith('weight')), JSON.stringify(bad.errors));
  assert.ok(Object.keys(bad.errors).some((k) => k.startsWith('dimensions')), JSON.stringify(bad.errors));
  expectStatus(await staff.patch(`/api/v1/variants/${plain.id}/`, { weight: 1.5 }), 400);
  assert.equal(expectStatus(await staff.get(`/api/v1/variants/${plain.id}/`), 200).weight, null);
});

test('shipping rate taps see each line\'s weight and dimensions and the total weight', async () => {
  const { staff, anon, store } = shop();
  const product = expectStatus(await staff.post('/api/v1/products/', { name: 'Parcel', status: 'active', options: [{ name: 'Size', values: ['S', 'L'] }], variants: [
    { sku: 'P-S', price: '5.00', options: { Size: 'S' }, weight: 250, dimensions: box },
    { sku: 'P-L', price: '9.00', options: { Size: 'L' }, weight: 1000 },
  ] }), 201);
  const [small, large] = product.variants;
  await setStock(shop(), small.id, 10);
  await setStock(shop(), large.id, 10);
  const seen: ShippingContext[] = [];
  store.kernel.hooks.get('checkout').collectShippingRates.tapPromise({ name: 'weight-probe' }, async (rates: ShippingRate[], ctx: ShippingContext) => {
    seen.push(ctx);
    return rates;
  });
  const cart = await cartWith(anon, [[small.id, 2], [large.id, 1]]);
  await openCheckout(anon, cart.id);
  const ctx = seen.at(-1)!;
  const lines = Object.fromEntries(ctx.lines.map((l) => [l.sku, l]));
  assert.equal(lines['P-S']!.weight, 250);
  assert.deepEqual(lines['P-S']!.dimensions, box);
  assert.equal(lines['P-L']!.weight, 1000);
  assert.equal(lines['P-L']!.dimensions, null);
  assert.equal(ctx.total_weight, 2 * 250 + 1000);
  // A line of unknown weight makes the total unknown, not a partial sum.
  expectStatus(await staff.patch(`/api/v1/variants/${large.id}/`, { weight: null }), 200);
  const again = await cartWith(anon, [[small.id, 1], [large.id, 1]]);
  await openCheckout(anon, again.id);
  assert.equal(seen.at(-1)!.total_weight, null);
});
