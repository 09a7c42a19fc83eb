import test from 'node:test';
import assert from 'node:assert/strict';
import { PAGE_CSP, escapeHtml, renderNotFoundPage, renderPaymentPage, type PaymentPageView } from '../page.ts';
import { TestGateway, hostedPageUrl, tokenMatches } from '../gateway.ts';
import type { OrderSummary, PaymentRecord } from '../../core-checkout/contracts.ts';

const view: PaymentPageView = {
  storeName: 'Shop',
  orderNumber: '1001',
  amount: '20.00 EUR',
  status: 'pending',
  action: 'https://store.test/payments/test/7/?token=tp_abc',
  returnUrl: 'https://store.test/checkout/c1/pay/',
};

test('escapeHtml turns every markup character into an entity', () => {
  assert.equal(escapeHtml(`<a href="x" onclick='y'>&</a>`), '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  assert.equal(escapeHtml(42), '42');
});

test('the pending page is a plain form that posts succeeded or failed to its own URL, with no script', () => {
  const html = renderPaymentPage(view);
  assert.match(html, /<form method="post" action="https:\/\/store\.test\/payments\/test\/7\/\?token=tp_abc">/);
  assert.match(html, /<button type="submit" name="outcome" value="succeeded"/);
  assert.match(html, /<button type="submit" name="outcome" value="failed"/);
  assert.match(html, /<dd>1001<\/dd>/);
  assert.match(html, /<dd>20\.00 EUR<\/dd>/);
  assert.doesNotMatch(html, /<script/i);
});

test('the page escapes every value it shows: store name, order number, amount, URLs', () => {
  const evil = '"><script>alert(1)</script>';
  const html = renderPaymentPage({ ...view, storeName: evil, orderNumber: evil, amount: evil, action: `https://x/${evil}` });
  assert.doesNotMatch(html, /<script/i);
  assert.doesNotMatch(html, /"><script/);
  assert.ok(html.includes('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;'));
  const settled = renderPaymentPage({ ...view, status: 'succeeded', returnUrl: `javascript:"${evil}` });
  assert.doesNotMatch(settled, /<script/i);
  assert.doesNotMatch(settled, /<form/);
  assert.match(settled, /This payment has succeeded\./);
});

test('a settled payment shows its outcome and a link back instead of the form', () => {
  const html = renderPaymentPage({ ...view, status: 'failed' });
  assert.doesNotMatch(html, /<form/);
  assert.match(html, /This payment has failed\./);
  assert.match(html, /<a href="https:\/\/store\.test\/checkout\/c1\/pay\/">/);
  assert.match(renderNotFoundPage(), /Payment not found/);
});

test('the CSP allows no script, no outside resource, and forms to the store only', () => {
  assert.equal(PAGE_CSP, "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
});

const order: OrderSummary = { id: 1, order_number: '1001', currency: 'EUR', total_minor: 2000, email: 'a@example.com', test: true, lang: 'en' };
const payment = (id: number): PaymentRecord => ({
  id,
  order_id: 1,
  method_id: 'test',
  gateway: 'test',
  status: 'pending',
  amount_minor: 2000,
  currency: 'EUR',
  captured_minor: 0,
  refunded_minor: 0,
  external_id: null,
});

test('createPayment redirects to the hosted page with a fresh unguessable token, which is the external id', async () => {
  const gateway = new TestGateway();
  const ctx = { db: undefined as any, baseUrl: 'https://shop.example/store', returnUrl: 'https://shop.example/store/checkout/x/' };
  const a = await gateway.createPayment(ctx, order, payment(7));
  const b = await gateway.createPayment(ctx, order, payment(7));
  assert.equal(a.status, 'pending');
  assert.ok(a.external_id && /^tp_[\w-]{24}$/.test(a.external_id));
  assert.notEqual(a.external_id, b.external_id);
  assert.equal(a.redirect_url, hostedPageUrl('https://shop.example/store', 7, a.external_id));
  assert.equal(a.redirect_url, `https://shop.example/store/payments/test/7/?token=${a.external_id}`);
  assert.deepEqual(await gateway.capture(), { status: 'succeeded' });
  assert.equal((await gateway.refund()).status, 'succeeded');
});

test('only the payment’s own token opens its page', () => {
  const p = { external_id: 'tp_secret' };
  assert.equal(tokenMatches(p, 'tp_secret'), true);
  assert.equal(tokenMatches(p, 'tp_secreT'), false);
  assert.equal(tokenMatches(p, 'tp_secret2'), false);
  assert.equal(tokenMatches(p, undefined), false);
  assert.equal(tokenMatches({ external_id: null }, ''), false);
});
