import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ManualClock } from '../../../kernel/clock.ts';
import { SessionClient } from '../../../test/helpers/auth.ts';
import { buyAs, eventsOf, expectStatus, makeVariant, pay, readyCheckout, shopFor, type Shop } from './helpers.ts';

async function registered(shop: Shop, name: string): Promise<SessionClient> {
  const client = new SessionClient(shop.store);
  expectStatus(await client.register({ email: `${name}-${process.pid}-${Date.now()}@example.com`, password: `${name}-password-1` }), 201);
  return client;
}

test('orders: staff see all, customers only their own (another\'s is 404); filters, ordering, expand=items', async (t) => {
  const clock = new ManualClock(new Date('2026-05-01T10:00:00Z'));
  const shop = await shopFor(t, { clock });
  const cheap = await makeVariant(shop, { price: '1.00' });
  const dear = await makeVariant(shop, { price: '100.00' });
  const alice = await registered(shop, 'alice');
  const bob = await registered(shop, 'bob');
  const a1 = await buyAs(alice, cheap.id, 1);
  clock.advance(24 * 3600_000);
  const b1 = await buyAs(bob, dear.id, 1, 'fake_card');
  clock.advance(24 * 3600_000);
  const a2 = await buyAs(alice, dear.id, 2);

  const all = expectStatus(await shop.staff.get('/api/v1/orders/'), 200);
  assert.equal(all.count, 3);
  assert.deepEqual(all.results.map((o: any) => o.id), [a2, b1, a1], 'newest first by default');
  assert.equal(all.results[0].items, undefined, 'items only when expanded');
  assert.deepEqual(all.results.map((o: any) => o.order_number), ['1003', '1002', '1001']);

  const mine = expectStatus(await alice.request({ method: 'GET', url: '/api/v1/orders/?expand=items&ordering=order_number' }), 200);
  assert.deepEqual(mine.results.map((o: any) => o.id), [a1, a2]);
  assert.deepEqual(mine.results[1].items.map((i: any) => [i.variant.id, i.variant.sku, i.quantity]), [[dear.id, dear.sku, 2]]);
  expectStatus(await alice.request({ method: 'GET', url: `/api/v1/orders/${b1}/` }), 404);
  expectStatus(await bob.request({ method: 'GET', url: `/api/v1/orders/${b1}/` }), 200);
  expectStatus(await shop.anon.get('/api/v1/orders/'), 401);
  expectStatus(await shop.anon.get(`/api/v1/orders/${a1}/`), 401);
  expectStatus(await shop.staff.get('/api/v1/orders/999999/'), 404);

  const pending = expectStatus(await shop.staff.get('/api/v1/orders/?status=pending'), 200);
  assert.deepEqual(pending.results.map((o: any) => o.id), [b1]);
  assert.equal(pending.results[0].payment_status, 'unpaid');
  assert.equal(pending.results[0].fulfillment_status, 'unfulfilled');
  assert.equal(pending.results[0].payments.length, 1);
  const byTotal = expectStatus(await shop.staff.get('/api/v1/orders/?ordering=-total'), 200);
  assert.deepEqual(byTotal.results.map((o: any) => o.id), [a2, b1, a1]);
  const window = expectStatus(await shop.staff.get('/api/v1/orders/?created_at__gte=2026-05-02&created_at__lte=2026-05-02'), 200);
  assert.deepEqual(window.results.map((o: any) => o.id), [b1]);
  expectStatus(await shop.staff.get('/api/v1/orders/?ordering=email'), 400);
  expectStatus(await shop.staff.get('/api/v1/orders/?status=lost'), 400);
  const paged = expectStatus(await shop.staff.get('/api/v1/orders/?page_size=2&page=2'), 200);
  assert.equal(paged.results.length, 1);
  assert.ok(paged.previous);
});

test('an order\'s language is the one negotiated when paying, else the store default; its events carry it', async (t) => {
  const shop = await shopFor(t);
  expectStatus(await shop.staff.patch('/api/v1/store/', { languages: ['en', 'de'], default_language: 'en' }), 200);
  const v = await makeVariant(shop);
  const german = await readyCheckout(shop.anon, [[v.id, 1]]);
  const paidDe = expectStatus(await pay(shop.anon, german.id, 'fake_instant', { 'accept-language': 'de-AT, de;q=0.9, en;q=0.5' }), 201);
  const unknown = await readyCheckout(shop.anon, [[v.id, 1]]);
  const paidFr = expectStatus(await pay(shop.anon, unknown.id, 'fake_instant', { 'accept-language': 'fr' }), 201);
  const de = expectStatus(await shop.staff.get(`/api/v1/orders/${paidDe.order.id}/`), 200);
  assert.equal(de.language, 'de');
  assert.equal(expectStatus(await shop.staff.get(`/api/v1/orders/${paidFr.order.id}/`), 200).language, 'en', 'the store default');
  // Reading it in another language does not change it.
  assert.equal(expectStatus(await shop.staff.get(`/api/v1/orders/${paidDe.order.id}/`, { 'accept-language': 'en' }), 200).language, 'de');
  const paidEvent = (await eventsOf(shop, 'order.paid')).find((e) => e.id === paidDe.order.id);
  assert.equal(paidEvent.language, 'de');
});
