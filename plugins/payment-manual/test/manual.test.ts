import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { PaymentGatewayRegistry } from '../../core-checkout/contracts.ts';
import { ManualGateway } from '../gateway.ts';
import { events, expectStatus, methodIds, offeredMethods, openCheckout, openShop, order, pay, setTestMode, type Shop } from '../../payment-test/test/helpers.ts';

let shop: Shop;
before(async () => {
  shop = await openShop({ price: '20.00' });
});
after(() => shop?.store.close());

const capture = (orderId: number, paymentId: number) => shop.staff.post(`/api/v1/orders/${orderId}/payments/${paymentId}/capture/`, {});
const ofOrder = (orderNumber: string) => (e: { data: any }) => e.data.order_number === orderNumber;

test('payment-manual is a built-in payment plugin that registers the manual gateway', () => {
  const loaded = shop.store.kernel.plugins.find((p) => p.plugin.name === 'payment-manual');
  assert.ok(loaded);
  assert.equal(loaded.source, 'built-in');
  assert.deepEqual(loaded.plugin.kinds, ['payment']);
  const gateways = shop.store.kernel.container.resolve<PaymentGatewayRegistry>('paymentGateways');
  assert.ok(gateways.get('manual') instanceof ManualGateway);
});

test('the hook offers the manual methods in a live context and none in a test context', async () => {
  const live = (await offeredMethods(shop, { test: false })).filter((m) => m.gateway === 'manual');
  assert.deepEqual(live.map((m) => [m.id, m.test]), [
    ['manual_bank_transfer', false],
    ['manual_cash_on_delivery', false],
  ]);
  assert.deepEqual((await offeredMethods(shop, { test: true })).filter((m) => m.gateway === 'manual'), []);
});

test('a live checkout lists bank transfer and cash on delivery, and no test method', async () => {
  const checkout = await openCheckout(shop);
  const ids = await methodIds(shop.anon, checkout.id);
  assert.ok(ids.includes('manual_bank_transfer') && ids.includes('manual_cash_on_delivery'), ids.join());
  assert.ok(!ids.includes('test'));
});

test('a bank transfer answers instructions, no redirect; the order waits until staff capture the payment', async () => {
  const checkout = await openCheckout(shop);
  const payment = expectStatus(await pay(shop.anon, checkout.id, 'manual_bank_transfer'), 201);
  assert.equal(payment.status, 'pending');
  assert.equal(payment.gateway, 'manual');
  assert.equal(payment.redirect_url, null);
  assert.equal(
    payment.instructions,
    `Please transfer 25.00 USD within 3 days, quoting your order number ${payment.order.order_number} as the payment reference. Your order ships once the money has arrived.`,
  );
  assert.equal((await order(shop, payment.order.id)).status, 'pending');

  const captured = expectStatus(await capture(payment.order.id, payment.id), 200);
  assert.equal(captured.status, 'succeeded');
  const paid = await order(shop, payment.order.id);
  assert.equal(paid.status, 'processing');
  assert.equal(paid.payment_status, 'paid');
  const mine = ofOrder(payment.order.order_number);
  assert.equal((await events(shop, 'payment.succeeded')).filter(mine).length, 1);
  assert.equal((await events(shop, 'order.paid')).filter(mine).length, 1);

  expectStatus(await capture(payment.order.id, payment.id), 200);
  assert.equal((await events(shop, 'order.paid')).filter(mine).length, 1, 'capturing twice books the money once');
});

test('a bank transfer holds the order beyond the unpaid-order timeout', async () => {
  const checkout = await openCheckout(shop);
  const payment = expectStatus(await pay(shop.anon, checkout.id, 'manual_bank_transfer'), 201);
  const row = await shop.store.kernel.knex('orders').where({ id: payment.order.id }).first();
  const held = new Date(row.hold_until).getTime() - Date.now();
  assert.ok(held > 71.9 * 3_600_000 && held <= 72 * 3_600_000, `held for ${held} ms`);
});

test('cash on delivery tells the shopper what to pay on delivery', async () => {
  const checkout = await openCheckout(shop);
  const payment = expectStatus(await pay(shop.anon, checkout.id, 'manual_cash_on_delivery'), 201);
  assert.equal(payment.instructions, `Pay 25.00 USD in cash on delivery of order ${payment.order.order_number}.`);
  assert.equal(payment.redirect_url, null);
  assert.equal((await order(shop, payment.order.id)).status, 'pending');
});

test('only staff capture', async () => {
  const checkout = await openCheckout(shop);
  const payment = expectStatus(await pay(shop.anon, checkout.id, 'manual_bank_transfer'), 201);
  const res = await shop.anon.post(`/api/v1/orders/${payment.order.id}/payments/${payment.id}/capture/`, {});
  assert.equal(res.statusCode, 401);
  assert.equal((await order(shop, payment.order.id)).status, 'pending');
});

test('in test mode the manual methods are not offered and cannot be paid with', async () => {
  await setTestMode(shop, true);
  try {
    const checkout = await openCheckout(shop);
    assert.deepEqual(await methodIds(shop.anon, checkout.id), ['test']);
    const res = await pay(shop.anon, checkout.id, 'manual_bank_transfer');
    assert.equal(res.statusCode, 400);
    assert.ok(res.json().errors.payment_method_id);
  } finally {
    await setTestMode(shop, false);
  }
});
