import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SessionClient } from '../../../test/helpers/auth.ts';
import { address, eventsOf, expectStatus, makeVariant, pay, sharedShop, type Shop } from './helpers.ts';
import { catalogueQueries } from '../../../test/helpers/catalogue-queries.ts';
import { statementsDuring } from '../../../test/helpers/statements.ts';
import { isSqlite } from '../../../kernel/db/dialect.ts';

const shop = sharedShop();
let sequence = 0;

/** The events of `type` about one cart or checkout as staff read them from GET /api/v1/events/, oldest first. */
async function eventsAbout(s: Shop, type: string, id: string): Promise<any[]> {
  const page = expectStatus(await s.staff.get(`/api/v1/events/?type=${type}&page_size=100`), 200);
  return page.results.filter((e: any) => e.type === type && e.data.id === id).map((e: any) => e.data).reverse();
}

const lines = (cart: any) => cart.items.map((i: any) => [i.variant_id, i.quantity]);

test('every cart change emits cart.created / cart.updated carrying the cart as the API shows it', async () => {
  const s = shop();
  const a = await makeVariant(s, { price: '2.00' });
  const b = await makeVariant(s, { price: '3.00' });
  const cart = expectStatus(await s.anon.post('/api/v1/cart/', undefined), 201);
  const created = await eventsAbout(s, 'cart.created', cart.id);
  assert.equal(created.length, 1);
  assert.deepEqual(created[0], cart);

  const added = expectStatus(await s.anon.post(`/api/v1/cart/${cart.id}/items/`, { variant_id: a.id, quantity: 2 }), 201);
  const merged = expectStatus(await s.anon.post(`/api/v1/cart/${cart.id}/items/`, { variant_id: b.id, quantity: 1 }), 201);
  const line = merged.items.find((i: any) => i.variant_id === a.id);
  const changed = expectStatus(await s.anon.patch(`/api/v1/cart/${cart.id}/items/${line.id}/`, { quantity: 5 }), 200);
  const removed = expectStatus(await s.anon.delete(`/api/v1/cart/${cart.id}/items/${line.id}/`), 200);
  const updates = await eventsAbout(s, 'cart.updated', cart.id);
  assert.deepEqual(updates.map(lines), [lines(added), lines(merged), lines(changed), lines(removed)]);
  assert.deepEqual(updates.at(-1), removed);
  assert.equal(updates[2].total.amount, '13.00');

  // A refused change emits nothing.
  expectStatus(await s.anon.patch(`/api/v1/cart/${cart.id}/items/999999/`, { quantity: 1 }), 404);
  assert.equal((await eventsAbout(s, 'cart.updated', cart.id)).length, 4);
});

test('applying and removing a voucher emits cart.updated with the discount on and off', async () => {
  const s = shop();
  const v = await makeVariant(s, { price: '10.00' });
  const code = `EVT${process.pid}${++sequence}`;
  expectStatus(await s.staff.post('/api/v1/vouchers/', { code, discount_type: 'percentage', value: '10' }), 201);
  const cart = expectStatus(await s.anon.post('/api/v1/cart/', undefined), 201);
  expectStatus(await s.anon.post(`/api/v1/cart/${cart.id}/items/`, { variant_id: v.id, quantity: 1 }), 201);
  const applied = expectStatus(await s.anon.post(`/api/v1/cart/${cart.id}/vouchers/`, { code }), 200);
  const off = expectStatus(await s.anon.delete(`/api/v1/cart/${cart.id}/vouchers/${code}/`), 200);
  const updates = await eventsAbout(s, 'cart.updated', cart.id);
  assert.equal(updates.length, 3);
  assert.deepEqual(updates[1].discounts, applied.discounts);
  assert.equal(updates[1].discount.amount, '1.00');
  assert.deepEqual(updates[2].discounts, off.discounts);
  assert.equal(updates[2].discount.amount, '0.00');
});

