import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SessionClient } from '../../../test/helpers/auth.ts';
import { eventsOf, expectStatus, makeVariant, orderNow, placedOrder, shopFor, stockOf, type Shop } from './helpers.ts';

const database = process.env.DATABASE_URL ? 'MariaDB/MySQL' : 'SQLite';

function ship(shop: Shop, orderId: number, items: Array<{ order_item_id: number | string; quantity: number }>, extra: Record<string, unknown> = {}) {
  return shop.staff.post(`/api/v1/orders/${orderId}/shipments/`, { carrier: 'DHL', tracking_number: `JD0001-${orderId}`, items, ...extra });
}

const SHIPMENT_KEYS = ['carrier', 'created_at', 'id', 'items', 'notify_customer', 'order_id', 'order_number', 'tracking_number', 'updated_at', 'warehouse_id'];

test('ship part of an order, then the rest: partial, then fulfilled and shipped, with the events in the outbox', async (t) => {
  const shop = await shopFor(t);
  const a = await makeVariant(shop, { stock: 10, productOptions: [{ name: 'Size', values: ['M'] }], options: { Size: 'M' } });
  const b = await makeVariant(shop, { stock: 10 });
  const order = await placedOrder(shop, [[a.id, 3], [b.id, 2]]);
  assert.equal(order.status, 'processing');
  assert.equal(order.fulfillment_status, 'unfulfilled');
  assert.deepEqual(order.shipments, []);
  const [itemA, itemB] = order.items;
  assert.deepEqual(await stockOf(shop, a.id), { quantity: 10, reserved: 3 });

  const first = await ship(shop, order.id, [{ order_item_id: itemA.id, quantity: 2 }, { order_item_id: String(itemB.id), quantity: 2 }], { notify_customer: true });
  const made = expectStatus(first, 201);
  assert.equal(first.headers.location, `https://store.test/api/v1/orders/${order.id}/shipments/${made.id}/`);
  assert.deepEqual(Object.keys(made).sort(), SHIPMENT_KEYS);
  assert.equal(made.order_number, order.order_number);
  assert.equal(made.notify_customer, true);
  assert.equal(made.warehouse_id, shop.warehouseId, 'the one warehouse the units left from');
  assert.deepEqual(made.items, [
    { order_item_id: itemA.id, quantity: 2, name: itemA.name, sku: a.sku, options: { Size: 'M' } },
    { order_item_id: itemB.id, quantity: 2, name: itemB.name, sku: b.sku, options: {} },
  ]);
  assert.deepEqual(await stockOf(shop, a.id), { quantity: 8, reserved: 1 }, 'shipped units leave stock and the reservation');
  assert.deepEqual(await stockOf(shop, b.id), { quantity: 8, reserved: 0 });
  let now = await orderNow(shop, order.id);
  assert.equal(now.status, 'processing');
  assert.equal(now.fulfillment_status, 'partial');
  assert.deepEqual(now.items.map((i: any) => [i.quantity_shipped, i.quantity_to_ship]), [[2, 1], [2, 0]]);
  assert.deepEqual(now.shipments, [made]);

  const second = expectStatus(await ship(shop, order.id, [{ order_item_id: itemA.id, quantity: 1 }], { carrier: 'UPS', tracking_number: '1Z999' }), 201);
  assert.equal(second.notify_customer, false, 'notify_customer defaults to false');
  now = await orderNow(shop, order.id);
  assert.equal(now.status, 'shipped');
  assert.equal(now.fulfillment_status, 'fulfilled');
  assert.ok(now.shipped_at);
  assert.deepEqual(now.shipments.map((s: any) => s.id), [made.id, second.id]);
  assert.deepEqual(await stockOf(shop, a.id), { quantity: 7, reserved: 0 });

  const created = (await eventsOf(shop, 'shipment.created')).filter((e) => e.order_id === order.id);
  assert.deepEqual(created, [made, second], 'shipment.created carries the shipment as the API shows it');
  const shippedEvents = (await eventsOf(shop, 'order.shipped')).filter((e) => e.id === order.id);
  assert.equal(shippedEvents.length, 1);
  assert.equal(shippedEvents[0].status, 'shipped');
  assert.equal(shippedEvents[0].items.length, 2);
  assert.equal(shippedEvents[0].shipments.length, 2);
  const updates = (await eventsOf(shop, 'order.updated')).filter((e) => e.id === order.id);
  assert.deepEqual(updates.slice(-2).map((e) => e.fulfillment_status), ['partial', 'fulfilled'], 'order.updated after each shipment');

  // Reading them: the list envelope, one shipment, and 404s.
  const list = expectStatus(await shop.staff.get(`/api/v1/orders/${order.id}/shipments/`), 200);
  assert.equal(list.count, 2);
  assert.deepEqual(list.results, [made, second]);
  const newest = expectStatus(await shop.staff.get(`/api/v1/orders/${order.id}/shipments/?ordering=-created_at&page_size=1`), 200);
  assert.equal(newest.results.length, 1);
  assert.ok(newest.next);
  assert.deepEqual(expectStatus(await shop.staff.get(`/api/v1/orders/${order.id}/shipments/${second.id}/`), 200), second);
  expectStatus(await shop.staff.get(`/api/v1/orders/${order.id}/shipments/999999/`), 404);
  expectStatus(await shop.staff.get(`/api/v1/orders/999999/shipments/`), 404);

  // Shipping a shipped order: 409 naming its state.
  const again = expectStatus(await ship(shop, order.id, [{ order_item_id: itemA.id, quantity: 1 }]), 409);
  assert.equal(again.code, 'invalid_transition');
  assert.match(again.detail, /\bshipped\b/);
});

