import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SessionClient } from '../../../test/helpers/auth.ts';
import { cartWith, expectStatus, makeVariant, pay, readyCheckout, shopFor, stockOf } from './helpers.ts';

const database = process.env.DATABASE_URL ? 'MariaDB/MySQL' : 'SQLite';

test(`30 shoppers paying at once for the last 5 units make exactly 5 orders (${database})`, async (t) => {
  const shop = await shopFor(t);
  const v = await makeVariant(shop, { stock: 5 });
  const checkouts = [];
  for (let i = 0; i < 30; i++) checkouts.push(await readyCheckout(shop.anon, [[v.id, 1]]));
  const started = Date.now();
  const results = await Promise.all(checkouts.map((c) => pay(shop.anon, c.id, 'fake_card')));
  t.diagnostic(`30 pays took ${Date.now() - started} ms`);
  const statuses = results.map((r) => r.statusCode);
  assert.equal(statuses.filter((s) => s === 201).length, 5, `statuses: ${statuses.join(', ')}`);
  assert.equal(statuses.filter((s) => s === 409).length, 25);
  for (const refused of results.filter((r) => r.statusCode === 409)) assert.equal(refused.json().code, 'insufficient_stock');
  const orders = await shop.knex('orders').select('number');
  assert.equal(orders.length, 5);
  const numbers = orders.map((o: any) => Number(o.number)).sort((a: number, b: number) => a - b);
  assert.deepEqual(numbers, [1001, 1002, 1003, 1004, 1005], 'gapless although 25 placements rolled back');
  assert.deepEqual(await stockOf(shop, v.id), { quantity: 5, reserved: 5 });
});

test(`20 concurrent adds of one variant to one cart end in one line of 20 (${database})`, async (t) => {
  const shop = await shopFor(t);
  const v = await makeVariant(shop);
  const cart = await cartWith(shop.anon, []);
  const results = await Promise.all(Array.from({ length: 20 }, () => shop.anon.post(`/api/v1/cart/${cart.id}/items/`, { variant_id: v.id, quantity: 1 })));
  assert.deepEqual([...new Set(results.map((r) => r.statusCode))].sort(), [200, 201]);
  const after = expectStatus(await shop.anon.get(`/api/v1/cart/${cart.id}/`), 200);
  assert.deepEqual(after.items.map((i: any) => i.quantity), [20]);
});

test(`20 concurrent adds to a guest's session cart (its cookie) end in one line of 20 (${database})`, async (t) => {
  const shop = await shopFor(t);
  const v = await makeVariant(shop);
  const browser = new SessionClient(shop.store);
  await browser.csrf();
  const made = expectStatus(await browser.request({ method: 'POST', url: '/api/v1/cart/items/', payload: { variant_id: v.id, quantity: 1 } }), 201);
  const results = await Promise.all(Array.from({ length: 19 }, () => browser.request({ method: 'POST', url: '/api/v1/cart/items/', payload: { variant_id: v.id, quantity: 1 } })));
  assert.deepEqual([...new Set(results.map((r) => r.statusCode))], [200]);
  assert.deepEqual([...new Set(results.map((r) => r.json().id))], [made.id], 'every add went to the cookie\'s cart');
  const after = expectStatus(await browser.request({ method: 'GET', url: '/api/v1/cart/' }), 200);
  assert.deepEqual(after.items.map((i: any) => i.quantity), [20]);
});
