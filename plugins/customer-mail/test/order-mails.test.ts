import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ManualClock } from '../../../kernel/clock.ts';
import type { OrderMails } from '../services/order-mails.ts';
import { expectStatus, mailsAbout, mailShop, outboxEvents, paidOrder, parseMail, placeOrder, receivedMails, runBackground, STORE_EMAIL, STORE_NAME } from './helpers.ts';

test('a paid order gets one confirmation at its e-mail: order number, items and total, from the store, after commit', async (t) => {
  const shop = await mailShop(t);
  const order = await paidOrder(shop, { email: 'grace@example.com', quantity: 2 });
  assert.equal(shop.smtp!.mails.length, 0, 'nothing is sent inside the request');

  await runBackground(shop);
  const mails = await receivedMails(shop);
  assert.equal(mails.length, 1);
  const [mail] = mails;
  const view = expectStatus(await shop.staff.get(`/api/v1/orders/${order.id}/?expand=items`), 200);
  const [item] = view.items;
  assert.deepEqual(mail.to, ['grace@example.com']);
  assert.equal(mail.from, STORE_EMAIL);
  assert.equal(mail.replyTo, STORE_EMAIL);
  assert.equal(mail.subject, `Order ${order.order_number} confirmed – ${STORE_NAME}`);
  // 2 × 20.00 + 5.00 shipping.
  assert.equal(view.total.amount, '45.00');
  assert.match(mail.text, /^Hello Ada Lovelace,/);
  assert.ok(mail.text.includes(`Order number: ${order.order_number}`), mail.text);
  assert.ok(mail.text.includes(`2 x ${item.name}, SKU ${item.sku}: $40.00`), mail.text);
  assert.ok(mail.text.includes('Shipping: $5.00'), mail.text);
  assert.ok(mail.text.includes('Total: $45.00'), mail.text);
  assert.ok(mail.text.includes('https://store.test'), 'links start at BASE_URL');
  assert.ok(mail.text.includes(`write to ${STORE_EMAIL}`), mail.text);
  assert.ok(mail.html.includes(`Order number: ${order.order_number}`), mail.html);
  assert.ok(mail.html.includes('$45.00'));
  assert.ok(mail.html.includes('Kiosk &amp; Co'), 'the store name, escaped');
  assert.ok(mail.html.includes('href="https://store.test"'));

  const rows = await shop.store.kernel.knex('customer_mails').where({ order_id: order.id });
  assert.deepEqual(rows.map((r: any) => [r.kind, r.language]), [['order-confirmation', 'en']]);

  // Everything already dispatched: running the background work again sends nothing more.
  await runBackground(shop);
  assert.equal(shop.smtp!.mails.length, 1);
});

test("the mail's language: the order's, then its base language, then the store default, then English", async (t) => {
  const shop = await mailShop(t, { settings: { languages: ['de', 'en', 'de-AT', 'fr'], default_language: 'de' } });
  const english = await paidOrder(shop, { language: 'en', email: 'en@example.com' });
  const austrian = await paidOrder(shop, { language: 'de-AT', email: 'at@example.com' });
  const french = await paidOrder(shop, { language: 'fr', email: 'fr@example.com' });
  const orderLang = async (id: number) => expectStatus(await shop.staff.get(`/api/v1/orders/${id}/`), 200).language;
  assert.equal(await orderLang(austrian.id), 'de-AT');
  assert.equal(await orderLang(french.id), 'fr');
  await runBackground(shop);

  const [en] = await mailsAbout(shop, english.order_number);
  assert.equal(en.subject, `Order ${english.order_number} confirmed – ${STORE_NAME}`);
  assert.ok(en.text.includes('Total: $25.00'), en.text);

  const [at] = await mailsAbout(shop, austrian.order_number);
  assert.deepEqual(at.to, ['at@example.com']);
  assert.equal(at.subject, `Bestellung ${austrian.order_number} bestätigt – ${STORE_NAME}`);
  assert.match(at.text, /^Hallo Ada Lovelace,/);
  assert.ok(at.text.includes('vielen Dank für Ihre Bestellung'), at.text);
  assert.ok(at.text.includes('Gesamtsumme: 25,00\u00a0$'), at.text);
  assert.ok(at.html.includes('<html lang="de">'));
  assert.ok(at.html.includes('Gesamtsumme'));

  // No French templates: the store's default language (de).
  const [fr] = await mailsAbout(shop, french.order_number);
  assert.equal(fr.subject, `Bestellung ${french.order_number} bestätigt – ${STORE_NAME}`);

  const languages = await shop.store.kernel.knex('customer_mails').orderBy('order_id').select('language');
  assert.deepEqual(languages.map((r: any) => r.language), ['en', 'de', 'de']);
});

