import assert from 'node:assert/strict';
import { test } from 'node:test';
import { configureStore } from '../../core-catalog/test/helpers.ts';
import { amount, eventsOf, expectStatus, makeVariant, orderNow, pathOf, pay, placedOrder, postForm, readyCheckout, shopFor, stockOf, type Shop } from './helpers.ts';

const database = process.env.DATABASE_URL ? 'MariaDB/MySQL' : 'SQLite';

function refund(shop: Shop, orderId: number, body: Record<string, unknown>) {
  return shop.staff.post(`/api/v1/orders/${orderId}/refunds/`, { reason: 'Customer request', ...body });
}

function ship(shop: Shop, orderId: number, items: Array<{ order_item_id: number; quantity: number }>) {
  return shop.staff.post(`/api/v1/orders/${orderId}/shipments/`, { carrier: 'DHL', tracking_number: `T-${orderId}`, items });
}

const REFUND_KEYS = ['amount', 'created_at', 'id', 'items', 'notify_customer', 'order_id', 'order_number', 'payments', 'reason', 'restock'];

/** 19.99 × 3 and 0.35 × 7 to DE at 19% with 5.00 shipping: line taxes 11.39 and 0.47, shipping tax 0.95, total 80.23. */
async function germanOrder(shop: Shop): Promise<{ order: any; a: { id: number }; b: { id: number } }> {
  await configureStore(shop.staff, { tax_rates: [{ country: 'DE', rate: '19' }] });
  const a = await makeVariant(shop, { price: '19.99', stock: 10 });
  const b = await makeVariant(shop, { price: '0.35', stock: 10 });
  const order = await placedOrder(shop, [[a.id, 3], [b.id, 7]]);
  assert.equal(amount(order.total), '80.23');
  return { order, a, b };
}

test('refund part, then the remainder without an amount: partially_refunded, then refunded, exact to the cent', async (t) => {
  const shop = await shopFor(t);
  const { order, a } = await germanOrder(shop);
  const paymentId = order.payments[0].id;

  const res = await refund(shop, order.id, { amount: '10.00', reason: 'Damaged box', notify_customer: true });
  const first = expectStatus(res, 201);
  assert.equal(res.headers.location, `https://store.test/api/v1/orders/${order.id}/refunds/${first.id}/`);
  assert.deepEqual(Object.keys(first).sort(), REFUND_KEYS);
  assert.deepEqual(first.amount, { amount: '10.00', currency: 'USD' });
  assert.equal(first.reason, 'Damaged box');
  assert.equal(first.restock, true);
  assert.equal(first.notify_customer, true);
  assert.deepEqual(first.items, []);
  assert.deepEqual(first.payments, [{ payment_id: paymentId, amount: { amount: '10.00', currency: 'USD' } }]);
  let now = await orderNow(shop, order.id);
  assert.equal(now.payment_status, 'partially_refunded');
  assert.equal(amount(now.amount_refunded), '10.00');
  assert.equal(amount(now.payments[0].refunded), '10.00');
  assert.deepEqual(now.refunds, [first]);
  assert.deepEqual(await stockOf(shop, a.id), { quantity: 10, reserved: 3 }, 'a refund without items moves no stock');

  const rest = expectStatus(await refund(shop, order.id, {}), 201);
  assert.equal(amount(rest.amount), '70.23', 'everything left: 80.23 − 10.00');
  assert.equal(rest.notify_customer, false);
  now = await orderNow(shop, order.id);
  assert.equal(now.payment_status, 'refunded');
  assert.equal(amount(now.amount_refunded), '80.23');
  assert.equal(amount(now.payments[0].refunded), '80.23');
  assert.equal(now.status, 'processing', 'a refund is no state change');

  const again = expectStatus(await refund(shop, order.id, {}), 409);
  assert.equal(again.code, 'already_refunded');
  assert.equal(expectStatus(await refund(shop, order.id, { amount: '0.01' }), 409).code, 'already_refunded');

  const list = expectStatus(await shop.staff.get(`/api/v1/orders/${order.id}/refunds/`), 200);
  assert.equal(list.count, 2);
  assert.deepEqual(list.results, [first, rest]);
  assert.deepEqual(expectStatus(await shop.staff.get(`/api/v1/orders/${order.id}/refunds/${rest.id}/`), 200), rest);
  expectStatus(await shop.staff.get(`/api/v1/orders/${order.id}/refunds/999999/`), 404);

  const created = (await eventsOf(shop, 'refund.created')).filter((e) => e.order_id === order.id);
  assert.deepEqual(created, [first, rest]);
  const updates = (await eventsOf(shop, 'order.updated')).filter((e) => e.id === order.id);
  assert.deepEqual(updates.slice(-2).map((e) => e.payment_status), ['partially_refunded', 'refunded']);
});

