import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { ManualClock } from '../../../kernel/clock.ts';
import { expectStatus, openClientStore, type ClientStore } from '../../../test/helpers/client.ts';
import { createStaff } from '../../../test/helpers/auth.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/helpers/smtp.ts';
import { createCategory, createEndpoint, deliveries, deliveryService, LOOPBACK_RECEIVERS, onlyDelivery, pump, sender, waitFor } from './helpers.ts';
import { startReceiver, type Receiver } from './receiver.ts';

const clock = new ManualClock(Date.parse('2026-06-01T08:00:00Z'));
let ctx: ClientStore;
let smtp: TestSmtpServer;

before(async () => {
  smtp = await startSmtpServer();
  ctx = await openClientStore({ clock, env: { ...LOOPBACK_RECEIVERS, SMTP_URL: smtp.url, PLUGINS: 'plugins/webhooks/test/fixtures/rollback' } });
});
after(async () => {
  await ctx.store.close();
  await smtp.close();
});

// A receiver and an endpoint subscribed to everything, both gone after the test.
async function receiverWithEndpoint(t: { after: (fn: () => Promise<void>) => void }, events = ['*']): Promise<{ receiver: Receiver; endpoint: any }> {
  const receiver = await startReceiver();
  const endpoint = await createEndpoint(ctx.staff, receiver.url, events);
  t.after(async () => {
    await ctx.staff.delete(`/api/v1/webhooks/${endpoint.id}/`);
    await receiver.close();
  });
  return { receiver, endpoint };
}

test('a delivery is signed over the exact raw body and carries the event as the API shows it', async (t) => {
  const { receiver, endpoint } = await receiverWithEndpoint(t);
  const category = await createCategory(ctx.staff);
  assert.equal(await pump(ctx.store), 1);
  assert.equal(receiver.received.length, 1);
  const [got] = receiver.received;
  const expected = crypto.createHmac('sha256', endpoint.secret).update(got!.raw).digest('hex');
  assert.equal(got!.headers['x-service-signature'], expected);
  assert.ok(crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(String(got!.headers['x-service-signature']))));
  const wrong = crypto.createHmac('sha256', 'f'.repeat(64)).update(got!.raw).digest('hex');
  assert.notEqual(got!.headers['x-service-signature'], wrong, 'another secret gives another signature');
  assert.match(String(got!.headers['content-type']), /^application\/json/);
  assert.equal(got!.headers['x-service-event-type'], 'category.created');
  assert.equal(got!.headers['x-service-event-id'], String(got!.body.id));
  assert.equal(got!.headers['x-service-timestamp'], String(Math.floor(clock.now().getTime() / 1000)));
  assert.deepEqual(Object.keys(got!.body), ['id', 'type', 'created_at', 'data']);
  assert.equal(got!.body.type, 'category.created');
  assert.equal(got!.body.created_at, clock.now().toISOString());
  assert.deepEqual(got!.body.data, category, 'data is the category as the API answered it');
  const delivery = await onlyDelivery(ctx, endpoint.id);
  assert.equal(delivery.status, 'succeeded');
  assert.equal(delivery.attempts, 1);
  assert.equal(delivery.event_id, got!.body.id);
  assert.equal(delivery.event_type, 'category.created');
  assert.equal(delivery.last_status_code, 200);
  assert.equal(delivery.response_body, null, 'no answer from a loopback (private) target is kept');
  assert.equal(delivery.last_error, null);
  assert.equal(typeof delivery.latency_ms, 'number');
  assert.equal(delivery.delivered_at, clock.now().toISOString());
  assert.equal(delivery.next_attempt_at, null);
});

test('a receiver answering 500 then 200 gets the same event id again; the log shows both attempts', async (t) => {
  const { receiver, endpoint } = await receiverWithEndpoint(t);
  receiver.script = [{ status: 500, body: 'x'.repeat(3000) }];
  await createCategory(ctx.staff);
  await pump(ctx.store);
  let delivery = await onlyDelivery(ctx, endpoint.id);
  assert.equal(delivery.status, 'pending');
  assert.equal(delivery.attempts, 1);
  assert.equal(delivery.last_status_code, 500);
  assert.match(delivery.last_error, /500/);
  assert.equal(delivery.response_body, null, 'status and latency only from a private target');
  const wait = Date.parse(delivery.next_attempt_at) - clock.now().getTime();
  assert.ok(wait >= 15_000 && wait <= 30_000, `first retry after 15–30 s, got ${wait} ms`);
  assert.equal(await deliveryService(ctx.store).deliverDue(), 0, 'not due before its time');
  clock.set(Date.parse(delivery.next_attempt_at));
  assert.equal(await deliveryService(ctx.store).deliverDue(), 1);
  assert.equal(receiver.received.length, 2);
  assert.equal(receiver.received[0]!.body.id, receiver.received[1]!.body.id);
  assert.equal(receiver.received[0]!.raw, receiver.received[1]!.raw, 'the same bytes, so the same signature');
  delivery = await onlyDelivery(ctx, endpoint.id);
  assert.equal(delivery.status, 'succeeded');
  assert.equal(delivery.attempts, 2);
  assert.equal(delivery.last_status_code, 200);
  assert.equal(delivery.last_error, null);
});

