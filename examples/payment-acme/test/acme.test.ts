import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { PaymentGatewayRegistry } from '@storekeep-commerce/sdk/checkout';
import { startStore, type TestStore } from '@storekeep-commerce/sdk/testing';
import { AcmeGateway } from '../gateway.ts';
import { DEVELOPMENT_SECRET, sign } from '../signature.ts';

// A real store with this package loaded from its folder, as an operator names it in PLUGINS, and its
// webhook_secret set through the plugins resource as an operator sets it. Every request goes through
// HTTP. SQLite by default, MySQL/MariaDB when DATABASE_URL is set.
const PLUGIN_DIR = fileURLToPath(new URL('..', import.meta.url));
const SECRET = 'whsec_acme_example_0123456789';
let store: TestStore;
let staff: Record<string, string>;
type Response = Awaited<ReturnType<TestStore['inject']>>;

before(async () => {
  store = await startStore({ plugins: [PLUGIN_DIR], settings: { 'payment-acme': { webhook_secret: SECRET } } });
  staff = { authorization: `Token ${await store.staffKey()}` };
});
after(() => store?.close());

/** The JSON body of a response with the expected status (else a failure showing the body). */
function expectStatus(res: Response, status: number): any {
  assert.equal(res.statusCode, status, res.body);
  return res.body ? res.json() : undefined;
}

/** A JSON request; `headers` say who makes it (the staff key, a guest's cookies). */
const send = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, body?: unknown) =>
  store.inject({ method, url, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, payload: body === undefined ? undefined : JSON.stringify(body) });

/** Acme's servers telling the store about a payment: a JSON notification, signed when a signature is given. */
function notify(note: unknown, signature?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'x-acme-signature': signature }) };
  return store.inject({ method: 'POST', url: '/api/v1/payments/notify/acme/', headers, payload: JSON.stringify(note) });
}
const signedWith = (secret: string) => (note: unknown) => notify(note, sign(JSON.stringify(note), secret));
const signed = signedWith(SECRET);

/** A guest pays with acme_card: the pending payment, its checkout and order, and the reference Acme gave it. */
async function payWithAcme() {
  const bought = await store.guestCheckout({ paymentMethod: 'acme_card' });
  return { ...bought.payment, checkout: bought.checkout, order: bought.order, reference: new URL(bought.redirect!).searchParams.get('token')! };
}
const noteFor = (payment: { id: number; reference: string }, event = 'payment.succeeded') => ({ event, payment_id: payment.id, reference: payment.reference });

/** The path and query of one of the test store's absolute URLs (`https://store.test/...`), for inject. */
function localPath(url: string): string {
  const u = new URL(url);
  assert.equal(u.origin, 'https://store.test', `${url} is a URL of the store`);
  return u.pathname + u.search;
}

/** The ids of the payment methods a guest's checkout offers, not paying. */
async function offeredMethodIds(): Promise<string[]> {
  const { checkout, headers } = await store.openCheckout();
  return expectStatus(await send('GET', `/api/v1/checkout/${checkout.id}/payment-methods/`, headers), 200).results.map((m: { id: string }) => m.id);
}

const order = async (id: number) => expectStatus(await send('GET', `/api/v1/orders/${id}/`, staff), 200);
const setTestMode = async (on: boolean) => expectStatus(await send('PATCH', '/api/v1/store/', staff, { test_mode: on }), 200);

/** The events of a type about one order, as a webhook receiver reconciling would read them. */
async function events(type: string, orderNumber: string): Promise<any[]> {
  const page = expectStatus(await send('GET', `/api/v1/events/?type=${type}&page_size=100`, staff), 200);
  assert.equal(page.next, null, 'one page holds them all');
  return page.results.filter((e: { data: { order_number?: string } }) => e.data.order_number === orderNumber);
}
const settlements = async (orderNumber: string) => (await events('payment.succeeded', orderNumber)).length + (await events('payment.failed', orderNumber)).length;