test('item refunds: their paid value (tax and discount share) split exactly over units; shipped units restocked, unshipped ones released', async (t) => {
  const shop = await shopFor(t);
  const { order, a, b } = await germanOrder(shop);
  const [itemA, itemB] = order.items;
  expectStatus(await ship(shop, order.id, [{ order_item_id: itemA.id, quantity: 2 }, { order_item_id: itemB.id, quantity: 7 }]), 201);
  assert.deepEqual(await stockOf(shop, a.id), { quantity: 8, reserved: 1 });

  // Item A is worth 59.97 + 11.39 tax = 71.36 over 3 units: the first unit 23.79 (71.36 / 3 rounded).
  // One unit of A is still unshipped: it is taken out of fulfilment and its reservation released, so
  // nothing is left to ship and the order is shipped.
  const one = expectStatus(await refund(shop, order.id, { items: [{ order_item_id: itemA.id, quantity: 1 }] }), 201);
  assert.equal(amount(one.amount), '23.79');
  assert.deepEqual(one.items, [{ order_item_id: itemA.id, quantity: 1, name: itemA.name, sku: itemA.sku }]);
  assert.deepEqual(await stockOf(shop, a.id), { quantity: 8, reserved: 0 }, 'the unshipped unit\'s reservation is released');
  let now = await orderNow(shop, order.id);
  assert.deepEqual(now.items.map((i: any) => [i.quantity_shipped, i.quantity_refunded, i.quantity_to_ship]), [[2, 1, 0], [7, 0, 0]]);
  assert.equal(now.fulfillment_status, 'fulfilled');
  assert.equal(now.status, 'shipped');
  assert.equal((await eventsOf(shop, 'order.shipped')).filter((e) => e.id === order.id).length, 1);

  // The other two units: 71.36 − 23.79 = 47.57, back on hand where they shipped from.
  const two = expectStatus(await refund(shop, order.id, { items: [{ order_item_id: itemA.id, quantity: 2 }], reason: 'Returned' }), 201);
  assert.equal(amount(two.amount), '47.57');
  assert.deepEqual(await stockOf(shop, a.id), { quantity: 10, reserved: 0 });
  const movements = await shop.knex('inventory_movements').where({ variant_id: a.id, type: 'restock' });
  assert.deepEqual(movements.map((m: any) => [Number(m.warehouse_id), Number(m.delta_quantity), m.reference_type, String(m.reference_id)]), [[shop.warehouseId, 2, 'refund', String(two.id)]]);

  // Item B (2.45 + 0.47 tax = 2.92) refunded while the customer keeps it: no stock change.
  const kept = expectStatus(await refund(shop, order.id, { items: [{ order_item_id: itemB.id, quantity: 7 }], restock: false }), 201);
  assert.equal(amount(kept.amount), '2.92');
  assert.equal(kept.restock, false);
  assert.deepEqual(await stockOf(shop, b.id), { quantity: 3, reserved: 0 });

  // Nothing of A is left to refund; what is left of the money is the shipping with its tax.
  const over = expectStatus(await refund(shop, order.id, { items: [{ order_item_id: itemA.id, quantity: 1 }] }), 400);
  assert.deepEqual(Object.keys(over.errors), ['items.0.quantity']);
  const last = expectStatus(await refund(shop, order.id, {}), 201);
  assert.equal(amount(last.amount), '5.95');
  now = await orderNow(shop, order.id);
  assert.equal(now.payment_status, 'refunded');
  assert.equal(amount(now.amount_refunded), '80.23');
  assert.deepEqual(now.items.map((i: any) => i.quantity_refunded), [3, 7]);

  // An amount with items: the amount as given, the items only say what came back.
  const other = await placedOrder(shop, [[a.id, 2]]);
  expectStatus(await ship(shop, other.id, [{ order_item_id: other.items[0].id, quantity: 2 }]), 201);
  const given = expectStatus(await refund(shop, other.id, { amount: '1.00', items: [{ order_item_id: other.items[0].id, quantity: 1 }] }), 201);
  assert.equal(amount(given.amount), '1.00');
  assert.deepEqual(await stockOf(shop, a.id), { quantity: 9, reserved: 0 });
});

