import assert from 'node:assert/strict';
import { test } from 'node:test';
import { amount, cartWith, expectStatus, makeVariant, sharedShop } from './helpers.ts';

const shop = sharedShop();

test('every money input is at most 999,999,999.99 (10^11 - 1 minor units): a 400 naming the field', async () => {
  const { staff } = shop();
  const product = expectStatus(await staff.post('/api/v1/products/', { name: 'Bounded', status: 'active' }), 201);
  const huge = expectStatus(await staff.post(`/api/v1/products/${product.id}/variants/`, { sku: `HUGE-${process.pid}`, price: '9999999999999.99' }), 400);
  assert.deepEqual(Object.keys(huge.errors), ['price']);
  assert.match(huge.errors.price[0], /over the maximum of 999999999\.99 USD/);
  const justOver = expectStatus(await staff.post(`/api/v1/products/${product.id}/variants/`, { sku: `OVER-${process.pid}`, price: '1000000000.00' }), 400);
  assert.deepEqual(Object.keys(justOver.errors), ['price']);
  expectStatus(await staff.patch(`/api/v1/products/${product.id}/`, { compare_at_price: '1000000000' }), 400);
  const voucher = expectStatus(await staff.post('/api/v1/vouchers/', { code: 'HUGE', discount_type: 'fixed', value: '1000000000.00', currency: 'USD', min_subtotal: '1000000000' }), 400);
  assert.deepEqual(Object.keys(voucher.errors).sort(), ['min_subtotal', 'value']);
  const method = expectStatus(await staff.post('/api/v1/shipping-methods/', { name: 'Gold', price: '1000000000.00' }), 400);
  assert.deepEqual(Object.keys(method.errors), ['price']);
  // The maximum itself is taken.
  expectStatus(await staff.post(`/api/v1/products/${product.id}/variants/`, { sku: `MAX-${process.pid}`, price: '999999999.99' }), 201);
});

test('the largest price times the largest line quantity is exact in a cart', async () => {
  const v = await makeVariant(shop(), { price: '999999999.99', stock: null });
  const cart = await cartWith(shop().anon, [[v.id, 999]]);
  assert.equal(amount(cart.items[0].total), '998999999990.01');
  assert.equal(amount(cart.subtotal), '998999999990.01');
});

test('arithmetic beyond the exact range is a 400 amount_out_of_range, never a 500, and changes nothing', async () => {
  const v = await makeVariant(shop(), { price: '10.00', stock: null });
  // A price stored before the bound existed (9,999,999,999,999.99), as an old database may hold.
  await shop().knex('variants').where('id', v.id).update({ price: 999_999_999_999_999 });
  const cart = expectStatus(await shop().anon.post('/api/v1/cart/', undefined), 201);
  const res = await shop().anon.post(`/api/v1/cart/${cart.id}/items/`, { variant_id: v.id, quantity: 900 });
  assert.equal(res.statusCode, 400, res.body);
  assert.equal(res.json().code, 'amount_out_of_range');
  assert.deepEqual(Object.keys(res.json()).sort(), ['code', 'detail']);
  assert.equal(await shop().knex('cart_items').where('cart_id', cart.id).count({ n: '*' }).then((r: any) => Number(r[0].n)), 0, 'rolled back');
});
