import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ManualClock } from '../../../kernel/clock.ts';
import { configureStore } from '../../core-catalog/test/helpers.ts';
import { eventsOf, expectStatus, makeVariant, pathOf, pay, postForm, readyCheckout, shopFor, stockOf } from './helpers.ts';

const MINUTE = 60_000;

test('an unpaid order is cancelled after the store\'s timeout: stock released, checkout expired, order.cancelled', async (t) => {
  const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
  const shop = await shopFor(t, { clock });
  const worker = shop.store.kernel.worker;
  const runJob = async () => {
    await worker.enqueue(shop.knex, 'core-checkout.expire-unpaid-orders', {});
    await worker.runDue();
  };
  await configureStore(shop.staff, { unpaid_order_timeout_minutes: 45 });
  const v = await makeVariant(shop, { stock: 5 });
  const unpaid = await readyCheckout(shop.anon, [[v.id, 2]]);
  const started = expectStatus(await pay(shop.anon, unpaid.id, 'fake_card'), 201);
  const paidCheckout = await readyCheckout(shop.anon, [[v.id, 1]]);
  const paid = expectStatus(await pay(shop.anon, paidCheckout.id, 'fake_instant'), 201);
  const held = await readyCheckout(shop.anon, [[v.id, 1]]);
  const heldPay = expectStatus(await pay(shop.anon, held.id, 'fake_offline_hold'), 201);
  assert.equal((await stockOf(shop, v.id)).reserved, 4);

  clock.advance(44 * MINUTE);
  await runJob();
  assert.equal(expectStatus(await shop.staff.get(`/api/v1/orders/${started.order.id}/`), 200).status, 'pending', 'not yet');

  clock.advance(2 * MINUTE);
  await runJob();
  const cancelled = expectStatus(await shop.staff.get(`/api/v1/orders/${started.order.id}/`), 200);
  assert.equal(cancelled.status, 'cancelled');
  assert.equal(cancelled.payments[0].status, 'cancelled');
  assert.equal((await stockOf(shop, v.id)).reserved, 2, 'the paid order and the held one keep theirs');
  assert.equal(expectStatus(await shop.staff.get(`/api/v1/orders/${paid.order.id}/`), 200).status, 'processing');
  assert.equal(expectStatus(await shop.staff.get(`/api/v1/orders/${heldPay.order.id}/`), 200).status, 'pending', 'its gateway holds it');
  const checkout = expectStatus(await shop.anon.get(`/api/v1/checkout/${unpaid.id}/`), 200);
  assert.equal(checkout.status, 'expired');
  assert.equal(expectStatus(await pay(shop.anon, unpaid.id, 'fake_card'), 409).code, 'checkout_expired');
  const events = (await eventsOf(shop, 'order.cancelled')).filter((e) => e.id === started.order.id);
  assert.equal(events.length, 1);
  assert.equal(events[0].order_number, started.order.order_number);

  // Running again (a second instance, a retry) changes nothing.
  await runJob();
  assert.equal((await eventsOf(shop, 'order.cancelled')).length, 1);

  // The provider reporting success after the cancellation records the money but does not revive the order.
  const late = await postForm(shop, pathOf(started.redirect_url), { outcome: 'succeeded' });
  assert.equal(late.statusCode, 303);
  const after = expectStatus(await shop.staff.get(`/api/v1/orders/${started.order.id}/`), 200);
  assert.equal(after.status, 'cancelled');
  assert.equal(after.payments[0].status, 'succeeded');
  assert.equal(after.amount_paid.amount, after.total.amount, 'the money is on record, for staff to refund');
  assert.equal((await eventsOf(shop, 'order.paid')).filter((e) => e.id === started.order.id).length, 0);
  assert.equal((await stockOf(shop, v.id)).reserved, 2, 'nothing reserved again');
});

test('a payment that lands first wins over the expiry', async (t) => {
  const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
  const shop = await shopFor(t, { clock });
  const v = await makeVariant(shop, { stock: 5 });
  const checkout = await readyCheckout(shop.anon, [[v.id, 1]]);
  const started = expectStatus(await pay(shop.anon, checkout.id, 'fake_card'), 201);
  clock.advance(31 * 60_000);
  expectStatus(await postForm(shop, pathOf(started.redirect_url), { outcome: 'succeeded' }), 303);
  await shop.store.kernel.worker.enqueue(shop.knex, 'core-checkout.expire-unpaid-orders', {});
  await shop.store.kernel.worker.runDue();
  assert.equal(expectStatus(await shop.staff.get(`/api/v1/orders/${started.order.id}/`), 200).status, 'processing');
  assert.equal((await stockOf(shop, v.id)).reserved, 1);
});

test('an unpaid order that has begun shipping (a store shipping unpaid orders) does not expire', async (t) => {
  const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
  const shop = await shopFor(t, { clock });
  const worker = shop.store.kernel.worker;
  await configureStore(shop.staff, { unpaid_order_timeout_minutes: 30, allow_unpaid_shipments: true });
  const v = await makeVariant(shop, { stock: 5 });
  const shipping = expectStatus(await pay(shop.anon, (await readyCheckout(shop.anon, [[v.id, 2]])).id, 'fake_card'), 201);
  const idle = expectStatus(await pay(shop.anon, (await readyCheckout(shop.anon, [[v.id, 1]])).id, 'fake_card'), 201);
  const order = expectStatus(await shop.staff.get(`/api/v1/orders/${shipping.order.id}/?expand=items`), 200);
  expectStatus(await shop.staff.post(`/api/v1/orders/${order.id}/shipments/`, { carrier: 'Post', tracking_number: 'COD-1', items: [{ order_item_id: order.items[0].id, quantity: 1 }] }), 201);

  clock.advance(31 * MINUTE);
  await worker.enqueue(shop.knex, 'core-checkout.expire-unpaid-orders', {});
  await worker.runDue();
  const kept = expectStatus(await shop.staff.get(`/api/v1/orders/${order.id}/`), 200);
  assert.deepEqual([kept.status, kept.fulfillment_status], ['pending', 'partial']);
  assert.equal(expectStatus(await shop.staff.get(`/api/v1/orders/${idle.order.id}/`), 200).status, 'cancelled');
  assert.deepEqual(await stockOf(shop, v.id), { quantity: 4, reserved: 1 }, 'the idle order\'s unit released; the shipping order keeps its last one');
});
