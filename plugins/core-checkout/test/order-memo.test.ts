import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ManualClock } from '../../../kernel/clock.ts';
import { SessionClient } from '../../../test/helpers/auth.ts';
import { statementsDuring } from '../../../test/helpers/statements.ts';
import type { OrderService } from '../services/orders/order-service.ts';
import { cartWith, expectStatus, makeVariant, openCheckout, pay, selectShipping, shopFor, type Shop } from './helpers.ts';

// Order answers come from a memo of each order's JSON kept under its revision (services/orders/
// order-memo.ts). Every write an order goes through must show in the next answer: each step below is
// read first (so the order is kept), written, then read again through the detail and the list, with and
// without items, and compared with the order as built afresh from the database.

const HOUR = 3_600_000;

/** The order as the API view is built from the database now, bypassing the memo. */
async function fresh(shop: Shop, id: number, items: boolean): Promise<unknown> {
  const orders = shop.store.kernel.container.resolve<OrderService>('orderService');
  return JSON.parse(JSON.stringify(await orders.view(shop.knex, await orders.get(shop.knex, id), { items })));
}

/** The order through the detail and the staff list, with and without items. */
async function answers(shop: Shop, id: number) {
  const listed = async (query: string) => expectStatus(await shop.staff.get(`/api/v1/orders/?page_size=100${query}`), 200).results.find((o: any) => o.id === id);
  return {
    detail: expectStatus(await shop.staff.get(`/api/v1/orders/${id}/`), 200),
    detailItems: expectStatus(await shop.staff.get(`/api/v1/orders/${id}/?expand=items`), 200),
    listed: await listed(''),
    listedItems: await listed('&expand=items'),
  };
}

/** Every answer shows the order as it is now; returns it (with items). */
async function current(shop: Shop, id: number, step: string): Promise<any> {
  const got = await answers(shop, id);
  const [plain, withItems] = [await fresh(shop, id, false), await fresh(shop, id, true)];
  assert.deepEqual(got.detail, plain, `${step}: the detail`);
  assert.deepEqual(got.listed, plain, `${step}: the list`);
  assert.deepEqual(got.detailItems, withItems, `${step}: the detail with items`);
  assert.deepEqual(got.listedItems, withItems, `${step}: the list with items`);
  return got.detailItems;
}

async function checkoutFor(shop: Shop, variantId: number, quantity: number): Promise<string> {
  const cart = await cartWith(shop.anon, [[variantId, quantity]]);
  const checkout = await openCheckout(shop.anon, cart.id, 'DE');
  await selectShipping(shop.anon, checkout.id, 1);
  return checkout.id;
}

test('each write to an order, its payments, shipments, refunds or items shows in the next answer', async (t) => {
  const clock = new ManualClock(new Date('2026-06-01T10:00:00Z'));
  const shop = await shopFor(t, { clock });
  const v = await makeVariant(shop, { price: '10.00', stock: 20 });
  const checkoutId = await checkoutFor(shop, v.id, 3);

  const started = expectStatus(await pay(shop.anon, checkoutId, 'fake_card'), 201);
  const id = started.order.id;
  let order = await current(shop, id, 'placed, a card payment pending');
  assert.deepEqual(order.payments.map((p: any) => p.status), ['pending']);

  // A new attempt cancels the pending one and opens another (instructions, no order row change).
  expectStatus(await pay(shop.anon, checkoutId, 'fake_offline'), 201);
  order = await current(shop, id, 'paid again by transfer');
  assert.deepEqual(order.payments.map((p: any) => p.status), ['cancelled', 'pending']);

  const transfer = order.payments[1];
  expectStatus(await shop.staff.post(`/api/v1/orders/${id}/payments/${transfer.id}/capture/`, undefined), 200);
  order = await current(shop, id, 'the transfer captured');
  assert.deepEqual([order.status, order.payment_status, order.payments[1].status], ['processing', 'paid', 'succeeded']);

  const item = order.items[0];
  const shipment = expectStatus(await shop.staff.post(`/api/v1/orders/${id}/shipments/`, { carrier: 'DHL', tracking_number: 'T-1', items: [{ order_item_id: item.id, quantity: 1 }] }), 201);
  order = await current(shop, id, 'one unit shipped');
  assert.deepEqual([order.fulfillment_status, order.items[0].quantity_shipped, order.shipments.length], ['partial', 1, 1]);

  expectStatus(await shop.staff.patch(`/api/v1/orders/${id}/shipments/${shipment.id}/`, { tracking_number: 'T-2' }), 200);
  order = await current(shop, id, 'the tracking number changed');
  assert.equal(order.shipments[0].tracking_number, 'T-2');

  expectStatus(await shop.staff.post(`/api/v1/orders/${id}/refunds/`, { reason: 'Damaged', items: [{ order_item_id: item.id, quantity: 1 }] }), 201);
  order = await current(shop, id, 'one unit refunded');
  assert.deepEqual([order.payment_status, order.refunds.length, order.items[0].quantity_refunded, order.payments[1].refunded.amount], ['partially_refunded', 1, 1, '10.00']);

  expectStatus(await shop.staff.post(`/api/v1/orders/${id}/shipments/`, { carrier: 'DHL', tracking_number: 'T-3', items: [{ order_item_id: item.id, quantity: 1 }] }), 201);
  order = await current(shop, id, 'the rest shipped');
  assert.equal(order.status, 'shipped');
  expectStatus(await shop.staff.post(`/api/v1/orders/${id}/deliver/`, undefined), 200);
  assert.equal((await current(shop, id, 'delivered')).status, 'delivered');
  expectStatus(await shop.staff.post(`/api/v1/orders/${id}/complete/?force=true`, undefined), 200);
  assert.equal((await current(shop, id, 'completed')).status, 'completed');
});