test('a receiver that does not answer within the timeout is retried', async (t) => {
  const { receiver, endpoint } = await receiverWithEndpoint(t);
  const send = sender(ctx.store);
  assert.equal(send.timeoutMs, 10_000, 'ten seconds by default');
  send.timeoutMs = 300;
  t.after(() => {
    send.timeoutMs = 10_000;
  });
  receiver.script = ['hang'];
  await createCategory(ctx.staff);
  await pump(ctx.store);
  let delivery = await onlyDelivery(ctx, endpoint.id);
  assert.equal(delivery.status, 'pending');
  assert.equal(delivery.last_status_code, null);
  assert.match(delivery.last_error, /No answer within 0.3 seconds/);
  clock.set(Date.parse(delivery.next_attempt_at));
  await deliveryService(ctx.store).deliverDue();
  delivery = await onlyDelivery(ctx, endpoint.id);
  assert.equal(delivery.status, 'succeeded');
  assert.equal(delivery.attempts, 2);
  assert.equal(receiver.received.length, 2);
});

test('connection errors and non-2xx answers are retried too; a redirect is not followed', async (t) => {
  const { receiver, endpoint } = await receiverWithEndpoint(t);
  const elsewhere = await startReceiver();
  t.after(() => elsewhere.close());
  receiver.script = [{ status: 302, body: 'moved', location: elsewhere.url }];
  await createCategory(ctx.staff);
  await pump(ctx.store);
  const delivery = await onlyDelivery(ctx, endpoint.id);
  assert.equal(delivery.status, 'pending');
  assert.equal(delivery.last_status_code, 302);
  assert.equal(elsewhere.received.length, 0, 'the Location was not requested');
  // A port nothing listens on: a connection error, recorded and retried.
  const closed = await startReceiver();
  await closed.close();
  const dead = await createEndpoint(ctx.staff, closed.url, ['category.created']);
  t.after(async () => void (await ctx.staff.delete(`/api/v1/webhooks/${dead.id}/`)));
  await createCategory(ctx.staff);
  await pump(ctx.store);
  const failed = await onlyDelivery(ctx, dead.id);
  assert.equal(failed.status, 'pending');
  assert.equal(failed.last_status_code, null);
  assert.match(failed.last_error, /Connection failed: ECONNREFUSED/);
  assert.ok(!failed.last_error.includes('127.0.0.1'), `no private address in the log: ${failed.last_error}`);
});

test('only active endpoints subscribed to the type get a delivery, one per event even if the tap runs again', async (t) => {
  const { receiver, endpoint } = await receiverWithEndpoint(t, ['category.created']);
  const other = await receiverWithEndpoint(t, ['order.paid']);
  const off = await receiverWithEndpoint(t, ['*']);
  expectStatus(await ctx.staff.patch(`/api/v1/webhooks/${off.endpoint.id}/`, { active: false }), 200);
  await createCategory(ctx.staff);
  await pump(ctx.store);
  assert.equal(receiver.received.length, 1);
  assert.equal(other.receiver.received.length, 0);
  assert.equal(off.receiver.received.length, 0);
  assert.deepEqual(await deliveries(ctx, other.endpoint.id), []);
  assert.deepEqual(await deliveries(ctx, off.endpoint.id), []);
  // The outbox runs taps at least once: running this one again for the same event adds nothing.
  const event = receiver.received[0]!.body;
  await deliveryService(ctx.store).fanOut({ ...event, created_at: new Date(event.created_at) });
  await pump(ctx.store);
  assert.equal((await deliveries(ctx, endpoint.id)).length, 1);
  assert.equal(receiver.received.length, 1);
});

test('an endpoint gets the events created from its creation on, not a backlog that waited in the outbox', async (t) => {
  await pump(ctx.store);
  // Committed but not yet dispatched (the loops are off here, as behind a backlog) when the endpoint is added.
  const earlier = await createCategory(ctx.staff);
  clock.advance(1000);
  const { receiver, endpoint } = await receiverWithEndpoint(t, ['category.created']);
  const later = await createCategory(ctx.staff);
  await pump(ctx.store);
  assert.deepEqual(receiver.received.map((r) => r.body.data.id), [later.id]);
  assert.equal((await deliveries(ctx, endpoint.id)).length, 1);
  // The earlier event was dispatched all the same: it is in the event log, and not pending any more.
  const events = expectStatus(await ctx.staff.get('/api/v1/events/?type=category.created'), 200).results;
  assert.ok(events.some((e: any) => e.data.id === earlier.id));
  assert.equal(await ctx.store.kernel.events.dispatchDue(), 0);
});