test('PATCH a shipment: carrier and tracking number change, shipment.updated and order.updated', async (t) => {
  const shop = await shopFor(t);
  const v = await makeVariant(shop);
  const order = await placedOrder(shop, [[v.id, 1]]);
  const made = expectStatus(await ship(shop, order.id, [{ order_item_id: order.items[0].id, quantity: 1 }]), 201);
  const updatesBefore = (await eventsOf(shop, 'order.updated')).filter((e) => e.id === order.id).length;
  const patched = expectStatus(await shop.staff.patch(`/api/v1/orders/${order.id}/shipments/${made.id}/`, { tracking_number: 'NEW-42' }), 200);
  assert.equal(patched.tracking_number, 'NEW-42');
  assert.equal(patched.carrier, 'DHL');
  assert.ok(Date.parse(patched.updated_at) >= Date.parse(made.updated_at));
  const events = (await eventsOf(shop, 'shipment.updated')).filter((e) => e.id === made.id);
  assert.deepEqual(events, [patched]);
  const updates = (await eventsOf(shop, 'order.updated')).filter((e) => e.id === order.id);
  assert.equal(updates.length, updatesBefore + 1);
  assert.equal(updates.at(-1).shipments[0].tracking_number, 'NEW-42');

  expectStatus(await shop.staff.patch(`/api/v1/orders/${order.id}/shipments/${made.id}/`, {}), 400);
  expectStatus(await shop.staff.patch(`/api/v1/orders/${order.id}/shipments/${made.id}/`, { carrier: '' }), 400);
  expectStatus(await shop.staff.patch(`/api/v1/orders/${order.id}/shipments/${made.id}/`, { items: [] }), 400);
  expectStatus(await shop.staff.patch(`/api/v1/orders/${order.id}/shipments/999999/`, { carrier: 'UPS' }), 404);
  assert.equal(expectStatus(await shop.staff.get(`/api/v1/orders/${order.id}/shipments/${made.id}/`), 200).tracking_number, 'NEW-42');
});

