import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { test } from 'node:test';
import { FAKE_NOTIFY_SECRET } from './fakes.ts';
import { statementsDuring } from '../../../test/helpers/statements.ts';
import { isMysql } from '../../../kernel/db/dialect.ts';
import { amount, eventsOf, expectStatus, makeVariant, pathOf, pay, postForm, readyCheckout, setStock, sharedShop, stockOf } from './helpers.ts';

const shop = sharedShop();

const ordersOf = async (checkoutId: string) => shop().knex('orders').where('checkout_id', checkoutId);
const paymentsOf = async (orderId: number) => shop().knex('payments').where('order_id', orderId).orderBy('id');

test('paying with a method not offered is a 400 naming payment_method_id, and places no order', async () => {
  const { anon } = shop();
  const v = await makeVariant(shop());
  const checkout = await readyCheckout(anon, [[v.id, 1]]);
  for (const method of ['no_such_method', 'fake_test_card']) {
    const res = expectStatus(await pay(anon, checkout.id, method), 400);
    assert.ok(res.errors.payment_method_id, method);
  }
  expectStatus(await anon.post(`/api/v1/checkout/${checkout.id}/pay/`, {}), 400);
  assert.equal((await ordersOf(checkout.id)).length, 0);
  assert.equal((await stockOf(shop(), v.id)).reserved, 0);
});

test('a gateway refusal keeps the order (402 payment_failed); paying again starts a new payment on the same order', async () => {
  const { anon } = shop();
  const v = await makeVariant(shop(), { stock: 10 });
  const checkout = await readyCheckout(anon, [[v.id, 3]]);
  const declined = expectStatus(await pay(anon, checkout.id, 'fake_decline'), 402);
  assert.equal(declined.code, 'payment_failed');
  assert.match(declined.detail, /declined by the fake bank/);
  const [order] = await ordersOf(checkout.id);
  assert.equal(order.status, 'pending');
  assert.equal((await stockOf(shop(), v.id)).reserved, 3);
  const [failed] = await paymentsOf(Number(order.id));
  assert.equal(failed.status, 'failed');
  assert.ok((await eventsOf(shop(), 'payment.failed')).some((e) => e.id === Number(failed.id)));
  const view = expectStatus(await anon.get(`/api/v1/checkout/${checkout.id}/`), 200);
  assert.deepEqual(view.order, { id: Number(order.id), order_number: order.order_number });
  assert.equal(view.status, 'open');

  const again = expectStatus(await pay(anon, checkout.id, 'fake_card'), 201);
  assert.equal(again.order.id, Number(order.id));
  assert.equal(again.status, 'pending');
  assert.equal((await ordersOf(checkout.id)).length, 1, 'no second order');
  assert.equal((await stockOf(shop(), v.id)).reserved, 3, 'no second reservation');
  assert.deepEqual((await paymentsOf(Number(order.id))).map((p: any) => p.status), ['failed', 'pending']);
  // A checkout with its order placed no longer changes.
  assert.equal(expectStatus(await anon.patch(`/api/v1/checkout/${checkout.id}/`, { email: 'x@example.com' }), 409).code, 'checkout_locked');
});

test('a paid checkout answers 409 already_paid naming its order', async () => {
  const { anon } = shop();
  const v = await makeVariant(shop());
  const checkout = await readyCheckout(anon, [[v.id, 1]]);
  const paid = expectStatus(await pay(anon, checkout.id, 'fake_instant'), 201);
  assert.equal(paid.status, 'succeeded');
  const again = expectStatus(await pay(anon, checkout.id, 'fake_card'), 409);
  assert.equal(again.code, 'already_paid');
  assert.match(again.detail, new RegExp(`order ${paid.order.order_number} \\(id ${paid.order.id}\\)`));
  assert.equal(expectStatus(await anon.patch(`/api/v1/checkout/${checkout.id}/`, { shipping_method_id: 1 }), 409).code, 'already_paid');
  assert.equal(expectStatus(await anon.post(`/api/v1/cart/${checkout.cart_id}/items/`, { variant_id: v.id, quantity: 1 }), 409).code, 'cart_ordered');
});

