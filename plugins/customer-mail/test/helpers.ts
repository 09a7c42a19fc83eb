import assert from 'node:assert/strict';
import { simpleParser } from 'mailparser';
import type { TestStoreOptions } from '../../../test/helpers/store.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/helpers/smtp.ts';
import { expectStatus, openShop, postOutcome, setTestMode, type Shop } from '../../payment-test/test/helpers.ts';

export { expectStatus, type Shop };

/** A store selling one variant (20.00 USD unless told, 5.00 shipping) through the test gateway, named and with an e-mail. */
export interface MailShop extends Shop {
  smtp?: TestSmtpServer;
}

export const STORE_NAME = 'Kiosk & Co';
export const STORE_EMAIL = 'hello@kiosk.test';

/**
 * Opens a shop whose mail goes to a real SMTP server on loopback (unless `smtp: false`: then to .eml
 * files); store settings through the API. Closed after the test.
 */
export async function mailShop(
  t: { after: (fn: () => Promise<void>) => void },
  opts: TestStoreOptions & { smtp?: boolean; settings?: Record<string, unknown>; price?: string } = {},
): Promise<MailShop> {
  const smtp = opts.smtp === false ? undefined : await startSmtpServer();
  if (smtp) t.after(() => smtp.close());
  const shop = await openShop({ ...opts, env: { ...opts.env, ...(smtp ? { SMTP_URL: smtp.url } : {}) } });
  t.after(() => shop.store.close());
  await setTestMode(shop, true);
  expectStatus(await shop.staff.patch('/api/v1/store/', { name: STORE_NAME, email: STORE_EMAIL, ...opts.settings }), 200);
  return { ...shop, smtp };
}

export const ADDRESS = { first_name: 'Ada', last_name: 'Lovelace', address_line_1: '1 Main St', city: 'Berlin', postal_code: '10115', country: 'DE' };

export interface OrderInput {
  email?: string;
  address?: Record<string, unknown>;
  quantity?: number;
  /** Accept-Language of the pay request: the order's language. */
  language?: string;
}

/** A guest's order paid with the test method, placed but not yet paid; returns the pay answer's payment. */
export async function placeOrder(shop: MailShop, input: OrderInput = {}): Promise<{ id: number; order: { id: number; order_number: string }; redirect_url: string }> {
  const shopper = shop.anon;
  const cart = expectStatus(await shopper.post('/api/v1/cart/', {}), 201);
  expectStatus(await shopper.post(`/api/v1/cart/${cart.id}/items/`, { variant_id: shop.variantId, quantity: input.quantity ?? 1 }), 201);
  const checkout = expectStatus(
    await shopper.post('/api/v1/checkout/', { cart_id: cart.id, email: input.email ?? 'ada@example.com', shipping_address: { ...ADDRESS, ...input.address } }),
    201,
  );
  expectStatus(await shopper.patch(`/api/v1/checkout/${checkout.id}/`, { shipping_method_id: checkout.shipping_methods[0].id }), 200);
  const headers = input.language ? { 'accept-language': input.language } : undefined;
  return expectStatus(await shopper.post(`/api/v1/checkout/${checkout.id}/pay/`, { payment_method_id: 'test' }, headers), 201);
}

/** An order placed and paid on the test gateway's page (the order becomes processing: `order.paid`). */
export async function paidOrder(shop: MailShop, input: OrderInput = {}): Promise<{ id: number; order_number: string }> {
  const payment = await placeOrder(shop, input);
  const posted = await postOutcome(shop, payment.redirect_url, 'succeeded');
  assert.equal(posted.statusCode, 303, posted.body);
  const order = expectStatus(await shop.staff.get(`/api/v1/orders/${payment.order.id}/`), 200);
  assert.equal(order.status, 'processing');
  return payment.order;
}

/** Runs the outbox (every due event through the afterCommit taps), then the job worker, until both are idle. */
export async function runBackground(shop: MailShop): Promise<void> {
  const { events, worker } = shop.store.kernel;
  while ((await events.dispatchDue()) > 0);
  while ((await worker.runDue()) > 0);
}

/** A delivered mail with its parts decoded. */
export interface Mail {
  to: string[];
  from: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
}

/** Parses a raw RFC 822 message into its decoded subject, text and HTML parts. */
export async function parseMail(raw: string | Buffer, envelope: { to?: string[]; from?: string } = {}): Promise<Mail> {
  const parsed = await simpleParser(raw);
  return {
    to: envelope.to ?? [],
    from: envelope.from ?? '',
    replyTo: parsed.replyTo?.text ?? '',
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
  };
}

/** The mails the loopback SMTP server received, decoded, oldest first. */
export async function receivedMails(shop: MailShop): Promise<Mail[]> {
  assert.ok(shop.smtp, 'this shop sends through SMTP');
  return Promise.all(shop.smtp.mails.map((m) => parseMail(m.raw, { to: m.to, from: m.from })));
}

/** The mails to one address whose subject mentions an order number. */
export async function mailsAbout(shop: MailShop, orderNumber: string): Promise<Mail[]> {
  return (await receivedMails(shop)).filter((m) => m.subject.includes(orderNumber));
}

/** The events of a type in the outbox, oldest first, as the afterCommit taps receive them. */
export async function outboxEvents(shop: MailShop, type: string): Promise<Array<{ id: number; type: string; data: any; created_at: Date }>> {
  const rows = await shop.store.kernel.knex('events').where({ type }).orderBy('id');
  return rows.map((r: any) => ({ id: Number(r.id), type: r.type, data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data, created_at: new Date(r.created_at) }));
}
