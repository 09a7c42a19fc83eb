import assert from 'node:assert/strict';
import { test } from 'node:test';
import { expectStatus, mailsAbout, mailShop, paidOrder, receivedMails, runBackground, STORE_NAME, type MailShop } from './helpers.ts';

async function orderWithItems(shop: MailShop, id: number): Promise<any> {
  return expectStatus(await shop.staff.get(`/api/v1/orders/${id}/?expand=items`), 200);
}

/** POST /api/v1/orders/{id}/shipments/ (staff) for `quantity` of the order's first item. */
async function ship(shop: MailShop, order: any, body: Record<string, unknown>, quantity = 1): Promise<any> {
  const items = [{ order_item_id: order.items[0].id, quantity }];
  return expectStatus(await shop.staff.post(`/api/v1/orders/${order.id}/shipments/`, { carrier: 'DHL', tracking_number: '00340434161094042557', items, ...body }), 201);
}

/** POST /api/v1/orders/{id}/refunds/ (staff). */
async function refund(shop: MailShop, order: any, body: Record<string, unknown>): Promise<any> {
  return expectStatus(await shop.staff.post(`/api/v1/orders/${order.id}/refunds/`, { reason: 'Damaged in transit', ...body }), 201);
}

test('a shipment with notify_customer mails the carrier, the tracking number and the items shipped', async (t) => {
  const shop = await mailShop(t);
  const paid = await paidOrder(shop, { email: 'ship@example.com', quantity: 3 });
  const order = await orderWithItems(shop, paid.id);
  await runBackground(shop);
  const before = shop.smtp!.mails.length;

  await ship(shop, order, { carrier: 'Fast <Freight> & Co', notify_customer: true }, 2);
  await runBackground(shop);
  const mails = (await receivedMails(shop)).slice(before);
  assert.equal(mails.length, 1);
  const [mail] = mails;
  const [item] = order.items;
  assert.deepEqual(mail.to, ['ship@example.com']);
  assert.equal(mail.subject, `Your order ${order.order_number} is on its way – ${STORE_NAME}`);
  assert.ok(mail.text.includes('Carrier: Fast <Freight> & Co'), mail.text);
  assert.ok(mail.text.includes('Tracking number: 00340434161094042557'), mail.text);
  assert.ok(mail.text.includes(`In this parcel:\n2 x ${item.name}, SKU ${item.sku}\n`), mail.text);
  assert.ok(mail.html.includes('Fast &lt;Freight&gt; &amp; Co'), mail.html);
  assert.ok(mail.html.includes('<strong>00340434161094042557</strong>'));
  const kinds = await shop.store.kernel.knex('customer_mails').where({ order_id: order.id }).orderBy('id').pluck('kind');
  assert.deepEqual(kinds, ['order-confirmation', 'shipping-confirmation']);
});

test('shipments and refunds without notify_customer, corrections and unknown orders send nothing', async (t) => {
  const shop = await mailShop(t);
  const paid = await paidOrder(shop, { quantity: 2 });
  const order = await orderWithItems(shop, paid.id);
  await runBackground(shop);
  const shipment = await ship(shop, order, {});
  assert.equal(shipment.notify_customer, false, 'off unless asked for');
  expectStatus(await shop.staff.patch(`/api/v1/orders/${order.id}/shipments/${shipment.id}/`, { tracking_number: 'CORRECTED-1' }), 200);
  await refund(shop, order, { amount: '1.00' });
  // A shipment event of an order that does not exist (written through the event bus): logged, no mail, not retried.
  const { knex, events } = shop.store.kernel;
  await knex.transaction((trx) => events.emit(trx, 'shipment.created', { ...shipment, order_id: order.id + 1000, notify_customer: true }));
  await runBackground(shop);

  const mails = await mailsAbout(shop, order.order_number);
  assert.deepEqual(mails.map((m) => m.subject), [`Order ${order.order_number} confirmed – ${STORE_NAME}`]);
  const pending = await knex('events').whereNull('dispatched_at').count({ n: '*' });
  assert.equal(Number(pending[0].n), 0, 'every event was handled, none waits for a retry');
});

test('refund and shipping mails are written in the order language: amount, reason, items, carrier', async (t) => {
  const shop = await mailShop(t, { price: '1000.00', settings: { languages: ['en', 'de'] } });
  const paid = await paidOrder(shop, { language: 'de', email: 'refund@example.com', quantity: 2 });
  const order = await orderWithItems(shop, paid.id);
  assert.equal(order.total.amount, '2005.00');
  assert.equal(order.language, 'de');
  await runBackground(shop);
  await refund(shop, order, { amount: '1234.50', items: [{ order_item_id: order.items[0].id, quantity: 1 }], restock: false, notify_customer: true });
  await ship(shop, order, { notify_customer: true });
  await runBackground(shop);

  const mails = await mailsAbout(shop, order.order_number);
  assert.equal(mails.length, 3);
  const [item] = order.items;
  const refundMail = mails.find((m) => m.subject.startsWith('Erstattung'))!;
  assert.deepEqual(refundMail.to, ['refund@example.com']);
  assert.equal(refundMail.subject, `Erstattung von 1.234,50\u00a0$ für Bestellung ${order.order_number} – ${STORE_NAME}`);
  assert.ok(refundMail.text.includes('Grund: Damaged in transit'), refundMail.text);
  assert.ok(refundMail.text.includes(`1 x ${item.name}, Art.-Nr. ${item.sku}`), refundMail.text);
  assert.ok(refundMail.text.includes('Insgesamt für diese Bestellung erstattet: 1.234,50\u00a0$ von 2.005,00\u00a0$'), refundMail.text);
  assert.ok(refundMail.html.includes('<strong>1.234,50\u00a0$</strong>'), refundMail.html);

  const shipping = mails.find((m) => m.subject.includes('unterwegs'))!;
  assert.equal(shipping.subject, `Ihre Bestellung ${order.order_number} ist unterwegs – ${STORE_NAME}`);
  assert.ok(shipping.text.includes('Versanddienstleister: DHL\nSendungsnummer: 00340434161094042557'), shipping.text);
  assert.ok(shipping.text.includes(`In diesem Paket:\n1 x ${item.name}, Art.-Nr. ${item.sku}\n`), shipping.text);
});