test('at login the cart joining the customer emits cart.updated with its customer and merged lines', async () => {
  const s = shop();
  const v = await makeVariant(s);
  const client = new SessionClient(s.store);
  const email = `evt-${process.pid}-${++sequence}@example.com`;
  expectStatus(await client.register({ email, password: 'shopper-password-1' }), 201);
  expectStatus(await client.logout(), 204);
  const json = { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ variant_id: v.id, quantity: 2 }) };
  const guest = expectStatus(await client.request({ method: 'POST', url: '/api/v1/cart/items/', ...json }), 201);
  assert.equal(guest.customer_id, null);
  expectStatus(await client.login(email, 'shopper-password-1'), 200);
  const last = (await eventsAbout(s, 'cart.updated', guest.id)).at(-1);
  assert.ok(last.customer_id, 'the event names the customer the cart now belongs to');
  assert.deepEqual(lines(last), [[v.id, 2]]);
});

test('opening, changing, and paying a checkout emit checkout.created and checkout.updated', async () => {
  const s = shop();
  const v = await makeVariant(s, { price: '4.00' });
  const cart = expectStatus(await s.anon.post('/api/v1/cart/', undefined), 201);
  expectStatus(await s.anon.post(`/api/v1/cart/${cart.id}/items/`, { variant_id: v.id, quantity: 1 }), 201);
  const opened = expectStatus(await s.anon.post('/api/v1/checkout/', { cart_id: cart.id, email: 'ada@example.com', shipping_address: address('DE') }), 201);
  assert.deepEqual(await eventsAbout(s, 'checkout.created', opened.id), [opened]);

  const email = expectStatus(await s.anon.patch(`/api/v1/checkout/${opened.id}/`, { email: 'grace@example.com' }), 200);
  const moved = expectStatus(await s.anon.patch(`/api/v1/checkout/${opened.id}/`, { shipping_address: address('DE', { city: 'Hamburg', postal_code: '20095' }) }), 200);
  const shipped = expectStatus(await s.anon.patch(`/api/v1/checkout/${opened.id}/`, { shipping_method_id: opened.shipping_methods[0].id }), 200);
  let updates = await eventsAbout(s, 'checkout.updated', opened.id);
  assert.deepEqual(updates, [email, moved, shipped]);
  assert.equal(updates[0].email, 'grace@example.com');
  assert.equal(updates[1].shipping_address.city, 'Hamburg');
  assert.equal(updates[2].shipping_method.id, opened.shipping_methods[0].id);

  expectStatus(await pay(s.anon, opened.id, 'fake_instant'), 201);
  updates = await eventsAbout(s, 'checkout.updated', opened.id);
  assert.equal(updates.length, 4);
  assert.equal(updates[3].status, 'paid');
  assert.ok(updates[3].order?.order_number);
  assert.deepEqual(updates[3], expectStatus(await s.anon.get(`/api/v1/checkout/${opened.id}/`), 200));
  // The cart is ordered now: one cart.updated says so (an abandoned-cart plugin stops waiting for it).
  const cartUpdates = await eventsAbout(s, 'cart.updated', cart.id);
  assert.equal(cartUpdates.at(-1).status, 'ordered');
  assert.equal(cartUpdates.filter((c: any) => c.status === 'ordered').length, 1);
});

test('webhook endpoints may subscribe to the cart and checkout events', async () => {
  const s = shop();
  const made = expectStatus(await s.staff.post('/api/v1/webhooks/', { url: 'https://hooks.example.com/carts', events: ['cart.created', 'cart.updated', 'checkout.created', 'checkout.updated'] }), 201);
  assert.deepEqual(made.events, ['cart.created', 'cart.updated', 'checkout.created', 'checkout.updated']);
  const doc = expectStatus(await s.anon.get('/latest/openapi.json'), 200);
  for (const type of ['cart.created', 'cart.updated', 'checkout.created', 'checkout.updated']) assert.ok(doc.webhooks?.[type], `${type} is in the OpenAPI webhooks section`);
  assert.deepEqual(doc.webhooks['cart.updated'].post.requestBody.content['application/json'].schema.properties.data, { $ref: '#/components/schemas/Cart' });
});

