import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ManualClock } from '../../../kernel/clock.ts';
import { SessionClient } from '../../../test/helpers/auth.ts';
import { configureStore } from '../../core-catalog/test/helpers.ts';
import { ORDER_ACTIONS, ORDER_STATUSES, ORDER_TRANSITION_TABLE } from '../services/orders/transitions.ts';
import { eventsOf, expectStatus, makeVariant, pay, readyCheckout, shopFor, stockOf, type Shop } from './helpers.ts';

const DAY = 86_400_000;
type Action = 'cancel' | 'ship' | 'deliver' | 'complete';
const ACTIONS: Action[] = ['cancel', 'ship', 'deliver', 'complete'];
type Outcome = { status: 200 | 201 } | { status: 409; code: string };
const ok: Outcome = { status: 200 };
const shipped: Outcome = { status: 201 };
const refused = (code = 'invalid_transition'): Outcome => ({ status: 409, code });

/** What each state answers to each staff action (ship: a shipment of every item): success, or the 409 code. */
const EXPECTED: Record<string, Record<Action, Outcome>> = {
  // The table allows pending → shipped, but only for stores that ship unpaid orders (off by default).
  pending: { cancel: ok, ship: refused('order_unpaid'), deliver: refused(), complete: refused() },
  // A processing order is paid: cancelling it refunds the captured money first.
  processing: { cancel: ok, ship: shipped, deliver: refused(), complete: refused() },
  shipped: { cancel: refused(), ship: refused(), deliver: ok, complete: refused() },
  // Delivered longer ago than the return window (within it, complete is 409 return_window_open: below).
  delivered: { cancel: refused(), ship: refused(), deliver: refused(), complete: ok },
  completed: { cancel: refused(), ship: refused(), deliver: refused(), complete: refused() },
  cancelled: { cancel: refused(), ship: refused(), deliver: refused(), complete: refused() },
};

/** Ships every item of an order in one shipment (staff). */
function shipAll(shop: Shop, id: number, items: Array<{ id: number; quantity: number }>) {
  return shop.staff.post(`/api/v1/orders/${id}/shipments/`, { carrier: 'DHL', tracking_number: `T-${id}`, items: items.map((i) => ({ order_item_id: i.id, quantity: i.quantity })) });
}

/**
 * An order in `state`. pending (unpaid, fake_card), processing (paid, fake_instant) and shipped (a real
 * shipment of every item) are reached through the API. delivered and completed are set directly on a
 * shipped order, cancelled on a pending one, to cover every cell of the table without depending on
 * the other actions under test. A delivered order was delivered 30 days ago: its return window is over.
 */
async function orderIn(shop: Shop, variantId: number, state: string): Promise<number> {
  const checkout = await readyCheckout(shop.anon, [[variantId, 1]]);
  const paid = expectStatus(await pay(shop.anon, checkout.id, state === 'pending' || state === 'cancelled' ? 'fake_card' : 'fake_instant'), 201);
  const id = paid.order.id as number;
  if (['shipped', 'delivered', 'completed'].includes(state)) {
    const order = expectStatus(await shop.staff.get(`/api/v1/orders/${id}/?expand=items`), 200);
    expectStatus(await shipAll(shop, id, order.items), 201);
  }
  if (state === 'delivered' || state === 'completed' || state === 'cancelled') {
    const deliveredAt = new Date(Date.now() - 30 * DAY);
    await shop.knex('orders').where({ id }).update({ status: state, ...(state === 'delivered' || state === 'completed' ? { delivered_at: deliveredAt } : {}) });
  }
  assert.equal(expectStatus(await shop.staff.get(`/api/v1/orders/${id}/`), 200).status, state);
  return id;
}

const eventCount = async (shop: Shop, type: string, id: number) => (await eventsOf(shop, type)).filter((e) => e.id === id).length;

test('the transition table covers every state × action and matches the order states of docs/api.md', () => {
  assert.deepEqual(Object.keys(ORDER_TRANSITION_TABLE).sort(), [...ORDER_STATUSES].sort());
  for (const state of ORDER_STATUSES) {
    assert.deepEqual(Object.keys(ORDER_TRANSITION_TABLE[state]).sort(), Object.keys(ORDER_ACTIONS).sort(), state);
    for (const action of ACTIONS) {
      // pending → shipped is in the table; the refusal for unpaid orders is a store setting on top.
      const allowed = EXPECTED[state]![action].status !== 409 || (state === 'pending' && action === 'ship');
      assert.equal(ORDER_TRANSITION_TABLE[state][action], allowed, `${state} × ${action}`);
    }
  }
});

