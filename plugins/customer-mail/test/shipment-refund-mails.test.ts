import assert from 'node:assert/strict';
import { test } from 'node:test';
import { expectStatus, mailsAbout, mailShop, paidOrder, receivedMails, runBackground, STORE_NAME, type MailShop } from './helpers.ts';

// The shipment and refund events as core-checkout writes them, emitted through the kernel's event bus
// in a committed transaction: the mails depend only on the events' documented data.

async function emit(shop: MailShop, type: string, data: Record<string, unknown>): Promise<void> {
  const { knex, events } = shop.store.kernel;
  await knex.transaction((trx) => events.emit(trx, type, data));
}

async function orderWithItems(shop: MailShop, id: number): Promise<any> {
  return expectStatus(await shop.staff.get(`/api/v1/orders/${id}/?expand=items`), 200);
}

function shipmentData(order: any, over: Record<string, unknown> = {}): Record<string, unknown> {
  const [item] = order.items;
  return {
    id: 7,
    order_id: order.id,
    order_number: order.order_number,
    carrier: 'DHL',
    tracking_number: '00340434161094042557',
    warehouse_id: 1,
    notify_customer: true,
    items: [{ order_item_id: item.id, quantity: 2, name: item.name, sku: item.sku, options: { Colour: 'Blue' } }],
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    ...over,
  };
}

function refundData(order: any, over: Record<string, unknown> = {}): Record<string, unknown> {
  const [item] = order.items;
  return {
    id: 3,
    order_id: order.id,
    order_number: order.order_number,
    amount: { amount: '1234.50', currency: order.currency },
    reason: 'Damaged in transit',
    restock: false,
    notify_customer: true,
    items: [{ order_item_id: item.id, quantity: 1, name: item.name, sku: item.sku }],
    created_at: new Date().toISOString(),
    ...over,
  };
}

test('shipment.created with notify_customer mails the carrier, the tracking number and the items shipped', async (t) => {
  const shop = await mailShop(t);
  const paid = await paidOrder(shop, { email: 'ship@example.com', quantity: 3 });
  const order = await orderWithItems(shop, paid.id);
  await runBackground(shop);
  const before = shop.smtp!.mails.length;

  await emit(shop, 'shipment.created', shipmentData(order, { carrier: 'Fast <Freight> & Co' }));
  await runBackground(shop);
  const mails = (await receivedMails(shop)).slice(before);
  assert.equal(mails.length, 1);
  const [mail] = mails;
  assert.deepEqual(mail.to, ['ship@example.com']);
  assert.equal(mail.subject, `Your order ${order.order_number} is on its way – ${STORE_NAME}`);
  assert.ok(mail.text.includes('Carrier: Fast <Freight> & Co'), mail.text);
  assert.ok(mail.text.includes('Tracking number: 00340434161094042557'), mail.text);
  assert.ok(mail.text.includes(`2 x ${order.items[0].name} (Colour: Blue), SKU ${order.items[0].sku}`), mail.text);
  assert.ok(mail.html.includes('Fast &lt;Freight&gt; &amp; Co'), mail.html);
  assert.ok(mail.html.includes('<strong>00340434161094042557</strong>'));
  const kinds = await shop.store.kernel.knex('customer_mails').where({ order_id: order.id }).orderBy('id').pluck('kind');
  assert.deepEqual(kinds, ['order-confirmation', 'shipping-confirmation']);
});

test('shipments and refunds without notify_customer, other events and unknown orders send nothing', async (t) => {
  const shop = await mailShop(t);
  const paid = await paidOrder(shop);
  const order = await orderWithItems(shop, paid.id);
  await runBackground(shop);
  await emit(shop, 'shipment.created', shipmentData(order, { notify_customer: false }));
  await emit(shop, 'refund.created', refundData(order, { notify_customer: false }));
  await emit(shop, 'shipment.updated', shipmentData(order));
  // A shipment of an order that does not exist: logged, no mail, not retried.
  await emit(shop, 'shipment.created', shipmentData(order, { order_id: order.id + 1000 }));
  await runBackground(shop);
  const mails = await mailsAbout(shop, order.order_number);
  assert.deepEqual(mails.map((m) => m.subject), [`Order ${order.order_number} confirmed – ${STORE_NAME}`]);
  const pending = await shop.store.kernel.knex('events').whereNull('dispatched_at').count({ n: '*' });
  assert.equal(Number(pending[0].n), 0, 'every event was handled, none is waiting for a retry');
});

test('refund.created with notify_customer mails the amount, the reason and the items, in the order language', async (t) => {
  const shop = await mailShop(t, { settings: { languages: ['en', 'de'] } });
  const paid = await paidOrder(shop, { language: 'de', email: 'refund@example.com' });
  const order = await orderWithItems(shop, paid.id);
  await runBackground(shop);
  await emit(shop, 'refund.created', refundData(order));
  await emit(shop, 'shipment.created', shipmentData(order, { carrier: '', tracking_number: '' }));
  await runBackground(shop);

  const mails = await mailsAbout(shop, order.order_number);
  assert.equal(mails.length, 3);
  const refund = mails.find((m) => m.subject.startsWith('Erstattung'))!;
  assert.deepEqual(refund.to, ['refund@example.com']);
  assert.equal(refund.subject, `Erstattung von 1.234,50\u00a0$ für Bestellung ${order.order_number} – ${STORE_NAME}`);
  assert.ok(refund.text.includes('Grund: Damaged in transit'), refund.text);
  assert.ok(refund.text.includes(`1 x ${order.items[0].name}, Art.-Nr. ${order.items[0].sku}`), refund.text);
  assert.ok(refund.html.includes('1.234,50'), refund.html);

  const shipping = mails.find((m) => m.subject.includes('unterwegs'))!;
  assert.equal(shipping.subject, `Ihre Bestellung ${order.order_number} ist unterwegs – ${STORE_NAME}`);
  assert.ok(!shipping.text.includes('Versanddienstleister'), 'no empty carrier line');
  assert.ok(!shipping.text.includes('Sendungsnummer'), 'no empty tracking line');
});
