import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SessionClient } from '../../../test/helpers/auth.ts';
import { configureStore } from '../../core-catalog/test/helpers.ts';
import { expectStatus, makeVariant, pathOf, postForm, readyCheckout, sharedShop } from './helpers.ts';

const shop = sharedShop();

const page = (url: string, headers: Record<string, string> = {}) => shop().store.inject({ method: 'GET', url: pathOf(url), headers });
const tokenOf = (html: string) => /name="token" value="([^"]+)"/.exec(html)?.[1];

test('the payment page shows the order and a form of the payment methods, with strict headers', async () => {
  const v = await makeVariant(shop(), { price: '4.25', name: 'Tea <b>"strong"</b>' });
  const checkout = await readyCheckout(shop().anon, [[v.id, 2]]);
  const res = await page(checkout.payment_url);
  assert.equal(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /^text\/html; charset=utf-8/);
  assert.equal(res.headers['content-security-policy'], "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' https:");
  assert.equal(res.headers['x-frame-options'], 'DENY');
  assert.equal(res.headers['cache-control'], 'no-store');
  assert.ok(!/<script/i.test(res.body));
  assert.match(res.body, /Tea &lt;b&gt;&quot;strong&quot;&lt;\/b&gt;/);
  assert.ok(!res.body.includes('<b>"strong"</b>'));
  assert.match(res.body, /8\.50&nbsp;USD/);
  assert.match(res.body, /13\.50&nbsp;USD/);
  assert.match(res.body, /<input type="radio" name="payment_method_id" value="fake_card"/);
  assert.ok(!res.body.includes('value="fake_test_card"'));
  assert.match(res.body, new RegExp(`<form method="post" action="${checkout.payment_url.replace(/[.?]/g, '\\$&')}">`));
  assert.ok(tokenOf(res.body));
  assert.equal((await shop().store.inject({ method: 'GET', url: '/checkout/00000000-0000-4000-8000-000000000000/pay/' })).statusCode, 404);
});

test('the store name and other texts are escaped', async () => {
  const { staff } = shop();
  await configureStore(staff, { name: '<img src=x onerror=alert(1)>' });
  try {
    const v = await makeVariant(shop());
    const checkout = await readyCheckout(shop().anon, [[v.id, 1]]);
    const res = await page(checkout.payment_url);
    assert.ok(!res.body.includes('<img'));
    assert.match(res.body, /&lt;img src=x onerror=alert\(1\)&gt;/);
  } finally {
    await configureStore(staff, { name: 'Storekeep' });
  }
});

test('posting the form needs the page\'s token (403 without or with another checkout\'s)', async () => {
  const v = await makeVariant(shop());
  const a = await readyCheckout(shop().anon, [[v.id, 1]]);
  const b = await readyCheckout(shop().anon, [[v.id, 1]]);
  const tokenB = tokenOf((await page(b.payment_url)).body)!;
  assert.equal((await postForm(shop(), pathOf(a.payment_url), { payment_method_id: 'fake_card' })).statusCode, 403);
  assert.equal((await postForm(shop(), pathOf(a.payment_url), { payment_method_id: 'fake_card', token: tokenB })).statusCode, 403);
  assert.equal((await postForm(shop(), pathOf(a.payment_url), { payment_method_id: 'fake_card', token: 'x'.repeat(43) })).statusCode, 403);
  assert.equal(await shop().knex('orders').where('checkout_id', a.id).count({ n: '*' }).then((r: any) => Number(r[0].n)), 0);
});

test('paying from the page: 303 to the provider, back to the page, which then shows the order number', async () => {
  const v = await makeVariant(shop());
  const checkout = await readyCheckout(shop().anon, [[v.id, 1]]);
  const token = tokenOf((await page(checkout.payment_url)).body)!;
  const res = await postForm(shop(), pathOf(checkout.payment_url), { payment_method_id: 'fake_card', token });
  assert.equal(res.statusCode, 303);
  const provider = String(res.headers.location);
  assert.ok(provider.startsWith('https://store.test/fake-pay/'));
  const back = await postForm(shop(), pathOf(provider), { outcome: 'succeeded' });
  assert.equal(back.headers.location, checkout.payment_url);
  const done = await page(checkout.payment_url);
  assert.match(done.body, /Thank you! Your payment was received\. Your order number is <strong>\d+<\/strong>\./);
  assert.ok(!done.body.includes('<form'));
});

test('a failed payment shows the form again; an offline method shows its instructions, escaped', async () => {
  const v = await makeVariant(shop());
  const checkout = await readyCheckout(shop().anon, [[v.id, 1]]);
  const token = tokenOf((await page(checkout.payment_url)).body)!;
  const declined = await postForm(shop(), pathOf(checkout.payment_url), { payment_method_id: 'fake_decline', token });
  assert.equal(declined.statusCode, 402);
  assert.match(declined.body, /Your payment failed: Card declined by the fake bank\./);
  assert.match(declined.body, /<form method="post"/);
  const later = await page(checkout.payment_url);
  assert.match(later.body, /Your payment failed/);
  const offline = await postForm(shop(), pathOf(checkout.payment_url), { payment_method_id: 'fake_offline', token });
  assert.equal(offline.statusCode, 200);
  assert.match(offline.body, /Transfer 1500 USD quoting &lt;\d+&gt;\./);
  const notOffered = await postForm(shop(), pathOf(checkout.payment_url), { payment_method_id: 'nope', token });
  assert.equal(notOffered.statusCode, 400);
  assert.match(notOffered.body, /is not offered/);
});

test('a logged-in customer pays from the page: the form needs no X-CSRFToken, its token protects it', async () => {
  const v = await makeVariant(shop());
  const customer = new SessionClient(shop().store);
  expectStatus(await customer.register({ email: `page-${Date.now()}@example.com`, password: 'page-password-1' }), 201);
  const json = (payload: unknown) => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
  const cart = expectStatus(await customer.request({ method: 'POST', url: '/api/v1/cart/' }), 201);
  expectStatus(await customer.request({ method: 'POST', url: `/api/v1/cart/${cart.id}/items/`, ...json({ variant_id: v.id, quantity: 1 }) }), 201);
  const address = { first_name: 'A', last_name: 'B', address_line_1: 'C', city: 'D', postal_code: 'E', country: 'DE' };
  const checkout = expectStatus(await customer.request({ method: 'POST', url: '/api/v1/checkout/', ...json({ cart_id: cart.id, email: 'p@example.com', shipping_address: address }) }), 201);
  expectStatus(await customer.request({ method: 'PATCH', url: `/api/v1/checkout/${checkout.id}/`, ...json({ shipping_method_id: 1 }) }), 200);
  assert.equal((await page(checkout.payment_url)).statusCode, 404, 'a customer\'s checkout is not shown to others');
  const mine = await customer.request({ method: 'GET', url: pathOf(checkout.payment_url) });
  assert.equal(mine.statusCode, 200);
  const res = await customer.request({
    method: 'POST',
    url: pathOf(checkout.payment_url),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ payment_method_id: 'fake_instant', token: tokenOf(mine.body)! }).toString(),
    csrf: false,
  });
  assert.equal(res.statusCode, 200);
  assert.match(res.body, /Thank you!/);
  const orders = expectStatus(await customer.request({ method: 'GET', url: '/api/v1/orders/' }), 200);
  assert.equal(orders.count, 1, 'the order is the customer\'s');
});