test('a declined payment, a staff cancellation and the unpaid timeout show in the next answer', async (t) => {
  const clock = new ManualClock(new Date('2026-06-01T10:00:00Z'));
  const shop = await shopFor(t, { clock });
  const v = await makeVariant(shop, { price: '10.00', stock: 20 });

  const declinedCheckout = await checkoutFor(shop, v.id, 1);
  expectStatus(await pay(shop.anon, declinedCheckout, 'fake_card'), 201);
  const declinedId = expectStatus(await shop.staff.get('/api/v1/orders/?page_size=1'), 200).results[0].id;
  await current(shop, declinedId, 'pending');
  expectStatus(await pay(shop.anon, declinedCheckout, 'fake_decline'), 402);
  const declined = await current(shop, declinedId, 'declined');
  assert.deepEqual(declined.payments.map((p: any) => p.status), ['cancelled', 'failed']);
  expectStatus(await shop.staff.post(`/api/v1/orders/${declinedId}/cancel/`, undefined), 200);
  assert.equal((await current(shop, declinedId, 'cancelled by staff')).status, 'cancelled');

  const unpaid = expectStatus(await pay(shop.anon, await checkoutFor(shop, v.id, 1), 'fake_card'), 201);
  await current(shop, unpaid.order.id, 'pending');
  clock.advance(48 * HOUR);
  await shop.store.kernel.worker.enqueue(shop.knex, 'core-checkout.expire-unpaid-orders', {});
  await shop.store.kernel.worker.runDue();
  const expired = await current(shop, unpaid.order.id, 'expired');
  assert.deepEqual([expired.status, expired.payments[0].status], ['cancelled', 'cancelled']);
});

