import test from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../../kernel/clock.ts';
import { ADDRESS, Client, expectStatus, openShop, order, pay, type Shop } from '../../payment-test/test/helpers.ts';

const HOUR = 3_600_000;
const START = Date.parse('2026-06-01T08:00:00Z');

async function setup(t: { after: (fn: () => Promise<void>) => void }, stock = 10) {
  const clock = new ManualClock(START);
  const shop = await openShop({ clock, stock, price: '20.00' });
  t.after(() => shop.store.close());
  return { shop, clock };
}

// A guest at a client address (the test store trusts the loopback proxy's X-Forwarded-For).
const guestAt = (shop: Shop, ip: string) => new Client(shop.store, { 'x-forwarded-for': ip });

/** A guest's checkout of one unit with `email`, shipping chosen. */
async function checkoutFor(shop: Shop, shopper: Client, email: string): Promise<any> {
  const cart = expectStatus(await shopper.post('/api/v1/cart/', {}), 201);
  expectStatus(await shopper.post(`/api/v1/cart/${cart.id}/items/`, { variant_id: shop.variantId, quantity: 1 }), 201);
  const checkout = expectStatus(await shopper.post('/api/v1/checkout/', { cart_id: cart.id, email, shipping_address: ADDRESS }), 201);
  return expectStatus(await shopper.patch(`/api/v1/checkout/${checkout.id}/`, { shipping_method_id: checkout.shipping_methods[0].id }), 200);
}

async function payBy(shop: Shop, ip: string, email: string, method = 'manual_bank_transfer') {
  const shopper = guestAt(shop, ip);
  const checkout = await checkoutFor(shop, shopper, email);
  return { checkout, res: await pay(shopper, checkout.id, method) };
}

async function stock(shop: Shop): Promise<{ quantity: number; reserved: number }> {
  const page = expectStatus(await shop.staff.get(`/api/v1/inventory/?variant_id=${shop.variantId}`), 200);
  return { quantity: page.results[0].quantity, reserved: page.results[0].reserved };
}

const holdHoursOf = async (shop: Shop, orderId: number) =>
  (new Date((await shop.store.kernel.knex('orders').where({ id: orderId }).first('hold_until')).hold_until).getTime() - START) / HOUR;

async function runExpiry(shop: Shop): Promise<void> {
  await shop.store.kernel.worker.enqueue(shop.store.kernel.knex, 'core-checkout.expire-unpaid-orders', {});
  await shop.store.kernel.worker.runDue();
}

test('by default a bank transfer holds its stock 72 hours and cash on delivery 48, at most 3 unpaid orders each', async (t) => {
  const { shop } = await setup(t);
  const settings = expectStatus(await shop.anon.get('/api/v1/store/'), 200);
  assert.deepEqual(settings.payment_hold_hours, { manual_bank_transfer: 72, manual_cash_on_delivery: 48 });
  assert.equal(settings.max_unpaid_orders, 3);

  const transfer = expectStatus((await payBy(shop, '198.51.100.1', 'ada@example.com')).res, 201);
  assert.match(transfer.instructions, /within 3 days, quoting/);
  assert.equal(await holdHoursOf(shop, transfer.order.id), 72);
  const cod = expectStatus((await payBy(shop, '198.51.100.2', 'bob@example.com', 'manual_cash_on_delivery')).res, 201);
  assert.equal(await holdHoursOf(shop, cod.order.id), 48);
});

test('operators set each method\'s hold and the limit through PATCH /api/v1/store/', async (t) => {
  const { shop } = await setup(t);
  const changed = expectStatus(await shop.staff.patch('/api/v1/store/', { payment_hold_hours: { manual_bank_transfer: 36 }, max_unpaid_orders: 5 }), 200);
  assert.deepEqual(changed.payment_hold_hours, { manual_bank_transfer: 36, manual_cash_on_delivery: 48 }, 'merged by method');
  assert.equal(changed.max_unpaid_orders, 5);
  const transfer = expectStatus((await payBy(shop, '198.51.100.3', 'ada@example.com')).res, 201);
  assert.match(transfer.instructions, /within 36 hours, quoting/);
  assert.equal(await holdHoursOf(shop, transfer.order.id), 36);

  const bad = await shop.staff.patch('/api/v1/store/', { payment_hold_hours: { manual_bank_transfer: 0, 'Bad Key': 5 }, max_unpaid_orders: -1 });
  assert.equal(bad.statusCode, 400, bad.body);
  assert.equal(bad.json().code, 'invalid');
  assert.equal(expectStatus(await shop.anon.get('/api/v1/store/'), 200).payment_hold_hours.manual_bank_transfer, 36, 'nothing changed');
});