test('zero- and three-decimal currencies: JPY and BHD refunds are exact', async (t) => {
  const shop = await shopFor(t);
  await configureStore(shop.staff, { currencies: ['USD', 'JPY', 'BHD'], exchange_rates: { JPY: '150.5', BHD: '0.377' }, tax_rates: [{ country: 'BH', rate: '10' }] });
  const v = await makeVariant(shop, { price: '2.00', prices: { JPY: '333', BHD: '1.234' }, stock: 20 });

  // JPY: 3 × 333 + 700 shipping = 1699, no decimals.
  const yen = await placedOrder(shop, [[v.id, 3]], 'fake_instant', { country: 'JP', currency: 'JPY' });
  assert.deepEqual(yen.total, { amount: '1699', currency: 'JPY' });
  assert.ok(expectStatus(await refund(shop, yen.id, { amount: '100.5' }), 400).errors.amount);
  assert.deepEqual(expectStatus(await refund(shop, yen.id, { items: [{ order_item_id: yen.items[0].id, quantity: 1 }] }), 201).amount, { amount: '333', currency: 'JPY' });
  assert.deepEqual(expectStatus(await refund(shop, yen.id, { amount: '1' }), 201).amount, { amount: '1', currency: 'JPY' });
  const tooMuch = expectStatus(await refund(shop, yen.id, { amount: '1366' }), 400);
  assert.match(tooMuch.detail, /1365 JPY/);
  assert.deepEqual(expectStatus(await refund(shop, yen.id, {}), 201).amount, { amount: '1365', currency: 'JPY' });
  assert.equal((await orderNow(shop, yen.id)).payment_status, 'refunded');

  // BHD at 10%: 3 × 1.234 = 3.702, tax 0.370; shipping 1.500, tax 0.150; total 5.722.
  const dinar = await placedOrder(shop, [[v.id, 3]], 'fake_instant', { country: 'BH', currency: 'BHD' });
  assert.deepEqual(dinar.total, { amount: '5.722', currency: 'BHD' });
  assert.ok(expectStatus(await refund(shop, dinar.id, { amount: '1.2345' }), 400).errors.amount);
  // The item is worth 4.072 over 3 units: 1.357, then 2.715 for the other two.
  assert.equal(amount(expectStatus(await refund(shop, dinar.id, { items: [{ order_item_id: dinar.items[0].id, quantity: 1 }] }), 201).amount), '1.357');
  assert.equal(amount(expectStatus(await refund(shop, dinar.id, { items: [{ order_item_id: dinar.items[0].id, quantity: 2 }] }), 201).amount), '2.715');
  assert.equal(amount(expectStatus(await refund(shop, dinar.id, { amount: '0.001' }), 201).amount), '0.001');
  const now = await orderNow(shop, dinar.id);
  assert.deepEqual(now.amount_refunded, { amount: '4.073', currency: 'BHD' });
  assert.equal(now.payment_status, 'partially_refunded');
  assert.equal(amount(expectStatus(await refund(shop, dinar.id, {}), 201).amount), '1.649');
});