test('two pays of one checkout at once make one order and one reservation', async () => {
  const { anon } = shop();
  const v = await makeVariant(shop(), { stock: 10 });
  const checkout = await readyCheckout(anon, [[v.id, 2]]);
  const results = await Promise.all([pay(anon, checkout.id, 'fake_card'), pay(anon, checkout.id, 'fake_card'), pay(anon, checkout.id, 'fake_offline')]);
  // Each pay opens its payment in turn, superseding the one before: a pay whose gateway answered after
  // that answers 409 payment_superseded (on SQLite, with one writer, they rarely overlap so).
  const answered = results.filter((r) => r.statusCode === 201).map((r) => r.json());
  for (const r of results.filter((r) => r.statusCode !== 201)) assert.deepEqual([r.statusCode, r.json().code], [409, 'payment_superseded']);
  assert.ok(answered.length >= 1);
  const orders = await ordersOf(checkout.id);
  assert.equal(orders.length, 1);
  assert.deepEqual([...new Set(answered.map((r) => r.order.id))], [Number(orders[0].id)]);
  assert.equal((await stockOf(shop(), v.id)).reserved, 2);
  const payments = await paymentsOf(Number(orders[0].id));
  assert.equal(payments.length, 3);
  const pending = payments.filter((p: any) => p.status === 'pending');
  assert.equal(pending.length, 1, 'later attempts supersede earlier ones');
  assert.ok(answered.some((r) => r.id === Number(pending[0].id)), 'the payment left pending is one a pay answered with');
});

test('Idempotency-Key replays the first pay', async () => {
  const { anon } = shop();
  const v = await makeVariant(shop());
  const checkout = await readyCheckout(anon, [[v.id, 1]]);
  const key = { 'idempotency-key': crypto.randomUUID() };
  const first = expectStatus(await pay(anon, checkout.id, 'fake_card', key), 201);
  const replay = await pay(anon, checkout.id, 'fake_card', key);
  assert.equal(replay.statusCode, 201);
  assert.equal(replay.headers['idempotent-replayed'], 'true');
  assert.deepEqual(replay.json(), first);
  assert.equal((await paymentsOf(first.order.id)).length, 1);
});

test('an offline method answers instructions; staff capture it and the order is paid', async () => {
  const { anon, staff } = shop();
  const v = await makeVariant(shop(), { price: '8.00' });
  const checkout = await readyCheckout(anon, [[v.id, 1]]);
  const started = expectStatus(await pay(anon, checkout.id, 'fake_offline'), 201);
  assert.equal(started.redirect_url, null);
  assert.equal(started.instructions, `Transfer 1300 USD quoting <${started.order.order_number}>.`);
  const url = `/api/v1/orders/${started.order.id}/payments/${started.id}/capture/`;
  expectStatus(await anon.post(url, undefined), 401);
  const captured = expectStatus(await staff.post(url, undefined), 200);
  assert.equal(captured.status, 'succeeded');
  assert.equal(amount(captured.captured), '13.00');
  assert.deepEqual(captured.order, { id: started.order.id, order_number: started.order.order_number, status: 'processing', payment_status: 'paid' });
  const again = expectStatus(await staff.post(url, undefined), 200);
  assert.equal(again.status, 'succeeded');
  assert.equal((await eventsOf(shop(), 'order.paid')).filter((e) => e.id === started.order.id).length, 1);
  expectStatus(await staff.post(`/api/v1/orders/${started.order.id}/payments/999999/capture/`, undefined), 404);
});

test('the provider page posted twice changes the payment once', async () => {
  const { anon } = shop();
  const v = await makeVariant(shop());
  const checkout = await readyCheckout(anon, [[v.id, 1]]);
  const paid = expectStatus(await pay(anon, checkout.id, 'fake_card'), 201);
  const first = await postForm(shop(), pathOf(paid.redirect_url), { outcome: 'succeeded' });
  const second = await postForm(shop(), pathOf(paid.redirect_url), { outcome: 'failed' });
  assert.deepEqual([first.statusCode, second.statusCode], [303, 303]);
  const [payment] = await paymentsOf(paid.order.id);
  assert.equal(payment.status, 'succeeded');
  assert.equal((await eventsOf(shop(), 'payment.succeeded')).filter((e) => e.id === paid.id).length, 1);
  assert.equal((await eventsOf(shop(), 'payment.failed')).filter((e) => e.id === paid.id).length, 0);
});

