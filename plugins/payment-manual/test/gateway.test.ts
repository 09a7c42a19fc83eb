import test from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../../kernel/clock.ts';
import type { OrderSummary, PaymentMethodContext, PaymentRecord } from '../../core-checkout/contracts.ts';
import { BANK_TRANSFER, CASH_ON_DELIVERY, ManualGateway, manualMethodsFor } from '../gateway.ts';

const address = { first_name: 'Ada', last_name: 'L', address_line_1: 'Main 1', city: 'Berlin', postal_code: '10115', country: 'DE' };
const context = (over: Partial<PaymentMethodContext>): PaymentMethodContext => ({
  db: undefined as any,
  currency: 'EUR',
  total_minor: 2000,
  address,
  test: false,
  lang: 'en',
  ...over,
});
const order: OrderSummary = { id: 3, order_number: '1042', currency: 'EUR', total_minor: 123456, email: 'a@example.com', test: false, lang: 'en' };
const payment = (method_id: string): PaymentRecord => ({
  id: 9,
  order_id: 3,
  method_id,
  gateway: 'manual',
  status: 'pending',
  amount_minor: 123456,
  currency: 'EUR',
  captured_minor: 0,
  refunded_minor: 0,
  external_id: null,
});
const gatewayCtx = { db: undefined as any, baseUrl: 'https://store.test', returnUrl: 'https://store.test/x/' };

test('live checkouts are offered bank transfer and cash on delivery, both live methods of the manual gateway', () => {
  const methods = manualMethodsFor(context({}));
  assert.deepEqual(methods.map((m) => m.id), [BANK_TRANSFER, CASH_ON_DELIVERY]);
  assert.ok(methods.every((m) => m.gateway === 'manual' && m.test === false));
});

test('test mode and test keys are offered no manual method', () => {
  assert.deepEqual(manualMethodsFor(context({ test: true })), []);
});

test('cash on delivery needs something to deliver to', () => {
  assert.deepEqual(manualMethodsFor(context({ address: null })).map((m) => m.id), [BANK_TRANSFER]);
});

test('a bank transfer starts pending with instructions naming the amount and the order number, and holds the order 72 hours', async () => {
  const clock = new ManualClock(Date.parse('2026-01-01T00:00:00Z'));
  const start = await new ManualGateway(clock).createPayment(gatewayCtx, order, payment(BANK_TRANSFER));
  assert.ok(!('error' in start));
  assert.equal(start.status, 'pending');
  assert.equal(start.redirect_url, null);
  assert.match(start.instructions!, /1234\.56 EUR/);
  assert.match(start.instructions!, /order number 1042 as the payment reference/);
  assert.deepEqual(start.hold_until, new Date('2026-01-04T00:00:00Z'));
  assert.match(start.instructions!, /within 3 days/);
});

test('the bank details of MANUAL_BANK_DETAILS appear in the transfer instructions', async () => {
  const start = await new ManualGateway(new ManualClock(), 'IBAN DE00 1234, Shop GmbH').createPayment(gatewayCtx, order, payment(BANK_TRANSFER));
  assert.ok(!('error' in start));
  assert.match(start.instructions!, /transfer 1234\.56 EUR to IBAN DE00 1234, Shop GmbH within 3 days/);
});

test('cash on delivery says what to pay on delivery and holds the order 48 hours, or what the store set', async () => {
  const clock = new ManualClock(Date.parse('2026-01-01T00:00:00Z'));
  const start = await new ManualGateway(clock).createPayment(gatewayCtx, order, payment(CASH_ON_DELIVERY));
  assert.ok(!('error' in start));
  assert.deepEqual(start.hold_until, new Date('2026-01-03T00:00:00Z'));
  const set = await new ManualGateway(clock, undefined, () => 30).createPayment(gatewayCtx, order, payment(BANK_TRANSFER));
  assert.ok(!('error' in set));
  assert.deepEqual(set.hold_until, new Date('2026-01-02T06:00:00Z'));
  assert.match(set.instructions!, /within 30 hours/);
  assert.equal(start.instructions, 'Pay 1234.56 EUR in cash on delivery of order 1042.');
});

test('a method the gateway does not have is refused as a value, not a throw', async () => {
  const start = await new ManualGateway(new ManualClock()).createPayment(gatewayCtx, order, payment('manual_cheque'));
  assert.deepEqual(start, { error: true, code: 'unknown_method', message: 'The manual gateway has no method "manual_cheque".' });
});

test('capture and refund succeed: the money moves outside the store', async () => {
  const gateway = new ManualGateway(new ManualClock());
  assert.deepEqual(await gateway.capture(), { status: 'succeeded' });
  assert.deepEqual(await gateway.refund(), { status: 'succeeded' });
});