test('an endpoint another instance creates gets the events this one commits after it, though this one kept an older list', async (t) => {
  const other = await openClientStore({ clock, shareWith: ctx.store, env: { ...LOOPBACK_RECEIVERS, SMTP_URL: smtp.url, PLUGINS: 'plugins/webhooks/test/fixtures/rollback' } });
  t.after(() => other.store.close());
  await pump(ctx.store);
  // This instance fans out an event, and so holds the list of active endpoints as it was then.
  const before = await createCategory(ctx.staff);
  await pump(ctx.store);
  clock.advance(1000);
  const receiver = await startReceiver();
  const endpoint = await createEndpoint(other.staff, receiver.url, ['category.created']);
  t.after(async () => {
    await ctx.staff.delete(`/api/v1/webhooks/${endpoint.id}/`);
    await receiver.close();
  });
  clock.advance(1000);
  const after = await createCategory(ctx.staff);
  await pump(ctx.store);
  // Once the list has aged (2 s) this instance reads it again and catches the new endpoint up.
  await waitFor(async () => (await deliveries(ctx, endpoint.id)).length > 0, 'the delivery of the event committed after the endpoint', 10_000);
  await pump(ctx.store);
  assert.deepEqual(receiver.received.map((r) => r.body.data.id), [after.id], `not ${before.id}, created before the endpoint`);
  assert.equal((await deliveries(ctx, endpoint.id)).length, 1);
  // Fanning the event out again (the outbox runs taps at least once) adds nothing.
  const event = receiver.received[0]!.body;
  await deliveryService(ctx.store).fanOut({ ...event, created_at: new Date(event.created_at) });
  assert.equal((await deliveries(ctx, endpoint.id)).length, 1);
});

test('a change that rolls back produces no event and no delivery', async (t) => {
  const { receiver, endpoint } = await receiverWithEndpoint(t);
  const before = expectStatus(await ctx.staff.get('/api/v1/events/?type=store.updated'), 200).count;
  const refused = expectStatus(await ctx.staff.post('/api/v1/test-fixtures/emit-then-fail/', undefined), 409);
  assert.equal(refused.code, 'rolled_back');
  await pump(ctx.store);
  assert.equal(expectStatus(await ctx.staff.get('/api/v1/events/?type=store.updated'), 200).count, before);
  assert.deepEqual(await deliveries(ctx, endpoint.id), []);
  assert.equal(receiver.received.length, 0);
  // The same endpoint does get a change that commits.
  await createCategory(ctx.staff);
  await pump(ctx.store);
  assert.equal(receiver.received.length, 1);
});

test('redeliver sends a delivery again with the same event id; unknown ids are 404', async (t) => {
  const { receiver, endpoint } = await receiverWithEndpoint(t);
  await createCategory(ctx.staff);
  await pump(ctx.store);
  const delivery = await onlyDelivery(ctx, endpoint.id);
  assert.equal(delivery.status, 'succeeded');
  const again = expectStatus(await ctx.staff.post(`/api/v1/webhooks/${endpoint.id}/deliveries/${delivery.id}/redeliver/`, undefined), 202);
  assert.equal(again.status, 'pending');
  assert.equal(again.next_attempt_at, clock.now().toISOString());
  await pump(ctx.store);
  assert.equal(receiver.received.length, 2);
  assert.equal(receiver.received[1]!.body.id, receiver.received[0]!.body.id);
  const after = await onlyDelivery(ctx, endpoint.id);
  assert.equal(after.status, 'succeeded');
  assert.equal(after.attempts, 2);
  expectStatus(await ctx.staff.post(`/api/v1/webhooks/${endpoint.id}/deliveries/999999/redeliver/`, undefined), 404);
  expectStatus(await ctx.staff.post(`/api/v1/webhooks/999999/deliveries/${delivery.id}/redeliver/`, undefined), 404);
  expectStatus(await ctx.staff.get('/api/v1/webhooks/999999/deliveries/'), 404);
  const bad = expectStatus(await ctx.staff.get(`/api/v1/webhooks/${endpoint.id}/deliveries/?status=lost`), 400);
  assert.ok(bad.errors.status);
  expectStatus(await ctx.staff.patch(`/api/v1/webhooks/${endpoint.id}/`, { active: false }), 200);
  const inactive = expectStatus(await ctx.staff.post(`/api/v1/webhooks/${endpoint.id}/deliveries/${delivery.id}/redeliver/`, undefined), 409);
  assert.equal(inactive.code, 'endpoint_inactive');
  expectStatus(await ctx.anon.post(`/api/v1/webhooks/${endpoint.id}/deliveries/${delivery.id}/redeliver/`, undefined), 401);
});

