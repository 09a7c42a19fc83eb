import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SessionClient } from '../../../test/helpers/auth.ts';
import { configureStore } from '../../core-catalog/test/helpers.ts';
import { cartWith, expectStatus, json, makeVariant, openCheckout, pathOf, postForm, readyCheckout, sharedShop } from './helpers.ts';

// These are core-checkout's own page, as a headless store (the storefront plugin off) shows it; with
// the storefront on, the active theme draws it (plugins/storefront/test/checkout-pages.test.ts).
const shop = sharedShop({}, async ({ staff }) => {
  expectStatus(await staff.patch('/api/v1/plugins/storefront/', { enabled: false }), 200);
});

const page = (url: string, headers: Record<string, string> = {}) => shop().store.inject({ method: 'GET', url: url.startsWith('/') ? url : pathOf(url), headers });
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
  const cart = expectStatus(await customer.request({ method: 'POST', url: '/api/v1/cart/' }), 201);
  expectStatus(await customer.request({ method: 'POST', url: `/api/v1/cart/${cart.id}/items/`, ...json({ variant_id: v.id, quantity: 1 }) }), 201);
  const address = { first_name: 'A', last_name: 'B', address_line_1: 'C', city: 'D', postal_code: 'E', country: 'DE' };
  const checkout = expectStatus(await customer.request({ method: 'POST', url: '/api/v1/checkout/', ...json({ cart_id: cart.id, email: 'p@example.com', shipping_address: address }) }), 201);
  expectStatus(await customer.request({ method: 'PATCH', url: `/api/v1/checkout/${checkout.id}/`, ...json({ shipping_method_id: 1 }) }), 200);
  const bare = `/checkout/${checkout.id}/pay/`;
  assert.equal((await page(bare)).statusCode, 404, 'without its key a customer\'s checkout is not shown to others');
  assert.equal((await page(`${bare}?key=${'x'.repeat(43)}`)).statusCode, 404, 'nor with a wrong key');
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

test('payment_url works on its own: a customer\'s page opens without the session cookie, also after paying', async () => {
  const v = await makeVariant(shop());
  const customer = new SessionClient(shop().store);
  expectStatus(await customer.register({ email: `handoff-${Date.now()}@example.com`, password: 'page-password-1' }), 201);
  const cart = expectStatus(await customer.request({ method: 'POST', url: '/api/v1/cart/' }), 201);
  expectStatus(await customer.request({ method: 'POST', url: `/api/v1/cart/${cart.id}/items/`, ...json({ variant_id: v.id, quantity: 1 }) }), 201);
  const address = { first_name: 'A', last_name: 'B', address_line_1: 'C', city: 'D', postal_code: 'E', country: 'DE' };
  const checkout = expectStatus(await customer.request({ method: 'POST', url: '/api/v1/checkout/', ...json({ cart_id: cart.id, email: 'p@example.com', shipping_address: address }) }), 201);
  expectStatus(await customer.request({ method: 'PATCH', url: `/api/v1/checkout/${checkout.id}/`, ...json({ shipping_method_id: 1 }) }), 200);
  // The system browser: no cookie, only the URL the app handed over.
  const opened = await page(checkout.payment_url);
  assert.equal(opened.statusCode, 200);
  const token = tokenOf(opened.body)!;
  const res = await postForm(shop(), pathOf(checkout.payment_url), { payment_method_id: 'fake_card', token });
  assert.equal(res.statusCode, 303);
  const back = await postForm(shop(), pathOf(String(res.headers.location)), { outcome: 'succeeded' });
  assert.equal(back.headers.location, checkout.payment_url);
  const done = await page(checkout.payment_url);
  assert.equal(done.statusCode, 200);
  assert.match(done.body, /Your order number is <strong>\d+<\/strong>\./);
  assert.match(done.body, /Order status: <strong>paid, being prepared<\/strong>/);
  assert.equal((await page(`/checkout/${checkout.id}/pay/`)).statusCode, 404, 'the bare address still shows nothing to others');
  const orders = expectStatus(await customer.request({ method: 'GET', url: '/api/v1/orders/' }), 200);
  assert.equal(orders.results[0].status, 'processing');
});

test('the page asks for a shipping method (a form, no Pay button) before it offers to pay', async () => {
  const v = await makeVariant(shop());
  const cart = await cartWith(shop().anon, [[v.id, 1]]);
  const checkout = await openCheckout(shop().anon, cart.id, 'DE');
  const first = await page(checkout.payment_url);
  assert.equal(first.statusCode, 200);
  assert.match(first.body, /<legend>Shipping method<\/legend>/);
  assert.match(first.body, /<input type="radio" name="shipping_method_id" value="1" checked>/);
  assert.ok(!/name="payment_method_id"/.test(first.body), 'no payment form yet');
  assert.ok(!/>Pay /.test(first.body), 'no Pay button yet');
  const token = tokenOf(first.body)!;
  // Paying anyway (an old form): a shopper's message, never the API's instructions to developers.
  const early = await postForm(shop(), pathOf(checkout.payment_url), { payment_method_id: 'fake_card', token });
  assert.equal(early.statusCode, 409);
  assert.match(early.body, /Choose a shipping method first\./);
  assert.ok(!/PATCH|shipping_method_id\)/.test(early.body));
  const wrong = await postForm(shop(), pathOf(checkout.payment_url), { shipping_method_id: 'nope', token });
  assert.equal(wrong.statusCode, 400);
  assert.match(wrong.body, /This shipping method is not offered for your address\./);
  const chosen = await postForm(shop(), pathOf(checkout.payment_url), { shipping_method_id: 'express', token });
  assert.equal(chosen.statusCode, 303);
  assert.equal(chosen.headers.location, checkout.payment_url);
  const state = expectStatus(await shop().anon.get(`/api/v1/checkout/${checkout.id}/`), 200);
  assert.equal(state.shipping_method.id, 'express');
  const second = await page(checkout.payment_url);
  assert.match(second.body, /name="payment_method_id"/);
  assert.match(second.body, /<button type="submit">Pay /);
  assert.ok(!/name="shipping_method_id"/.test(second.body));
});

test('a payment failed at the provider reads as one sentence per message (no double full stop)', async () => {
  const v = await makeVariant(shop());
  const checkout = await readyCheckout(shop().anon, [[v.id, 1]]);
  const token = tokenOf((await page(checkout.payment_url)).body)!;
  const res = await postForm(shop(), pathOf(checkout.payment_url), { payment_method_id: 'fake_card', token });
  await postForm(shop(), pathOf(String(res.headers.location)), { outcome: 'failed' });
  const later = await page(checkout.payment_url);
  assert.match(later.body, /Your payment failed: The payment failed\. Please try again\./);
  assert.ok(!later.body.includes('..'));
});
