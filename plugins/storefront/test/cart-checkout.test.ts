import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Client, expectStatus } from '../../../test/helpers/client.ts';
import { startTestStore, type TestStore } from '../../../test/helpers/store.ts';
import { authHeader, staffApiKey } from '../../../test/helpers/auth.ts';
import { notice, textOf, Visitor } from './visitor.ts';

let store: TestStore;
let staff: Client;
let variantId: number;

before(async () => {
  // The demo store: stock, shipping methods, test mode.
  store = await startTestStore({ env: { DEMO_DATA: 'true' } });
  staff = new Client(store, authHeader(await staffApiKey(store)));
  const product = expectStatus(await staff.get('/api/v1/products/?slug=stoneware-mug'), 200).results[0];
  variantId = product.variants[0].id;
  expectStatus(await staff.post('/api/v1/vouchers/', { code: 'HALF', discount_type: 'percentage', value: '50' }), 201);
});

after(() => store.close());

async function cartWithMug(quantity = '2'): Promise<Visitor> {
  const v = new Visitor(store);
  const added = await v.post('/cart/add', { variant_id: String(variantId), quantity, return_to: '/cart' });
  assert.equal(added.headers.location, '/cart');
  return v;
}

test('adding to the cart with the form: the cart page shows the line, the count and the total', async () => {
  const v = await cartWithMug();
  const cart = await v.get('/cart');
  assert.equal(cart.statusCode, 200);
  assert.equal(notice(cart.body), 'Added to your cart.');
  assert.equal((cart.body.match(/<tr data-cart-item>/g) ?? []).length, 1);
  assert.equal(textOf(cart.body, 'data-cart-count'), '2');
  assert.equal(textOf(cart.body, 'data-cart-total'), '$32.00');
  assert.equal(notice((await v.get('/cart')).body), undefined, 'a notice shows once');
  // The home page is shared, yet shows this visitor's count.
  assert.equal(textOf((await v.get('/')).body, 'data-cart-count'), '2');
  assert.equal(textOf((await new Visitor(store).get('/')).body, 'data-cart-count'), '0');
});

test("the cart page asks for the visitor's cart once, though the page and its header's count both show it", async () => {
  const v = await cartWithMug('3');
  const carts: string[] = [];
  const listen = (q: { sql: string }) => /\bcart_items\b/.test(q.sql) && /^\s*select/i.test(q.sql) && carts.push(q.sql);
  store.kernel.knex.on('query', listen);
  let page;
  try {
    page = await v.get('/cart');
  } finally {
    store.kernel.knex.off('query', listen);
  }
  assert.equal(page.statusCode, 200);
  assert.equal(textOf(page.body, 'data-cart-count'), '3');
  assert.equal((page.body.match(/<tr data-cart-item>/g) ?? []).length, 1);
  assert.equal(carts.length, 1, `the cart's lines were read ${carts.length} times`);
  // A change in between is seen: the next page reads the cart again and shows the new count.
  const itemId = /name="item_id" value="(\d+)"/.exec(page.body)![1]!;
  await v.post('/cart/update', { item_id: itemId, quantity: '5' });
  assert.equal(textOf((await v.get('/cart')).body, 'data-cart-count'), '5');
});

test('cart forms refuse a wrong token, a bad quantity, an unknown variant, and change nothing', async () => {
  const v = await cartWithMug('1');
  const wrong = await v.post('/cart/add', { variant_id: String(variantId), quantity: '5', csrf_token: 'not-the-token', return_to: '/cart' });
  assert.equal(wrong.statusCode, 303);
  assert.equal(notice((await v.follow(wrong)).body), 'The form expired. Please try again.');
  for (const form of [{ quantity: '0' }, { quantity: 'lots' }, { quantity: '1000' }, { variant_id: '999999' }, { variant_id: 'abc' }]) {
    const res = await v.post('/cart/add', { variant_id: String(variantId), quantity: '1', return_to: '/cart', ...form });
    assert.equal(res.statusCode, 303, JSON.stringify(form));
    assert.match(notice((await v.follow(res)).body) ?? '', /^(Please enter a quantity|Could not add)/, JSON.stringify(form));
  }
  const evil = await v.post('/cart/add', { variant_id: String(variantId), quantity: '1', return_to: '//evil.example/x' });
  assert.equal(evil.headers.location, '/cart', 'no redirect off the store');
  const cart = expectStatus(await store.inject({ url: '/api/v1/cart/', headers: { cookie: `cart_id=${v.cookies.get('cart_id')}` } }), 200);
  assert.equal(cart.items[0].quantity, 2, 'only the two good adds counted');
});