test('every state × every staff action: success and order.<new state> exactly then, else 409 naming the state', async (t) => {
  const shop = await shopFor(t);
  const v = await makeVariant(shop, { stock: 1000 });
  for (const state of ORDER_STATUSES) {
    for (const action of ACTIONS) {
      const id = await orderIn(shop, v.id, state);
      const target = ORDER_ACTIONS[action];
      const before = expectStatus(await shop.staff.get(`/api/v1/orders/${id}/?expand=items`), 200);
      const updatesBefore = await eventCount(shop, 'order.updated', id);
      const targetBefore = await eventCount(shop, `order.${target}`, id);
      const res = action === 'ship' ? await shipAll(shop, id, before.items) : await shop.staff.post(`/api/v1/orders/${id}/${action}/`, undefined);
      const expected = EXPECTED[state]![action];
      const label = `${state} × ${action}`;
      assert.equal(res.statusCode, expected.status, `${label}: ${res.body}`);
      const body = res.json();
      const after = expectStatus(await shop.staff.get(`/api/v1/orders/${id}/?expand=items`), 200);
      if (expected.status !== 409) {
        if (action !== 'ship') assert.equal(body.status, target, label);
        assert.equal(after.status, target, label);
        assert.ok(Date.parse(after.updated_at) >= Date.parse(before.updated_at), label);
        assert.equal(await eventCount(shop, `order.${target}`, id), targetBefore + 1, `${label}: one order.${target}`);
        assert.ok((await eventCount(shop, 'order.updated', id)) > updatesBefore, `${label}: order.updated too`);
        const event = (await eventsOf(shop, `order.${target}`)).find((e) => e.id === id);
        assert.equal(event.status, target);
        assert.ok(Array.isArray(event.items), 'the event carries the order with its items');
        if (target === 'shipped') {
          assert.ok(after.shipped_at);
          assert.equal(after.fulfillment_status, 'fulfilled');
          assert.deepEqual(after.items.map((i: any) => [i.quantity_shipped, i.quantity_to_ship]), [[1, 0]]);
        }
        if (target === 'delivered') assert.ok(after.delivered_at);
        if (target === 'completed') assert.ok(after.completed_at);
        if (target === 'cancelled') assert.ok(after.cancelled_at);
      } else {
        assert.equal(body.code, expected.code, label);
        assert.match(body.detail, new RegExp(`\\b${state}\\b`), `${label}: the current state in detail`);
        assert.equal(after.status, state, `${label}: unchanged`);
        assert.equal(after.shipments.length, before.shipments.length, `${label}: no shipment`);
        assert.equal(await eventCount(shop, `order.${target}`, id), targetBefore, `${label}: no new order.${target}`);
        assert.equal(await eventCount(shop, 'order.updated', id), updatesBefore, `${label}: no order.updated`);
      }
    }
  }
  // Exactly one success per action in the whole table (shipped orders were shipped through the API).
  assert.equal((await eventsOf(shop, 'order.cancelled')).length, 2);
  assert.equal((await eventsOf(shop, 'order.delivered')).length, 1);
  assert.equal((await eventsOf(shop, 'order.completed')).length, 1);
});

test('a store that ships unpaid orders (cash on delivery) ships a pending one; paying later keeps it shipped', async (t) => {
  const shop = await shopFor(t);
  const v = await makeVariant(shop, { stock: 5 });
  await configureStore(shop.staff, { allow_unpaid_shipments: true });
  const id = await orderIn(shop, v.id, 'pending');
  const order = expectStatus(await shop.staff.get(`/api/v1/orders/${id}/?expand=items`), 200);
  expectStatus(await shipAll(shop, id, order.items), 201);
  const after = expectStatus(await shop.staff.get(`/api/v1/orders/${id}/`), 200);
  assert.equal(after.status, 'shipped');
  assert.equal(after.payment_status, 'unpaid');
  assert.deepEqual(await stockOf(shop, v.id), { quantity: 4, reserved: 0 });
  const captured = expectStatus(await shop.staff.post(`/api/v1/orders/${id}/payments/${after.payments[0].id}/capture/`, undefined), 200);
  assert.deepEqual([captured.order.status, captured.order.payment_status], ['shipped', 'paid']);
});

