import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mysql from 'mysql2/promise';
import { startStore, type TestStore } from '@storekeep-commerce/sdk/testing';

// The kit as a plugin's tests use it: imported by its package name, a plugin named by an absolute folder.
const HELLO = fileURLToPath(new URL('../../../examples/hello-plugin', import.meta.url));
const ACME = fileURLToPath(new URL('../../../examples/payment-acme', import.meta.url));
const mariadb = process.env.DATABASE_URL;

async function schemaExists(name: string): Promise<boolean> {
  const url = new URL(mariadb!);
  const conn = await mysql.createConnection({ host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) });
  try {
    const [rows] = await conn.query('SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?', [name]);
    return (rows as unknown[]).length === 1;
  } finally {
    await conn.end();
  }
}

test('a store with a plugin folder: requests over HTTPS, a staff key, a customer session and a guest checkout through the API', async (t) => {
  const store = await startStore({ plugins: [HELLO], env: { RESPONSE_CACHE_MB: '0' } });
  t.after(() => store.close());
  assert.ok(store.kernel.plugins.some((p) => p.plugin.name === 'hello' && p.source === HELLO), 'the plugin is loaded from its folder');
  assert.equal(store.config.responseCacheMb, 0, 'env is applied');
  assert.equal(store.config.rateLimitAnonymous, 0, 'over the test defaults');
  assert.equal(store.config.databaseUrl, mariadb ? store.config.databaseUrl : undefined);

  // inject() is HTTPS: the same request marked plain HTTP is refused, as the store refuses plain HTTP.
  const plain = await store.inject({ method: 'POST', url: '/api/v1/hello/greetings/', payload: { name: 'Kit' }, plain: true });
  assert.equal(plain.statusCode, 403, plain.body);
  const greeted = await store.inject({ method: 'POST', url: '/api/v1/hello/greetings/', payload: { name: 'Kit' } });
  assert.equal(greeted.statusCode, 201, greeted.body);
  assert.match(greeted.headers.location as string, /^https:\/\/store\.test\/api\/v1\/hello\/greetings\/\d+\/$/);

  const key = await store.staffKey();
  assert.match(key, /^sk_live_/);
  const keys = await store.inject({ method: 'GET', url: '/api/v1/api-keys/', headers: { authorization: `Token ${key}` } });
  assert.equal(keys.statusCode, 200, keys.body);
  assert.ok(keys.json().count >= 1);
  assert.equal((await store.inject({ method: 'GET', url: '/api/v1/api-keys/' })).statusCode, 401);
  assert.match(await store.staffKey({ mode: 'test' }), /^sk_test_/);

  const customer = await store.customerSession();
  assert.equal(customer.user.email, customer.email);
  const me = await store.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: customer.headers });
  assert.equal(me.statusCode, 200);
  assert.equal(me.json().kind, 'customer');
  const staffOnly = await store.inject({ method: 'GET', url: '/api/v1/api-keys/', headers: customer.headers });
  assert.equal(staffOnly.statusCode, 403, 'a customer is not staff');

  const bought = await store.guestCheckout();
  assert.equal(bought.payment.status, 'pending');
  assert.ok(bought.checkout.shipping_method, 'a shipping method was chosen');
  const order = await store.inject({ method: 'GET', url: `/api/v1/orders/${bought.order.id}/`, headers: { authorization: `Token ${key}` } });
  assert.equal(order.statusCode, 200, order.body);
  assert.equal(order.json().order_number, bought.order.order_number);
  assert.equal(order.json().email, 'guest@example.com');
  assert.deepEqual(order.json().total, { amount: '25.00', currency: 'USD' }, 'one 20.00 item and the 5.00 flat rate');
});

test('guestCheckout pays with the method asked for and answers its redirect; a method not offered is an error naming the answer', async (t) => {
  const store = await startStore();
  t.after(() => store.close());
  const key = await store.staffKey();
  const patched = await store.inject({ method: 'PATCH', url: '/api/v1/store/', headers: { authorization: `Token ${key}` }, payload: { test_mode: true } });
  assert.equal(patched.statusCode, 200, patched.body);
  const bought = await store.guestCheckout({ paymentMethod: 'test', email: 'ada@example.com' });
  assert.equal(bought.payment.gateway, 'test');
  assert.equal(bought.redirect, bought.payment.redirect_url);
  assert.match(bought.redirect!, /^https:\/\/store\.test\/payments\/test\/\d+\/\?token=/);
  const page = await store.inject({ method: 'GET', url: new URL(bought.redirect!).pathname + new URL(bought.redirect!).search });
  assert.equal(page.statusCode, 200);
  await assert.rejects(store.guestCheckout({ paymentMethod: 'no_such_method' }), /POST \/api\/v1\/checkout\/[^/]+\/pay\/ answered 400/);
});

test('openCheckout stops before paying; its headers go on as the same guest, to list the methods and pay', async (t) => {
  const store = await startStore();
  t.after(() => store.close());
  const staff = { authorization: `Token ${await store.staffKey()}` };
  const opened = await store.openCheckout({ email: 'ada@example.com' });
  assert.ok(opened.checkout.shipping_method, 'a shipping method was chosen');
  assert.equal(opened.checkout.email, 'ada@example.com');
  const orders = await store.inject({ method: 'GET', url: '/api/v1/orders/', headers: staff });
  assert.equal(orders.json().count, 0, 'nothing was ordered');

  const methods = await store.inject({ method: 'GET', url: `/api/v1/checkout/${opened.checkout.id}/payment-methods/`, headers: opened.headers });
  assert.equal(methods.statusCode, 200, methods.body);
  assert.ok(methods.json().results.some((m: { id: string }) => m.id === 'manual_bank_transfer'));
  const paid = await store.inject({
    method: 'POST',
    url: `/api/v1/checkout/${opened.checkout.id}/pay/`,
    headers: { ...opened.headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ payment_method_id: 'manual_bank_transfer' }),
  });
  assert.equal(paid.statusCode, 201, paid.body);
  assert.equal(paid.json().order.order_number.length > 0, true);
  assert.equal((await store.inject({ method: 'GET', url: '/api/v1/orders/', headers: staff })).json().count, 1, 'paying placed the order');
});

