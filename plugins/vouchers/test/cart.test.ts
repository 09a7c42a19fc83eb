import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SessionClient } from '../../../test/helpers/auth.ts';
import { Client, expectStatus, sharedStore } from './helpers.ts';
import { statementsDuring } from '../../../test/helpers/statements.ts';
import { addItem, applyCode, makeVariant, newCart } from './shop.ts';

const shared = sharedStore();
let shirt: any; // 19.99 EUR
let socks: any; // 5.00 EUR

async function voucher(body: Record<string, unknown>): Promise<any> {
  return expectStatus(await shared().staff.post('/api/v1/vouchers/', { discount_type: 'percentage', value: '10', ...body }), 201);
}

/** A cart of one shirt (19.99 EUR unless another currency is asked for). */
async function shirtCart(client: Client = shared().anon, currency?: string): Promise<string> {
  const id = await newCart(client, currency);
  await addItem(client, id, shirt.id);
  return id;
}

const eur = (amount: string) => ({ amount, currency: 'EUR' });

test('setup: EUR default and USD at 1.1; a shirt at 19.99 and socks at 5.00', async () => {
  const { staff } = shared();
  expectStatus(await staff.patch('/api/v1/store/', { default_currency: 'EUR', currencies: ['EUR', 'USD'], exchange_rates: { USD: '1.1' } }), 200);
  shirt = await makeVariant(staff, '19.99');
  socks = await makeVariant(staff, '5.00');
  await voucher({ code: 'PCT15', value: '15' });
});

test('applying a code (any case) answers the cart with the discount in its totals: 15% of 19.99 is 3.00', async () => {
  const { anon } = shared();
  const cartId = await shirtCart();
  const cart = expectStatus(await applyCode(anon, cartId, 'pct15'), 200);
  assert.equal(cart.id, cartId);
  assert.deepEqual([cart.subtotal, cart.discount, cart.total], [eur('19.99'), eur('3.00'), eur('16.99')]);
  assert.deepEqual(cart.discounts, [{ source: 'vouchers', code: 'PCT15', description: '15% off', amount: eur('3.00') }]);
  assert.deepEqual(cart.items.map((i: any) => i.discount), [eur('3.00')]);
  assert.deepEqual(expectStatus(await anon.get(`/api/v1/cart/${cartId}/`), 200).discounts, cart.discounts);

  // 15% of 24.99 = 3.7485 → 3.75, spread over the lines: 3.00 + 0.75.
  const more = await addItem(anon, cartId, socks.id);
  assert.deepEqual([more.discount, more.total], [eur('3.75'), eur('21.24')]);
  assert.deepEqual(more.items.map((i: any) => i.discount), [eur('3.00'), eur('0.75')]);
});

test('applying a code twice changes nothing; removing it (any case) restores the totals; once more is 404', async () => {
  const { anon } = shared();
  const cartId = await shirtCart();
  expectStatus(await applyCode(anon, cartId, 'PCT15'), 200);
  const again = expectStatus(await applyCode(anon, cartId, 'Pct15'), 200);
  assert.equal(again.discounts.length, 1);
  const removed = expectStatus(await anon.delete(`/api/v1/cart/${cartId}/vouchers/pCt15/`), 200);
  assert.deepEqual([removed.discount, removed.total, removed.discounts], [eur('0.00'), eur('19.99'), []]);
  const gone = expectStatus(await anon.delete(`/api/v1/cart/${cartId}/vouchers/PCT15/`), 404);
  assert.equal(gone.code, 'voucher_not_applied');
  assert.equal(expectStatus(await anon.delete(`/api/v1/cart/${cartId}/vouchers/NO-SUCH/`), 404).code, 'voucher_not_applied');
});