test('refused shipments: more than ordered, another order\'s item, an item twice, an unpaid or cancelled order; nothing changes', async (t) => {
  const shop = await shopFor(t);
  const v = await makeVariant(shop, { stock: 20 });
  const order = await placedOrder(shop, [[v.id, 2]]);
  const other = await placedOrder(shop, [[v.id, 1]]);
  const item = order.items[0];
  const before = await stockOf(shop, v.id);

  const tooMany = expectStatus(await ship(shop, order.id, [{ order_item_id: item.id, quantity: 3 }]), 400);
  assert.equal(tooMany.code, 'invalid');
  assert.deepEqual(Object.keys(tooMany.errors), ['items.0.quantity']);
  const foreign = expectStatus(await ship(shop, order.id, [{ order_item_id: other.items[0].id, quantity: 1 }]), 400);
  assert.deepEqual(Object.keys(foreign.errors), ['items.0.order_item_id']);
  const unknown = expectStatus(await ship(shop, order.id, [{ order_item_id: 999999, quantity: 1 }]), 400);
  assert.deepEqual(Object.keys(unknown.errors), ['items.0.order_item_id']);
  const twice = expectStatus(await ship(shop, order.id, [{ order_item_id: item.id, quantity: 1 }, { order_item_id: item.id, quantity: 1 }]), 400);
  assert.deepEqual(Object.keys(twice.errors), ['items.1.order_item_id']);
  const all = expectStatus(await ship(shop, order.id, [{ order_item_id: other.items[0].id, quantity: 1 }, { order_item_id: item.id, quantity: 5 }]), 400);
  assert.deepEqual(Object.keys(all.errors).sort(), ['items.0.order_item_id', 'items.1.quantity'], 'every bad line at once');
  for (const body of [
    { carrier: 'DHL', tracking_number: 'X', items: [] },
    { carrier: 'DHL', tracking_number: 'X', items: [{ order_item_id: item.id, quantity: 0 }] },
    { carrier: 'DHL', tracking_number: 'X', items: [{ order_item_id: item.id, quantity: '1' }] },
    { carrier: ' ', tracking_number: 'X', items: [{ order_item_id: item.id, quantity: 1 }] },
    { tracking_number: 'X', items: [{ order_item_id: item.id, quantity: 1 }] },
    { carrier: 'DHL', tracking_number: 'X', items: [{ order_item_id: item.id, quantity: 1 }], extra: true },
  ]) {
    expectStatus(await shop.staff.post(`/api/v1/orders/${order.id}/shipments/`, body), 400);
  }
  const badWarehouse = expectStatus(await ship(shop, order.id, [{ order_item_id: item.id, quantity: 1 }], { warehouse_id: 999999 }), 400);
  assert.ok(badWarehouse.errors.warehouse_id);
  assert.ok(expectStatus(await ship(shop, order.id, [{ order_item_id: item.id, quantity: 1 }], { warehouse_id: '999999999999999999' }), 400).errors.warehouse_id);
  assert.ok(expectStatus(await ship(shop, order.id, [{ order_item_id: '999999999999999999', quantity: 1 }]), 400).errors['items.0.order_item_id']);
  expectStatus(await shop.staff.get(`/api/v1/orders/${order.id}/shipments/99999999999999999999/`), 404);

  // After part of it shipped, the rest is what is left.
  expectStatus(await ship(shop, order.id, [{ order_item_id: item.id, quantity: 1 }], { warehouse_id: shop.warehouseId }), 201);
  const over = expectStatus(await ship(shop, order.id, [{ order_item_id: item.id, quantity: 2 }]), 400);
  assert.match(over.errors['items.0.quantity'][0], /Only 1 /);

  // An unpaid (pending) order: 409 unless the store ships unpaid orders.
  const unpaid = await placedOrder(shop, [[v.id, 1]], 'fake_card');
  const refusedUnpaid = expectStatus(await ship(shop, unpaid.id, [{ order_item_id: unpaid.items[0].id, quantity: 1 }]), 409);
  assert.equal(refusedUnpaid.code, 'order_unpaid');
  assert.match(refusedUnpaid.detail, /\bpending\b/);

  // A cancelled order: 409 naming the state.
  expectStatus(await shop.staff.post(`/api/v1/orders/${unpaid.id}/cancel/`, undefined), 200);
  const refusedCancelled = expectStatus(await ship(shop, unpaid.id, [{ order_item_id: unpaid.items[0].id, quantity: 1 }]), 409);
  assert.equal(refusedCancelled.code, 'invalid_transition');
  assert.match(refusedCancelled.detail, /\bcancelled\b/);

  assert.deepEqual(await stockOf(shop, v.id), { quantity: before.quantity - 1, reserved: before.reserved - 1 }, 'only the one good shipment moved stock');
  assert.equal((await orderNow(shop, order.id)).shipments.length, 1);
  assert.equal((await orderNow(shop, unpaid.id)).shipments.length, 0);
  assert.equal((await eventsOf(shop, 'shipment.created')).length, 1);
  expectStatus(await ship(shop, 999999, [{ order_item_id: item.id, quantity: 1 }]), 404);
});

test('customers read their own order\'s shipments only; they cannot ship', async (t) => {
  const shop = await shopFor(t);
  const v = await makeVariant(shop);
  const customer = new SessionClient(shop.store);
  const me = expectStatus(await customer.register({ email: `ship-${process.pid}-${Date.now()}@example.com`, password: 'shipments-password-1' }), 201);
  const order = await placedOrder(shop, [[v.id, 1]]);
  expectStatus(await ship(shop, order.id, [{ order_item_id: order.items[0].id, quantity: 1 }]), 201);
  // A guest's order is not this customer's.
  expectStatus(await customer.request({ method: 'GET', url: `/api/v1/orders/${order.id}/shipments/` }), 404);
  expectStatus(await shop.anon.get(`/api/v1/orders/${order.id}/shipments/`), 401);
  // Set directly: the order becomes this customer's (buying with a session is covered in orders.test.ts).
  await shop.knex('orders').where({ id: order.id }).update({ customer_id: me.id ?? me.user?.id });
  assert.equal(expectStatus(await customer.request({ method: 'GET', url: `/api/v1/orders/${order.id}/shipments/` }), 200).count, 1);
});

test(`three shipments of the same units at once: exactly one ships them (${database})`, async (t) => {
  const shop = await shopFor(t);
  const v = await makeVariant(shop, { stock: 10 });
  for (let round = 0; round < 3; round++) {
    // Three units: each request asks for two, so two shipments together would over-ship.
    const order = await placedOrder(shop, [[v.id, 3]]);
    const item = order.items[0];
    const results = await Promise.all([0, 1, 2].map(() => ship(shop, order.id, [{ order_item_id: item.id, quantity: 2 }])));
    const statuses = results.map((r) => r.statusCode).sort();
    assert.deepEqual(statuses, [201, 400, 400], results.map((r) => r.body).join('\n'));
    const now = await orderNow(shop, order.id);
    assert.equal(now.shipments.length, 1);
    assert.equal(now.items[0].quantity_shipped, 2);
    assert.equal(now.fulfillment_status, 'partial');
    for (const refused of results.filter((r) => r.statusCode === 400)) assert.deepEqual(Object.keys(refused.json().errors), ['items.0.quantity']);
  }
  assert.deepEqual(await stockOf(shop, v.id), { quantity: 4, reserved: 3 });
});
