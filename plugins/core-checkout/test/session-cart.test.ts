import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SessionClient } from '../../../test/helpers/auth.ts';
import { expectStatus, json, makeVariant, sharedShop } from './helpers.ts';

const shop = sharedShop();
let sequence = 0;

const addToSessionCart = (client: SessionClient, variant_id: number, quantity: number, csrf?: boolean) =>
  client.request({ method: 'POST', url: '/api/v1/cart/items/', ...json({ variant_id, quantity }), ...(csrf === false ? { csrf: false } : {}) });

async function customer(): Promise<{ client: SessionClient; email: string; password: string }> {
  const client = new SessionClient(shop().store);
  const email = `shopper-${process.pid}-${++sequence}@example.com`;
  const password = 'shopper-password-1';
  expectStatus(await client.register({ email, password }), 201);
  return { client, email, password };
}

test('the session cart needs X-CSRFToken even without a session: missing or wrong token is 403', async () => {
  const v = await makeVariant(shop());
  const browser = new SessionClient(shop().store);
  const missing = await addToSessionCart(browser, v.id, 1, false);
  assert.equal(expectStatus(missing, 403).code, 'csrf_failed');
  await browser.csrf();
  expectStatus(await browser.request({ method: 'POST', url: '/api/v1/cart/items/', ...json({ variant_id: v.id, quantity: 1 }), csrf: 'not-the-token' }), 403);
  const { client } = await customer();
  expectStatus(await addToSessionCart(client, v.id, 1, false), 403);
});

test('a guest\'s session cart lives in an HttpOnly, Secure, SameSite=Lax cart_id cookie', async () => {
  const v = await makeVariant(shop(), { price: '2.00' });
  const browser = new SessionClient(shop().store);
  await browser.csrf();
  expectStatus(await browser.request({ method: 'GET', url: '/api/v1/cart/' }), 404);
  const first = await addToSessionCart(browser, v.id, 1);
  const cart = expectStatus(first, 201);
  const cookie = String(first.headers['set-cookie']).split(/,(?=\s*\w+=)/).find((c) => c.trim().startsWith('cart_id='))!;
  assert.match(cookie, new RegExp(`cart_id=${cart.id}`));
  assert.match(cookie, /HttpOnly/i);
  assert.match(cookie, /Secure/i);
  assert.match(cookie, /SameSite=Lax/i);
  const again = expectStatus(await addToSessionCart(browser, v.id, 2), 200);
  assert.equal(again.id, cart.id);
  assert.equal(again.items[0].quantity, 3);
  const current = expectStatus(await browser.request({ method: 'GET', url: '/api/v1/cart/' }), 200);
  assert.equal(current.id, cart.id);
  assert.equal(current.customer_id, null);
});

test('at login a guest cart becomes the customer\'s when they have none', async () => {
  const v = await makeVariant(shop());
  const { client, email, password } = await customer();
  expectStatus(await client.logout(), 204);
  const guest = expectStatus(await addToSessionCart(client, v.id, 2), 201);
  expectStatus(await client.login(email, password), 200);
  const mine = expectStatus(await client.request({ method: 'GET', url: '/api/v1/cart/' }), 200);
  assert.equal(mine.id, guest.id);
  assert.ok(mine.customer_id);
  expectStatus(await shop().anon.get(`/api/v1/cart/${guest.id}/`), 404, );
});

test('at login a guest cart merges into the customer\'s cart: the same variants add up, the guest cart is gone', async () => {
  const a = await makeVariant(shop(), { price: '1.00' });
  const b = await makeVariant(shop(), { price: '2.00' });
  const { client, email, password } = await customer();
  const own = expectStatus(await addToSessionCart(client, a.id, 2), 201);
  assert.ok(own.customer_id);
  expectStatus(await client.logout(), 204);
  const guest = expectStatus(await addToSessionCart(client, a.id, 1), 201);
  assert.notEqual(guest.id, own.id);
  expectStatus(await addToSessionCart(client, b.id, 4), 201);
  expectStatus(await client.login(email, password), 200);
  const merged = expectStatus(await client.request({ method: 'GET', url: '/api/v1/cart/' }), 200);
  assert.equal(merged.id, own.id);
  assert.deepEqual(merged.items.map((i: any) => [i.variant_id, i.quantity]), [[a.id, 3], [b.id, 4]]);
  expectStatus(await shop().staff.get(`/api/v1/cart/${guest.id}/`), 404);
  // Adding now goes to the customer's cart.
  const more = expectStatus(await addToSessionCart(client, b.id, 1), 200);
  assert.equal(more.id, own.id);
});
