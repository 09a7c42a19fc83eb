import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../../kernel/clock.ts';
import { openClientStore, type ClientStore } from '../../../test/helpers/client.ts';
import { sample } from '../../../kernel/test/metrics-text.ts';
import { createCategory, createEndpoint, deliveries, deliveryService, LOOPBACK_RECEIVERS } from './helpers.ts';
import { startReceiver, type Receiver } from './receiver.ts';

// storekeep_webhook_deliveries on GET /metrics, through real deliveries to real receivers on loopback.
const clock = new ManualClock(Date.parse('2026-07-01T08:00:00Z'));
let ctx: ClientStore;
let healthy: Receiver;
let broken: Receiver;

before(async () => {
  ctx = await openClientStore({ clock, env: LOOPBACK_RECEIVERS });
  healthy = await startReceiver('/healthy');
  broken = await startReceiver('/broken');
  broken.fallback = { status: 500, body: 'broken' };
});
after(async () => {
  await ctx.store.close();
  await healthy.close();
  await broken.close();
});

async function deliveryStates(): Promise<Record<string, number | undefined>> {
  const res = await ctx.staff.get('/metrics');
  assert.equal(res.statusCode, 200, res.body);
  const states = Object.fromEntries(['pending', 'retrying', 'succeeded', 'failed'].map((state) => [state, sample(res.body, 'storekeep_webhook_deliveries', { state })]));
  assert.equal(sample(res.body, 'storekeep_metrics_reading_success', { reading: 'storekeep_webhook_deliveries' }), 1);
  return states;
}

test('the deliveries gauge follows deliveries from pending to succeeded, and through retries to failed', async () => {
  assert.deepEqual(await deliveryStates(), { pending: 0, retrying: 0, succeeded: 0, failed: 0 });
  const good = await createEndpoint(ctx.staff, healthy.url);
  const bad = await createEndpoint(ctx.staff, broken.url);
  await createCategory(ctx.staff);
  while ((await ctx.store.kernel.events.dispatchDue()) > 0);
  assert.deepEqual(await deliveryStates(), { pending: 2, retrying: 0, succeeded: 0, failed: 0 }, 'one delivery per endpoint, not attempted yet');

  assert.equal(await deliveryService(ctx.store).deliverDue(), 2);
  assert.equal(healthy.received.length, 1);
  assert.equal(broken.received.length, 1);
  assert.equal((await deliveries(ctx, good.id))[0].status, 'succeeded');
  assert.deepEqual(await deliveryStates(), { pending: 0, retrying: 1, succeeded: 1, failed: 0 });

  // The broken receiver keeps failing until the 3-day retry window ends.
  let [delivery] = await deliveries(ctx, bad.id);
  while (delivery.status === 'pending') {
    clock.set(Date.parse(delivery.next_attempt_at));
    assert.equal(await deliveryService(ctx.store).deliverDue(), 1);
    [delivery] = await deliveries(ctx, bad.id);
  }
  assert.equal(delivery.status, 'failed');
  assert.ok(broken.received.length > 5);
  assert.deepEqual(await deliveryStates(), { pending: 0, retrying: 0, succeeded: 1, failed: 1 });
});
