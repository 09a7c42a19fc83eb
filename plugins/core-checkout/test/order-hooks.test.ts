import assert from 'node:assert/strict';
import { test } from 'node:test';
import { conflict } from '../../../kernel/http/errors.ts';
import type { PlaceOrderEvent } from '../contracts.ts';
import type { CheckoutHooks } from '../hooks.ts';
import { expectStatus, makeVariant, pay, readyCheckout, shopFor, stockOf, type Shop } from './helpers.ts';

const lastNumber = async (s: Shop) => Number((await s.knex('order_counters').where('name', 'order_number').first()).value);

test("validateOrder runs before the reservation and placeOrder after it, both seeing the order's number; a veto gives everything back", async (t) => {
  const s = await shopFor(t);
  const v = await makeVariant(s, { stock: 3 });
  const hooks = s.store.kernel.hooks.get('checkout') as CheckoutHooks;
  const seen: Array<{ hook: string; number: string; reserved: number }> = [];
  const reservedIn = async (event: PlaceOrderEvent) => Number((await event.trx('inventory_levels').where('variant_id', v.id).first()).reserved);
  hooks.validateOrder.tapPromise({ name: 'fraud-check' }, async (event) => {
    seen.push({ hook: 'validateOrder', number: event.order.order_number, reserved: await reservedIn(event) });
    if (event.order.email === 'mallory@example.com') throw conflict('order_refused', 'This order was refused by the fraud check.');
  });
  hooks.placeOrder.tapPromise({ name: 'erp-link' }, async (event) => {
    seen.push({ hook: 'placeOrder', number: event.order.order_number, reserved: await reservedIn(event) });
  });

  const first = expectStatus(await pay(s.anon, (await readyCheckout(s.anon, [[v.id, 1]])).id, 'fake_instant'), 201);
  assert.deepEqual(seen, [
    { hook: 'validateOrder', number: first.order.order_number, reserved: 0 },
    { hook: 'placeOrder', number: first.order.order_number, reserved: 1 },
  ]);
  assert.equal(Number(first.order.order_number), await lastNumber(s));

  seen.length = 0;
  const refused = await readyCheckout(s.anon, [[v.id, 2]]);
  expectStatus(await s.anon.patch(`/api/v1/checkout/${refused.id}/`, { email: 'mallory@example.com' }), 200);
  const veto = expectStatus(await pay(s.anon, refused.id, 'fake_instant'), 409);
  assert.equal(veto.code, 'order_refused');
  assert.deepEqual(seen.map((x) => x.hook), ['validateOrder']);
  assert.equal((await s.knex('orders').where('checkout_id', refused.id)).length, 0, 'no order');
  assert.deepEqual(await stockOf(s, v.id), { quantity: 3, reserved: 1 }, 'nothing more reserved');
  assert.equal(await lastNumber(s), Number(first.order.order_number), 'the number was given back');

  const next = expectStatus(await pay(s.anon, (await readyCheckout(s.anon, [[v.id, 2]])).id, 'fake_instant'), 201);
  assert.equal(Number(next.order.order_number), Number(first.order.order_number) + 1, 'gapless');
});
