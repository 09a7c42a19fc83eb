import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { OrderReleasedEvent, PlaceOrderEvent } from '../../core-checkout/contracts.ts';
import { isMysql } from '../../../kernel/db/dialect.ts';
import { AppError } from '../../../kernel/http/errors.ts';
import { expectStatus, line, sharedStore, totalsOf } from './helpers.ts';

const shared = sharedStore();
let nextOrder = 5000;

async function voucher(body: Record<string, unknown>): Promise<any> {
  return expectStatus(await shared().staff.post('/api/v1/vouchers/', { discount_type: 'percentage', value: '10', ...body }), 201);
}

interface Buyer {
  customer_id?: number | null;
  email?: string;
}

/** Places an order that carries `codes` by running `checkout.placeOrder` in its own transaction, as pay does. */
async function place(codes: string[], buyer: Buyer = {}, orderId = ++nextOrder): Promise<number> {
  const { store } = shared();
  const totals = totalsOf('EUR', [line(1000)]);
  totals.discounts = codes.map((code) => ({ source: 'vouchers', code, amount_minor: 100 }));
  totals.discounts.push({ source: 'another-plugin', code: 'NOT-A-VOUCHER', amount_minor: 1 });
  await store.kernel.knex.transaction(async (trx) => {
    const event: PlaceOrderEvent = {
      trx,
      order: {
        id: orderId,
        order_number: String(orderId),
        currency: 'EUR',
        total_minor: 900,
        email: buyer.email ?? `guest-${orderId}@example.com`,
        test: false,
        lang: 'en',
        customer_id: buyer.customer_id ?? null,
        checkout_id: `checkout-${orderId}`,
        cart_id: `cart-${orderId}`,
      },
      totals,
    };
    await store.kernel.hooks.get('checkout').placeOrder.promise(event);
  });
  return orderId;
}

/** Cancels an unpaid order the way core-checkout's expiry does: `checkout.orderReleased` in a transaction. */
async function release(orderId: number): Promise<void> {
  const { store } = shared();
  await store.kernel.knex.transaction(async (trx) => {
    const event: OrderReleasedEvent = {
      trx,
      order: { id: orderId, order_number: String(orderId), currency: 'EUR', total_minor: 900, email: 'x@example.com', test: false, lang: 'en', customer_id: null, cart_id: `cart-${orderId}` },
    };
    await store.kernel.hooks.get('checkout').orderReleased.promise(event);
  });
}

async function timesUsed(id: number): Promise<number> {
  return expectStatus(await shared().staff.get(`/api/v1/vouchers/${id}/`), 200).times_used;
}

async function usages(voucherId: number): Promise<any[]> {
  return shared().store.kernel.knex('voucher_usages').where('voucher_id', voucherId).orderBy('order_id');
}

function refusedWith(code: string) {
  return (err: unknown) => err instanceof AppError && err.status === 409 && err.code === code;
}

test('placing an order counts a use and records who used it; other plugins\' discounts are not touched', async () => {
  const v = await voucher({ code: 'Counted' });
  const order = await place(['COUNTED'], { customer_id: 12, email: 'Ann@Example.com' });
  assert.equal(await timesUsed(v.id), 1);
  const [row] = await usages(v.id);
  assert.deepEqual([Number(row.order_id), Number(row.customer_id), row.email, Number(row.amount_minor), row.currency], [order, 12, 'ann@example.com', 100, 'EUR']);
});

test('20 concurrent orders for a voucher limited to 3: exactly 3 take it, the others are refused (409) and roll back', async () => {
  const { store } = shared();
  const v = await voucher({ code: 'LAST3', usage_limit: 3 });
  const results = await Promise.allSettled(Array.from({ length: 20 }, () => place(['last3'])));
  const won = results.filter((r) => r.status === 'fulfilled');
  const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  assert.equal(won.length, 3, `on ${isMysql(store.kernel.knex) ? 'MariaDB' : 'SQLite'}: ${lost.map((r) => r.reason?.message).join('; ')}`);
  assert.equal(lost.length, 17);
  for (const r of lost) {
    assert.ok(refusedWith('voucher_used_up')(r.reason), String(r.reason?.stack ?? r.reason));
    assert.match(r.reason.message, /LAST3.*used up/);
  }
  assert.equal(await timesUsed(v.id), 3);
  assert.equal((await usages(v.id)).length, 3);
});

test('a released (cancelled unpaid) order gives its use back, once', async () => {
  const v = await voucher({ code: 'GIVEBACK', usage_limit: 2 });
  const first = await place(['GIVEBACK']);
  await place(['GIVEBACK']);
  await assert.rejects(place(['GIVEBACK']), refusedWith('voucher_used_up'));
  await release(first);
  assert.equal(await timesUsed(v.id), 1);
  assert.deepEqual((await usages(v.id)).map((u) => Number(u.order_id)).includes(first), false);
  await release(first);
  await release(424242);
  assert.equal(await timesUsed(v.id), 1);
  await place(['GIVEBACK']);
  assert.equal(await timesUsed(v.id), 2);
  await assert.rejects(place(['GIVEBACK']), refusedWith('voucher_used_up'));
});

test('the per-customer limit counts orders by customer id or e-mail (any case); a refusal rolls the use back', async () => {
  const v = await voucher({ code: 'ONCE', per_customer_limit: 1, usage_limit: 100 });
  await place(['ONCE'], { customer_id: 31, email: 'carol@example.com' });
  await assert.rejects(place(['ONCE'], { customer_id: 31, email: 'other@example.com' }), refusedWith('voucher_customer_limit_reached'));
  await assert.rejects(place(['ONCE'], { email: 'CAROL@example.com' }), refusedWith('voucher_customer_limit_reached'));
  assert.equal(await timesUsed(v.id), 1);
  await place(['ONCE'], { customer_id: 32, email: 'dave@example.com' });
  await place(['ONCE'], { email: 'erin@example.com' });
  assert.equal(await timesUsed(v.id), 3);
});

test('concurrent orders of one customer for a once-per-customer voucher: exactly one takes it', async () => {
  const v = await voucher({ code: 'ONCE-RACE', per_customer_limit: 1 });
  const results = await Promise.allSettled(Array.from({ length: 10 }, () => place(['ONCE-RACE'], { customer_id: 55, email: 'frank@example.com' })));
  assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
  for (const r of results) if (r.status === 'rejected') assert.ok(refusedWith('voucher_customer_limit_reached')(r.reason), String(r.reason));
  assert.equal(await timesUsed(v.id), 1);
});

test('an order with several vouchers takes a use of each, or of none', async () => {
  const a = await voucher({ code: 'PAIR-A' });
  const b = await voucher({ code: 'PAIR-B', usage_limit: 1 });
  await place(['PAIR-B', 'PAIR-A']);
  assert.deepEqual([await timesUsed(a.id), await timesUsed(b.id)], [1, 1]);
  await assert.rejects(place(['PAIR-A', 'PAIR-B']), refusedWith('voucher_used_up'));
  assert.deepEqual([await timesUsed(a.id), await timesUsed(b.id)], [1, 1]);
});
