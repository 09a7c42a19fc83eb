import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { test } from 'node:test';
import { expectStatus, makeVariant, placedOrder, shopFor } from '../../plugins/core-checkout/test/helpers.ts';
import { LOOPBACK_RECEIVERS, pump } from '../../plugins/webhooks/test/helpers.ts';
import { startReceiver } from '../../plugins/webhooks/test/receiver.ts';

// Webhook deliveries (docs/api.md) end to end: an integration subscribed to the order events receives, signed, the
// order with its order_number, the shipment with its tracking_number and the refund, as the API shows them.
test('an order sold, shipped and partly refunded reaches a webhook receiver as signed events with order_number and tracking_number', async (t) => {
  const shop = await shopFor(t, { env: LOOPBACK_RECEIVERS });
  const receiver = await startReceiver('/erp/hooks');
  t.after(() => receiver.close());
  const types = ['order.created', 'order.paid', 'order.shipped', 'order.updated', 'shipment.created', 'refund.created'];
  const endpoint = expectStatus(await shop.staff.post('/api/v1/webhooks/', { url: receiver.url, events: types }), 201);

  const variant = await makeVariant(shop, { price: '19.99', stock: 5 });
  const order = await placedOrder(shop, [[variant.id, 2]]);
  const [item] = order.items;
  const shipment = expectStatus(
    await shop.staff.post(`/api/v1/orders/${order.id}/shipments/`, { carrier: 'UPS', tracking_number: '1Z999AA10123456784', items: [{ order_item_id: item.id, quantity: 2 }] }),
    201,
  );
  const refund = expectStatus(await shop.staff.post(`/api/v1/orders/${order.id}/refunds/`, { amount: '5.00', reason: 'damaged box', restock: false }), 201);
  while ((await pump(shop.store)) > 0);

  for (const got of receiver.received) {
    const expected = crypto.createHmac('sha256', endpoint.secret).update(got.raw).digest('hex');
    assert.equal(got.headers['x-service-signature'], expected, 'signed over the raw body');
    assert.equal(got.headers['x-service-event-type'], got.body.type);
    assert.equal(got.headers['x-service-event-id'], String(got.body.id));
    assert.ok(types.includes(got.body.type), `only subscribed types arrive (${got.body.type})`);
  }
  const ofType = (type: string) => receiver.received.filter((r) => r.body.type === type).map((r) => r.body.data);
  for (const type of ['order.created', 'order.paid', 'order.shipped']) {
    const [data] = ofType(type);
    assert.ok(data, `${type} arrived`);
    assert.equal(data.order_number, order.order_number);
    assert.equal(data.id, order.id);
  }
  assert.equal(ofType('order.shipped')[0].status, 'shipped');
  assert.ok(ofType('order.updated').length >= 2, 'the shipment and the refund updated the order');
  const [shipped] = ofType('shipment.created');
  assert.equal(shipped.tracking_number, '1Z999AA10123456784');
  assert.equal(shipped.id, shipment.id);
  assert.equal(shipped.order_number, order.order_number);
  assert.deepEqual(shipped.items.map((i: any) => [i.order_item_id, i.quantity]), [[item.id, 2]]);
  const [refunded] = ofType('refund.created');
  assert.equal(refunded.id, refund.id);
  assert.deepEqual(refunded.amount, { amount: '5.00', currency: order.currency });

  const log = expectStatus(await shop.staff.get(`/api/v1/webhooks/${endpoint.id}/deliveries/`), 200);
  assert.equal(log.count, receiver.received.length, 'one delivery per event, each delivered once');
  assert.ok(log.results.every((d: any) => d.status === 'succeeded'));
});
