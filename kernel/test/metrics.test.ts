import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../clock.ts';
import { startTestStore, type TestStore } from '../../test/helpers/store.ts';
import { authHeader, createStaff, SessionClient, staffApiKey } from '../../test/helpers/auth.ts';
import { captureLogs, postJson } from './helpers.ts';
import { isMysql } from '../db/dialect.ts';
import { statementsDuring } from '../../test/helpers/statements.ts';
import { count, metricsText, sample } from './metrics-text.ts';

// GET /metrics on a store with every built-in plugin, the loops off (the tests drive the outbox and
// the jobs by hand) and a clock the tests move.
const TOKEN = 'scrape-token-0123456789abcdef';
const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));
const logs = captureLogs();
let store: TestStore;
let staff: Record<string, string>;

before(async () => {
  store = await startTestStore({ clock, env: { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' }, logStream: logs.logStream });
  // The once-a-second check for other processes' changes would clear the response cache at its own
  // pace; stopped, so that a repeated anonymous read is a hit whatever the machine's speed.
  await store.kernel.foreignChanges.stop();
  staff = authHeader(await staffApiKey(store));
});
after(() => store.close());

const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => metricsText(await store.inject({ method: 'GET', url: '/metrics', headers }));

test('anonymous callers get 401, customers 403; staff (key or session) and the METRICS_TOKEN bearer read the metrics', async () => {
  const anonymous = await store.inject({ method: 'GET', url: '/metrics' });
  assert.equal(anonymous.statusCode, 401);
  assert.deepEqual(anonymous.json(), { detail: 'Authentication credentials were not provided.', code: 'not_authenticated' });
  assert.match(String(anonymous.headers['www-authenticate']), /Token realm/);

  const shopper = new SessionClient(store);
  assert.equal((await shopper.register({ email: 'metrics-shopper@example.com', password: 'shopper-secret-5' })).statusCode, 201);
  const customer = await shopper.request({ method: 'GET', url: '/metrics' });
  assert.equal(customer.statusCode, 403);
  assert.equal(customer.json().code, 'permission_denied');

  const byKey = metricsText(await store.inject({ method: 'GET', url: '/metrics', headers: staff }));
  assert.match(byKey, /^# HELP storekeep_http_requests_total /m);
  assert.match(byKey, /^# TYPE storekeep_http_requests_total counter$/m);
  const account = await createStaff(store);
  const browser = new SessionClient(store);
  assert.equal((await browser.login(account.email, account.password)).statusCode, 200);
  metricsText(await browser.request({ method: 'GET', url: '/metrics' }));

  const byToken = await store.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  metricsText(byToken);
  assert.equal(byToken.headers['cache-control'], 'no-store');
  const lowerCase = await store.inject({ method: 'GET', url: '/metrics', headers: { authorization: `bearer ${TOKEN}` } });
  assert.equal(lowerCase.statusCode, 200, 'the scheme is case-insensitive');

  for (const wrong of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, 'Bearer ', `Token ${TOKEN}`]) {
    const refused = await store.inject({ method: 'GET', url: '/metrics', headers: { authorization: wrong } });
    assert.equal(refused.statusCode, 401, wrong);
    assert.equal(refused.json().code, 'authentication_failed', wrong);
  }
  // The token opens /metrics only: elsewhere a bearer header is refused as before.
  const elsewhere = await store.inject({ method: 'GET', url: '/api/v1/orders/', headers: { authorization: `Bearer ${TOKEN}` } });
  assert.equal(elsewhere.statusCode, 401);
});

test('/metrics is kept out of the OpenAPI document and the response cache', async () => {
  const doc = (await store.inject({ method: 'GET', url: '/latest/openapi.json' })).json();
  assert.ok(doc.paths['/healthz'], 'the health probe is documented');
  assert.equal(doc.paths['/metrics'], undefined);
  const first = await scrape();
  await store.inject({ method: 'GET', url: '/healthz' });
  const second = await scrape();
  assert.notEqual(first, second, 'each scrape is computed afresh');
  assert.equal(count(second, 'storekeep_http_requests_total', { method: 'GET', route: '/metrics', status: '200' }) - count(first, 'storekeep_http_requests_total', { method: 'GET', route: '/metrics', status: '200' }), 1);
});

test('requests are counted by method, route pattern and status, exactly, with a latency histogram', async () => {
  const category = await postJson(store, '/api/v1/categories/', { name: 'Counted' }, staff);
  assert.equal(category.statusCode, 201);
  const id = category.json().id;
  const ok = { method: 'GET', route: '/api/v1/categories/:id/', status: '200' };
  const missing = { method: 'GET', route: '/api/v1/categories/:id/', status: '404' };
  const created = { method: 'POST', route: '/api/v1/categories/', status: '201' };
  const before = await scrape();

  for (let i = 0; i < 3; i++) assert.equal((await store.inject({ method: 'GET', url: `/api/v1/categories/${id}/`, headers: staff })).statusCode, 200);
  for (let i = 0; i < 2; i++) assert.equal((await store.inject({ method: 'GET', url: `/api/v1/categories/${id + 1000 + i}/`, headers: staff })).statusCode, 404);

  const now = await scrape();
  const delta = (name: string, labels: Record<string, string>) => count(now, name, labels) - count(before, name, labels);
  assert.equal(delta('storekeep_http_requests_total', ok), 3);
  assert.equal(delta('storekeep_http_requests_total', missing), 2);
  assert.equal(delta('storekeep_http_requests_total', created), 0, 'the POST before the first scrape was counted there');
  assert.equal(count(now, 'storekeep_http_requests_total', created), 1);
  assert.equal(delta('storekeep_http_request_duration_seconds_count', ok), 3);
  assert.equal(delta('storekeep_http_request_duration_seconds_bucket', { ...ok, le: '+Inf' }), 3);
  assert.ok(delta('storekeep_http_request_duration_seconds_sum', ok) > 0);
  for (const le of ['0.001', '0.005', '0.05', '0.5', '1', '5']) assert.notEqual(sample(now, 'storekeep_http_request_duration_seconds_bucket', { ...ok, le }), undefined, `bucket ${le}`);
  assert.doesNotMatch(now, new RegExp(`route="/api/v1/categories/${id}/"`), 'no raw URL becomes a label');
});

test('the outbox lag is the age of the oldest event not yet dispatched, and 0 once it is', async () => {
  while ((await store.kernel.events.dispatchDue()) > 0);
  let text = await scrape();
  assert.equal(sample(text, 'storekeep_outbox_events_waiting'), 0);
  assert.equal(sample(text, 'storekeep_outbox_lag_seconds'), 0);
  assert.equal(sample(text, 'storekeep_metrics_reading_success', { reading: 'outbox' }), 1);

  assert.equal((await postJson(store, '/api/v1/categories/', { name: 'Waiting' }, staff)).statusCode, 201);
  clock.advance(90_000);
  assert.equal((await postJson(store, '/api/v1/categories/', { name: 'Waiting too' }, staff)).statusCode, 201);
  clock.advance(1_500);
  const sent = await statementsDuring(store.kernel.knex, async () => (text = await scrape()));
  assert.equal(sample(text, 'storekeep_outbox_events_waiting'), 2);
  assert.equal(sample(text, 'storekeep_outbox_lag_seconds'), 91.5, 'the older of the two');
  // The count and the oldest id come from the claim's index alone (dispatched_at, id), whose first
  // entries are the undispatched events: the scrape reads no dispatched event.
  const waiting = sent.find((q) => /count\(\*\)/i.test(q.sql) && /from [`"]events[`"]/i.test(q.sql));
  assert.ok(waiting, sent.map((q) => q.sql).join('\n'));
  if (isMysql(store.kernel.knex)) {
    const [plan] = await store.kernel.knex.raw(`explain ${waiting.sql}`, waiting.bindings as any);
    assert.deepEqual([plan[0].key, /Using index/.test(String(plan[0].Extra))], ['events_claim_idx', true], JSON.stringify(plan));
  } else {
    const plan = (await store.kernel.knex.raw(`explain query plan ${waiting.sql}`, waiting.bindings as any)) as Array<{ detail: string }>;
    assert.match(plan.map((p) => p.detail).join('; '), /USING COVERING INDEX events_claim_idx/);
  }

  while ((await store.kernel.events.dispatchDue()) > 0);
  text = await scrape();
  assert.equal(sample(text, 'storekeep_outbox_events_waiting'), 0);
  assert.equal(sample(text, 'storekeep_outbox_lag_seconds'), 0);
});

test('the job queue is counted by job and state, and failed attempts by job', async () => {
  const worker = store.kernel.worker;
  const knex = store.kernel.knex;
  worker.define('metrics-test.flaky', async () => {
    throw new Error('the flaky job fails');
  }, { maxAttempts: 2 });
  // Never defined in this process: its rows wait, due, as those of a plugin that is off would.
  await worker.enqueue(knex, 'metrics-test.idle', {});
  await worker.enqueue(knex, 'metrics-test.idle', {});
  await worker.enqueue(knex, 'metrics-test.idle', {}, { delayMs: 60_000 });
  await worker.enqueue(knex, 'metrics-test.flaky', {});
  let text = await scrape();
  assert.equal(sample(text, 'storekeep_jobs', { job: 'metrics-test.idle', state: 'due' }), 2);
  assert.equal(sample(text, 'storekeep_jobs', { job: 'metrics-test.idle', state: 'scheduled' }), 1);
  assert.equal(sample(text, 'storekeep_jobs', { job: 'metrics-test.flaky', state: 'due' }), 1);
  assert.equal(sample(text, 'storekeep_job_failures_total', { job: 'metrics-test.flaky', final: 'false' }), undefined);

  while ((await worker.runDue()) > 0);
  text = await scrape();
  assert.equal(sample(text, 'storekeep_jobs', { job: 'metrics-test.flaky', state: 'scheduled' }), 1, 'waiting for its retry');
  assert.equal(sample(text, 'storekeep_jobs', { job: 'metrics-test.flaky', state: 'due' }), undefined);
  assert.equal(sample(text, 'storekeep_job_failures_total', { job: 'metrics-test.flaky', final: 'false' }), 1);
  assert.equal(sample(text, 'storekeep_jobs', { job: 'metrics-test.idle', state: 'due' }), 2, 'jobs no worker runs stay due');

  clock.advance(3_600_000);
  while ((await worker.runDue()) > 0);
  text = await scrape();
  assert.equal(sample(text, 'storekeep_jobs', { job: 'metrics-test.flaky', state: 'failed' }), 1);
  assert.equal(sample(text, 'storekeep_job_failures_total', { job: 'metrics-test.flaky', final: 'true' }), 1);
  assert.equal(sample(text, 'storekeep_job_failures_total', { job: 'metrics-test.flaky', final: 'false' }), 1);
  assert.equal(sample(text, 'storekeep_jobs', { job: 'metrics-test.idle', state: 'due' }), 3, 'the delayed one is due by now');
  await knex('jobs').whereIn('name', ['metrics-test.idle', 'metrics-test.flaky']).delete();
});

test('anonymous catalogue reads move the response cache hit and miss counters', async () => {
  const url = `/api/v1/categories/?page_size=7&metrics=${Date.now()}`;
  const before = await scrape();
  const first = await store.inject({ method: 'GET', url });
  assert.equal(first.statusCode, 200);
  const afterMiss = await scrape();
  assert.equal(count(afterMiss, 'storekeep_response_cache_misses_total') - count(before, 'storekeep_response_cache_misses_total'), 1);
  assert.equal(count(afterMiss, 'storekeep_response_cache_hits_total') - count(before, 'storekeep_response_cache_hits_total'), 0);
  assert.ok(count(afterMiss, 'storekeep_response_cache_entries') >= 1);
  assert.ok(count(afterMiss, 'storekeep_response_cache_bytes') > first.body.length);

  const second = await store.inject({ method: 'GET', url });
  assert.equal(second.body, first.body);
  const third = await store.inject({ method: 'GET', url, headers: staff });
  assert.equal(third.statusCode, 200);
  const afterHit = await scrape();
  assert.equal(count(afterHit, 'storekeep_response_cache_hits_total') - count(afterMiss, 'storekeep_response_cache_hits_total'), 1);
  assert.equal(count(afterHit, 'storekeep_response_cache_misses_total') - count(afterMiss, 'storekeep_response_cache_misses_total'), 0, 'staff never look in the cache');
  assert.match(afterHit, /^# TYPE storekeep_response_cache_hits_total counter$/m);
});

test('database pool, process memory and the usual process metrics are reported', async () => {
  const text = await scrape();
  for (const state of ['used', 'free', 'pending_acquires', 'pending_creates']) {
    const value = sample(text, 'storekeep_db_pool_connections', { state });
    assert.ok(value !== undefined && value >= 0, state);
  }
  assert.ok(count(text, 'storekeep_db_pool_connections', { state: 'used' }) + count(text, 'storekeep_db_pool_connections', { state: 'free' }) >= 1);
  assert.ok(count(text, 'process_resident_memory_bytes') > 10_000_000);
  assert.ok(count(text, 'nodejs_heap_size_used_bytes') > 0);
  assert.ok(count(text, 'process_cpu_seconds_total') > 0);
  assert.match(text, /^# TYPE nodejs_eventloop_lag_seconds gauge$/m);
  assert.equal((text.match(/^# TYPE process_resident_memory_bytes /gm) ?? []).length, 1, 'each metric once');
});

test('each request is logged on one line when it ends, with its id, method, redacted URL, route, status, time and caller', async () => {
  const requests = [
    { id: 'metrics-line-1', url: '/api/v1/categories/', headers: {}, route: '/api/v1/categories/', status: 200, principal: 'anonymous' },
    { id: 'metrics-line-2', url: '/api/v1/categories/?token=s3cret-in-url', headers: staff, route: '/api/v1/categories/', status: 200, principal: 'api_key' },
    { id: 'metrics-line-3', url: '/api/v1/categories/99999999/', headers: staff, route: '/api/v1/categories/:id/', status: 404, principal: 'api_key' },
    { id: 'metrics-line-4', url: '/metrics', headers: {}, route: '/metrics', status: 401, principal: 'anonymous' },
    { id: 'metrics-line-5', url: '/healthz', headers: {}, route: '/healthz', status: 200, principal: 'anonymous' },
  ];
  for (const r of requests) {
    const res = await store.inject({ method: 'GET', url: r.url, headers: { ...r.headers, 'x-request-id': r.id } });
    assert.equal(res.statusCode, r.status, r.url);
  }
  assert.equal(logs.lines.filter((l) => l.msg === 'incoming request').length, 0, 'no line when a request arrives');
  for (const r of requests) {
    const lines = logs.lines.filter((l) => l.reqId === r.id && /^request (completed|errored|aborted)$/.test(l.msg));
    assert.equal(lines.length, 1, `${r.id}: ${JSON.stringify(lines)}`);
    const [line] = lines;
    assert.equal(line.level, 30);
    assert.equal(line.msg, 'request completed');
    assert.equal(line.req.id, r.id);
    assert.equal(line.req.method, 'GET');
    assert.equal(line.route, r.route);
    assert.equal(line.res.statusCode, r.status);
    assert.equal(line.principal, r.principal);
    assert.equal(typeof line.responseTime, 'number');
    assert.ok(line.responseTime >= 0);
  }
  const redacted = logs.lines.find((l) => l.reqId === 'metrics-line-2' && l.msg === 'request completed');
  assert.equal(redacted.req.url, '/api/v1/categories/?token=[redacted]');
  assert.equal(redacted.req.auth, `Token …${staff.authorization.slice(-4)}`, 'the last four characters of the key, whatever they are');
  assert.ok(!JSON.stringify(logs.lines).includes('s3cret-in-url'));
  assert.ok(!JSON.stringify(logs.lines).includes(TOKEN), 'the metrics token is never logged');
  const scrapeLine = logs.lines.find((l) => l.msg === 'request completed' && l.route === '/metrics' && l.req.auth?.startsWith('Bearer'));
  assert.ok(scrapeLine, 'a scrape with the token is logged');
  assert.equal(scrapeLine.req.auth, `Bearer …${TOKEN.slice(-4)}`);
});
