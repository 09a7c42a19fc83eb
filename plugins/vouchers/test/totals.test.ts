import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import type { Totals } from '../../core-checkout/contracts.ts';
import { expectStatus, line, priceThrough, sharedStore, totalsOf } from './helpers.ts';

const shared = sharedStore();
const vouchers: Record<string, any> = {};

async function voucher(body: Record<string, unknown>): Promise<any> {
  const v = expectStatus(await shared().staff.post('/api/v1/vouchers/', body), 201);
  vouchers[v.code] = v;
  return v;
}

/** A cart id holding these codes, written straight into this plugin's table (no carts needed here). */
async function cartWith(...codes: string[]): Promise<string> {
  const id = crypto.randomUUID();
  const knex = shared().store.kernel.knex;
  for (const code of codes) await knex('voucher_applications').insert({ cart_id: id, voucher_id: vouchers[code].id, created_at: new Date() });
  return id;
}

const lineDiscounts = (t: Totals) => t.lines.map((l) => l.discount_minor);
const applied = (t: Totals) => t.discounts.map((d) => [d.source, d.code, d.amount_minor]);

test('setup: EUR default, USD at 1.1, JPY at 160.5; vouchers', async () => {
  expectStatus(await shared().staff.patch('/api/v1/store/', { default_currency: 'EUR', currencies: ['EUR', 'USD', 'JPY'], exchange_rates: { USD: '1.1', JPY: '160.5' } }), 200);
  await voucher({ code: 'PCT15', discount_type: 'percentage', value: '15' });
  await voucher({ code: 'PCT10', discount_type: 'percentage', value: '10' });
  await voucher({ code: 'PCT12_5', discount_type: 'percentage', value: '12.5' });
  await voucher({ code: 'FIVE', discount_type: 'fixed', value: '5.00', currency: 'EUR' });
  await voucher({ code: 'FIVE_USD', discount_type: 'fixed', value: '5.00', currency: 'USD' });
  await voucher({ code: 'MIN30USD', discount_type: 'percentage', value: '10', currency: 'USD', min_subtotal: '30.00' });
});

test('15% of 19.99 is 3.00 (2.9985 rounds half-up), shown as a discount of the vouchers plugin', async () => {
  const t = await priceThrough(shared().store, totalsOf('EUR', [line(1999)]), { id: await cartWith('PCT15') });
  assert.deepEqual(lineDiscounts(t), [300]);
  assert.deepEqual(t.discounts, [{ source: 'vouchers', code: 'PCT15', description: '15% off', amount_minor: 300 }]);
  assert.equal(t.discount_minor, 300);
  assert.equal(t.total_minor, 1699);
  const yen = await priceThrough(shared().store, totalsOf('JPY', [line(1999)]), { id: await cartWith('PCT15') });
  assert.deepEqual(applied(yen), [['vouchers', 'PCT15', 300]]);
});

test('the discount is spread over the lines so that they add up to it exactly', async () => {
  const t = await priceThrough(shared().store, totalsOf('EUR', [line(333), line(333), line(334)]), { id: await cartWith('PCT10') });
  assert.deepEqual(lineDiscounts(t), [33, 33, 34]);
  // 12.5% of 3 × 0.01 + 2 × 9.99 + 0.07 = 12.5% of 20.08 = 2.51.
  const odd = await priceThrough(shared().store, totalsOf('EUR', [line(1, 3), line(999, 2), line(7)]), { id: await cartWith('PCT12_5') });
  assert.deepEqual(applied(odd), [['vouchers', 'PCT12_5', 251]]);
  assert.deepEqual(lineDiscounts(odd), [0, 250, 1]);
  // Many shapes: the lines always sum to the discount and no line goes below zero.
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  for (let round = 0; round < 200; round++) {
    const lines = Array.from({ length: 1 + (next() % 6) }, () => line(1 + (next() % 5000), 1 + (next() % 4)));
    const code = ['PCT15', 'PCT12_5', 'FIVE'][round % 3]!;
    const out = await priceThrough(shared().store, totalsOf('EUR', lines), { id: await cartWith(code) });
    const amount = out.discounts[0]!.amount_minor;
    assert.equal(lineDiscounts(out).reduce((a, b) => a + b, 0), amount);
    out.lines.forEach((l) => assert.ok(l.discount_minor >= 0 && l.discount_minor <= l.total_minor));
  }
});