test('one e-mail may hold at most max_unpaid_orders held orders, from any address: beyond, 409 and no hold granted', async (t) => {
  const { shop, clock } = await setup(t);
  expectStatus(await shop.staff.patch('/api/v1/store/', { max_unpaid_orders: 2 }), 200);
  for (let i = 0; i < 2; i++) expectStatus((await payBy(shop, `203.0.113.${i + 1}`, 'hoarder@example.com')).res, 201);
  const before = await stock(shop);
  assert.equal(before.reserved, 2);

  const { checkout, res } = await payBy(shop, '203.0.113.50', 'Hoarder@Example.com', 'manual_cash_on_delivery');
  assert.equal(res.statusCode, 409, res.body);
  assert.equal(res.json().code, 'too_many_unpaid_orders');
  assert.match(res.json().detail, /e-mail address already has 2 unpaid orders/);
  // The order was placed before the gateway answered: it stays, without the hold, its payment withdrawn,
  // and waits the ordinary unpaid timeout (30 minutes) like any order not paid yet.
  const still = expectStatus(await guestAt(shop, '203.0.113.50').get(`/api/v1/checkout/${checkout.id}/`), 200);
  assert.notEqual(still.order, null, 'the checkout can still be paid otherwise');
  const placed = await order(shop, still.order.id);
  assert.equal(placed.status, 'pending');
  assert.equal((await shop.store.kernel.knex('orders').where({ id: placed.id }).first('hold_until')).hold_until, null, 'no hold');
  assert.deepEqual((await shop.store.kernel.knex('payments').where({ order_id: placed.id }).pluck('status')), ['cancelled']);
  assert.equal((await stock(shop)).reserved, before.reserved + 1);
  // Asking again for a hold on the same checkout is refused the same way.
  assert.equal((await pay(guestAt(shop, '203.0.113.50'), checkout.id, 'manual_bank_transfer')).json().code, 'too_many_unpaid_orders');
  clock.advance(31 * 60_000);
  await runExpiry(shop);
  assert.equal((await order(shop, placed.id)).status, 'cancelled', 'gone after the ordinary timeout');
  assert.deepEqual(await stock(shop), before, 'its unit released; the held orders keep theirs');

  // Staff placing orders for customers are not limited.
  const staffCheckout = await checkoutFor(shop, shop.staff, 'hoarder@example.com');
  expectStatus(await pay(shop.staff, staffCheckout.id, 'manual_bank_transfer'), 201);
});

test('one client address may hold at most max_unpaid_orders unpaid orders, whatever the e-mails', async (t) => {
  const { shop } = await setup(t);
  for (let i = 0; i < 3; i++) expectStatus((await payBy(shop, '192.0.2.10', `guest${i}@example.com`)).res, 201);
  const over = (await payBy(shop, '192.0.2.10', 'guest9@example.com')).res;
  assert.equal(over.statusCode, 409, over.body);
  assert.equal(over.json().code, 'too_many_unpaid_orders');
  assert.match(over.json().detail, /client address already has 3 unpaid orders/);
  expectStatus((await payBy(shop, '192.0.2.11', 'guest9@example.com')).res, 201);
  // Three held, one placed without its hold (until the ordinary timeout), one held from elsewhere.
  assert.equal((await stock(shop)).reserved, 5);
});

test('a paid order no longer counts, and an expired hold releases its stock and its place', async (t) => {
  const { shop, clock } = await setup(t, 3);
  expectStatus(await shop.staff.patch('/api/v1/store/', { max_unpaid_orders: 1, payment_hold_hours: { manual_bank_transfer: 24 } }), 200);
  const first = expectStatus((await payBy(shop, '198.51.100.9', 'ada@example.com')).res, 201);
  expectStatus(await shop.staff.post(`/api/v1/orders/${first.order.id}/payments/${first.id}/capture/`, {}), 200);
  const second = expectStatus((await payBy(shop, '198.51.100.9', 'ada@example.com')).res, 201);
  assert.equal((await payBy(shop, '198.51.100.9', 'ada@example.com')).res.statusCode, 409);
  assert.equal((await stock(shop)).reserved, 3, 'the refused order holds its unit only for the ordinary timeout');

  clock.advance(23 * HOUR);
  await runExpiry(shop);
  assert.equal((await order(shop, second.order.id)).status, 'pending', 'still held');
  assert.equal((await stock(shop)).reserved, 2, 'the order refused a hold expired');

  clock.advance(HOUR + 60_000);
  await runExpiry(shop);
  assert.equal((await order(shop, second.order.id)).status, 'cancelled');
  assert.equal((await stock(shop)).reserved, 1, 'the held unit is released; the paid one stays');
  expectStatus((await payBy(shop, '198.51.100.9', 'ada@example.com')).res, 201);
});

test('four transfers from one e-mail at once with a limit of one: one is held, three are refused', async (t) => {
  const { shop } = await setup(t);
  expectStatus(await shop.staff.patch('/api/v1/store/', { max_unpaid_orders: 1 }), 200);
  const shoppers = await Promise.all([1, 2, 3, 4].map(async (i) => {
    const shopper = guestAt(shop, `198.51.100.${60 + i}`);
    return { shopper, checkout: await checkoutFor(shop, shopper, 'rush@example.com') };
  }));
  const answers = await Promise.all(shoppers.map(({ shopper, checkout }) => pay(shopper, checkout.id, 'manual_bank_transfer')));
  assert.deepEqual(answers.map((r) => r.statusCode).sort(), [201, 409, 409, 409], answers.map((r) => r.body).join('\n'));
  const held = await shop.store.kernel.knex('orders').whereNotNull('hold_until').pluck('id');
  assert.deepEqual(held.map(Number), [answers.find((r) => r.statusCode === 201)!.json().order.id]);
});