test('processing → cancelled without captured money is allowed; with anything shipped it is not', async (t) => {
  const shop = await shopFor(t);
  const v = await makeVariant(shop, { stock: 10 });
  // Set directly: a processing order with no captured payment (e.g. a zero total) is not reachable otherwise.
  const free = await orderIn(shop, v.id, 'pending');
  await shop.knex('orders').where({ id: free }).update({ status: 'processing' });
  assert.equal((await stockOf(shop, v.id)).reserved, 1);
  assert.equal(expectStatus(await shop.staff.post(`/api/v1/orders/${free}/cancel/`, undefined), 200).status, 'cancelled');
  assert.equal((await stockOf(shop, v.id)).reserved, 0);

  const partial = await orderIn(shop, v.id, 'pending');
  await shop.knex('orders').where({ id: partial }).update({ status: 'processing', fulfillment_status: 'partial' });
  const refused = expectStatus(await shop.staff.post(`/api/v1/orders/${partial}/cancel/`, undefined), 409);
  assert.equal(refused.code, 'invalid_transition');
  assert.match(refused.detail, /processing/);
});

test('cancelling a pending order releases its stock, cancels its payment and expires its checkout', async (t) => {
  const shop = await shopFor(t);
  const v = await makeVariant(shop, { stock: 3 });
  const checkout = await readyCheckout(shop.anon, [[v.id, 3]]);
  const placed = expectStatus(await pay(shop.anon, checkout.id, 'fake_card'), 201);
  assert.deepEqual(await stockOf(shop, v.id), { quantity: 3, reserved: 3 });
  // Sold out meanwhile: another shopper cannot buy it.
  const blocked = await readyCheckout(shop.anon, [[v.id, 1]]).catch(() => undefined);
  if (blocked) assert.equal((await pay(shop.anon, blocked.id, 'fake_instant')).statusCode, 409);

  const cancelled = expectStatus(await shop.staff.post(`/api/v1/orders/${placed.order.id}/cancel/`, undefined), 200);
  assert.equal(cancelled.status, 'cancelled');
  assert.equal(cancelled.payments[0].status, 'cancelled');
  assert.deepEqual(await stockOf(shop, v.id), { quantity: 3, reserved: 0 }, 'stock available again');
  assert.equal(expectStatus(await shop.anon.get(`/api/v1/checkout/${checkout.id}/`), 200).status, 'expired');
  assert.equal(expectStatus(await pay(shop.anon, checkout.id, 'fake_card'), 409).code, 'checkout_expired');

  // The released units can be bought again.
  const again = await readyCheckout(shop.anon, [[v.id, 3]]);
  const rebought = expectStatus(await pay(shop.anon, again.id, 'fake_instant'), 201);
  assert.equal(expectStatus(await shop.staff.get(`/api/v1/orders/${rebought.order.id}/`), 200).status, 'processing');
  assert.equal((await stockOf(shop, v.id)).reserved, 3);
  assert.equal((await eventsOf(shop, 'order.cancelled')).filter((e) => e.id === placed.order.id).length, 1);
});

test('customers get 403 on the actions, anonymous callers 401', async (t) => {
  const shop = await shopFor(t);
  const v = await makeVariant(shop);
  const id = await orderIn(shop, v.id, 'pending');
  const customer = new SessionClient(shop.store);
  expectStatus(await customer.register({ email: `states-${process.pid}-${Date.now()}@example.com`, password: 'states-password-1' }), 201);
  for (const path of ['cancel', 'deliver', 'complete', 'shipments', 'refunds']) {
    expectStatus(await customer.request({ method: 'POST', url: `/api/v1/orders/${id}/${path}/` }), 403);
    expectStatus(await shop.anon.post(`/api/v1/orders/${id}/${path}/`, undefined), 401);
  }
  expectStatus(await shop.staff.post('/api/v1/orders/999999/cancel/', undefined), 404);
  assert.equal(expectStatus(await shop.staff.get(`/api/v1/orders/${id}/`), 200).status, 'pending');
});

