import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import mysql from 'mysql2/promise';
import type { TestStore } from '../../test/helpers/store.ts';
import { TcpProxy } from '../../test/helpers/tcp-proxy.ts';
import { captureLogs, kernelStore, waitFor } from './helpers.ts';
import { metricsText, sample } from './metrics-text.ts';

// The store reaches MariaDB through a TCP proxy the test closes (the database is down) or turns into a
// black hole (a network that drops packets), as test/e2e/database-unavailable.test.ts does, in both
// suites: CI always has MariaDB.
const MARIADB = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };
const TOKEN = 'outage-scrape-token-0123456789';
const proxy = new TcpProxy(MARIADB);
const schema = `sk_metrics_outage_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
const logs = captureLogs();
let store: TestStore;

before(async () => {
  const admin = await mysql.createConnection(MARIADB);
  await admin.query(`CREATE DATABASE \`${schema}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  await proxy.open();
  store = await kernelStore({
    env: { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' },
    logStream: logs.logStream,
    config: { databaseUrl: `mysql://root@127.0.0.1:${proxy.port}/${schema}` },
  });
});

after(async () => {
  await store?.close();
  await proxy.close().catch(() => undefined);
  const admin = await mysql.createConnection(MARIADB);
  await admin.query(`DROP DATABASE IF EXISTS \`${schema}\``);
  await admin.end();
});

const scrape = async () => metricsText(await store.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }));

function assertAnsweredWithoutTheDatabase(text: string): void {
  for (const reading of ['outbox', 'jobs']) assert.equal(sample(text, 'storekeep_metrics_reading_success', { reading }), 0, reading);
  assert.equal(sample(text, 'storekeep_outbox_lag_seconds'), undefined, 'no lag of 0 while it cannot be read');
  assert.equal(sample(text, 'storekeep_outbox_events_waiting'), undefined);
  assert.match(text, /^# TYPE storekeep_outbox_lag_seconds gauge$/m);
  assert.ok((sample(text, 'process_resident_memory_bytes') ?? 0) > 0);
  assert.notEqual(sample(text, 'storekeep_db_pool_connections', { state: 'pending_acquires' }), undefined);
  assert.ok((sample(text, 'storekeep_http_requests_total', { method: 'GET', route: '/metrics', status: '200' }) ?? 0) >= 1);
}

test('while the database is down, /metrics answers 200 with what it can read, and the database numbers once it is back', async () => {
  const up = await scrape();
  assert.equal(sample(up, 'storekeep_metrics_reading_success', { reading: 'outbox' }), 1);
  assert.equal(sample(up, 'storekeep_outbox_lag_seconds'), 0);

  await proxy.close();
  try {
    // Other routes answer 503 meanwhile; the health probe and the metrics need no database.
    assert.equal((await store.inject({ method: 'GET', url: '/readyz' })).statusCode, 503);
    for (let i = 0; i < 3; i++) assertAnsweredWithoutTheDatabase(await scrape());
  } finally {
    await proxy.open();
  }
  const failed = logs.lines.filter((l) => l.msg === 'metrics reading failed; its gauges are left out until it succeeds');
  assert.deepEqual(failed.map((l) => l.reading).sort(), ['jobs', 'outbox'], 'once per reading, not per scrape');

  const back = await scrape();
  assert.equal(sample(back, 'storekeep_metrics_reading_success', { reading: 'outbox' }), 1);
  assert.equal(sample(back, 'storekeep_outbox_events_waiting'), 0);
  assert.deepEqual(logs.lines.filter((l) => l.msg === 'metrics reading succeeds again').map((l) => l.reading).sort(), ['jobs', 'outbox']);
});

test('a database that swallows packets costs a scrape about 2 s, and the scrape still answers', async () => {
  assert.equal(sample(await scrape(), 'storekeep_metrics_reading_success', { reading: 'outbox' }), 1);
  proxy.mode = 'blackhole';
  try {
    const started = Date.now();
    const text = await scrape();
    const took = Date.now() - started;
    assert.ok(took >= 1_900 && took < 10_000, `took ${took} ms`);
    assertAnsweredWithoutTheDatabase(text);
  } finally {
    // Closing cuts the connections whose queries were swallowed; the pool opens fresh ones.
    await proxy.close();
    await proxy.open();
  }
  // The swallowed queries fail once their connections are seen closed; the scrapes after that read again.
  const back = await waitFor(async () => {
    const text = await scrape();
    return sample(text, 'storekeep_metrics_reading_success', { reading: 'outbox' }) === 1 ? text : '';
  }, 'a successful reading after the network is back');
  assert.equal(sample(back, 'storekeep_metrics_reading_success', { reading: 'jobs' }), 1);
  assert.equal(sample(back, 'storekeep_outbox_events_waiting'), 0);
});
