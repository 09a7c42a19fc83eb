import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { afterEach, test } from 'node:test';
import { waitFor } from '../../../kernel/test/helpers.ts';
import { FAKE_NOTIFY_SECRET } from './fakes.ts';
import { eventsOf, expectStatus, makeVariant, openCheckout, pay, cartWith, selectShipping, sharedShop, stockOf } from './helpers.ts';

// The gateway is asked after the pay transaction committed, outside any transaction: a provider's
// round trip holds no lock, so other shoppers place orders meanwhile (on MariaDB the order-number row,
// on SQLite the one writer, were held through it before).

const shop = sharedShop();

interface Provider {
  answer(order: { email: string; order_number: string }, payment: { id: number }): Promise<void>;
}
const provider = globalThis as { fakeProvider?: Provider };
afterEach(() => {
  delete provider.fakeProvider;
});

/** A provider that keeps the round trip of `email`'s first payment open until `release()`. */
function slowProviderFor(email: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const asked: Array<{ order_number: string; payment: number }> = [];
  provider.fakeProvider = {
    async answer(order, payment) {
      if (order.email !== email || asked.length > 0) return;
      asked.push({ order_number: order.order_number, payment: payment.id });
      await gate;
    },
  };
  return { asked, release };
}

async function checkoutFor(email: string, variantId: number): Promise<any> {
  const cart = await cartWith(shop().anon, [[variantId, 1]]);
  const checkout = await openCheckout(shop().anon, cart.id, 'DE', { email });
  return selectShipping(shop().anon, checkout.id, 1);
}

// Turns a pay that never answers (a lock held through the provider's round trip) into a failure.
function answered<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const stuck = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not answer: blocked behind the provider's round trip`)), 15_000)));
  return Promise.race([work, stuck]).finally(() => clearTimeout(timer));
}

test('while a provider answers one shopper, the order is already placed and another shopper pays', async () => {
  const v = await makeVariant(shop(), { stock: 10 });
  const slow = await checkoutFor('slow@example.com', v.id);
  const quick = await checkoutFor('quick@example.com', v.id);
  const provider = slowProviderFor('slow@example.com');
  const first = pay(shop().anon, slow.id, 'fake_card');
  try {
    await waitFor(() => provider.asked.length === 1, 'the provider asked');
    // Committed before the provider was asked: staff see the order, and its unit is reserved.
    const placed = expectStatus(await shop().staff.get(`/api/v1/orders/?search=slow@example.com`), 200).results;
    assert.equal(placed.length, 1);
    assert.equal(placed[0].status, 'pending');
    assert.equal(placed[0].order_number, provider.asked[0]!.order_number);
    const second = expectStatus(await answered(pay(shop().anon, quick.id, 'fake_card'), 'the second shopper\'s pay'), 201);
    assert.equal(Number(second.order.order_number), Number(placed[0].order_number) + 1);
    assert.equal((await stockOf(shop(), v.id)).reserved, 2);
  } finally {
    provider.release();
  }
  const done = expectStatus(await first, 201);
  assert.equal(done.status, 'pending');
  assert.match(done.redirect_url, /\/fake-pay\//);
  assert.equal(done.id, provider.asked[0]!.payment);
});

test('a provider that cannot be reached fails the payment (402) and keeps the order; paying again works', async () => {
  const v = await makeVariant(shop(), { stock: 5 });
  const checkout = await checkoutFor('offline@example.com', v.id);
  provider.fakeProvider = {
    async answer() {
      throw new Error('connect ECONNREFUSED 203.0.113.9:443');
    },
  };
  const refused = expectStatus(await pay(shop().anon, checkout.id, 'fake_card'), 402);
  assert.equal(refused.code, 'payment_failed');
  assert.match(refused.detail, /could not be reached/);
  assert.doesNotMatch(refused.detail, /ECONNREFUSED/, 'the provider\'s error is logged, not shown');
  const order = (await shop().knex('orders').where('checkout_id', checkout.id))[0];
  assert.equal(order.status, 'pending');
  assert.deepEqual(await shop().knex('payments').where('order_id', order.id).pluck('status'), ['failed']);
  const failed = (await eventsOf(shop(), 'payment.failed')).filter((e) => e.order_id === Number(order.id));
  assert.equal(failed.length, 1);

  delete provider.fakeProvider;
  const again = expectStatus(await pay(shop().anon, checkout.id, 'fake_card'), 201);
  assert.equal(again.order.id, Number(order.id));
  assert.equal((await stockOf(shop(), v.id)).reserved, 1);
});

test('a pay of the same checkout while the provider answers the first supersedes it: the first answers 409', async () => {
  const v = await makeVariant(shop(), { stock: 5 });
  const checkout = await checkoutFor('twice@example.com', v.id);
  const provider = slowProviderFor('twice@example.com');
  const first = pay(shop().anon, checkout.id, 'fake_card');
  let second: any;
  try {
    await waitFor(() => provider.asked.length === 1, 'the provider asked');
    second = expectStatus(await answered(pay(shop().anon, checkout.id, 'fake_offline'), 'the second pay'), 201);
  } finally {
    provider.release();
  }
  const superseded = expectStatus(await first, 409);
  assert.equal(superseded.code, 'payment_superseded');
  const payments = await shop().knex('payments').where('order_id', second.order.id).orderBy('id');
  assert.deepEqual(payments.map((p: any) => [p.id, p.status]), [[provider.asked[0]!.payment, 'cancelled'], [second.id, 'pending']]);
  assert.equal(payments[0].redirect_url, null, 'the superseded answer is not booked');
  assert.equal((await stockOf(shop(), v.id)).reserved, 1, 'one order, one reservation');
});

test('a notification that settles the payment before its answer is booked wins; the pay answers the settled payment', async () => {
  const v = await makeVariant(shop(), { stock: 5 });
  const checkout = await checkoutFor('notified@example.com', v.id);
  const provider = slowProviderFor('notified@example.com');
  const first = pay(shop().anon, checkout.id, 'fake_card');
  let paymentId: number;
  try {
    await waitFor(() => provider.asked.length === 1, 'the provider asked');
    paymentId = provider.asked[0]!.payment;
    const body = JSON.stringify({ payment_id: paymentId, outcome: 'succeeded' });
    const signature = crypto.createHmac('sha256', FAKE_NOTIFY_SECRET).update(body).digest('hex');
    const notified = await answered(
      shop().store.inject({ method: 'POST', url: '/api/v1/payments/notify/fake/', headers: { 'content-type': 'application/json', 'x-fake-signature': signature }, payload: body }),
      'the notification',
    );
    assert.equal(expectStatus(notified, 200).status, 'succeeded');
  } finally {
    provider.release();
  }
  const paid = expectStatus(await first, 201);
  assert.equal(paid.id, paymentId!);
  assert.equal(paid.status, 'succeeded');
  const order = expectStatus(await shop().staff.get(`/api/v1/orders/${paid.order.id}/`), 200);
  assert.equal(order.status, 'processing');
});