test('refused refunds: bad amounts, bad items, an unpaid order, a gateway refusal; nothing is written', async (t) => {
  const shop = await shopFor(t);
  const v = await makeVariant(shop, { price: '10.00', stock: 10 });
  const order = await placedOrder(shop, [[v.id, 1]]);
  const other = await placedOrder(shop, [[v.id, 1]]);
  const item = order.items[0];
  for (const bad of ['0', '0.00', '-1.00', 'abc', '1.234', '', '1e3', ' 1.00']) {
    const res = expectStatus(await refund(shop, order.id, { amount: bad }), 400);
    assert.ok(res.errors.amount, `amount ${JSON.stringify(bad)}: ${JSON.stringify(res)}`);
  }
  expectStatus(await refund(shop, order.id, { amount: 5 }), 400);
  const over = expectStatus(await refund(shop, order.id, { amount: '15.01' }), 400);
  assert.match(over.detail, /15\.00 USD is left/);
  assert.ok(over.errors.amount);
  expectStatus(await shop.staff.post(`/api/v1/orders/${order.id}/refunds/`, {}), 400);
  expectStatus(await refund(shop, order.id, { reason: '' }), 400);
  expectStatus(await refund(shop, order.id, { items: [] }), 400);
  expectStatus(await refund(shop, order.id, { restock: 'yes' }), 400);
  assert.deepEqual(Object.keys(expectStatus(await refund(shop, order.id, { items: [{ order_item_id: item.id, quantity: 2 }] }), 400).errors), ['items.0.quantity']);
  assert.deepEqual(Object.keys(expectStatus(await refund(shop, order.id, { items: [{ order_item_id: other.items[0].id, quantity: 1 }] }), 400).errors), ['items.0.order_item_id']);
  const twice = expectStatus(await refund(shop, order.id, { items: [{ order_item_id: item.id, quantity: 1 }, { order_item_id: item.id, quantity: 1 }] }), 400);
  assert.deepEqual(Object.keys(twice.errors), ['items.1.order_item_id']);
  const both = expectStatus(await refund(shop, order.id, { amount: '0', items: [{ order_item_id: 999999, quantity: 1 }] }), 400);
  assert.deepEqual(Object.keys(both.errors).sort(), ['amount', 'items.0.order_item_id'], 'every bad field at once');

  // The fake bank refuses 13.13: 502, and nothing of the refund remains.
  const declined = expectStatus(await refund(shop, order.id, { amount: '13.13' }), 502);
  assert.equal(declined.code, 'refund_failed');
  assert.match(declined.detail, /declined by the fake bank/);

  // An unpaid order: nothing captured.
  const unpaid = await placedOrder(shop, [[v.id, 1]], 'fake_card');
  const refused = expectStatus(await refund(shop, unpaid.id, {}), 409);
  assert.equal(refused.code, 'order_unpaid');
  expectStatus(await refund(shop, 999999, {}), 404);

  const now = await orderNow(shop, order.id);
  assert.equal(now.payment_status, 'paid');
  assert.equal(amount(now.amount_refunded), '0.00');
  assert.equal(amount(now.payments[0].refunded), '0.00');
  assert.deepEqual(now.refunds, []);
  assert.deepEqual(now.items.map((i: any) => i.quantity_refunded), [0]);
  assert.equal((await shop.knex('refunds')).length, 0);
  assert.equal((await eventsOf(shop, 'refund.created')).length, 0);
  assert.deepEqual(await stockOf(shop, v.id), { quantity: 10, reserved: 3 });
});

test('a refund is split over several captured payments, oldest first, one gateway refund each', async (t) => {
  const shop = await shopFor(t);
  const v = await makeVariant(shop, { price: '10.00' });
  // The shopper paid twice: a superseded hosted payment that succeeds anyway is recorded (the money moved).
  const checkout = await readyCheckout(shop.anon, [[v.id, 1]]);
  const p1 = expectStatus(await pay(shop.anon, checkout.id, 'fake_card'), 201);
  const p2 = expectStatus(await pay(shop.anon, checkout.id, 'fake_card'), 201);
  for (const p of [p1, p2]) assert.equal((await postForm(shop, pathOf(p.redirect_url), { outcome: 'succeeded' })).statusCode, 303);
  const order = await orderNow(shop, p1.order.id);
  assert.equal(amount(order.amount_paid), '30.00');
  assert.deepEqual(order.payments.map((p: any) => amount(p.captured)), ['15.00', '15.00']);

  const part = expectStatus(await refund(shop, order.id, { amount: '20.00' }), 201);
  assert.deepEqual(part.payments.map((p: any) => [p.payment_id, amount(p.amount)]), [[p1.id, '15.00'], [p2.id, '5.00']]);
  const rest = expectStatus(await refund(shop, order.id, {}), 201);
  assert.deepEqual(rest.payments.map((p: any) => [p.payment_id, amount(p.amount)]), [[p2.id, '10.00']]);
  const now = await orderNow(shop, order.id);
  assert.deepEqual(now.payments.map((p: any) => amount(p.refunded)), ['15.00', '15.00']);
  assert.equal(now.payment_status, 'refunded');
});

