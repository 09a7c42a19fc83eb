import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { SessionClient } from '../../../test/helpers/auth.ts';
import { PAGE_CSP } from '../page.ts';
import { statementsDuring } from '../../../test/helpers/statements.ts';
import { events, expectStatus, localPath, methodIds, openCheckout, openShop, order, pay, postOutcome, setTestMode, type Shop } from './helpers.ts';

let shop: Shop;
before(async () => {
  shop = await openShop({ price: '20.00' });
  await setTestMode(shop, true);
});
after(() => shop?.store.close());

/** A checkout paid with the test method: the pay response and the order it placed. */
async function payWithTest(): Promise<{ checkout: any; payment: any }> {
  const checkout = await openCheckout(shop);
  const payment = expectStatus(await pay(shop.anon, checkout.id, 'test'), 201);
  return { checkout, payment };
}

const ofOrder = (orderNumber: string) => (e: { data: any }) => e.data.order_number === orderNumber;

test('in test mode the checkout offers only the test method', async () => {
  const checkout = await openCheckout(shop);
  assert.deepEqual(await methodIds(shop.anon, checkout.id), ['test']);
});

test('test mode hides the live methods, test mode off hides the test method, and a test order stays test after it is turned off', async (t) => {
  t.after(() => setTestMode(shop, true));
  const inTestMode = await openCheckout(shop);
  const refused = await pay(shop.anon, inTestMode.id, 'manual_bank_transfer');
  assert.equal(refused.statusCode, 400, refused.body);
  assert.match(refused.json().errors.payment_method_id[0], /not offered for this checkout\. Offered: test\./);

  const { checkout: testCheckout, payment } = await payWithTest();
  assert.equal((await postOutcome(shop, payment.redirect_url, 'failed')).statusCode, 303);
  await setTestMode(shop, false);
  const live = await openCheckout(shop);
  assert.deepEqual((await methodIds(shop.anon, live.id)).sort(), ['manual_bank_transfer', 'manual_cash_on_delivery']);
  const noTest = await pay(shop.anon, live.id, 'test');
  assert.equal(noTest.statusCode, 400, noTest.body);
  assert.deepEqual(Object.keys(noTest.json().errors), ['payment_method_id']);
  const placed = await order(shop, payment.order.id);
  assert.equal(placed.test, true);
  assert.equal(placed.status, 'pending');
  assert.deepEqual(await methodIds(shop.anon, testCheckout.id), ['test'], 'the unpaid test order is still paid through test methods');
  expectStatus(await pay(shop.anon, testCheckout.id, 'test'), 201);
});

