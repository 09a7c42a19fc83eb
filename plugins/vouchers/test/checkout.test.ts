import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../../kernel/clock.ts';
import { isMysql } from '../../../kernel/db/dialect.ts';
import { expectStatus, sharedStore } from './helpers.ts';
import { addItem, applyCode, installPayLater, makeVariant, newCart, openCheckout } from './shop.ts';

const clock = new ManualClock(Date.parse('2026-03-02T09:00:00Z'));
const shared = sharedStore({ clock, workers: true });
let shirt: any; // 19.99 EUR
let socks: any; // 5.00 EUR
let standard: any; // 4.90 EUR to DE, free from 20.00
let payLater: string;

const eur = (amount: string) => ({ amount, currency: 'EUR' });

async function voucher(body: Record<string, unknown>): Promise<any> {
  return expectStatus(await shared().staff.post('/api/v1/vouchers/', { discount_type: 'percentage', value: '10', ...body }), 201);
}

async function timesUsed(id: number): Promise<number> {
  return expectStatus(await shared().staff.get(`/api/v1/vouchers/${id}/`), 200).times_used;
}

/** A cart of a shirt and socks with `code` applied, and its checkout to Germany with the standard method selected. */
async function readyCheckout(code: string): Promise<any> {
  const { anon } = shared();
  const cartId = await newCart(anon);
  await addItem(anon, cartId, shirt.id);
  await addItem(anon, cartId, socks.id);
  expectStatus(await applyCode(anon, cartId, code), 200);
  const checkout = await openCheckout(anon, cartId);
  return expectStatus(await anon.patch(`/api/v1/checkout/${checkout.id}/`, { shipping_method_id: standard.id }), 200);
}

function pay(checkoutId: string) {
  return shared().anon.post(`/api/v1/checkout/${checkoutId}/pay/`, { payment_method_id: payLater });
}

test('setup: EUR store, two products, a flat rate to Germany free from 20.00, a pay-later gateway', async () => {
  const { staff, store } = shared();
  expectStatus(await staff.patch('/api/v1/store/', { default_currency: 'EUR', currencies: ['EUR'] }), 200);
  shirt = await makeVariant(staff, '19.99');
  socks = await makeVariant(staff, '5.00');
  standard = expectStatus(await staff.post('/api/v1/shipping-methods/', { name: 'Standard', price: '4.90', countries: ['DE'], free_above: '20.00' }), 201);
  payLater = installPayLater(store);
});

test('the voucher is in the checkout totals; free shipping compares the subtotal after discounts', async () => {
  await voucher({ code: 'PCT15', value: '15' });
  await voucher({ code: 'TENOFF', discount_type: 'fixed', value: '10.00', currency: 'EUR' });
  // 24.99 − 15% (3.75) = 21.24 ≥ 20.00: shipping is free.
  const free = await readyCheckout('PCT15');
  assert.deepEqual(free.shipping_methods.map((m: any) => [m.id, m.name]), [[standard.id, 'Standard']]);
  assert.deepEqual([free.subtotal, free.discount, free.shipping, free.total], [eur('24.99'), eur('3.75'), eur('0.00'), eur('21.24')]);
  assert.deepEqual(free.discounts.map((d: any) => [d.source, d.code, d.amount]), [['vouchers', 'PCT15', eur('3.75')]]);
  // 24.99 − 10.00 = 14.99 < 20.00: shipping is charged.
  const charged = await readyCheckout('tenoff');
  assert.deepEqual([charged.discount, charged.shipping, charged.total], [eur('10.00'), eur('4.90'), eur('19.89')]);
});