test('listen: the store also serves HTTPS on a loopback port', async (t) => {
  const store = await startStore({ listen: true });
  t.after(() => store.close());
  assert.match(store.url!, /^https:\/\/127\.0\.0\.1:\d+$/);
  assert.equal(store.config.baseUrl, store.url);
  const ca = fs.readFileSync(path.join(store.dataDir, 'tls', 'cert.pem'));
  const status = await new Promise<number>((resolve, reject) => {
    https.get(`${store.url}/api/v1/auth/csrf/`, { ca, checkServerIdentity: () => undefined }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    }).on('error', reject);
  });
  assert.equal(status, 200);
});

test('close() drops the database and removes DATA_DIR; on MySQL/MariaDB the schema has the name asked for', async () => {
  const name = `kit_named_${process.pid}`;
  const store: TestStore = await startStore({ database: { name } });
  assert.equal((await store.inject({ method: 'GET', url: '/api/v1/auth/csrf/' })).statusCode, 200);
  if (mariadb) {
    assert.equal(new URL(store.config.databaseUrl!).pathname, `/${name}`);
    assert.ok(await schemaExists(name));
  } else {
    assert.equal(store.config.databaseUrl, undefined, 'SQLite in DATA_DIR');
  }
  await store.close();
  assert.ok(!fs.existsSync(store.dataDir));
  if (mariadb) assert.ok(!(await schemaExists(name)), 'the schema is dropped');
});

test('settings are applied through the plugins resource as the owner: validated, secrets kept write-only', async (t) => {
  const store = await startStore({ plugins: [ACME], settings: { 'payment-acme': { webhook_secret: 'whsec-test-kit-0123456789' } } });
  t.after(() => store.close());
  const res = await store.inject({ method: 'GET', url: '/api/v1/plugins/payment-acme/', headers: { authorization: `Token ${await store.staffKey()}` } });
  assert.equal(res.statusCode, 200, res.body);
  assert.deepEqual(res.json().secrets_set, ['webhook_secret']);
  assert.ok(!res.body.includes('whsec-test-kit-0123456789'), 'the secret is never shown');
  await assert.rejects(
    startStore({ plugins: [ACME], settings: { 'payment-acme': { webhook_secret: 'short' } } }),
    /settings of plugin "payment-acme" were not applied: PATCH \/api\/v1\/plugins\/payment-acme\/ answered 400: .*webhook_secret/,
  );
});

test('refusals: a bad schema name, and settings for a plugin the store cannot configure, each fail start with a clear message', async () => {
  if (mariadb) await assert.rejects(startStore({ database: { name: 'bad-name; DROP' } }), /test database name "bad-name; DROP" must be 1 to 64 letters, digits or "_"/);
  await assert.rejects(startStore({ settings: { 'no-such-plugin': { api_key: 'x' } } }), /settings of plugin "no-such-plugin" were not applied: PATCH \/api\/v1\/plugins\/no-such-plugin\/ answered 404/);
});

test('from a plugin folder outside the store, the kit starts the store its SDK belongs to, with that folder as the plugin', (t) => {
  // What `npm install -D <store>/packages/sdk` leaves: the SDK linked into the plugin's node_modules.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-outside-plugin-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'node_modules', '@storekeep-commerce'), { recursive: true });
  fs.symlinkSync(fileURLToPath(new URL('..', import.meta.url)), path.join(dir, 'node_modules', '@storekeep-commerce', 'sdk'), 'dir');
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'outside-plugin', type: 'module', main: 'index.ts' }));
  fs.writeFileSync(
    path.join(dir, 'index.ts'),
    `import { definePlugin } from '@storekeep-commerce/sdk';
export default definePlugin({ name: 'outside', version: '1.0.0', register(ctx) {
  ctx.routes.add({ method: 'GET', path: '/api/v1/outside/', auth: 'staff', summary: 'Outside.', schema: { response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } } }, handler: async () => ({ ok: true }) });
} });
`,
  );
  fs.writeFileSync(
    path.join(dir, 'outside.test.ts'),
    `import test from 'node:test';
import assert from 'node:assert/strict';
import { startStore } from '@storekeep-commerce/sdk/testing';
test('outside', async () => {
  const store = await startStore({ plugins: ['.'], workers: false });
  try {
    const res = await store.inject({ method: 'GET', url: '/api/v1/outside/', headers: { authorization: 'Token ' + (await store.staffKey()) } });
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(store.kernel.plugins.some((p) => p.plugin.name === 'core-checkout'), 'the built-in plugins are there');
  } finally {
    await store.close();
  }
});
`,
  );
  // The store's tsx, named by path: the folder has none of its own.
  const { NODE_TEST_CONTEXT: _context, ...env } = process.env;
  const run = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), '--test', 'outside.test.ts'], { cwd: dir, env, encoding: 'utf8', timeout: 120_000 });
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /# pass 1/);
});