test('every refusal names its reason in detail, with its own code', async () => {
  const { anon, store } = shared();
  const now = Date.now();
  await voucher({ code: 'OFF', active: false });
  await voucher({ code: 'SOON', starts_at: new Date(now + 86_400_000).toISOString() });
  await voucher({ code: 'OVER', ends_at: new Date(now - 1000).toISOString() });
  await voucher({ code: 'DOLLARS', discount_type: 'fixed', value: '5.00', currency: 'USD' });
  await voucher({ code: 'BIGSPEND', min_subtotal: '50.00' });
  const usedUp = await voucher({ code: 'USEDUP', usage_limit: 1 });
  await store.kernel.knex('vouchers').where('id', usedUp.id).update({ times_used: 1 });
  const cartId = await shirtCart();

  const cases: Array<[string, number, string, RegExp]> = [
    ['NOPE', 400, 'voucher_not_found', /There is no voucher with the code "NOPE"/],
    ['off', 400, 'voucher_inactive', /The voucher "OFF" is not active/],
    ['SOON', 400, 'voucher_not_yet_valid', /The voucher "SOON" is valid from \d{4}-\d\d-\d\dT/],
    ['OVER', 400, 'voucher_expired', /The voucher "OVER" expired at \d{4}-/],
    ['DOLLARS', 400, 'voucher_wrong_currency', /takes an amount in USD off; this cart is in EUR/],
    ['BIGSPEND', 400, 'voucher_minimum_not_met', /needs a subtotal of at least 50.00 EUR; this cart's subtotal is 19.99 EUR/],
    ['USEDUP', 409, 'voucher_used_up', /The voucher "USEDUP" has been used up/],
  ];
  for (const [code, status, errorCode, detail] of cases) {
    const res = expectStatus(await applyCode(anon, cartId, code), status);
    assert.equal(res.code, errorCode, code);
    assert.match(res.detail, detail);
    assert.deepEqual(res.errors, { code: [res.detail] });
  }
  const cart = expectStatus(await anon.get(`/api/v1/cart/${cartId}/`), 200);
  assert.deepEqual(cart.discounts, []);

  // The same fixed voucher is fine on a cart in its currency; the minimum is converted (50.00 EUR = 55.00 USD).
  const usdCart = await shirtCart(anon, 'USD');
  const usd = expectStatus(await applyCode(anon, usdCart, 'DOLLARS'), 200);
  assert.deepEqual([usd.subtotal, usd.discount], [{ amount: '21.99', currency: 'USD' }, { amount: '5.00', currency: 'USD' }]);
  const min = expectStatus(await applyCode(anon, usdCart, 'BIGSPEND'), 400);
  assert.match(min.detail, /at least 55.00 USD; this cart's subtotal is 21.99 USD/);
});

test('a customer who used a voucher up to its per-customer limit is refused on their own cart', async () => {
  const { store } = shared();
  const once = await voucher({ code: 'ONCE', per_customer_limit: 1 });
  const customer = new SessionClient(store);
  const email = `once-${process.pid}@example.com`;
  expectStatus(await customer.register({ email, password: 'a-long-password-1' }), 201);
  const me = expectStatus(await customer.request({ method: 'GET', url: '/api/v1/auth/me/' }), 200);
  const cart = expectStatus(await customer.request({ method: 'POST', url: '/api/v1/cart/', payload: {} }), 201);
  const add = await customer.request({ method: 'POST', url: `/api/v1/cart/${cart.id}/items/`, payload: { variant_id: shirt.id, quantity: 1 } });
  assert.equal(add.statusCode, 201, add.body);
  const ok = await customer.request({ method: 'POST', url: `/api/v1/cart/${cart.id}/vouchers/`, payload: { code: 'ONCE' } });
  assert.equal(ok.statusCode, 200, ok.body);
  expectStatus(await customer.request({ method: 'DELETE', url: `/api/v1/cart/${cart.id}/vouchers/ONCE/` }), 200);

  const customerId = me.user?.id ?? me.id;
  await store.kernel.knex('voucher_usages').insert({ voucher_id: once.id, order_id: 777001, customer_id: customerId, email, amount_minor: 200, currency: 'EUR', created_at: new Date() });
  const refused = await customer.request({ method: 'POST', url: `/api/v1/cart/${cart.id}/vouchers/`, payload: { code: 'once' } });
  assert.equal(refused.statusCode, 409, refused.body);
  assert.equal(refused.json().code, 'voucher_customer_limit_reached');
  assert.match(refused.json().detail, /"ONCE" can be used once per customer/);
  // Without CSRF, a session cannot change the cart.
  const csrf = await customer.request({ method: 'POST', url: `/api/v1/cart/${cart.id}/vouchers/`, payload: { code: 'PCT15' }, csrf: false });
  assert.equal(csrf.statusCode, 403, csrf.body);
  // Another shopper cannot reach this customer's cart.
  expectStatus(await applyCode(shared().anon, cart.id, 'PCT15'), 404);
});

test('a cart holds at most 5 vouchers; unknown carts and bad bodies are refused', async () => {
  const { anon } = shared();
  const cartId = await shirtCart();
  for (let i = 1; i <= 6; i++) await voucher({ code: `STACK${i}`, value: '1' });
  for (let i = 1; i <= 5; i++) expectStatus(await applyCode(anon, cartId, `STACK${i}`), 200);
  const sixth = expectStatus(await applyCode(anon, cartId, 'STACK6'), 409);
  assert.equal(sixth.code, 'too_many_vouchers');
  const cart = expectStatus(await anon.get(`/api/v1/cart/${cartId}/`), 200);
  assert.deepEqual(cart.discounts.map((d: any) => d.code), ['STACK1', 'STACK2', 'STACK3', 'STACK4', 'STACK5']);

  expectStatus(await applyCode(anon, '00000000-0000-4000-8000-000000000000', 'PCT15'), 404);
  expectStatus(await applyCode(anon, 'not-a-cart', 'PCT15'), 404);
  expectStatus(await anon.delete('/api/v1/cart/00000000-0000-4000-8000-000000000000/vouchers/PCT15/'), 404);
  expectStatus(await anon.post(`/api/v1/cart/${cartId}/vouchers/`, {}), 400);
  expectStatus(await anon.post(`/api/v1/cart/${cartId}/vouchers/`, { code: 'PCT15', extra: 1 }), 400);
  expectStatus(await anon.request('GET', `/api/v1/cart/${cartId}/vouchers/`), 405);
});

test('a voucher that stops being valid while applied leaves the totals, and comes back when it is valid again', async () => {
  const { anon } = shared();
  await voucher({ code: 'MIN20', min_subtotal: '20.00' });
  const cartId = await shirtCart();
  const added = await addItem(anon, cartId, socks.id);
  const line = added.items.find((i: any) => i.variant_id === socks.id);
  assert.deepEqual(expectStatus(await applyCode(anon, cartId, 'MIN20'), 200).discount, eur('2.50'));
  const below = expectStatus(await anon.delete(`/api/v1/cart/${cartId}/items/${line.id}/`), 200);
  assert.deepEqual([below.discount, below.discounts], [eur('0.00'), []]);
  const back = await addItem(anon, cartId, socks.id);
  assert.deepEqual(back.discounts.map((d: any) => [d.code, d.amount]), [['MIN20', eur('2.50')]]);
});

test("a cart without vouchers is priced without a read of its own; once one is applied it is read, and removed it is not", async () => {
  const { anon, store } = shared();
  // The vouchers of a cart as this plugin reads them (its count, read with the cart's lines, is not this).
  let reads: string[] = [];
  const counting = async (run: () => Promise<any>) => {
    let answer: any;
    const sent = await statementsDuring(store.kernel.knex, async () => {
      answer = await run();
    });
    reads = sent.map((q) => q.sql).filter((sql) => /\bjoin\b.*\bvouchers\b/i.test(sql) && /\bvoucher_applications\b/.test(sql));
    return answer;
  };
  // The first item of an empty cart: the count is read from the cart's own row, there being no line yet.
  const cartId = await newCart(anon);
  const first = await counting(() => addItem(anon, cartId, shirt.id));
  assert.deepEqual([first.items.length, first.total, reads.length], [1, eur('19.99'), 0]);
  const plain = await counting(async () => expectStatus(await anon.get(`/api/v1/cart/${cartId}/`), 200));
  assert.deepEqual([plain.discount, plain.total, reads.length], [eur('0.00'), eur('19.99'), 0]);

  expectStatus(await applyCode(anon, cartId, 'PCT15'), 200);
  const discounted = await counting(async () => expectStatus(await anon.get(`/api/v1/cart/${cartId}/`), 200));
  assert.deepEqual([discounted.discount, discounted.total, reads.length], [eur('3.00'), eur('16.99'), 1]);

  const removed = await counting(async () => expectStatus(await anon.delete(`/api/v1/cart/${cartId}/vouchers/PCT15/`), 200));
  assert.deepEqual([removed.discount, removed.total], [eur('0.00'), eur('19.99')]);
  const after = await counting(async () => expectStatus(await anon.get(`/api/v1/cart/${cartId}/`), 200));
  assert.deepEqual([after.discount, after.total, reads.length], [eur('0.00'), eur('19.99'), 0]);

  // Adding an item to a cart that has lines counts its vouchers with them too; with a voucher on, the
  // new line takes its share of the discount.
  const added = await counting(() => addItem(anon, cartId, socks.id));
  assert.deepEqual([added.discount, added.total, reads.length], [eur('0.00'), eur('24.99'), 0]);
  expectStatus(await applyCode(anon, cartId, 'PCT15'), 200);
  const more = await addItem(anon, cartId, socks.id);
  assert.deepEqual([more.subtotal, more.discount, more.total], [eur('29.99'), eur('4.50'), eur('25.49')]);
});