test('quantities change and lines go; vouchers apply, are refused with the reason, and come off', async () => {
  const v = await cartWithMug('1');
  const page = await v.get('/cart');
  const itemId = /name="item_id" value="(\d+)"/.exec(page.body)![1]!;
  await v.post('/cart/update', { item_id: itemId, quantity: '3' });
  assert.equal(textOf((await v.get('/cart')).body, 'data-cart-total'), '$48.00');
  const bad = await v.follow(await v.post('/cart/voucher', { code: 'NOPE' }));
  assert.match(notice(bad.body)!, /The voucher could not be applied\. .*NOPE/);
  const good = await v.follow(await v.post('/cart/voucher', { code: 'HALF' }));
  assert.equal(notice(good.body), 'Voucher applied.');
  assert.equal(textOf(good.body, 'data-cart-total'), '$24.00');
  const removed = await v.follow(await v.post('/cart/voucher', { code: 'HALF', remove: '1' }));
  assert.equal(textOf(removed.body, 'data-cart-total'), '$48.00');
  assert.match(notice((await v.follow(await v.post('/cart/update', { item_id: '999999', quantity: '1' }))).body)!, /no longer in your cart/);
  await v.post('/cart/remove', { item_id: itemId });
  assert.match((await v.get('/cart')).body, /Your cart is empty/);
  assert.equal((await v.get('/checkout')).headers.location, '/cart', 'no checkout of an empty cart');
});

test('checkout in steps ends on the gateway page, and the hosted page in the theme shows the paid order', async () => {
  const v = await cartWithMug('1');
  const contact = await v.get('/checkout');
  assert.equal(contact.statusCode, 200);
  assert.match(contact.body, /<input id="field-email" name="email" type="email"/);
  // The API's refusals come back next to the fields, with what was typed.
  const refused = await v.post('/checkout', { step: 'contact', email: 'not-an-email', first_name: 'Ada', last_name: '', address_line_1: 'Main 1', city: 'Berlin', postal_code: '10115', country: 'DE' });
  assert.equal(refused.statusCode, 400);
  assert.match(refused.body, /id="error-email"/);
  assert.match(refused.body, /id="error-last_name"/);
  assert.match(refused.body, /name="first_name" type="text" value="Ada"/);
  const noToken = await v.post('/checkout', { step: 'contact', email: 'ada@example.com', csrf_token: 'x' });
  assert.equal(noToken.statusCode, 303);
  assert.equal(v.cookies.get('checkout_id'), undefined, 'no checkout without the form token');
  await v.post('/checkout', { step: 'contact', email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', address_line_1: 'Main 1', city: 'Berlin', postal_code: '10115', country: 'DE' });
  const checkoutId = v.cookies.get('checkout_id')!;
  const shipping = await v.get('/checkout');
  const methods = [...shipping.body.matchAll(/name="shipping_method_id" value="([^"]+)"/g)].map((m) => m[1]!);
  assert.ok(methods.length >= 1);
  const badShipping = await v.follow(await v.post('/checkout', { step: 'shipping', shipping_method_id: 'nope' }));
  assert.match(notice(badShipping.body)!, /That shipping method cannot be used/);
  await v.post('/checkout', { step: 'shipping', shipping_method_id: methods[0]! });
  const payment = await v.get('/checkout');
  assert.match(payment.body, /name="payment_method_id" value="test"/);
  const paid = await v.post('/checkout', { step: 'payment', payment_method_id: 'test' });
  const gateway = String(paid.headers.location);
  assert.match(gateway, /^https:\/\/store\.test\/payments\/test\/\d+\/\?token=/);
  const back = await v.post(gateway.replace('https://store.test', ''), { outcome: 'succeeded' }, { token: false });
  const hosted = await v.follow(back);
  assert.equal(hosted.statusCode, 200);
  assert.match(String(hosted.headers['content-security-policy']), /script-src 'self'/, 'the storefront draws it');
  const number = textOf(hosted.body, 'data-order-number')!;
  assert.equal(textOf(hosted.body, 'data-order-status'), 'Paid, being prepared');
  const checkout = expectStatus(await staff.get(`/api/v1/checkout/${checkoutId}/`), 200);
  assert.equal(checkout.order.order_number, number);
  const order = expectStatus(await staff.get(`/api/v1/orders/${checkout.order.id}/`), 200);
  assert.equal(order.status, 'processing');
  assert.equal(order.email, 'ada@example.com');
  assert.equal((await v.get('/cart')).body.includes('Your cart is empty'), true, 'the cart is used up');
});