test('a provider notification is verified by its gateway, then settles the payment once', async () => {
  const { anon, store } = shop();
  const v = await makeVariant(shop());
  const checkout = await readyCheckout(anon, [[v.id, 1]]);
  const paid = expectStatus(await pay(anon, checkout.id, 'fake_card'), 201);
  const body = JSON.stringify({ payment_id: paid.id, outcome: 'succeeded' });
  const sign = (raw: string) => crypto.createHmac('sha256', FAKE_NOTIFY_SECRET).update(raw).digest('hex');
  const send = (gateway: string, raw: string, signature: string) =>
    store.inject({ method: 'POST', url: `/api/v1/payments/notify/${gateway}/`, headers: { 'content-type': 'application/json', 'x-fake-signature': signature }, payload: raw });
  assert.equal(expectStatus(await send('fake', body, 'bad'), 400).code, 'invalid_notification');
  expectStatus(await send('nobody', body, sign(body)), 404);
  const ok = expectStatus(await send('fake', body, sign(body)), 200);
  assert.deepEqual(ok, { received: true, payment_id: paid.id, status: 'succeeded', changed: true });
  const twice = expectStatus(await send('fake', body, sign(body)), 200);
  assert.equal(twice.changed, false);
  const order = expectStatus(await shop().staff.get(`/api/v1/orders/${paid.order.id}/`), 200);
  assert.equal(order.status, 'processing');
  const unknown = JSON.stringify({ payment_id: 999_999, outcome: 'succeeded' });
  expectStatus(await send('fake', unknown, sign(unknown)), 404);
});

test('order numbers are sequential and gapless: a placement refused for stock gives its number back', async () => {
  const { anon } = shop();
  const last = async () => Number((await shop().knex('order_counters').where('name', 'order_number').first()).value);
  const one = await makeVariant(shop(), { stock: 1 });
  const other = await makeVariant(shop(), { stock: 5 });
  const a = await readyCheckout(anon, [[one.id, 1]]);
  const b = await readyCheckout(anon, [[one.id, 1]]);
  const first = expectStatus(await pay(anon, a.id, 'fake_card'), 201);
  assert.equal(Number(first.order.order_number), await last());
  const short = expectStatus(await pay(anon, b.id, 'fake_card'), 409);
  assert.equal(short.code, 'insufficient_stock');
  assert.ok(short.errors['items.0.quantity']);
  assert.equal((await ordersOf(b.id)).length, 0);
  const c = await readyCheckout(anon, [[other.id, 1]]);
  const next = expectStatus(await pay(anon, c.id, 'fake_card'), 201);
  assert.equal(Number(next.order.order_number), Number(first.order.order_number) + 1);
});

test('a pay refused for one short line leaves nothing reserved for the others, and places without a savepoint', async () => {
  const { anon } = shop();
  const plenty = await makeVariant(shop(), { stock: 10 });
  const scarce = await makeVariant(shop(), { stock: 2 });
  const movementsOf = async (variantId: number) => Number((await shop().knex('inventory_movements').where({ variant_id: variantId }).count({ n: '*' }))[0].n);
  const movementsBefore = await movementsOf(plenty.id);
  const refused = await readyCheckout(anon, [[plenty.id, 3], [scarce.id, 2]]);
  // Stock taken away between the checkout and its pay: the second line is short only when placing.
  await setStock(shop(), scarce.id, 1);
  const short = expectStatus(await pay(anon, refused.id, 'fake_card'), 409);
  assert.equal(short.code, 'insufficient_stock');
  assert.ok(short.errors['items.1.quantity'], 'the short line is named');
  assert.deepEqual(await stockOf(shop(), plenty.id), { quantity: 10, reserved: 0 }, 'the line that fitted was not left reserved');
  assert.equal(await movementsOf(plenty.id), movementsBefore, 'nor is a movement of it recorded');
  assert.equal((await shop().knex('inventory_reservations').where({ variant_id: plenty.id })).length, 0);
  // The same lines that fit: placed, reserved, and no savepoint around the reservation.
  const fits = await readyCheckout(anon, [[plenty.id, 3], [scarce.id, 1]]);
  let paid: any;
  const sent = await statementsDuring(shop().knex, async () => {
    paid = expectStatus(await pay(anon, fits.id, 'fake_card'), 201);
  });
  assert.ok(paid.order.id);
  assert.deepEqual(await stockOf(shop(), plenty.id), { quantity: 10, reserved: 3 });
  assert.deepEqual(await stockOf(shop(), scarce.id), { quantity: 1, reserved: 1 });
  assert.deepEqual(sent.filter((s) => /savepoint/i.test(s.sql)).map((s) => s.sql), [], 'the reservation runs in the pay transaction itself');
});

