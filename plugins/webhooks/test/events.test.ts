import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../../kernel/clock.ts';
import { clientStore, expectStatus } from '../../../test/helpers/client.ts';
import { createCategory, createEndpoint, deliveries, LOOPBACK_RECEIVERS, pump } from './helpers.ts';
import { startReceiver } from './receiver.ts';

test('GET /api/v1/events/ lists the events newest first, filtered by type and created_at, paged', async (t) => {
  const clock = new ManualClock(Date.parse('2026-07-01T10:00:00Z'));
  const ctx = await clientStore(t, { clock, env: LOOPBACK_RECEIVERS });
  const first = await createCategory(ctx.staff, 'First');
  clock.advance(60_000);
  expectStatus(await ctx.staff.patch('/api/v1/store/', { name: 'Events Store' }), 200);
  clock.advance(60_000);
  const third = await createCategory(ctx.staff, 'Third');

  const all = expectStatus(await ctx.staff.get('/api/v1/events/'), 200);
  assert.equal(all.count, 3);
  assert.deepEqual(all.results.map((e: any) => e.type), ['category.created', 'store.updated', 'category.created']);
  assert.deepEqual(Object.keys(all.results[0]), ['id', 'type', 'created_at', 'data']);
  assert.deepEqual(all.results[0].data, third);
  assert.equal(all.results[2].created_at, '2026-07-01T10:00:00.000Z');

  const created = expectStatus(await ctx.staff.get('/api/v1/events/?type=category.created'), 200);
  assert.deepEqual(created.results.map((e: any) => e.data.id), [third.id, first.id]);
  const window = expectStatus(await ctx.staff.get('/api/v1/events/?created_at__gte=2026-07-01T10:00:30Z&created_at__lte=2026-07-01T10:01:30Z'), 200);
  assert.deepEqual(window.results.map((e: any) => e.type), ['store.updated']);
  const paged = expectStatus(await ctx.staff.get('/api/v1/events/?page_size=2&page=2'), 200);
  assert.equal(paged.results.length, 1);
  assert.equal(paged.results[0].data.id, first.id);
  assert.match(paged.previous, /page_size=2/);
  const oldest = expectStatus(await ctx.staff.get('/api/v1/events/?ordering=created_at'), 200);
  assert.equal(oldest.results[0].data.id, first.id);

  const bad = expectStatus(await ctx.staff.get('/api/v1/events/?created_at__gte=yesterday&ordering=type'), 400);
  assert.deepEqual(Object.keys(bad.errors).sort(), ['created_at__gte', 'ordering']);
  expectStatus(await ctx.staff.get('/api/v1/events/?page_size=101'), 400);
  expectStatus(await ctx.staff.get('/api/v1/events/?page=5'), 404);
});

test('the purge job removes events older than 30 days, but not those still being dispatched or delivered', async (t) => {
  const clock = new ManualClock(Date.parse('2026-07-01T10:00:00Z'));
  const ctx = await clientStore(t, { clock, env: LOOPBACK_RECEIVERS });
  const failing = await startReceiver();
  const working = await startReceiver();
  t.after(() => Promise.all([failing.close(), working.close()]).then(() => undefined));
  failing.fallback = { status: 500 };
  const down = await createEndpoint(ctx.staff, failing.url, ['store.updated']);
  const up = await createEndpoint(ctx.staff, working.url, ['category.created']);
  expectStatus(await ctx.staff.patch('/api/v1/store/', { name: 'Still delivering' }), 200);
  const delivered = await createCategory(ctx.staff, 'Delivered long ago');
  await pump(ctx.store);
  assert.equal((await deliveries(ctx, down.id))[0].status, 'pending');
  assert.equal((await deliveries(ctx, up.id))[0].status, 'succeeded');
  // An event whose afterCommit dispatch has not run yet (the loops are off in this test).
  const undispatched = await createCategory(ctx.staff, 'Not dispatched');

  // The recurring job, run as the worker runs it (the loops are off in tests).
  const { worker, knex } = ctx.store.kernel;
  const purge = async () => {
    await worker.enqueue(knex, 'webhooks.purge-events', {});
    while ((await worker.runDue()) > 0);
  };
  await purge();
  assert.equal(expectStatus(await ctx.staff.get('/api/v1/events/'), 200).count, 3, 'nothing is old yet');

  clock.advance(31 * 24 * 3_600_000);
  const recent = await createCategory(ctx.staff, 'Recent');
  await purge();
  const left = expectStatus(await ctx.staff.get('/api/v1/events/'), 200).results;
  assert.deepEqual(
    left.map((e: any) => [e.type, e.data.name ?? e.data.id]),
    [
      ['category.created', recent.name],
      ['category.created', undispatched.name],
      ['store.updated', 'Still delivering'],
    ],
  );
  assert.ok(!left.some((e: any) => e.type === 'category.created' && e.data.id === delivered.id), 'the delivered, dispatched old event is gone');
  assert.deepEqual(await deliveries(ctx, up.id), [], 'its finished delivery went with it');
  assert.equal((await deliveries(ctx, down.id)).length, 1, 'a pending delivery stays');
});