test('customer input is escaped in the HTML part and kept as typed in the text part', async (t) => {
  const shop = await mailShop(t);
  const first = '<script>alert("x")</script>';
  const last = `O'Hara & <b>Sons</b>`;
  const order = await paidOrder(shop, { address: { first_name: first, last_name: last, address_line_1: '<img src=x onerror=alert(1)>' } });
  await runBackground(shop);
  const [mail] = await mailsAbout(shop, order.order_number);
  assert.ok(!mail.html.includes('<script'), mail.html);
  assert.ok(!mail.html.includes('<b>Sons'), mail.html);
  assert.ok(!mail.html.includes('<img'), mail.html);
  assert.ok(mail.html.includes('&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;') || mail.html.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'), mail.html);
  assert.ok(mail.html.includes('O&#39;Hara &amp; &lt;b&gt;Sons&lt;/b&gt;'), mail.html);
  assert.ok(mail.html.includes('&lt;img src=x onerror=alert(1)&gt;'), mail.html);
  assert.ok(mail.text.includes(`Hello ${first} ${last},`), 'plain text shows the name as typed');
});

test('cancelling a pending order sends the cancelled mail, and no confirmation', async (t) => {
  const shop = await mailShop(t);
  const payment = await placeOrder(shop, { email: 'lin@example.com' });
  expectStatus(await shop.staff.post(`/api/v1/orders/${payment.order.id}/cancel/`, {}), 200);
  await runBackground(shop);
  const mails = await receivedMails(shop);
  assert.equal(mails.length, 1);
  const [mail] = mails;
  assert.deepEqual(mail.to, ['lin@example.com']);
  assert.equal(mail.subject, `Order ${payment.order.order_number} cancelled – ${STORE_NAME}`);
  assert.ok(mail.text.includes(`your order ${payment.order.order_number} at ${STORE_NAME} has been cancelled.`), mail.text);
  assert.ok(mail.text.includes('No payment was taken for it.'), mail.text);
  assert.ok(mail.text.includes('Total: $25.00'), mail.text);
  assert.ok(mail.html.includes('has been cancelled'));
  const kinds = await shop.store.kernel.knex('customer_mails').pluck('kind');
  assert.deepEqual(kinds, ['order-cancelled']);
});

test('the tap run several times for one event (also at once) queues one mail', async (t) => {
  const shop = await mailShop(t);
  const order = await paidOrder(shop);
  const [event] = (await outboxEvents(shop, 'order.paid')).filter((e) => e.data.id === order.id);
  const mails = shop.store.kernel.container.resolve<OrderMails>('customerMails');

  // Two deliveries of the same event racing each other: one wins the unique key.
  const outcomes = await Promise.all([mails.handle(event), mails.handle(event)]);
  assert.deepEqual(outcomes.sort(), ['duplicate', 'sent']);
  // The outbox delivers it too (at least once), and again as after a crash before it was marked done.
  await shop.store.kernel.events.dispatchDue();
  await shop.store.kernel.knex('events').where({ id: event.id }).update({ dispatched_at: null, next_attempt_at: new Date(0) });
  await runBackground(shop);
  assert.equal(await mails.handle(event), 'duplicate');
  await runBackground(shop);

  assert.equal((await mailsAbout(shop, order.order_number)).length, 1);
  assert.equal((await shop.store.kernel.knex('customer_mails').where({ event_id: event.id })).length, 1);
});

test('a mail server that refuses gets the mail when the worker retries', async (t) => {
  const clock = new ManualClock(new Date('2026-05-04T10:00:00Z'));
  const shop = await mailShop(t, { clock });
  shop.smtp!.refuse = true;
  const order = await paidOrder(shop);
  await runBackground(shop);
  assert.equal(shop.smtp!.mails.length, 0);
  const job = await shop.store.kernel.knex('jobs').where({ name: 'kernel.mail.send' }).first();
  assert.equal(Number(job.attempts), 1);
  assert.match(job.last_error, /550|Mailbox unavailable/);

  shop.smtp!.refuse = false;
  await runBackground(shop);
  assert.equal(shop.smtp!.mails.length, 0, 'not before its backoff');
  clock.advance(60 * 60_000);
  await runBackground(shop);
  const mails = await mailsAbout(shop, order.order_number);
  assert.equal(mails.length, 1);
  assert.equal(await shop.store.kernel.knex('jobs').where({ name: 'kernel.mail.send' }).count({ n: '*' }).then((r) => Number(r[0].n)), 0);
});

test('without SMTP_URL the mail is written as an .eml file into DATA_DIR/mail', async (t) => {
  const shop = await mailShop(t, { smtp: false });
  const order = await paidOrder(shop, { email: 'eml@example.com' });
  await runBackground(shop);
  const dir = path.join(shop.store.dataDir, 'mail');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
  assert.equal(files.length, 1);
  const raw = fs.readFileSync(path.join(dir, files[0]));
  assert.match(raw.toString('utf8'), /^To: eml@example\.com\r?$/m);
  const mail = await parseMail(raw);
  assert.equal(mail.subject, `Order ${order.order_number} confirmed – ${STORE_NAME}`);
  assert.ok(mail.text.includes('Total: $25.00'), mail.text);
  assert.ok(mail.html.includes('Total'));
});