test('a kept order is shown only to whom may see it, and a page of kept orders reads none of their parts', async (t) => {
  const shop = await shopFor(t);
  const v = await makeVariant(shop, { price: '10.00' });
  const buyer = new SessionClient(shop.store);
  expectStatus(await buyer.register({ email: `memo-${process.pid}@example.com`, password: 'memo-password-1' }), 201);
  const other = new SessionClient(shop.store);
  expectStatus(await other.register({ email: `memo-other-${process.pid}@example.com`, password: 'memo-password-1' }), 201);
  const cart = expectStatus(await buyer.request({ method: 'POST', url: '/api/v1/cart/' }), 201);
  const body = (payload: unknown) => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
  expectStatus(await buyer.request({ method: 'POST', url: `/api/v1/cart/${cart.id}/items/`, ...body({ variant_id: v.id, quantity: 1 }) }), 201);
  const shipTo = { first_name: 'C', last_name: 'D', address_line_1: 'E', city: 'F', postal_code: 'G', country: 'DE' };
  const checkout = expectStatus(await buyer.request({ method: 'POST', url: '/api/v1/checkout/', ...body({ cart_id: cart.id, email: 'memo@example.com', shipping_address: shipTo }) }), 201);
  expectStatus(await buyer.request({ method: 'PATCH', url: `/api/v1/checkout/${checkout.id}/`, ...body({ shipping_method_id: 1 }) }), 200);
  const id = expectStatus(await buyer.request({ method: 'POST', url: `/api/v1/checkout/${checkout.id}/pay/`, ...body({ payment_method_id: 'fake_instant' }) }), 201).order.id;

  // Staff read it first, so it is kept; the other customer still gets nothing of it.
  const staffView = expectStatus(await shop.staff.get(`/api/v1/orders/${id}/?expand=items`), 200);
  expectStatus(await shop.staff.get('/api/v1/orders/?expand=items'), 200);
  assert.equal(expectStatus(await other.request({ method: 'GET', url: '/api/v1/orders/?expand=items' }), 200).count, 0);
  expectStatus(await other.request({ method: 'GET', url: `/api/v1/orders/${id}/?expand=items` }), 404);
  const own = expectStatus(await buyer.request({ method: 'GET', url: '/api/v1/orders/?expand=items' }), 200);
  assert.deepEqual(own.results, [staffView], 'the buyer sees the same order');

  const parts = /`?(order_items|payments|shipments|refunds)`?/;
  const statements = await statementsDuring(shop.knex, () => shop.staff.get('/api/v1/orders/?expand=items'));
  assert.deepEqual(statements.filter((s) => parts.test(s.sql)).map((s) => s.sql), [], 'nothing but the page is read for kept orders');
});

test('kept orders are tagged by what they show: the same order the same ETag (304), any write to it a new one', async (t) => {
  const shop = await shopFor(t);
  const v = await makeVariant(shop, { price: '10.00', stock: 20 });
  const first = expectStatus(await pay(shop.anon, await checkoutFor(shop, v.id, 1), 'fake_card'), 201).order.id;
  const second = expectStatus(await pay(shop.anon, await checkoutFor(shop, v.id, 2), 'fake_card'), 201).order.id;
  const tagOf = async (url: string) => {
    const res = await shop.staff.get(url);
    expectStatus(res, 200);
    return res.headers.etag as string;
  };
  const LIST = '/api/v1/orders/?expand=items';
  const listTag = await tagOf(LIST);
  const firstTag = await tagOf(`/api/v1/orders/${first}/?expand=items`);
  const secondTag = await tagOf(`/api/v1/orders/${second}/?expand=items`);
  assert.match(listTag, /^W\/".+"$/);
  assert.equal(await tagOf(LIST), listTag, 'the same page, the same tag');
  assert.equal((await shop.staff.get(LIST, { 'if-none-match': listTag })).statusCode, 304);
  assert.equal((await shop.staff.get(`/api/v1/orders/${first}/?expand=items`, { 'if-none-match': firstTag })).statusCode, 304);
  const head = await shop.staff.request('HEAD', LIST);
  assert.equal(head.statusCode, 200);
  assert.equal(head.headers.etag, listTag, 'HEAD has the GET\'s tag');
  // Every answer of the same orders differs from every other: pages, with and without items, the detail.
  const tags = [listTag, firstTag, secondTag, await tagOf('/api/v1/orders/'), await tagOf(`${LIST}&page_size=1`), await tagOf(`${LIST}&page_size=1&page=2`), await tagOf(`/api/v1/orders/${first}/`)];
  assert.equal(new Set(tags).size, tags.length, tags.join('\n'));

  expectStatus(await shop.staff.post(`/api/v1/orders/${first}/cancel/`, undefined), 200);
  const changed = await shop.staff.get(LIST, { 'if-none-match': listTag });
  assert.equal(changed.statusCode, 200, 'a write to one order of the page changes its tag');
  assert.notEqual(changed.headers.etag, listTag);
  assert.equal((await shop.staff.get(`/api/v1/orders/${first}/?expand=items`, { 'if-none-match': firstTag })).statusCode, 200);
  assert.equal((await shop.staff.get(`/api/v1/orders/${second}/?expand=items`, { 'if-none-match': secondTag })).statusCode, 304, 'the other order is unchanged');
  assert.equal((await shop.staff.get(LIST, { 'if-none-match': changed.headers.etag as string })).statusCode, 304);
});