test('a fixed amount is capped at the subtotal; it only applies to carts in its currency', async () => {
  const capped = await priceThrough(shared().store, totalsOf('EUR', [line(150), line(200)]), { id: await cartWith('FIVE') });
  assert.deepEqual(applied(capped), [['vouchers', 'FIVE', 350]]);
  assert.deepEqual(lineDiscounts(capped), [150, 200]);
  const full = await priceThrough(shared().store, totalsOf('EUR', [line(2000)]), { id: await cartWith('FIVE') });
  assert.deepEqual(applied(full), [['vouchers', 'FIVE', 500]]);
  const usd = await priceThrough(shared().store, totalsOf('EUR', [line(2000)]), { id: await cartWith('FIVE_USD') });
  assert.deepEqual([applied(usd), lineDiscounts(usd)], [[], [0]]);
});

test('percentages apply to the merchandise only, never to shipping', async () => {
  const t = await priceThrough(shared().store, totalsOf('EUR', [line(1000)], 490), { id: await cartWith('PCT10') });
  assert.deepEqual(applied(t), [['vouchers', 'PCT10', 100]]);
  assert.equal(t.shipping_minor, 490);
  assert.equal(t.total_minor, 1000 - 100 + 490);
});

test('several vouchers apply in the order they were applied, each on what is left', async () => {
  const t = await priceThrough(shared().store, totalsOf('EUR', [line(6000), line(4000)]), { id: await cartWith('PCT10', 'FIVE') });
  assert.deepEqual(applied(t), [['vouchers', 'PCT10', 1000], ['vouchers', 'FIVE', 500]]);
  assert.deepEqual(lineDiscounts(t), [600 + 300, 400 + 200]);
  const reversed = await priceThrough(shared().store, totalsOf('EUR', [line(6000), line(4000)]), { id: await cartWith('FIVE', 'PCT10') });
  assert.deepEqual(applied(reversed), [['vouchers', 'FIVE', 500], ['vouchers', 'PCT10', 950]]);
});

test('a discount an earlier tap gave is respected: the percentage is of what is left', async () => {
  const hook = shared().store.kernel.hooks.get('checkout').calculateTotals;
  const tap = hook.taps.find((t) => t.name === 'vouchers')!;
  assert.equal(tap.stage, 10);
  const before = totalsOf('EUR', [line(1000), line(1000)]);
  before.lines[0]!.discount_minor = 1000;
  before.discount_minor = 1000;
  before.discounts.push({ source: 'promo', code: 'HALF', amount_minor: 1000 });
  const t = await priceThrough(shared().store, before, { id: await cartWith('PCT10') });
  assert.deepEqual(applied(t), [['promo', 'HALF', 1000], ['vouchers', 'PCT10', 100]]);
  assert.deepEqual(lineDiscounts(t), [1000, 100]);
});

test('a minimum in another currency is converted to the cart currency (half-up) before comparing', async () => {
  // 30.00 USD ÷ 1.1 = 27.2727… → 27.27 EUR.
  const below = await priceThrough(shared().store, totalsOf('EUR', [line(2726)]), { id: await cartWith('MIN30USD') });
  assert.deepEqual(applied(below), []);
  const at = await priceThrough(shared().store, totalsOf('EUR', [line(2727)]), { id: await cartWith('MIN30USD') });
  assert.deepEqual(applied(at), [['vouchers', 'MIN30USD', 273]]);
  const usd = await priceThrough(shared().store, totalsOf('USD', [line(2999)]), { id: await cartWith('MIN30USD') });
  assert.deepEqual(applied(usd), []);
});

