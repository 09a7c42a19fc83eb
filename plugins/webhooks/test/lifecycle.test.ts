import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clientStore, expectStatus, openClientStore } from '../../../test/helpers/client.ts';
import { startTestStore } from '../../../test/helpers/store.ts';
import { createCategory, createEndpoint, deliveries, deliveryService, LOOPBACK_RECEIVERS, onlyDelivery, pump, waitFor } from './helpers.ts';
import { startReceiver } from './receiver.ts';

test('a delivery leaves right after the commit, without waiting for a poll interval', async (t) => {
  // Loops that poll only once a minute: only the wake-ups after commit can deliver within the test.
  const ctx = await clientStore(t, { workers: true, pollMs: 60_000, env: LOOPBACK_RECEIVERS });
  const receiver = await startReceiver();
  t.after(() => receiver.close());
  await createEndpoint(ctx.staff, receiver.url, ['category.created']);
  const category = await createCategory(ctx.staff);
  await waitFor(() => receiver.received.length === 1, 'the delivery', 10_000);
  assert.equal(receiver.received[0]!.body.data.id, category.id);
});

test('deliveries pending when the store stops are delivered by the next start on the same database', async (t) => {
  const first = await openClientStore({ env: LOOPBACK_RECEIVERS });
  t.after(() => first.store.close());
  const receiver = await startReceiver();
  t.after(() => receiver.close());
  const endpoint = await createEndpoint(first.staff, receiver.url, ['category.created']);
  const dispatched = await createCategory(first.staff);
  while ((await first.store.kernel.events.dispatchDue()) > 0);
  const undispatched = await createCategory(first.staff);
  assert.equal((await onlyDelivery(first, endpoint.id)).status, 'pending', 'a delivery waits, not yet sent');
  await first.store.kernel.stop();
  assert.equal(receiver.received.length, 0);

  const second = await startTestStore({ shareWith: first.store, workers: true, env: LOOPBACK_RECEIVERS });
  await waitFor(() => receiver.received.length === 2, 'both deliveries after the restart', 10_000);
  assert.deepEqual(receiver.received.map((r) => r.body.data.id).sort(), [dispatched.id, undispatched.id].sort());
  const rows = await second.kernel.knex('webhook_deliveries').where({ endpoint_id: endpoint.id });
  await waitFor(async () => (await second.kernel.knex('webhook_deliveries').where({ endpoint_id: endpoint.id, status: 'succeeded' })).length === 2, 'both recorded');
  assert.equal(rows.length, 2);
});

test('on MariaDB, two instances delivering at once never send the same attempt twice', { skip: !process.env.DATABASE_URL && 'needs DATABASE_URL (MariaDB): SQLite has one writer per database file' }, async (t) => {
  const first = await openClientStore({ env: LOOPBACK_RECEIVERS });
  t.after(() => first.store.close());
  const second = await startTestStore({ shareWith: first.store, env: LOOPBACK_RECEIVERS });
  const receiver = await startReceiver();
  t.after(() => receiver.close());
  const endpoints = [await createEndpoint(first.staff, receiver.url, ['*']), await createEndpoint(first.staff, receiver.url, ['*'])];
  const total = 60;
  for (let i = 0; i < total; i++) await createCategory(first.staff);
  while ((await first.store.kernel.events.dispatchDue()) > 0);
  const pending = async () => (await first.store.kernel.knex('webhook_deliveries').where({ status: 'pending' }).count({ n: '*' }))[0]!.n;
  assert.equal(Number(await pending()), total * 2);
  const drain = async (store: typeof first.store) => {
    let claimed = 0;
    while (Number(await pending()) > 0) {
      const n = await deliveryService(store).deliverDue();
      claimed += n;
      if (n === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return claimed;
  };
  const [byFirst, bySecond] = await Promise.all([drain(first.store), drain(second)]);
  assert.equal(byFirst + bySecond, total * 2);
  assert.ok(byFirst > 0 && bySecond > 0, `both instances took part (${byFirst} + ${bySecond})`);
  assert.equal(receiver.received.length, total * 2, 'each delivery sent exactly once');
  const seen = new Map<string, number>();
  for (const r of receiver.received) {
    const key = `${r.headers['x-service-signature']}:${r.body.id}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  assert.equal(seen.size, total * 2, 'no (endpoint, event) pair arrived twice');
  for (const e of endpoints) {
    const log = await deliveries(first, e.id, '?page_size=100');
    assert.equal(log.length, total);
    assert.ok(log.every((d) => d.status === 'succeeded' && d.attempts === 1));
  }
});

test('the signing secret never reaches the log, not even at trace level', async (t) => {
  const lines: string[] = [];
  const ctx = await clientStore(t, { env: { ...LOOPBACK_RECEIVERS, LOG_LEVEL: 'trace' }, logStream: { write: (line: string) => void lines.push(line) } as any });
  const receiver = await startReceiver();
  t.after(() => receiver.close());
  receiver.script = [{ status: 500 }];
  const created = await createEndpoint(ctx.staff, receiver.url, ['category.created']);
  const rotated = expectStatus(await ctx.staff.post(`/api/v1/webhooks/${created.id}/rotate-secret/`, undefined), 200);
  await createCategory(ctx.staff);
  await pump(ctx.store);
  assert.equal(receiver.received.length, 1, 'a delivery was attempted (and failed, which logs)');
  assert.ok(lines.length > 0, 'the store logged');
  const log = lines.join('\n');
  assert.ok(!log.includes(created.secret) && !log.includes(rotated.secret), 'no secret in the log');
});
