import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, test } from 'node:test';
import mysql from 'mysql2/promise';
import type { LightMyRequestResponse } from 'fastify';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { TcpProxy } from '../helpers/tcp-proxy.ts';
import { authHeader, createStaff, SessionClient, staffApiKey } from '../helpers/auth.ts';
import { pluginSource, writePlugins } from '../../kernel/test/helpers.ts';

// The store reaches MariaDB through a TCP proxy on loopback that the test opens and closes: closing it
// and killing its sockets is the database going away (in both suites: CI always has MariaDB).
const MARIADB = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };


// A route that loses the database in the middle of its transaction, after the idempotency hook has
// claimed its key: the error answer's onSend then fails on the database too.
const cutter = pluginSource('cutter', {
  imports: `import type { Knex } from 'knex';`,
  body: `
    ctx.routes.add({
      method: 'POST',
      path: '/api/v1/cut/',
      auth: 'public',
      summary: 'Loses the database halfway.',
      schema: { response: { 200: { type: 'object' } } },
      handler: async (request) => {
        await (globalThis as any).cutDatabase();
        await (request.trx as Knex.Transaction)('storekeep_migrations').first();
        return {};
      },
    });`,
});

const proxy = new TcpProxy(MARIADB);
const schema = `sk_unavailable_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
let store: TestStore;
let plugins: ReturnType<typeof writePlugins>;
let token: Record<string, string>;
let staff: { email: string; password: string };
let browser: SessionClient;
const logLines: Array<{ msg?: string; level?: number }> = [];
const logged = (msg: string) => logLines.filter((l) => l.msg === msg).length;

before(async () => {
  const admin = await mysql.createConnection(MARIADB);
  await admin.query(`CREATE DATABASE \`${schema}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  await proxy.open();
  (globalThis as any).cutDatabase = () => proxy.close();
  plugins = writePlugins({ cutter });
  store = await startTestStore({
    env: { PLUGINS: plugins.dirs.cutter!, LOG_LEVEL: 'info' },
    logStream: { write: (line: string) => void logLines.push(JSON.parse(line)) },
    config: { databaseUrl: `mysql://root@127.0.0.1:${proxy.port}/${schema}` },
  });
  token = authHeader(await staffApiKey(store));
  staff = await createStaff(store);
  browser = new SessionClient(store);
  // The csrftoken cookie the login form needs, fetched while the database is there.
  await browser.csrf();
});

after(async () => {
  await store?.close();
  plugins?.remove();
  await proxy.close().catch(() => undefined);
  const admin = await mysql.createConnection(MARIADB);
  await admin.query(`DROP DATABASE IF EXISTS \`${schema}\``);
  await admin.end();
});

const json = { 'content-type': 'application/json' };
const requests: Record<string, () => Promise<LightMyRequestResponse>> = {
  'GET list': () => store.inject({ method: 'GET', url: '/api/v1/products/?page_size=7' }),
  'GET list with a token': () => store.inject({ method: 'GET', url: '/api/v1/orders/', headers: token }),
  'POST create with a token': () => store.inject({ method: 'POST', url: '/api/v1/categories/', headers: { ...token, ...json }, payload: JSON.stringify({ name: 'Outage' }) }),
  'POST create with an Idempotency-Key': () =>
    store.inject({ method: 'POST', url: '/api/v1/categories/', headers: { ...token, ...json, 'idempotency-key': crypto.randomUUID() }, payload: JSON.stringify({ name: 'Outage 2' }) }),
  'POST login': () => browser.login(staff.email, staff.password),
  'GET readyz': () => store.inject({ method: 'GET', url: '/readyz' }),
  'GET unknown path with a token': () => store.inject({ method: 'GET', url: '/api/v1/nothing-here/', headers: token }),
};

function assertUnavailable(what: string, res: LightMyRequestResponse): void {
  assert.equal(res.statusCode, 503, `${what}: ${res.body}`);
  assert.deepEqual(res.json(), { detail: res.json().detail, code: 'database_unavailable' }, what);
  assert.match(String(res.headers['retry-after']), /^\d+$/, `${what}: Retry-After`);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  for (const leak of ['127.0.0.1', String(proxy.port), 'ECONN', 'connect', 'statusCode']) assert.ok(!res.body.includes(leak), `${what} reveals "${leak}": ${res.body}`);
}

test('with the database unreachable every route answers 503 database_unavailable with Retry-After, and the store recovers without a restart', async () => {
  await proxy.close();
  for (const [what, send] of Object.entries(requests)) assertUnavailable(what, await send());
  const UNAVAILABLE = 'database unavailable: answering 503 database_unavailable until it is reachable again';
  assert.equal(logged(UNAVAILABLE), 1, 'the outage is logged once, not once per request');
  assert.equal(logged('request failed'), 0);

  await proxy.open();
  assert.equal((await requests['GET readyz']!()).statusCode, 200);
  assert.equal((await requests['POST create with a token']!()).statusCode, 201);
  assert.equal((await requests['POST login']!()).statusCode, 200);
  assert.equal((await requests['GET list']!()).statusCode, 200);
  assert.equal(logged('database reachable again'), 1);
});

test('a request that loses the database halfway, after its Idempotency-Key was claimed, still answers in the API shape', async () => {
  const res = await store.inject({ method: 'POST', url: '/api/v1/cut/', headers: { ...json, 'idempotency-key': crypto.randomUUID() }, payload: '{}' });
  assertUnavailable('POST cut', res);
  await proxy.open();
  assert.equal((await requests['GET readyz']!()).statusCode, 200);
});