test('cart changes leave the anonymous catalogue cache warm; a catalogue change still clears it', async () => {
  const s = shop();
  const v = await makeVariant(s, { price: '5.00' });
  const url = `/api/v1/products/${v.product_id}/`;
  await s.store.kernel.foreignChanges.check();
  expectStatus(await s.anon.get(url), 200);
  const cart = expectStatus(await s.anon.post('/api/v1/cart/', undefined), 201);
  expectStatus(await s.anon.post(`/api/v1/cart/${cart.id}/items/`, { variant_id: v.id, quantity: 1 }), 201);
  // Nor does the check for other processes' changes count them.
  await s.store.kernel.foreignChanges.check();
  assert.equal(await catalogueQueries(s.knex, async () => expectStatus(await s.anon.get(url), 200)), 0, 'answered from the cache after cart changes');
  expectStatus(await s.staff.patch(`/api/v1/products/${v.product_id}/`, { name: 'Renamed' }), 200);
  let name = '';
  assert.ok((await catalogueQueries(s.knex, async () => (name = expectStatus(await s.anon.get(url), 200).name))) > 0);
  assert.equal(name, 'Renamed');
});

/** The SQL `fn` sends, in order. */
async function statementsOf(s: Shop, fn: () => Promise<unknown>): Promise<string[]> {
  return (await statementsDuring(s.knex, fn)).map((q) => q.sql);
}
// Reads of stock records of their own (the variants' read selects their units as a subquery).
const stockReads = (sql: string[]) => sql.filter((q) => /^select /.test(q) && /inventory_levels/.test(q) && !/from [`"]variants[`"]/.test(q)).length;
const reads = (sql: string[], table: string) => sql.filter((q) => new RegExp(`^select .* from [\`"]${table}[\`"]`).test(q)).length;

test('a change answers what a fresh read shows, though it reads its cart, items, checkout and vouchers once', async () => {
  const s = shop();
  const a = await makeVariant(s, { price: '2.50' });
  const b = await makeVariant(s, { price: '4.00' });
  let cart: any;
  const made = await statementsOf(s, async () => {
    cart = expectStatus(await s.anon.post('/api/v1/cart/', undefined), 201);
  });
  assert.deepEqual(cart, expectStatus(await s.anon.get(`/api/v1/cart/${cart.id}/`), 200));
  assert.equal(reads(made, 'carts'), 0, 'a new cart is priced from what its insert wrote');
  // The vouchers plugin's own read of a cart's vouchers (their count comes with the cart's lines).
  const voucherReads = (sql: string[]) => sql.filter((q) => /from [`"]voucher_applications[`"] as /.test(q)).length;
  assert.equal(voucherReads(made), 0, 'a cart made by this change holds no voucher to read');
  // A new line, another, then more of the first (merged into its line).
  for (const [variant_id, quantity, status] of [[a.id, 2, 201], [b.id, 1, 201], [a.id, 3, 200]]) {
    let answer: any;
    const sql = await statementsOf(s, async () => {
      answer = expectStatus(await s.anon.post(`/api/v1/cart/${cart.id}/items/`, { variant_id, quantity }), status);
    });
    assert.deepEqual(answer, expectStatus(await s.anon.get(`/api/v1/cart/${cart.id}/`), 200));
    // The cart and its lines in the one statement that locks the cart (from the cart's row, so that an
    // empty cart answers itself and the other plugins' counts too): no read of either on its own, none back.
    assert.equal(sql.filter((q) => /^select \* from [`"]carts[`"]/.test(q)).length, 0, sql.join('\n'));
    const locked = sql.filter((q) => /^select .*[`"]carts[`"]\.[`"]status[`"] as .* from [`"]carts[`"] left join [`"]cart_items[`"]/.test(q));
    assert.equal(locked.length, 1, sql.join('\n'));
    if (!isSqlite(s.knex)) assert.match(locked[0]!, / for update$/);
    assert.equal(reads(sql, 'carts') + reads(sql, 'cart_items'), 1, sql.join('\n'));
    assert.equal(sql.filter((q) => /from [`"]variants[`"]/.test(q)).length, 1, 'one read of every variant the cart needs');
    assert.equal(stockReads(sql), 0, 'the units available are read with the variants');
  }
  const merged = expectStatus(await s.anon.get(`/api/v1/cart/${cart.id}/`), 200);
  assert.deepEqual(merged.items.map((i: any) => [i.variant_id, i.quantity]), [[a.id, 5], [b.id, 1]]);
  assert.equal(merged.total.amount, '16.50');

  const code = `ONCE${process.pid}${++sequence}`;
  expectStatus(await s.staff.post('/api/v1/vouchers/', { code, discount_type: 'percentage', value: '10' }), 201);
  expectStatus(await s.anon.post(`/api/v1/cart/${cart.id}/vouchers/`, { code }), 200);
  const opened = expectStatus(await s.anon.post('/api/v1/checkout/', { cart_id: cart.id, email: 'ada@example.com', shipping_address: address('DE') }), 201);
  assert.deepEqual(opened, expectStatus(await s.anon.get(`/api/v1/checkout/${opened.id}/`), 200));
  let shipped: any;
  const sql = await statementsOf(s, async () => {
    shipped = expectStatus(await s.anon.patch(`/api/v1/checkout/${opened.id}/`, { shipping_method_id: opened.shipping_methods[0].id, shipping_address: address('DE', { city: 'Hamburg' }) }), 200);
  });
  assert.deepEqual(shipped, expectStatus(await s.anon.get(`/api/v1/checkout/${opened.id}/`), 200));
  assert.equal(shipped.shipping_address.city, 'Hamburg');
  assert.equal(shipped.discount.amount, '1.65');
  assert.equal(reads(sql, 'checkouts'), 1, 'the locked read of the checkout, not a read back');
  assert.equal(stockReads(sql), 0, 'the units available are read with the variants');
  assert.equal(voucherReads(sql), 1, 'priced without and with shipping from one read of the vouchers');

  let paid: any;
  const sent = await statementsDuring(s.knex, async () => {
    paid = expectStatus(await pay(s.anon, opened.id, 'fake_card'), 201);
  });
  const paying = sent.map((q) => q.sql);
  assert.equal(reads(paying, 'order_items'), 0, "order.created is built from the items' inserts, not a read back");
  assert.equal(reads(paying, 'variants'), 1, 'the stock is reserved for the variants the order was priced from');
  assert.equal(reads(paying, 'payments'), 0, "the gateway's pending answer is written if the payment is still pending, without a read of it");
  assert.equal(voucherReads(paying), 1, "the ordered cart is priced from the placing's read of its vouchers");
  // (A sum of stock records of its own; the store's once-a-second readings of the events and the plugin
  // settings, which may fall in this window, sum other tables.)
  assert.equal(paying.filter((q) => /^select .*sum\(/i.test(q) && /inventory_levels/.test(q) && !/from [`"]variants[`"]/.test(q)).length, 0, "the ordered cart's units available: the placing's read less what the order holds");
  const eventTypes = sent.filter((q) => /^insert into [`"]events[`"]/.test(q.sql)).map((q) => q.bindings.filter((b) => typeof b === 'string' && /^(order|cart|inventory)\.(created|updated)$/.test(b)));
  // The reservation's events (a stock record of each variant) go with them: one insert of events in the placing.
  assert.ok(eventTypes.some((types) => types.join() === 'inventory.updated,inventory.updated,order.created,cart.updated'), `the reservation's events, order.created and the ordered cart's event in one insert: ${JSON.stringify(eventTypes)}`);
  assert.equal(eventTypes.filter((types) => types.includes('inventory.updated')).length, 1, JSON.stringify(eventTypes));
  // …and are written: each variant's stock record as the reservation left it.
  const records = expectStatus(await s.staff.get(`/api/v1/inventory/?variant_id=${a.id}`), 200).results;
  const reserved = (await eventsOf(s, 'inventory.updated')).filter((e: any) => e.variant_id === a.id).at(-1);
  assert.equal(reserved.reserved, 5);
  assert.deepEqual(reserved, records.find((r: any) => r.id === reserved.id));
  // The ordered cart's event is built from what the pay read: it is the cart as read now.
  const lastCart = (await eventsAbout(s, 'cart.updated', cart.id)).at(-1);
  assert.equal(lastCart.status, 'ordered');
  assert.deepEqual(lastCart.items.map((i: any) => [i.variant_id, i.available_quantity]), [[a.id, 95], [b.id, 99]], 'after the reservation');
  assert.deepEqual(lastCart, expectStatus(await s.anon.get(`/api/v1/cart/${cart.id}/`), 200));
  // order.created: the order as placed, before its first payment started.
  const order = expectStatus(await s.staff.get(`/api/v1/orders/${paid.order.id}/?expand=items`), 200);
  const [created] = (await eventsOf(s, 'order.created')).filter((o: any) => o.id === paid.order.id);
  assert.deepEqual(created.payments, []);
  assert.deepEqual(created.shipments, []);
  assert.deepEqual(created.refunds, []);
  assert.deepEqual(created.items, order.items);
  assert.deepEqual({ ...created, payments: order.payments, updated_at: order.updated_at }, order);
});

test("the session cart's first item reads no cart, line or voucher; the next ones read the cart and its lines in the statement that locks it", async () => {
  const s = shop();
  const a = await makeVariant(s, { price: '3.00' });
  const b = await makeVariant(s, { price: '1.50' });
  const browser = new SessionClient(s.store);
  await browser.csrf();
  const voucherReads = (sql: string[]) => sql.filter((q) => /from [`"]voucher_applications[`"]/.test(q)).length;
  let answer: any;
  const first = await statementsOf(s, async () => {
    answer = expectStatus(await browser.request({ method: 'POST', url: '/api/v1/cart/items/', payload: { variant_id: a.id, quantity: 2 } }), 201);
  });
  // A cart made by the request: its lines and the vouchers' count are known (none), not read.
  assert.equal(reads(first, 'carts') + reads(first, 'cart_items'), 0, first.join('\n'));
  assert.equal(voucherReads(first), 0, first.join('\n'));
  assert.deepEqual(answer, expectStatus(await browser.request({ method: 'GET', url: '/api/v1/cart/' }), 200));
  for (const [variant_id, quantity, status] of [[b.id, 1, 201], [a.id, 1, 200]] as const) {
    const sql = await statementsOf(s, async () => {
      answer = expectStatus(await browser.request({ method: 'POST', url: '/api/v1/cart/items/', payload: { variant_id, quantity } }), status);
    });
    const locked = sql.filter((q) => /^select .*[`"]carts[`"]\.[`"]status[`"] as .* from [`"]carts[`"] left join [`"]cart_items[`"]/.test(q));
    assert.equal(locked.length, 1, sql.join('\n'));
    if (!isSqlite(s.knex)) assert.match(locked[0]!, / for update$/);
    assert.equal(reads(sql, 'carts') + reads(sql, 'cart_items'), 1, sql.join('\n'));
    assert.equal(voucherReads(sql), 1, 'the vouchers counted with the lines, in the same statement');
    assert.deepEqual(answer, expectStatus(await browser.request({ method: 'GET', url: '/api/v1/cart/' }), 200));
  }
  assert.deepEqual(answer.items.map((i: any) => [i.variant_id, i.quantity]), [[a.id, 3], [b.id, 1]]);
  assert.equal(answer.total.amount, '10.50');
});