test('a voucher that stopped being valid after it was applied is skipped and listed nowhere', async () => {
  const { staff, store } = shared();
  const v = await voucher({ code: 'FADING', discount_type: 'percentage', value: '20', usage_limit: 2, per_customer_limit: 1 });
  const cart = await cartWith('FADING', 'PCT10');
  const price = (customer: { customer_id?: number; email?: string } = {}) => priceThrough(store, totalsOf('EUR', [line(1000)]), { id: cart, ...customer });
  assert.deepEqual(applied(await price()), [['vouchers', 'FADING', 200], ['vouchers', 'PCT10', 80]]);
  const only10 = [['vouchers', 'PCT10', 100]];

  expectStatus(await staff.patch(`/api/v1/vouchers/${v.id}/`, { active: false }), 200);
  assert.deepEqual(applied(await price()), only10);
  expectStatus(await staff.patch(`/api/v1/vouchers/${v.id}/`, { active: true, ends_at: '2020-01-01T00:00:00Z' }), 200);
  assert.deepEqual(applied(await price()), only10);
  // While the order is being placed, a voucher the cart still holds refuses the order instead.
  await assert.rejects(priceThrough(store, totalsOf('EUR', [line(1000)]), { id: cart }, true), (err: any) => {
    assert.deepEqual([err.status, err.code], [409, 'voucher_expired']);
    assert.match(err.message, /FADING.*expired at 2020-01-01T00:00:00.000Z.*Remove it from the cart/);
    return true;
  });
  expectStatus(await staff.patch(`/api/v1/vouchers/${v.id}/`, { ends_at: null, starts_at: '2999-01-01T00:00:00Z' }), 200);
  assert.deepEqual(applied(await price()), only10);
  expectStatus(await staff.patch(`/api/v1/vouchers/${v.id}/`, { starts_at: null }), 200);
  assert.deepEqual(applied(await price()), [['vouchers', 'FADING', 200], ['vouchers', 'PCT10', 80]]);

  // This customer (by id, or by e-mail in any case) has used it once already: skipped for them only.
  await store.kernel.knex('voucher_usages').insert({ voucher_id: v.id, order_id: 900001, customer_id: 77, email: 'ann@example.com', amount_minor: 200, currency: 'EUR', created_at: new Date() });
  await store.kernel.knex('vouchers').where('id', v.id).update({ times_used: 1 });
  assert.deepEqual(applied(await price({ customer_id: 77 })), only10);
  assert.deepEqual(applied(await price({ email: 'ANN@example.com' })), only10);
  assert.deepEqual(applied(await price({ customer_id: 78, email: 'bob@example.com' })).length, 2);

  // Used up.
  await store.kernel.knex('vouchers').where('id', v.id).update({ times_used: 2 });
  assert.deepEqual(applied(await price()), only10);
  // Deleted: the application goes with it.
  expectStatus(await staff.delete(`/api/v1/vouchers/${v.id}/`), 204);
  assert.deepEqual(applied(await price()), only10);
  assert.equal((await store.kernel.knex('voucher_applications').where('cart_id', cart)).length, 1);
});

test('carts without vouchers, and empty carts, pass through unchanged', async () => {
  const plain = totalsOf('EUR', [line(1234)]);
  const t = await priceThrough(shared().store, structuredClone(plain), { id: crypto.randomUUID() });
  assert.deepEqual([applied(t), lineDiscounts(t)], [[], [0]]);
  const empty = await priceThrough(shared().store, totalsOf('EUR', []), { id: await cartWith('PCT10', 'FIVE') });
  assert.deepEqual(applied(empty), [['vouchers', 'PCT10', 0], ['vouchers', 'FIVE', 0]]);
});