test('failing for 3 days: the published backoff, then failed; the endpoint is disabled and the owner mailed; redeliver revives it', async (t) => {
  const owner = await createStaff(ctx.store, { role: 'owner', email: 'owner-of-the-store@example.com' });
  const { receiver, endpoint } = await receiverWithEndpoint(t);
  receiver.fallback = { status: 503, body: 'down for maintenance' };
  const start = clock.now().getTime();
  await createCategory(ctx.staff);
  await pump(ctx.store);
  const waits: number[] = [];
  let delivery = await onlyDelivery(ctx, endpoint.id);
  while (delivery.status === 'pending') {
    const next = Date.parse(delivery.next_attempt_at);
    waits.push(next - clock.now().getTime());
    clock.set(next);
    assert.equal(await deliveryService(ctx.store).deliverDue(), 1);
    delivery = await onlyDelivery(ctx, endpoint.id);
    assert.ok(waits.length < 100, 'the retries end');
  }
  assert.equal(delivery.status, 'failed');
  assert.equal(delivery.next_attempt_at, null);
  assert.equal(delivery.attempts, waits.length + 1);
  assert.equal(receiver.received.length, waits.length + 1);
  assert.equal(clock.now().getTime() - start, 3 * 24 * 3_600_000, 'the last attempt is at the end of the 3 days');
  // The published schedule: 30 s doubling up to 6 h, each wait drawn from the upper half of its step.
  waits.slice(0, -1).forEach((wait, i) => {
    const step = Math.min(6 * 3_600_000, 30_000 * 2 ** i);
    assert.ok(wait >= step / 2 && wait <= step, `retry ${i + 1}: ${wait} ms within [${step / 2}, ${step}]`);
  });
  assert.ok(waits.at(-1)! <= 6 * 3_600_000);

  const disabled = expectStatus(await ctx.staff.get(`/api/v1/webhooks/${endpoint.id}/`), 200);
  assert.equal(disabled.active, false);
  assert.equal(disabled.disabled_at, clock.now().toISOString());
  assert.match(disabled.disabled_reason, /3 days/);
  // The owner's mail goes out through the job worker, to the real SMTP server.
  while ((await ctx.store.kernel.worker.runDue()) > 0);
  const mail = smtp.mails.find((m) => m.to.includes(owner.email));
  assert.ok(mail, `a mail to the owner: ${JSON.stringify(smtp.mails.map((m) => m.to))}`);
  assert.match(mail.subject, /disabled/);
  assert.ok(mail.body.includes(receiver.url));
  assert.ok(!mail.body.includes(endpoint.secret), 'never the secret');
  // Disabled: new events make no deliveries.
  await createCategory(ctx.staff);
  await pump(ctx.store);
  assert.equal((await deliveries(ctx, endpoint.id)).length, 1);
  // Back on, and the failed delivery sent again by hand.
  receiver.fallback = { status: 204 };
  const on = expectStatus(await ctx.staff.patch(`/api/v1/webhooks/${endpoint.id}/`, { active: true }), 200);
  assert.equal(on.disabled_at, null);
  assert.equal(on.failing_since, null);
  expectStatus(await ctx.staff.post(`/api/v1/webhooks/${endpoint.id}/deliveries/${delivery.id}/redeliver/`, undefined), 202);
  await pump(ctx.store);
  const revived = await onlyDelivery(ctx, endpoint.id);
  assert.equal(revived.status, 'succeeded');
  assert.equal(revived.last_status_code, 204);
  const failedOnly = await deliveries(ctx, endpoint.id, '?status=failed');
  assert.deepEqual(failedOnly, []);
});

test('an endpoint that recovers within the 3 days stays active', async (t) => {
  const { receiver, endpoint } = await receiverWithEndpoint(t);
  receiver.script = [{ status: 500 }, { status: 500 }];
  await createCategory(ctx.staff);
  await pump(ctx.store);
  let delivery = await onlyDelivery(ctx, endpoint.id);
  clock.set(Date.parse(delivery.next_attempt_at));
  await deliveryService(ctx.store).deliverDue();
  assert.ok(expectStatus(await ctx.staff.get(`/api/v1/webhooks/${endpoint.id}/`), 200).failing_since);
  delivery = await onlyDelivery(ctx, endpoint.id);
  clock.set(Date.parse(delivery.next_attempt_at));
  await deliveryService(ctx.store).deliverDue();
  const healthy = expectStatus(await ctx.staff.get(`/api/v1/webhooks/${endpoint.id}/`), 200);
  assert.equal(healthy.active, true);
  assert.equal(healthy.failing_since, null);
});
