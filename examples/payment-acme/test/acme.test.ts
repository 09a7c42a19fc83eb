import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { PaymentGatewayRegistry } from '../../../plugins/core-checkout/contracts.ts';
import {
  events,
  expectStatus,
  localPath,
  methodIds,
  openCheckout,
  openShop,
  order,
  pay,
  postOutcome,
  setTestMode,
  type Shop,
} from '../../../plugins/payment-test/test/helpers.ts';
import { AcmeGateway } from '../gateway.ts';
import { DEVELOPMENT_SECRET, sign } from '../signature.ts';

// Installed the way an operator installs any third-party plugin: a folder named in PLUGINS.
let shop: Shop;
before(async () => {
  shop = await openShop({ price: '20.00', env: { PLUGINS: 'examples/payment-acme' } });
});
after(() => shop?.store.close());

/** Acme's servers telling the store about a payment: a signed JSON notification. */
function notify(note: unknown, signature?: string) {
  const body = JSON.stringify(note);
  return shop.store.inject({
    method: 'POST',
    url: '/api/v1/payments/notify/acme/',
    headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'x-acme-signature': signature }) },
    payload: body,
  });
}
const signed = (note: unknown) => notify(note, sign(JSON.stringify(note), DEVELOPMENT_SECRET));

async function payWithAcme(): Promise<any> {
  const checkout = await openCheckout(shop);
  const payment = expectStatus(await pay(shop.anon, checkout.id, 'acme_card'), 201);
  return { ...payment, checkout, reference: new URL(payment.redirect_url).searchParams.get('token') };
}

const ofOrder = (orderNumber: string) => (e: { data: any }) => e.data.order_number === orderNumber;
const settlements = async (orderNumber: string) =>
  (await events(shop, 'payment.succeeded')).filter(ofOrder(orderNumber)).length + (await events(shop, 'payment.failed')).filter(ofOrder(orderNumber)).length;

test('the acme plugin loads from its folder through PLUGINS and registers its gateway', () => {
  const loaded = shop.store.kernel.plugins.find((p) => p.plugin.name === 'payment-acme');
  assert.ok(loaded);
  assert.equal(loaded.source, 'examples/payment-acme');
  assert.deepEqual(loaded.plugin.kinds, ['payment']);
  assert.ok(shop.store.kernel.container.resolve<PaymentGatewayRegistry>('paymentGateways').get('acme') instanceof AcmeGateway);
});

test('a live checkout offers acme_card next to the built-in methods', async () => {
  const checkout = await openCheckout(shop);
  const ids = await methodIds(shop.anon, checkout.id);
  assert.ok(ids.includes('acme_card'), ids.join());
  assert.ok(ids.includes('manual_bank_transfer'), ids.join());
});

test('paying with acme_card redirects to Acme’s page; a signed notification settles the payment and the order', async () => {
  const payment = await payWithAcme();
  assert.equal(payment.status, 'pending');
  assert.equal(payment.gateway, 'acme');
  assert.match(payment.redirect_url, new RegExp(`^https://store\\.test/acme/pay/${payment.id}/\\?token=acme_[0-9a-f]{32}$`));
  const page = await shop.store.inject({ method: 'GET', url: localPath(payment.redirect_url) });
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /Pay 25\.00 USD/);

  const note = { event: 'payment.succeeded', payment_id: payment.id, reference: payment.reference };
  const res = await signed(note);
  assert.equal(res.statusCode, 200, res.body);
  assert.deepEqual(res.json(), { received: true, payment_id: payment.id, status: 'succeeded', changed: true });
  const paid = await order(shop, payment.order.id);
  assert.equal(paid.status, 'processing');
  assert.equal(paid.payment_status, 'paid');
  assert.equal((await events(shop, 'order.paid')).filter(ofOrder(payment.order.order_number)).length, 1);

  const again = await signed(note);
  assert.equal(again.statusCode, 200);
  assert.equal(again.json().changed, false, 'a notification delivered twice settles once');
  assert.equal(await settlements(payment.order.order_number), 1);
});

test('a notification that is not signed with the secret is refused and changes nothing', async () => {
  const payment = await payWithAcme();
  const note = { event: 'payment.succeeded', payment_id: payment.id, reference: payment.reference };
  const forged = [
    notify(note),
    notify(note, 'not-a-signature'),
    notify(note, sign(JSON.stringify(note), 'a-guessed-secret')),
    notify({ ...note, event: 'payment.failed' }, sign(JSON.stringify(note), DEVELOPMENT_SECRET)),
  ];
  for (const res of await Promise.all(forged)) {
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().code, 'invalid_notification');
  }
  assert.equal((await order(shop, payment.order.id)).status, 'pending');
  assert.equal(await settlements(payment.order.order_number), 0);
  assert.equal((await shop.store.kernel.knex('payments').where({ id: payment.id }).first()).status, 'pending');
});

test('a signed failure notification fails the payment and leaves the order pending', async () => {
  const payment = await payWithAcme();
  const res = await signed({ event: 'payment.failed', payment_id: payment.id, reference: payment.reference });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().status, 'failed');
  assert.equal((await order(shop, payment.order.id)).status, 'pending');
  assert.equal((await events(shop, 'payment.failed')).filter(ofOrder(payment.order.order_number)).length, 1);
});

test('Acme’s simulated page settles the payment and sends the shopper back with a 303', async () => {
  const payment = await payWithAcme();
  const res = await postOutcome(shop, payment.redirect_url, 'succeeded');
  assert.equal(res.statusCode, 303, res.body);
  assert.equal(res.headers.location, payment.checkout.payment_url);
  assert.equal((await order(shop, payment.order.id)).status, 'processing');
  const late = await signed({ event: 'payment.succeeded', payment_id: payment.id, reference: payment.reference });
  assert.equal(late.json().changed, false, 'the later notification finds it settled');
  const wrongToken = await shop.store.inject({ method: 'GET', url: `/acme/pay/${payment.id}/?token=acme_guess` });
  assert.equal(wrongToken.statusCode, 404);
});

test('acme_card is a live method: in test mode it is not offered', async () => {
  await setTestMode(shop, true);
  try {
    const checkout = await openCheckout(shop);
    assert.ok(!(await methodIds(shop.anon, checkout.id)).includes('acme_card'));
  } finally {
    await setTestMode(shop, false);
  }
});

test('the signature is checked over the exact bytes received: pretty-printed JSON verifies too', async () => {
  const payment = await payWithAcme();
  const body = JSON.stringify({ event: 'payment.succeeded', payment_id: payment.id, reference: payment.reference }, null, 2);
  const res = await shop.store.inject({
    method: 'POST',
    url: '/api/v1/payments/notify/acme/',
    headers: { 'content-type': 'application/json', 'x-acme-signature': sign(body, DEVELOPMENT_SECRET) },
    payload: body,
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().status, 'succeeded');
});
