import assert from 'node:assert/strict';
import { test } from 'node:test';
import { up as countMigrationUp, down as countMigrationDown } from '../migrations/009-order-counts.ts';
import { ORDER_STATUSES } from '../services/orders/transitions.ts';
import { expectStatus, makeVariant, pay, readyCheckout, shopFor, type Shop } from './helpers.ts';

// Staff's order list, whole or by status, takes its count from the numbers kept per status
// (services/orders/order-counts.ts) instead of counting the orders. These tests hold the numbers to
// what counting gives after every kind of change, with checkouts at the same time, and after the
// migration that fills them.

const database = process.env.DATABASE_URL ? 'MariaDB/MySQL' : 'SQLite';

async function actual(shop: Shop): Promise<Record<string, number>> {
  const by: Record<string, number> = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0]));
  for (const row of (await shop.knex('orders').select('status').count({ n: '*' }).groupBy('status')) as any[]) by[row.status] = Number(row.n);
  return by;
}

/** The counts staff's list answers, against a count of the orders table; the SQL of the whole list. */
async function assertCountsRight(shop: Shop, step: string): Promise<void> {
  const by = await actual(shop);
  const count = async (query = '') => expectStatus(await shop.staff.get(`/api/v1/orders/?page_size=1${query}`), 200).count;
  assert.equal(await count(), Object.values(by).reduce((a, b) => a + b, 0), `${step}: every order`);
  for (const status of ORDER_STATUSES) assert.equal(await count(`&status=${status}`), by[status], `${step}: status=${status}`);
}

async function placed(shop: Shop, variantId: number, method: 'fake_card' | 'fake_instant'): Promise<any> {
  const checkout = await readyCheckout(shop.anon, [[variantId, 1]]);
  return expectStatus(await pay(shop.anon, checkout.id, method), 201).order;
}

test('staff\'s order list counts from the kept numbers, right after placing, paying, shipping, delivering, completing and cancelling', async (t) => {
  const shop = await shopFor(t);
  const v = await makeVariant(shop, { stock: 1000 });
  await assertCountsRight(shop, 'no orders');
  const unpaid = await placed(shop, v.id, 'fake_card');
  const paid = await placed(shop, v.id, 'fake_instant');
  const toCancel = await placed(shop, v.id, 'fake_card');
  const toComplete = await placed(shop, v.id, 'fake_instant');
  await assertCountsRight(shop, 'placed and paid');
  expectStatus(await shop.staff.post(`/api/v1/orders/${toCancel.id}/cancel/`, undefined), 200);
  const items = expectStatus(await shop.staff.get(`/api/v1/orders/${toComplete.id}/?expand=items`), 200).items;
  expectStatus(await shop.staff.post(`/api/v1/orders/${toComplete.id}/shipments/`, { carrier: 'DHL', tracking_number: 'T-1', items: items.map((i: any) => ({ order_item_id: i.id, quantity: i.quantity })) }), 201);
  await assertCountsRight(shop, 'cancelled and shipped');
  expectStatus(await shop.staff.post(`/api/v1/orders/${toComplete.id}/deliver/`, undefined), 200);
  await assertCountsRight(shop, 'delivered');
  expectStatus(await shop.staff.post(`/api/v1/orders/${toComplete.id}/complete/?force=true`, undefined), 200);
  await assertCountsRight(shop, 'completed');
  const by = await actual(shop);
  assert.deepEqual(by, { pending: 1, processing: 1, shipped: 0, delivered: 0, completed: 1, cancelled: 1 });
  const statusOf = async (id: number) => expectStatus(await shop.staff.get(`/api/v1/orders/${id}/`), 200).status;
  assert.deepEqual([await statusOf(unpaid.id), await statusOf(paid.id)], ['pending', 'processing']);
  const number = expectStatus(await shop.staff.get(`/api/v1/orders/${paid.id}/`), 200).order_number;

  // The whole list and a status count from the kept numbers: no count over the orders table.
  const seen: string[] = [];
  const listener = (q: { sql: string }) => seen.push(q.sql);
  shop.knex.on('query', listener);
  try {
    expectStatus(await shop.staff.get('/api/v1/orders/?status=pending'), 200);
    expectStatus(await shop.staff.get('/api/v1/orders/'), 200);
  } finally {
    shop.knex.off('query', listener);
  }
  assert.ok(seen.some((sql) => /from [`"]order_counts[`"]/.test(sql)));
  // Each page reads the kept number with its own rows: one statement for both.
  const counting = seen.filter((sql) => /order_counts/.test(sql));
  assert.equal(counting.length, 2, seen.join('\n'));
  assert.ok(counting.every((sql) => /from [`"]orders[`"]/.test(sql)), seen.join('\n'));
  assert.ok(!seen.some((sql) => /count\(\*\)[^]*from [`"]orders[`"]/.test(sql)), seen.join('\n'));

  // What the kept numbers cannot tell is counted from the orders: a payment status, a search, a date
  // window, a customer's own list.
  assert.equal(expectStatus(await shop.staff.get('/api/v1/orders/?payment_status=paid'), 200).count, 2);
  assert.equal(expectStatus(await shop.staff.get(`/api/v1/orders/?search=${number}`), 200).count, 1);
  assert.equal(expectStatus(await shop.staff.get('/api/v1/orders/?created_at__gte=2000-01-01&status=cancelled'), 200).count, 1);
  assert.equal(expectStatus(await shop.staff.get('/api/v1/orders/?created_at__lte=2000-01-01'), 200).count, 0);
});

test(`checkouts paying at once, some refused for stock: the kept numbers stay exact (${database})`, async (t) => {
  const shop = await shopFor(t);
  const v = await makeVariant(shop, { stock: 6 });
  const checkouts = [];
  for (let i = 0; i < 16; i++) checkouts.push(await readyCheckout(shop.anon, [[v.id, 1]]));
  const results = await Promise.all(checkouts.map((c, i) => pay(shop.anon, c.id, i % 2 ? 'fake_instant' : 'fake_card')));
  assert.equal(results.filter((r) => r.statusCode === 201).length, 6);
  await assertCountsRight(shop, 'after the rush');
  const rows = await shop.knex('order_counts').sum({ n: 'n' }).first();
  assert.equal(Number(rows?.n), 6, 'a rolled-back placement leaves nothing counted');
});

test('the migration counts the orders that exist into every slot of every status', async (t) => {
  const shop = await shopFor(t);
  const v = await makeVariant(shop, { stock: 100 });
  for (let i = 0; i < 5; i++) await placed(shop, v.id, i % 2 ? 'fake_instant' : 'fake_card');
  const before = await actual(shop);
  await countMigrationDown(shop.knex);
  await countMigrationUp(shop.knex);
  const slots = await shop.knex('order_counts').count({ n: '*' }).first();
  assert.equal(Number(slots?.n), ORDER_STATUSES.length * 16);
  assert.deepEqual(await actual(shop), before);
  await assertCountsRight(shop, 'after the migration');
});
