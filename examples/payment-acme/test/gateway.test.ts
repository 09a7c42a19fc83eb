import test from 'node:test';
import assert from 'node:assert/strict';
import type { PaymentMethodContext, PaymentRecord } from '@storekeep-commerce/sdk/checkout';
import { ACME_CARD, AcmeGateway, acmeMethodsFor } from '../gateway.ts';
import { DEVELOPMENT_SECRET, isSignedBy, sign } from '../signature.ts';

const secret = 'whsec_unit';
const gateway = new AcmeGateway(secret);
const body = (value: unknown) => Buffer.from(JSON.stringify(value));
const note = { event: 'payment.succeeded', payment_id: 12, reference: 'acme_0123' };

test('a notification signed with the secret says which payment it settles and how', async () => {
  const raw = body(note);
  assert.deepEqual(await gateway.verifyNotification(raw, { 'x-acme-signature': sign(raw, secret) }), { paymentId: 12, externalId: 'acme_0123', outcome: 'succeeded' });
  const failed = body({ ...note, event: 'payment.failed' });
  assert.equal((await gateway.verifyNotification(failed, { 'x-acme-signature': sign(failed, secret).toUpperCase() }))?.outcome, 'failed');
});

test('a notification without a valid signature is nothing: wrong secret, altered body, missing or malformed header', async () => {
  const raw = body(note);
  assert.equal(await gateway.verifyNotification(raw, { 'x-acme-signature': sign(raw, DEVELOPMENT_SECRET) }), null);
  assert.equal(await gateway.verifyNotification(body({ ...note, payment_id: 13 }), { 'x-acme-signature': sign(raw, secret) }), null);
  assert.equal(await gateway.verifyNotification(raw, {}), null);
  assert.equal(await gateway.verifyNotification(raw, { 'x-acme-signature': 'abc' }), null);
  assert.equal(await gateway.verifyNotification(raw, { 'x-acme-signature': [sign(raw, secret)] }), null);
});

test('a genuine notification Acme’s store does not understand is nothing either', async () => {
  for (const value of [null, 'x', { ...note, event: 'payment.refunded' }, { ...note, payment_id: '12' }, { event: 'payment.succeeded', payment_id: 12 }]) {
    const raw = body(value);
    assert.equal(await gateway.verifyNotification(raw, { 'x-acme-signature': sign(raw, secret) }), null, JSON.stringify(value));
  }
  const notJson = Buffer.from('{nope');
  assert.equal(await gateway.verifyNotification(notJson, { 'x-acme-signature': sign(notJson, secret) }), null);
});

test('isSignedBy compares in constant time and only well-formed signatures', () => {
  const raw = Buffer.from('{}');
  assert.equal(isSignedBy(raw, sign(raw, 's'), 's'), true);
  assert.equal(isSignedBy(raw, sign(raw, 's').slice(1), 's'), false);
  assert.equal(isSignedBy(raw, undefined, 's'), false);
});

const ctx = (over: Partial<PaymentMethodContext>): PaymentMethodContext => ({ db: undefined as any, currency: 'EUR', total_minor: 100, address: null, test: false, lang: 'en', ...over });

test('acme_card is a live method: offered in live mode for the currencies Acme takes, never in test mode', () => {
  assert.deepEqual(acmeMethodsFor(ctx({})), [{ ...ACME_CARD }]);
  assert.deepEqual(acmeMethodsFor(ctx({ test: true })), []);
  assert.deepEqual(acmeMethodsFor(ctx({ currency: 'JPY' })), []);
});

const payment: PaymentRecord = { id: 5, order_id: 1, method_id: 'acme_card', gateway: 'acme', status: 'succeeded', amount_minor: 1000, currency: 'EUR', captured_minor: 1000, refunded_minor: 400, external_id: 'acme_x' };
const gatewayCtx = { db: undefined as any, baseUrl: 'https://store.test', returnUrl: 'https://store.test/r/' };

test('refusals come back as values: a refund beyond what is left, a currency Acme does not take', async () => {
  assert.deepEqual(Object.keys(await gateway.refund(gatewayCtx, payment, 600)), ['status', 'external_id']);
  assert.deepEqual(await gateway.refund(gatewayCtx, payment, 601), {
    error: true,
    code: 'refund_exceeds_capture',
    message: 'Acme cannot refund more than was captured and not yet refunded.',
  });
  const order = { id: 1, order_number: '1', currency: 'JPY', total_minor: 100, email: 'a@example.com', test: false, lang: 'en' };
  assert.deepEqual(await gateway.createPayment(gatewayCtx, order, { ...payment, currency: 'JPY', status: 'pending' }), {
    error: true,
    code: 'currency_not_supported',
    message: 'Acme does not take JPY.',
  });
});

test('a payment starts pending with a redirect to Acme’s page carrying its reference', async () => {
  const order = { id: 1, order_number: '1', currency: 'EUR', total_minor: 1000, email: 'a@example.com', test: false, lang: 'en' };
  const start = await gateway.createPayment(gatewayCtx, order, { ...payment, status: 'pending', captured_minor: 0, refunded_minor: 0, external_id: null });
  assert.ok(!('error' in start));
  assert.match(start.external_id!, /^acme_[0-9a-f]{32}$/);
  assert.equal(start.redirect_url, `https://store.test/acme/pay/5/?token=${start.external_id}`);
});