test('the plugin loads from its folder, is active with its secret set (never shown) and registers its gateway', async () => {
  const plugin = expectStatus(await send('GET', '/api/v1/plugins/payment-acme/', staff), 200);
  assert.deepEqual(
    [plugin.source, plugin.kinds, plugin.version, plugin.enabled, plugin.state, plugin.secrets_set, plugin.settings],
    ['folder', ['payment'], '1.0.0', true, 'active', ['webhook_secret'], {}],
  );
  assert.ok(!JSON.stringify(plugin).includes(SECRET), 'the secret is write-only');
  assert.ok(store.kernel.plugins.some((p) => p.plugin.name === 'payment-acme' && p.source === PLUGIN_DIR));
  assert.ok(store.kernel.container.resolve<PaymentGatewayRegistry>('paymentGateways').get('acme') instanceof AcmeGateway);
});

test('a live checkout offers acme_card next to the built-in methods', async () => {
  const ids = await offeredMethodIds();
  assert.ok(ids.includes('acme_card'), ids.join());
  assert.ok(ids.includes('manual_bank_transfer'), ids.join());
});

test('paying with acme_card redirects to Acme’s page; a signed notification settles the payment and the order, once', async () => {
  const payment = await payWithAcme();
  assert.equal(payment.status, 'pending');
  assert.equal(payment.gateway, 'acme');
  assert.match(payment.redirect_url, new RegExp(`^https://store\\.test/acme/pay/${payment.id}/\\?token=acme_[0-9a-f]{32}$`));
  const page = await store.inject({ method: 'GET', url: localPath(payment.redirect_url) });
  assert.equal(page.statusCode, 200);
  assert.match(page.headers['content-type'] as string, /^text\/html/);
  assert.match(page.body, /Pay 25\.00 USD/, 'one 20.00 item and the 5.00 flat rate');

  const res = await signed(noteFor(payment));
  assert.deepEqual(expectStatus(res, 200), { received: true, payment_id: payment.id, status: 'succeeded', changed: true });
  const paid = await order(payment.order.id);
  assert.equal(paid.status, 'processing');
  assert.equal(paid.payment_status, 'paid');
  assert.deepEqual(paid.total, { amount: '25.00', currency: 'USD' });
  assert.equal((await events('order.paid', payment.order.order_number)).length, 1);

  const again = expectStatus(await signed(noteFor(payment)), 200);
  assert.equal(again.changed, false, 'a notification delivered twice settles once');
  assert.equal(await settlements(payment.order.order_number), 1);
  assert.equal((await events('order.paid', payment.order.order_number)).length, 1);
});

test('a notification that is not signed with the configured secret is refused and changes nothing', async () => {
  const payment = await payWithAcme();
  const note = noteFor(payment);
  const forged = [
    notify(note),
    notify(note, 'not-a-signature'),
    notify(note, sign(JSON.stringify(note), 'a-guessed-secret')),
    notify(note, sign(JSON.stringify(note), DEVELOPMENT_SECRET)),
    notify(noteFor(payment, 'payment.failed'), sign(JSON.stringify(note), SECRET)),
  ];
  for (const res of await Promise.all(forged)) assert.equal(expectStatus(res, 400).code, 'invalid_notification');
  const unpaid = await order(payment.order.id);
  assert.deepEqual([unpaid.status, unpaid.payment_status], ['pending', 'unpaid']);
  assert.equal(unpaid.payments.find((p: { id: number }) => p.id === payment.id).status, 'pending');
  assert.equal(await settlements(payment.order.order_number), 0);
});

test('webhook_secret applies live: the development secret is refused while a secret is set, and used once it is cleared', async () => {
  const payment = await payWithAcme();
  assert.equal(expectStatus(await signedWith(DEVELOPMENT_SECRET)(noteFor(payment)), 400).code, 'invalid_notification');

  expectStatus(await send('PATCH', '/api/v1/plugins/payment-acme/', staff, { settings: { webhook_secret: null } }), 200);
  try {
    assert.equal(expectStatus(await signed(noteFor(payment)), 400).code, 'invalid_notification', 'the cleared secret no longer signs');
    assert.equal(expectStatus(await signedWith(DEVELOPMENT_SECRET)(noteFor(payment)), 200).status, 'succeeded');
  } finally {
    const restored = expectStatus(await send('PATCH', '/api/v1/plugins/payment-acme/', staff, { settings: { webhook_secret: SECRET } }), 200);
    assert.deepEqual(restored.secrets_set, ['webhook_secret']);
  }
  assert.equal((await order(payment.order.id)).payment_status, 'paid');
});

