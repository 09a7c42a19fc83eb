import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ManualClock } from '../../../kernel/clock.ts';
import { SessionClient, staffSession } from '../../../test/helpers/auth.ts';
import { configureStore } from '../../core-catalog/test/helpers.ts';
import { statementsDuring } from '../../../test/helpers/statements.ts';
import { amount, cartWith, expectStatus, makeVariant, sharedShop, shopFor } from './helpers.ts';

const shop = sharedShop();

test('a new cart has a UUID id, the store\'s default currency or the one asked for, and no items', async () => {
  const { anon, staff } = shop();
  const res = await anon.post('/api/v1/cart/', undefined);
  const cart = expectStatus(res, 201);
  assert.match(cart.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.equal(res.headers.location, `https://store.test/api/v1/cart/${cart.id}/`);
  assert.equal(cart.currency, 'USD');
  assert.deepEqual(cart.items, []);
  assert.deepEqual([cart.subtotal, cart.discount, cart.shipping, cart.tax, cart.total].map(amount), ['0.00', '0.00', '0.00', '0.00', '0.00']);
  await configureStore(staff, { currencies: ['USD', 'EUR', 'JPY'], exchange_rates: { EUR: '0.9', JPY: '150.5' } });
  assert.equal(expectStatus(await anon.post('/api/v1/cart/?currency=eur', undefined), 201).currency, 'EUR');
  expectStatus(await anon.post('/api/v1/cart/?currency=GBP', undefined), 400);
});

test('adding the same variant merges into its line; ids as numbers or digit strings', async () => {
  const { anon } = shop();
  const v = await makeVariant(shop(), { price: '3.50' });
  const cart = await cartWith(anon, [[v.id, 2]]);
  const res = await anon.post(`/api/v1/cart/${cart.id}/items/`, { variant_id: String(v.id), quantity: 3 });
  const merged = expectStatus(res, 200);
  assert.equal(merged.items.length, 1);
  assert.equal(merged.items[0].quantity, 5);
  assert.equal(amount(merged.items[0].unit_price), '3.50');
  assert.equal(amount(merged.items[0].total), '17.50');
  assert.equal(merged.item_count, 5);
  assert.equal(amount(merged.total), '17.50');
});

test('refuses quantity 0, 10,000, a line over 999 after merging, an unknown variant and a draft product\'s variant', async () => {
  const { anon } = shop();
  const v = await makeVariant(shop());
  const draft = await makeVariant(shop(), { status: 'draft' });
  const cart = await cartWith(anon, [[v.id, 500]]);
  const url = `/api/v1/cart/${cart.id}/items/`;
  assert.ok(expectStatus(await anon.post(url, { variant_id: v.id, quantity: 0 }), 400).errors.quantity);
  assert.ok(expectStatus(await anon.post(url, { variant_id: v.id, quantity: 10_000 }), 400).errors.quantity);
  assert.ok(expectStatus(await anon.post(url, { variant_id: v.id, quantity: '2' }), 400).errors.quantity, 'JSON numbers are not coerced');
  const over = expectStatus(await anon.post(url, { variant_id: v.id, quantity: 500 }), 400);
  assert.match(over.errors.quantity[0], /1000.*999/);
  const unknown = expectStatus(await anon.post(url, { variant_id: 999_999, quantity: 1 }), 400);
  assert.ok(unknown.errors.variant_id);
  const drafted = expectStatus(await anon.post(url, { variant_id: draft.id, quantity: 1 }), 409);
  assert.equal(drafted.code, 'variant_unavailable');
  assert.ok(drafted.errors.variant_id);
  assert.ok(expectStatus(await anon.post(url, { variant_id: 'abc', quantity: 1 }), 400).errors.variant_id);
  assert.equal(expectStatus(await anon.get(`/api/v1/cart/${cart.id}/`), 200).items[0].quantity, 500, 'nothing changed');
});

test('PATCH sets a line\'s quantity and DELETE removes it; an unknown item is 404', async () => {
  const { anon } = shop();
  const a = await makeVariant(shop(), { price: '1.00' });
  const b = await makeVariant(shop(), { price: '2.00' });
  const cart = await cartWith(anon, [[a.id, 1], [b.id, 1]]);
  const [first, second] = cart.items;
  const patched = expectStatus(await anon.patch(`/api/v1/cart/${cart.id}/items/${first.id}/`, { quantity: 4 }), 200);
  assert.equal(amount(patched.subtotal), '6.00');
  expectStatus(await anon.patch(`/api/v1/cart/${cart.id}/items/${first.id}/`, { quantity: 0 }), 400);
  const removed = expectStatus(await anon.delete(`/api/v1/cart/${cart.id}/items/${second.id}/`), 200);
  assert.deepEqual(removed.items.map((i: any) => i.variant_id), [a.id]);
  expectStatus(await anon.delete(`/api/v1/cart/${cart.id}/items/${second.id}/`), 404);
  const other = await cartWith(anon, []);
  expectStatus(await anon.patch(`/api/v1/cart/${other.id}/items/${first.id}/`, { quantity: 2 }), 404);
});

test('an unknown cart, a malformed id and a cart untouched for 30 days are 404; the purge job deletes stale carts', async (t) => {
  const clock = new ManualClock(new Date('2026-03-01T12:00:00Z'));
  const own = await shopFor(t, { clock });
  const v = await makeVariant(own);
  expectStatus(await own.anon.get('/api/v1/cart/00000000-0000-4000-8000-000000000000/'), 404);
  expectStatus(await own.anon.get('/api/v1/cart/not-a-uuid/'), 404);
  const stale = await cartWith(own.anon, [[v.id, 1]]);
  clock.advance(20 * 24 * 3600_000);
  const fresh = await cartWith(own.anon, [[v.id, 1]]);
  clock.advance(10 * 24 * 3600_000 + 1000);
  expectStatus(await own.anon.get(`/api/v1/cart/${stale.id}/`), 404);
  expectStatus(await own.anon.post(`/api/v1/cart/${stale.id}/items/`, { variant_id: v.id, quantity: 1 }), 404);
  expectStatus(await own.anon.get(`/api/v1/cart/${fresh.id}/`), 200);
  await own.store.kernel.worker.enqueue(own.knex, 'core-checkout.purge-carts', {});
  await own.store.kernel.worker.runDue();
  assert.equal(Number((await own.knex('carts').where('id', stale.id).count({ n: '*' }))[0]!.n), 0);
  assert.equal(Number((await own.knex('cart_items').where('cart_id', stale.id).count({ n: '*' }))[0]!.n), 0);
  assert.equal(Number((await own.knex('carts').where('id', fresh.id).count({ n: '*' }))[0]!.n), 1);
});

test('a customer\'s cart is bound to the customer: other customers and guests get 404, staff see it', async () => {
  const { store, anon, staff } = shop();
  const v = await makeVariant(shop());
  const alice = new SessionClient(store);
  expectStatus(await alice.register({ email: `alice-${Date.now()}@example.com`, password: 'alice-password-1' }), 201);
  const cart = expectStatus(await alice.request({ method: 'POST', url: '/api/v1/cart/' }), 201);
  assert.ok(cart.customer_id);
  const bob = new SessionClient(store);
  expectStatus(await bob.register({ email: `bob-${Date.now()}@example.com`, password: 'bob-password-12' }), 201);
  expectStatus(await bob.request({ method: 'GET', url: `/api/v1/cart/${cart.id}/` }), 404);
  expectStatus(await anon.get(`/api/v1/cart/${cart.id}/`), 404);
  expectStatus(await anon.post(`/api/v1/cart/${cart.id}/items/`, { variant_id: v.id, quantity: 1 }), 404);
  expectStatus(await staff.get(`/api/v1/cart/${cart.id}/`), 200);
  const { client: staffBrowser } = await staffSession(store);
  expectStatus(await staffBrowser.request({ method: 'GET', url: `/api/v1/cart/${cart.id}/` }), 200);
  expectStatus(await alice.request({ method: 'GET', url: `/api/v1/cart/${cart.id}/` }), 200);
});

test('prices: a variant\'s fixed price in the cart\'s currency, else converted exactly; names in the negotiated language', async (t) => {
  const own = await shopFor(t);
  await configureStore(own.staff, { currencies: ['USD', 'EUR', 'JPY', 'BHD'], exchange_rates: { EUR: '0.9', JPY: '150.5', BHD: '0.377' }, languages: ['en', 'de'] });
  const fixed = await makeVariant(own, { price: '19.99', prices: { EUR: '17.50' }, name: 'Shirt', translations: { de: { name: 'Hemd' } } });
  const converted = await makeVariant(own, { price: '19.99', name: 'Mug' });
  const eur = await cartWith(own.anon, [[fixed.id, 1], [converted.id, 1]], 'EUR');
  assert.deepEqual(eur.items.map((i: any) => amount(i.unit_price)), ['17.50', '17.99']);
  const jpy = await cartWith(own.anon, [[converted.id, 3]], 'JPY');
  assert.equal(amount(jpy.items[0].unit_price), '3008');
  assert.equal(amount(jpy.total), '9024');
  const bhd = await cartWith(own.anon, [[converted.id, 1]], 'BHD');
  assert.equal(amount(bhd.items[0].unit_price), '7.536'); // 19.99 × 0.377 = 7.53623
  const german = await own.anon.get(`/api/v1/cart/${eur.id}/`, { 'accept-language': 'de-DE' });
  assert.equal(german.headers['content-language'], 'de');
  assert.deepEqual(german.json().items.map((i: any) => i.name), ['Hemd', 'Mug']);
  assert.deepEqual(expectStatus(await own.anon.get(`/api/v1/cart/${eur.id}/`), 200).items.map((i: any) => i.name), ['Shirt', 'Mug']);
  const inUsd = expectStatus(await own.anon.get(`/api/v1/cart/${eur.id}/?currency=USD`), 200);
  assert.equal(inUsd.currency, 'USD');
  assert.equal(amount(inUsd.total), '39.98');
});

test('a product taken off sale stays in the cart, outside the totals and marked not purchasable', async () => {
  const { anon, staff } = shop();
  const keep = await makeVariant(shop(), { price: '4.00' });
  const gone = await makeVariant(shop(), { price: '6.00' });
  const cart = await cartWith(anon, [[keep.id, 1], [gone.id, 1]]);
  expectStatus(await staff.patch(`/api/v1/products/${gone.product_id}/`, { status: 'draft' }), 200);
  const after = expectStatus(await anon.get(`/api/v1/cart/${cart.id}/`), 200);
  assert.deepEqual(after.items.map((i: any) => i.purchasable), [true, false]);
  assert.equal(amount(after.total), '4.00');
  const refused = expectStatus(await anon.post('/api/v1/checkout/', { cart_id: cart.id, email: 'a@example.com', shipping_address: { first_name: 'A', last_name: 'B', address_line_1: 'C', city: 'D', postal_code: 'E', country: 'DE' } }), 409);
  assert.equal(refused.code, 'variant_unavailable');
  assert.ok(refused.errors['items.1.variant_id']);
});

test("a cart's lines and their variants are one statement; a line whose variant was deleted still stops the checkout", async () => {
  const { anon, staff, knex } = shop();
  const keep = await makeVariant(shop(), { price: '4.00' });
  const later = await makeVariant(shop(), { price: '5.00' });
  const gone = await makeVariant(shop(), { price: '6.00' });
  const cart = await cartWith(anon, [[keep.id, 1], [gone.id, 2], [later.id, 3]]);
  let whole: any;
  const sent = await statementsDuring(knex, async () => {
    whole = expectStatus(await anon.get(`/api/v1/cart/${cart.id}/`), 200);
  });
  const reads = sent.map((q) => q.sql).filter((sql) => /^\s*select/i.test(sql) && /\b(cart_items|variants)\b/.test(sql));
  assert.equal(reads.length, 1, `the lines and variants took ${reads.length} reads:\n${reads.join('\n')}`);
  assert.deepEqual(whole.items.map((i: any) => [i.variant_id, i.quantity]), [[keep.id, 1], [gone.id, 2], [later.id, 3]], 'in the order they were added');
  assert.equal(amount(whole.total), '31.00');

  expectStatus(await staff.delete(`/api/v1/variants/${gone.id}/`), 204);
  const after = expectStatus(await anon.get(`/api/v1/cart/${cart.id}/`), 200);
  assert.deepEqual(after.items.map((i: any) => i.variant_id), [keep.id, later.id]);
  assert.equal(amount(after.total), '19.00');
  const address = { first_name: 'A', last_name: 'B', address_line_1: 'C', city: 'D', postal_code: 'E', country: 'DE' };
  const refused = expectStatus(await anon.post('/api/v1/checkout/', { cart_id: cart.id, email: 'a@example.com', shipping_address: address }), 409);
  assert.equal(refused.code, 'variant_unavailable');
  assert.match(refused.errors[`items.variant_${gone.id}`][0], /no longer exists/);
});

test('purchasable weighs the line\'s quantity against what is available; available_quantity says how many', async () => {
  const scarce = await makeVariant(shop(), { price: '2.00', stock: 3 });
  const backorder = await makeVariant(shop(), { price: '2.00', stock: 3, allow_backorder: true });
  const untracked = await makeVariant(shop(), { price: '2.00', stock: null });
  const cart = await cartWith(shop().anon, [[scarce.id, 50], [backorder.id, 50], [untracked.id, 50]]);
  const line = (c: any, id: number) => c.items.find((i: any) => i.variant_id === id);
  assert.deepEqual([line(cart, scarce.id).purchasable, line(cart, scarce.id).available_quantity], [false, 3]);
  assert.deepEqual([line(cart, backorder.id).purchasable, line(cart, backorder.id).available_quantity], [true, null]);
  assert.deepEqual([line(cart, untracked.id).purchasable, line(cart, untracked.id).available_quantity], [true, null]);
  assert.equal(amount(cart.subtotal), '300.00', 'a line short of stock stays in the totals');
  const fits = expectStatus(await shop().anon.patch(`/api/v1/cart/${cart.id}/items/${line(cart, scarce.id).id}/`, { quantity: 3 }), 200);
  assert.deepEqual([line(fits, scarce.id).purchasable, line(fits, scarce.id).available_quantity], [true, 3]);
  // What the cart says is what checkout decides: 4 of 3 is refused there too.
  const over = expectStatus(await shop().anon.patch(`/api/v1/cart/${cart.id}/items/${line(cart, scarce.id).id}/`, { quantity: 4 }), 200);
  assert.equal(line(over, scarce.id).purchasable, false);
  const address = { first_name: 'A', last_name: 'B', address_line_1: 'C', city: 'D', postal_code: 'E', country: 'DE' };
  assert.equal((await shop().anon.post('/api/v1/checkout/', { cart_id: cart.id, email: 'a@example.com', shipping_address: address })).statusCode, 409);
});