test('cancelling a paid processing order refunds it in full and puts its stock back', async (t) => {
  const shop = await shopFor(t);
  const v = await makeVariant(shop, { price: '10.00', stock: 5 });
  const order = await placedOrder(shop, [[v.id, 2]]);
  assert.deepEqual(await stockOf(shop, v.id), { quantity: 5, reserved: 2 });
  expectStatus(await refund(shop, order.id, { amount: '4.00' }), 201);

  const cancelled = expectStatus(await shop.staff.post(`/api/v1/orders/${order.id}/cancel/`, undefined), 200);
  assert.equal(cancelled.status, 'cancelled');
  assert.equal(cancelled.payment_status, 'refunded');
  assert.equal(amount(cancelled.amount_refunded), '25.00');
  assert.deepEqual(cancelled.refunds.map((r: any) => amount(r.amount)), ['4.00', '21.00'], 'only what was left');
  assert.deepEqual(await stockOf(shop, v.id), { quantity: 5, reserved: 0 }, 'stock available again');
  const refundEvents = (await eventsOf(shop, 'refund.created')).filter((e) => e.order_id === order.id);
  assert.equal(refundEvents.length, 2);
  const cancelEvents = (await eventsOf(shop, 'order.cancelled')).filter((e) => e.id === order.id);
  assert.equal(cancelEvents.length, 1);
  assert.equal(cancelEvents[0].payment_status, 'refunded');

  // A shipped order cannot be cancelled (nor refunded by cancelling).
  const sent = await placedOrder(shop, [[v.id, 1]]);
  expectStatus(await ship(shop, sent.id, [{ order_item_id: sent.items[0].id, quantity: 1 }]), 201);
  const refused = expectStatus(await shop.staff.post(`/api/v1/orders/${sent.id}/cancel/`, undefined), 409);
  assert.equal(refused.code, 'invalid_transition');
  assert.match(refused.detail, /\bshipped\b/);
  assert.equal((await orderNow(shop, sent.id)).payment_status, 'paid');
  // Partly shipped: processing, but not cancellable either.
  const part = await placedOrder(shop, [[v.id, 2]]);
  expectStatus(await ship(shop, part.id, [{ order_item_id: part.items[0].id, quantity: 1 }]), 201);
  assert.equal(expectStatus(await shop.staff.post(`/api/v1/orders/${part.id}/cancel/`, undefined), 409).code, 'invalid_transition');
});

test(`two refunds at once, each of more than half: exactly one succeeds (${database})`, async (t) => {
  const shop = await shopFor(t);
  const v = await makeVariant(shop, { price: '10.00', stock: 50 });
  for (let round = 0; round < 3; round++) {
    const order = await placedOrder(shop, [[v.id, 1]]);
    const results = await Promise.all([0, 1].map(() => refund(shop, order.id, { amount: '8.00' })));
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [201, 400], results.map((r) => r.body).join('\n'));
    assert.match(results.find((r) => r.statusCode === 400)!.json().detail, /7\.00 USD is left/);
    const whole = await Promise.all([0, 1].map(() => refund(shop, order.id, {})));
    assert.deepEqual(whole.map((r) => r.statusCode).sort(), [201, 409]);
    const now = await orderNow(shop, order.id);
    assert.equal(amount(now.amount_refunded), '15.00');
    assert.equal(amount(now.payments[0].refunded), '15.00');
    assert.equal(now.refunds.length, 2);
  }
});