test('delivered orders complete automatically after the return window (default 14 days), once', async (t) => {
  const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
  const shop = await shopFor(t, { clock });
  const worker = shop.store.kernel.worker;
  const runJob = async () => {
    await worker.enqueue(shop.knex, 'core-checkout.complete-delivered-orders', {});
    await worker.runDue();
  };
  const v = await makeVariant(shop);
  const a = await orderIn(shop, v.id, 'shipped');
  const delivered = expectStatus(await shop.staff.post(`/api/v1/orders/${a}/deliver/`, undefined), 200);
  assert.equal(delivered.delivered_at, '2026-06-01T08:00:00.000Z');

  clock.advance(14 * DAY - 60_000);
  await runJob();
  assert.equal(expectStatus(await shop.staff.get(`/api/v1/orders/${a}/`), 200).status, 'delivered', 'not yet');
  clock.advance(60_000);
  await runJob();
  const completed = expectStatus(await shop.staff.get(`/api/v1/orders/${a}/`), 200);
  assert.equal(completed.status, 'completed');
  assert.equal(completed.completed_at, new Date(clock.now()).toISOString());
  assert.equal(await eventCount(shop, 'order.completed', a), 1);
  await runJob();
  assert.equal(await eventCount(shop, 'order.completed', a), 1, 'a second run (another instance) changes nothing');

  // The store's own window.
  await configureStore(shop.staff, { return_window_days: 3 });
  const b = await orderIn(shop, v.id, 'shipped');
  expectStatus(await shop.staff.post(`/api/v1/orders/${b}/deliver/`, undefined), 200);
  clock.advance(2 * DAY);
  await runJob();
  assert.equal(expectStatus(await shop.staff.get(`/api/v1/orders/${b}/`), 200).status, 'delivered');
  clock.advance(DAY);
  await runJob();
  assert.equal(expectStatus(await shop.staff.get(`/api/v1/orders/${b}/`), 200).status, 'completed');
  assert.equal(await eventCount(shop, 'order.completed', b), 1);
  // Completing by hand afterwards is a 409 naming the state.
  const again = expectStatus(await shop.staff.post(`/api/v1/orders/${b}/complete/`, undefined), 409);
  assert.match(again.detail, /completed/);
});

test('complete within the return window is 409 return_window_open (force=true completes it); the job does it after', async (t) => {
  const clock = new ManualClock(new Date('2026-07-01T08:00:00Z'));
  const shop = await shopFor(t, { clock });
  const v = await makeVariant(shop);
  const a = await orderIn(shop, v.id, 'shipped');
  expectStatus(await shop.staff.post(`/api/v1/orders/${a}/deliver/`, undefined), 200);
  const early = expectStatus(await shop.staff.post(`/api/v1/orders/${a}/complete/`, undefined), 409);
  assert.equal(early.code, 'return_window_open');
  assert.match(early.detail, /2026-07-15T08:00:00\.000Z/, 'names when the window ends (14 days by default)');
  clock.advance(14 * DAY - 1);
  assert.equal(expectStatus(await shop.staff.post(`/api/v1/orders/${a}/complete/`, undefined), 409).code, 'return_window_open');
  const still = expectStatus(await shop.staff.get(`/api/v1/orders/${a}/`), 200);
  assert.deepEqual([still.status, still.completed_at], ['delivered', null]);
  assert.equal(await eventCount(shop, 'order.completed', a), 0);
  clock.advance(1);
  assert.equal(expectStatus(await shop.staff.post(`/api/v1/orders/${a}/complete/`, undefined), 200).status, 'completed');

  // Staff may complete early on purpose; the same events as ever.
  const b = await orderIn(shop, v.id, 'shipped');
  expectStatus(await shop.staff.post(`/api/v1/orders/${b}/deliver/`, undefined), 200);
  const forced = expectStatus(await shop.staff.post(`/api/v1/orders/${b}/complete/?force=true`, undefined), 200);
  assert.equal(forced.status, 'completed');
  assert.equal(await eventCount(shop, 'order.completed', b), 1);
  expectStatus(await shop.staff.post(`/api/v1/orders/${b}/complete/?force=maybe`, undefined), 400);

  // A window of 0 days: complete at once; the job completes what the window no longer holds, with the same events.
  await configureStore(shop.staff, { return_window_days: 0 });
  const c = await orderIn(shop, v.id, 'shipped');
  expectStatus(await shop.staff.post(`/api/v1/orders/${c}/deliver/`, undefined), 200);
  const updates = await eventCount(shop, 'order.updated', c);
  await shop.store.kernel.worker.enqueue(shop.knex, 'core-checkout.complete-delivered-orders', {});
  await shop.store.kernel.worker.runDue();
  assert.equal(expectStatus(await shop.staff.get(`/api/v1/orders/${c}/`), 200).status, 'completed');
  assert.equal(await eventCount(shop, 'order.completed', c), 1);
  assert.equal(await eventCount(shop, 'order.updated', c), updates + 1, 'order.updated as with a manual complete');
});