test('paying places an order that carries the voucher and counts its use; an expired unpaid order gives it back', async () => {
  const { staff, store } = shared();
  const v = await voucher({ code: 'ONEUSE', usage_limit: 1 });
  const checkout = await readyCheckout('ONEUSE');
  const paid = expectStatus(await pay(checkout.id), 201);
  const order = expectStatus(await staff.get(`/api/v1/orders/${paid.order.id}/`), 200);
  assert.deepEqual([order.status, order.discount, order.total], ['pending', eur('2.50'), eur('22.49')]);
  assert.deepEqual(order.discounts.map((d: any) => [d.source, d.code, d.amount]), [['vouchers', 'ONEUSE', eur('2.50')]]);
  assert.equal(await timesUsed(v.id), 1);
  // The cart became the order: no more codes on it.
  assert.equal(expectStatus(await applyCode(shared().anon, checkout.cart_id, 'PCT15'), 409).code, 'cart_ordered');

  // Another shopper now finds it used up, when applying and when paying a cart that already held it.
  const other = await readyCheckout('PCT15');
  const { anon } = shared();
  const refused = expectStatus(await applyCode(anon, other.cart_id, 'ONEUSE'), 409);
  assert.equal(refused.code, 'voucher_used_up');

  // The unpaid order expires after the store's 30 minutes: the use comes back.
  clock.advance(31 * 60_000);
  await store.kernel.worker.runDue();
  assert.equal(expectStatus(await staff.get(`/api/v1/orders/${paid.order.id}/`), 200).status, 'cancelled');
  assert.equal(await timesUsed(v.id), 0);
  expectStatus(await applyCode(anon, other.cart_id, 'ONEUSE'), 200);
});

test('a voucher used up after it was applied refuses the payment instead of charging without it', async () => {
  const v = await voucher({ code: 'LASTONE', usage_limit: 1 });
  const first = await readyCheckout('LASTONE');
  const second = await readyCheckout('LASTONE');
  expectStatus(await pay(first.id), 201);
  const refused = expectStatus(await pay(second.id), 409);
  assert.equal(refused.code, 'voucher_used_up');
  assert.match(refused.detail, /"LASTONE" has been used up\. Remove it from the cart/);
  // The checkout shows the totals without it; once removed, the shopper pays the full price.
  const shown = expectStatus(await shared().anon.get(`/api/v1/checkout/${second.id}/`), 200);
  assert.deepEqual([shown.discount, shown.discounts], [eur('0.00'), []]);
  expectStatus(await shared().anon.delete(`/api/v1/cart/${second.cart_id}/vouchers/LASTONE/`), 200);
  const full = expectStatus(await pay(second.id), 201);
  assert.equal(expectStatus(await shared().staff.get(`/api/v1/orders/${full.order.id}/`), 200).discount.amount, '0.00');
  assert.equal(await timesUsed(v.id), 1);
});

test('20 shoppers paying at once with a voucher limited to 3: exactly 3 orders carry it', async () => {
  const { staff, store } = shared();
  const v = await voucher({ code: 'RACE3', usage_limit: 3 });
  const checkouts = [];
  for (let i = 0; i < 20; i++) checkouts.push(await readyCheckout('RACE3'));
  const results = await Promise.all(checkouts.map((c) => pay(c.id)));
  const statuses = results.map((r) => r.statusCode);
  const db = isMysql(store.kernel.knex) ? 'MariaDB' : 'SQLite';
  assert.equal(statuses.filter((s) => s === 201).length, 3, `${db}: ${results.filter((r) => r.statusCode !== 409).map((r) => r.body).join('\n')}`);
  for (const r of results.filter((r) => r.statusCode !== 201)) {
    assert.equal(r.statusCode, 409, r.body);
    assert.equal(r.json().code, 'voucher_used_up');
  }
  const orderIds = results.filter((r) => r.statusCode === 201).map((r) => r.json().order.id);
  for (const id of orderIds) {
    const order = expectStatus(await staff.get(`/api/v1/orders/${id}/`), 200);
    assert.deepEqual(order.discounts.map((d: any) => d.code), ['RACE3']);
  }
  const carrying = [];
  for (let page = 1; ; page++) {
    const list = expectStatus(await staff.get(`/api/v1/orders/?page_size=100&page=${page}`), 200);
    carrying.push(...list.results.filter((o: any) => (o.discounts ?? []).some((d: any) => d.code === 'RACE3')));
    if (!list.next) break;
  }
  assert.equal(carrying.length, 3);
  assert.equal(await timesUsed(v.id), 3);
});