test('the order snapshots what was sold: names, SKUs, options, unit prices, addresses, shipping, language', async () => {
  const { anon, staff } = shop();
  const v = await makeVariant(shop(), { price: '9.99', productOptions: [{ name: 'Size', values: ['S', 'M'] }], options: { Size: 'M' }, name: 'Tee' });
  const checkout = await readyCheckout(anon, [[v.id, 2]]);
  const paid = expectStatus(await pay(anon, checkout.id, 'fake_card'), 201);
  expectStatus(await staff.patch(`/api/v1/variants/${v.id}/`, { price: '50.00' }), 200);
  expectStatus(await staff.patch(`/api/v1/products/${v.product_id}/`, { name: 'Renamed' }), 200);
  const order = expectStatus(await staff.get(`/api/v1/orders/${paid.order.id}/?expand=items`), 200);
  assert.deepEqual(order.items.map((i: any) => [i.name, i.variant.sku, i.options, amount(i.unit_price), amount(i.total), i.quantity]), [['Tee', v.sku, { Size: 'M' }, '9.99', '19.98', 2]]);
  assert.equal(order.shipping_address.city, 'Berlin');
  assert.deepEqual(order.shipping_method, { id: 1, name: 'Standard', provider: 'fake-shipping', description: 'Three to five days.', price: { amount: '5.00', currency: 'USD' } });
  assert.equal(order.language, 'en');
  assert.ok(!('lang' in order), 'one field for the language: language');
  const [created] = (await eventsOf(shop(), 'order.created')).filter((o: any) => o.id === order.id);
  assert.equal(created.language, 'en');
  assert.ok(!('lang' in created), 'nor in event payloads');
  assert.equal(order.exchange_rate, '1');
  assert.equal(order.test, false);
  assert.equal(order.email, 'ada@example.com');
  assert.equal(order.customer_id, null);
});