test('the built-in gateways refund: payment-manual records it, payment-test succeeds', async (t) => {
  const shop = await shopFor(t);
  const v = await makeVariant(shop, { price: '10.00', stock: 10 });
  // Cash on delivery: staff capture it when the money arrives, then refund part of it.
  const cod = await placedOrder(shop, [[v.id, 1]], 'manual_cash_on_delivery');
  assert.equal(cod.payments[0].gateway, 'manual');
  expectStatus(await shop.staff.post(`/api/v1/orders/${cod.id}/payments/${cod.payments[0].id}/capture/`, undefined), 200);
  const manual = expectStatus(await refund(shop, cod.id, { amount: '2.50' }), 201);
  assert.deepEqual(manual.payments, [{ payment_id: cod.payments[0].id, amount: { amount: '2.50', currency: 'USD' } }]);
  assert.equal(amount((await orderNow(shop, cod.id)).payments[0].refunded), '2.50');

  // The test gateway's hosted page, in test mode.
  await configureStore(shop.staff, { test_mode: true });
  const checkout = await readyCheckout(shop.anon, [[v.id, 1]]);
  const started = expectStatus(await pay(shop.anon, checkout.id, 'test'), 201);
  assert.equal((await postForm(shop, pathOf(started.redirect_url), { outcome: 'succeeded' })).statusCode, 303);
  const paid = await orderNow(shop, started.order.id);
  assert.deepEqual([paid.status, paid.payments[0].gateway], ['processing', 'test']);
  const all = expectStatus(await refund(shop, paid.id, {}), 201);
  assert.equal(amount(all.amount), '15.00');
  assert.equal((await orderNow(shop, paid.id)).payment_status, 'refunded');
});

test('item values carry their share of a voucher discount, and with prices including tax the tax is already in them', async (t) => {
  const shop = await shopFor(t);
  await configureStore(shop.staff, { tax_rates: [{ country: 'DE', rate: '19' }] });
  const a = await makeVariant(shop, { price: '19.99', stock: 10 });
  const b = await makeVariant(shop, { price: '0.35', stock: 10 });
  expectStatus(await shop.staff.post('/api/v1/vouchers/', { code: 'ONEOFF', discount_type: 'fixed', value: '1.00', currency: 'USD', active: true }), 201);
  const cart = expectStatus(await shop.anon.post('/api/v1/cart/', undefined), 201);
  for (const [variant_id, quantity] of [[a.id, 3], [b.id, 7]]) expectStatus(await shop.anon.post(`/api/v1/cart/${cart.id}/items/`, { variant_id, quantity }), 201);
  expectStatus(await shop.anon.post(`/api/v1/cart/${cart.id}/vouchers/`, { code: 'ONEOFF' }), 200);
  const checkout = expectStatus(await shop.anon.post('/api/v1/checkout/', { cart_id: cart.id, email: 'ada@example.com', shipping_address: { first_name: 'A', last_name: 'L', address_line_1: '1 St', city: 'Berlin', postal_code: '10115', country: 'DE' } }), 201);
  expectStatus(await shop.anon.patch(`/api/v1/checkout/${checkout.id}/`, { shipping_method_id: 1 }), 200);
  const placed = expectStatus(await pay(shop.anon, checkout.id, 'fake_instant'), 201);
  const order = await orderNow(shop, placed.order.id);
  // The 1.00 discount spread over the lines by their totals (59.97 : 2.45): 0.96 and 0.04.
  assert.deepEqual(order.items.map((i: any) => [amount(i.discount), amount(i.tax)]), [['0.96', '11.21'], ['0.04', '0.46']]);
  // Item A paid 59.97 − 0.96 + 11.21 = 70.22: one unit 23.41, the other two 46.81.
  const one = expectStatus(await refund(shop, order.id, { items: [{ order_item_id: order.items[0].id, quantity: 1 }] }), 201);
  const two = expectStatus(await refund(shop, order.id, { items: [{ order_item_id: order.items[0].id, quantity: 2 }] }), 201);
  assert.deepEqual([amount(one.amount), amount(two.amount)], ['23.41', '46.81']);
  // Item B paid 2.45 − 0.04 + 0.46 = 2.87.
  assert.equal(amount(expectStatus(await refund(shop, order.id, { items: [{ order_item_id: order.items[1].id, quantity: 7 }] }), 201).amount), '2.87');

  // Prices including tax (AT, 20%): an item's total already holds its tax. 19.99 × 3 → 19.99 a unit.
  await configureStore(shop.staff, { prices_include_tax: true, tax_rates: [{ country: 'AT', rate: '20' }] });
  const gross = await placedOrder(shop, [[a.id, 3]], 'fake_instant', { country: 'AT' });
  assert.equal(amount(gross.items[0].tax), '9.99');
  const unit = expectStatus(await refund(shop, gross.id, { items: [{ order_item_id: gross.items[0].id, quantity: 1 }] }), 201);
  assert.equal(amount(unit.amount), '19.99');
});