test('paying with the test method, following the redirect and succeeding pays the order', async () => {
  const { checkout, payment } = await payWithTest();
  assert.equal(payment.status, 'pending');
  assert.equal(payment.gateway, 'test');
  assert.equal(payment.test, true);
  assert.match(payment.redirect_url, new RegExp(`^https://store\\.test/payments/test/${payment.id}/\\?token=tp_[\\w-]+$`));

  const page = await shop.store.inject({ method: 'GET', url: localPath(payment.redirect_url) });
  // Shown again, the page reads the payment with its order's summary in one statement.
  const sent = await statementsDuring(shop.store.kernel.knex, async () => {
    assert.equal((await shop.store.inject({ method: 'GET', url: localPath(payment.redirect_url) })).body, page.body);
  });
  assert.deepEqual(sent.filter((q) => /^select/i.test(q.sql) && /[`"]payments[`"]/.test(q.sql)).length, 1, JSON.stringify(sent.map((q) => q.sql)));
  assert.deepEqual(sent.filter((q) => /^select \* from [`"]orders[`"]/i.test(q.sql)), [], 'the order is not read on its own');
  assert.equal(page.statusCode, 200);
  assert.match(String(page.headers['content-type']), /^text\/html; charset=utf-8/);
  assert.equal(page.headers['content-security-policy'], PAGE_CSP);
  assert.match(page.body, new RegExp(`<dd>${payment.order.order_number}</dd>`));
  assert.match(page.body, /<dd>25\.00 USD<\/dd>/, 'the amount due: 20.00 and 5.00 shipping');
  assert.match(page.body, /<form method="post" action="https:\/\/store\.test\/payments\/test\//);

  const posted = await postOutcome(shop, payment.redirect_url, 'succeeded');
  assert.equal(posted.statusCode, 303, posted.body);
  assert.equal(posted.headers.location, checkout.payment_url, 'back to the checkout’s payment page');
  assert.equal(posted.body, '');

  const placed = await order(shop, payment.order.id);
  assert.equal(placed.status, 'processing');
  assert.equal(placed.payment_status, 'paid');
  const mine = ofOrder(payment.order.order_number);
  assert.equal((await events(shop, 'payment.succeeded')).filter(mine).length, 1);
  assert.equal((await events(shop, 'order.paid')).filter(mine).length, 1);

  const settled = await shop.store.inject({ method: 'GET', url: localPath(payment.redirect_url) });
  assert.match(settled.body, /This payment has succeeded\./);
  assert.doesNotMatch(settled.body, /<form/);
});

test('a failed payment leaves the order pending; paying again starts a new payment on the same order', async () => {
  const { checkout, payment } = await payWithTest();
  let failed: any;
  const sent = await statementsDuring(shop.store.kernel.knex, async () => {
    failed = await postOutcome(shop, payment.redirect_url, 'failed');
  });
  // The payment and its order are read once, locked together: payment.failed and the answer are built
  // from those rows and the update, with no read back.
  const sql = sent.map((s) => s.sql);
  assert.equal(sql.filter((q) => /^select /.test(q) && /[`"](orders|payments)[`"]/.test(q)).length, 1, sql.join('\n'));
  const failedEvent = (await events(shop, 'payment.failed')).map((e) => e.data).find((p: any) => p.id === payment.id);
  const stored = expectStatus(await shop.staff.get(`/api/v1/orders/${payment.order.id}/`), 200).payments.find((p: any) => p.id === payment.id);
  assert.equal(failedEvent.status, 'failed');
  assert.deepEqual({ ...failedEvent, order_number: undefined }, { ...stored, order_number: undefined });
  assert.equal(failed.statusCode, 303);
  assert.equal(failed.headers.location, checkout.payment_url);
  let placed = await order(shop, payment.order.id);
  assert.equal(placed.status, 'pending');
  assert.equal(placed.payment_status, 'unpaid');
  const mine = ofOrder(payment.order.order_number);
  assert.equal((await events(shop, 'payment.failed')).filter(mine).length, 1);
  assert.equal((await events(shop, 'order.paid')).filter(mine).length, 0);

  const again = expectStatus(await pay(shop.anon, checkout.id, 'test'), 201);
  assert.notEqual(again.id, payment.id);
  assert.equal(again.order.id, payment.order.id);
  assert.notEqual(again.redirect_url, payment.redirect_url);
  assert.equal((await postOutcome(shop, again.redirect_url, 'succeeded')).statusCode, 303);
  placed = await order(shop, payment.order.id);
  assert.equal(placed.status, 'processing');
  assert.equal((await events(shop, 'order.paid')).filter(mine).length, 1);
});

test('the form posted twice changes the payment once, and the second post answers the same 303', async () => {
  const { checkout, payment } = await payWithTest();
  let first: any;
  const sent = await statementsDuring(shop.store.kernel.knex, async () => {
    first = await postOutcome(shop, payment.redirect_url, 'succeeded');
  });
  // The payment is read once, locked, with its order and checkout, for both the page's check and the
  // settling; neither of the others is read again.
  const sql = sent.map((s) => s.sql);
  const joined = /^select .* from [`"]payments[`"] inner join [`"]orders[`"] .* left join [`"]checkouts[`"] .* where [`"]payments[`"]\.[`"]id[`"] = \?/;
  assert.equal(sql.filter((q) => joined.test(q)).length, 1, sql.join('\n'));
  assert.equal(sql.filter((q) => /^select /.test(q) && !joined.test(q) && /from [`"](payments|orders|checkouts)[`"]/.test(q)).length, 0, sql.join('\n'));
  const second = await postOutcome(shop, payment.redirect_url, 'succeeded');
  const contrary = await postOutcome(shop, payment.redirect_url, 'failed');
  for (const res of [first, second, contrary]) {
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, checkout.payment_url);
  }
  const mine = ofOrder(payment.order.order_number);
  assert.equal((await events(shop, 'payment.succeeded')).filter(mine).length, 1);
  assert.equal((await events(shop, 'payment.failed')).filter(mine).length, 0);
  assert.equal((await events(shop, 'order.paid')).filter(mine).length, 1);
  assert.equal((await order(shop, payment.order.id)).status, 'processing');
});

test('two posts of the form at the same moment change the payment once', async () => {
  const { payment } = await payWithTest();
  const answers = await Promise.all([postOutcome(shop, payment.redirect_url, 'succeeded'), postOutcome(shop, payment.redirect_url, 'failed')]);
  assert.deepEqual(answers.map((r) => r.statusCode), [303, 303]);
  const mine = ofOrder(payment.order.order_number);
  const changes = (await events(shop, 'payment.succeeded')).filter(mine).length + (await events(shop, 'payment.failed')).filter(mine).length;
  assert.equal(changes, 1);
});

test('a superseded attempt cannot be paid from its old page', async () => {
  const { checkout, payment } = await payWithTest();
  const newer = expectStatus(await pay(shop.anon, checkout.id, 'test'), 201);
  const old = await postOutcome(shop, payment.redirect_url, 'succeeded');
  assert.equal(old.statusCode, 303);
  assert.equal((await order(shop, payment.order.id)).status, 'pending');
  assert.match((await shop.store.inject({ method: 'GET', url: localPath(payment.redirect_url) })).body, /This payment was cancelled\./);
  assert.equal((await postOutcome(shop, newer.redirect_url, 'succeeded')).statusCode, 303);
  assert.equal((await order(shop, payment.order.id)).status, 'processing');
});

test('the page needs the payment’s own token: a wrong or missing one is a 404 and settles nothing', async () => {
  const { payment } = await payWithTest();
  const url = new URL(payment.redirect_url);
  for (const bad of [`${url.pathname}`, `${url.pathname}?token=tp_guess`, `${url.pathname}?token=${url.searchParams.get('token')}x`]) {
    assert.equal((await shop.store.inject({ method: 'GET', url: bad })).statusCode, 404, bad);
    assert.equal((await postOutcome(shop, `https://store.test${bad}`, 'succeeded')).statusCode, 404, bad);
  }
  const token = url.searchParams.get('token');
  for (const unknown of [`/payments/test/999999/?token=${token}`, `/payments/test/0/?token=${token}`, `/payments/test/abc/?token=${token}`]) {
    assert.equal((await postOutcome(shop, `https://store.test${unknown}`, 'succeeded')).statusCode, 404, unknown);
  }
  assert.equal((await order(shop, payment.order.id)).status, 'pending');
});

test('an outcome other than succeeded or failed is a 400 naming the field, and changes nothing', async () => {
  const { payment } = await payWithTest();
  const res = await postOutcome(shop, payment.redirect_url, 'maybe');
  assert.equal(res.statusCode, 400);
  assert.ok(res.json().errors.outcome);
  assert.equal((await order(shop, payment.order.id)).status, 'pending');
});

test('a logged-in customer’s browser can post the form (it cannot send X-CSRFToken)', async () => {
  const customer = new SessionClient(shop.store);
  expectStatus(await customer.register({ email: `buyer-${process.pid}@example.com`, password: 'correct horse battery' }), 201);
  const { payment } = await payWithTest();
  const res = await customer.request({
    method: 'POST',
    url: localPath(payment.redirect_url),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=succeeded',
    csrf: false,
  });
  assert.equal(res.statusCode, 303, res.body);
  assert.equal((await order(shop, payment.order.id)).status, 'processing');
});

test('the page escapes what it shows: a store name with markup stays text', async () => {
  expectStatus(await shop.staff.patch('/api/v1/store/', { name: '<script>alert("x")</script> & Co' }), 200);
  try {
    const { payment } = await payWithTest();
    const page = await shop.store.inject({ method: 'GET', url: localPath(payment.redirect_url) });
    assert.equal(page.statusCode, 200);
    assert.doesNotMatch(page.body, /<script/i);
    assert.ok(page.body.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co'));
  } finally {
    expectStatus(await shop.staff.patch('/api/v1/store/', { name: 'Storekeep' }), 200);
  }
});