test('order.paid carries the order as it then reads, built from the row the payment locked and its update', async () => {
  const { anon, staff } = shop();
  const a = await makeVariant(shop(), { price: '6.00' });
  const b = await makeVariant(shop(), { price: '2.50' });
  const c = await makeVariant(shop(), { price: '1.25' });
  const checkout = await readyCheckout(anon, [[a.id, 1], [b.id, 2], [c.id, 3]]);
  let started: any;
  const sent = await statementsDuring(shop().knex, async () => {
    started = expectStatus(await pay(anon, checkout.id, 'fake_instant'), 201);
  });
  assert.equal(started.status, 'succeeded');
  const sql = sent.map((q) => q.sql);
  assert.equal(sql.filter((q) => /^insert into [`"]order_items[`"]/.test(q)).length, 1, "the order's three items in one insert");
  const moved = sql.findIndex((q) => /^update [`"]orders[`"] set [`"]amount_paid[`"]/.test(q));
  const readsAfter = sql.slice(moved).filter((q) => /^select \* from [`"]orders[`"] where [`"]id[`"] = \? limit (\?|1)$/.test(q));
  assert.ok(moved > 0);
  assert.equal(readsAfter.length, 1, "after the payment moved the order, only the pay's answer reads it; order.paid is built without a read");
  // The order's lock counted its payments, shipments and refunds: one payment (in hand), none of the others.
  const childReads = sql.slice(moved).filter((q) => /^select \* from [`"](payments|shipments|refunds)[`"] where [`"]order_id[`"] in/.test(q));
  assert.deepEqual(childReads, [], 'its only payment, and no shipment or refund, read again for order.paid');
  const order = expectStatus(await staff.get(`/api/v1/orders/${started.order.id}/?expand=items`), 200);
  assert.equal(order.status, 'processing');
  assert.equal(order.payment_status, 'paid');
  assert.deepEqual(order.items.map((i: any) => [i.variant_id, i.quantity]), [[a.id, 1], [b.id, 2], [c.id, 3]]);
  const rows = await shop().knex('order_items').where('order_id', started.order.id).orderBy('id').select('id', 'variant_id');
  assert.deepEqual(order.items.map((i: any) => [i.id, i.variant_id]), rows.map((r: any) => [Number(r.id), Number(r.variant_id)]));
  const [created] = (await eventsOf(shop(), 'order.created')).filter((e) => e.id === started.order.id);
  assert.deepEqual(created.items, order.items, "order.created's items carry the ids the insert gave them");
  const [paid] = (await eventsOf(shop(), 'order.paid')).filter((e) => e.id === started.order.id);
  assert.deepEqual(paid, order);
});

test('order.paid of an order paid at its second attempt shows both payments, as the order reads', async () => {
  const { anon, staff } = shop();
  const v = await makeVariant(shop(), { price: '4.00' });
  const checkout = await readyCheckout(anon, [[v.id, 2]]);
  expectStatus(await pay(anon, checkout.id, 'fake_decline'), 402);
  const started = expectStatus(await pay(anon, checkout.id, 'fake_instant'), 201);
  assert.equal(started.status, 'succeeded');
  const order = expectStatus(await staff.get(`/api/v1/orders/${started.order.id}/?expand=items`), 200);
  assert.deepEqual(order.payments.map((p: any) => p.status), ['failed', 'succeeded']);
  const [paid] = (await eventsOf(shop(), 'order.paid')).filter((e) => e.id === started.order.id);
  assert.deepEqual(paid, order);
});

test("a redirect is booked on MySQL/MariaDB in one statement outside a transaction, the order's revision raised with it", async () => {
  const { anon, staff } = shop();
  const knex = shop().knex;
  const v = await makeVariant(shop());
  const checkout = await readyCheckout(anon, [[v.id, 1]]);
  const first = expectStatus(await pay(anon, checkout.id, 'fake_card'), 201);
  const revisionOf = async () => Number((await knex('orders').where('id', first.order.id).first('revision')).revision);
  const before = await revisionOf();
  let second: any;
  const sent = await statementsDuring(knex, async () => {
    second = expectStatus(await pay(anon, checkout.id, 'fake_card'), 201);
  });
  // The pay's own transaction raised the revision once (the first payment superseded); booking the
  // redirect once more: the order's view shows the payment's new fields.
  assert.equal(await revisionOf(), before + 2);
  const sql = sent.map((q) => q.sql);
  const booking = sql.slice(sql.findIndex((q) => /^insert into [`"]payments[`"]/.test(q)) + 1);
  if (isMysql(knex)) {
    assert.deepEqual(booking.filter((q) => /^(begin|commit|update)/i.test(q)).map((q) => q.split(' set ')[0]!.replace(/;$/, '')), ['COMMIT', 'update `payments` straight_join `orders` on `orders`.`id` = `payments`.`order_id`'], booking.join('\n'));
  } else {
    assert.equal(booking.filter((q) => /^update [`"](payments|orders)[`"]/.test(q)).length, 2, booking.join('\n'));
  }
  const order = expectStatus(await staff.get(`/api/v1/orders/${first.order.id}/`), 200);
  assert.deepEqual(order.payments.map((p: any) => [p.id, p.status, p.redirect_url]), [
    [first.id, 'cancelled', first.redirect_url],
    [second.id, 'pending', second.redirect_url],
  ]);
  assert.ok(second.redirect_url);
});