test('a signed failure notification fails the payment and leaves the order pending', async () => {
  const payment = await payWithAcme();
  assert.equal(expectStatus(await signed(noteFor(payment, 'payment.failed')), 200).status, 'failed');
  const unpaid = await order(payment.order.id);
  assert.deepEqual([unpaid.status, unpaid.payment_status], ['pending', 'unpaid']);
  assert.equal((await events('payment.failed', payment.order.order_number)).length, 1);
  assert.equal((await events('payment.succeeded', payment.order.order_number)).length, 0);
});

test('Acme’s simulated page settles the payment and sends the shopper back with a 303; a wrong token finds nothing', async () => {
  const payment = await payWithAcme();
  // The shopper's browser posts the page's form: form-encoded, no CSRF header (the link's token protects it).
  const res = await store.inject({
    method: 'POST',
    url: localPath(payment.redirect_url),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ outcome: 'succeeded' }).toString(),
  });
  assert.equal(res.statusCode, 303, res.body);
  assert.equal(res.headers.location, payment.checkout.payment_url);
  assert.equal((await order(payment.order.id)).status, 'processing');
  const late = expectStatus(await signed(noteFor(payment)), 200);
  assert.equal(late.changed, false, 'the later notification finds it settled');
  const settledPage = await store.inject({ method: 'GET', url: localPath(payment.redirect_url) });
  assert.match(settledPage.body, /Payment succeeded\./);

  const wrongToken = await store.inject({ method: 'GET', url: `/acme/pay/${payment.id}/?token=acme_guess` });
  assert.equal(wrongToken.statusCode, 404);
  const wrongPost = await store.inject({
    method: 'POST',
    url: `/acme/pay/${payment.id}/?token=acme_guess`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=failed',
  });
  assert.equal(wrongPost.statusCode, 404);
  assert.equal((await order(payment.order.id)).payment_status, 'paid');
});

test('staff refunds go back through the Acme gateway: part, then the rest, then nothing is left', async () => {
  const payment = await payWithAcme();
  expectStatus(await signed(noteFor(payment)), 200);
  const refunds = `/api/v1/orders/${payment.order.id}/refunds/`;

  const part = expectStatus(await send('POST', refunds, staff, { amount: '10.00', reason: 'A chipped mug.' }), 201);
  assert.deepEqual(part.amount, { amount: '10.00', currency: 'USD' });
  assert.deepEqual(part.payments, [{ payment_id: payment.id, amount: { amount: '10.00', currency: 'USD' } }]);
  let refunded = await order(payment.order.id);
  assert.equal(refunded.payment_status, 'partially_refunded');
  assert.deepEqual(refunded.amount_refunded, { amount: '10.00', currency: 'USD' });

  const rest = expectStatus(await send('POST', refunds, staff, { reason: 'Returned.' }), 201);
  assert.deepEqual(rest.amount, { amount: '15.00', currency: 'USD' });
  refunded = await order(payment.order.id);
  assert.equal(refunded.payment_status, 'refunded');
  assert.deepEqual(refunded.amount_refunded, { amount: '25.00', currency: 'USD' });
  assert.equal((await events('refund.created', payment.order.order_number)).length, 2);

  assert.equal(expectStatus(await send('POST', refunds, staff, { amount: '0.01', reason: 'More.' }), 409).code, 'already_refunded');
  assert.equal(expectStatus(await send('GET', refunds, staff), 200).count, 2);
});

test('acme_card is a live method: in test mode it is not offered', async () => {
  await setTestMode(true);
  try {
    assert.ok(!(await offeredMethodIds()).includes('acme_card'));
  } finally {
    await setTestMode(false);
  }
  assert.ok((await offeredMethodIds()).includes('acme_card'), 'offered again in live mode');
});

test('the signature is checked over the exact bytes received: pretty-printed JSON verifies too', async () => {
  const payment = await payWithAcme();
  const body = JSON.stringify(noteFor(payment), null, 2);
  const res = await store.inject({
    method: 'POST',
    url: '/api/v1/payments/notify/acme/',
    headers: { 'content-type': 'application/json', 'x-acme-signature': sign(body, SECRET) },
    payload: body,
  });
  assert.equal(expectStatus(res, 200).status, 'succeeded');
});
