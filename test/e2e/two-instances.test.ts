import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { Agent, request } from 'undici';
import { freePort, run, type RunningProcess } from '../helpers/process.ts';
import { freshDatabaseUrl } from '../helpers/database.ts';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';
import { RoundRobinProxy } from '../helpers/round-robin-proxy.ts';
import { startReceiver, type Receiver } from '../../plugins/webhooks/test/receiver.ts';

// Two store processes on one MariaDB database and one Redis, behind a round-robin load balancer on
// loopback: what docs/deploy.md describes for a store that outgrew one machine. Everything goes over
// real sockets: HTTPS to each instance, SMTP for mails, HTTP to a webhook receiver.
const MYSQL = !!process.env.DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ANONYMOUS_LIMIT = 40;
const ADMIN = { email: 'owner@two-instances.example', password: 'two-instances-owner-pw' };
const ADDRESS = { first_name: 'Ada', last_name: 'Buyer', address_line_1: '1 Load Street', city: 'Berlin', postal_code: '10115', country: 'DE' };
const insecure = new Agent({ connect: { rejectUnauthorized: false } });

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json(): any;
}

async function call(origin: string, method: string, url: string, opts: { body?: unknown; headers?: Record<string, string>; form?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  let body: string | undefined;
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  } else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await request(origin + url, { method: method as 'GET', headers, body, dispatcher: insecure });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers as Answer['headers'], text, json: () => JSON.parse(text) };
}

function expectStatus(res: Answer, status: number, what: string): any {
  assert.equal(res.status, status, `${what}: ${res.text.slice(0, 500)}`);
  return res.text ? res.json() : undefined;
}

// Each simulated shopper comes from an address of its own (documentation range), as through a real
// load balancer; a test that wants one client's requests counted together reuses one.
const shopperIp = () => `2001:db8:${crypto.randomInt(0x1000, 0x10000).toString(16)}::${crypto.randomInt(1, 0xffff).toString(16)}`;
// Staff work from one address of this run's own (Redis keeps credential throttles across runs).
const staffIp = shopperIp();

interface Instance {
  name: string;
  port: number;
  origin: string;
  env: Record<string, string>;
  process: RunningProcess;
}

let db: { url?: string; drop: () => Promise<void> };
let smtp: TestSmtpServer;
let receiver: Receiver;
let proxy: RoundRobinProxy;
let instances: Instance[] = [];
let staffKey = '';
let endpointSecret = '';
let endpointCreatedAt = '';
let variantIds: number[] = [];
let productId = 0;
const dataDirs: string[] = [];
const placedOrders: Array<{ id: number; order_number: string; email: string }> = [];

function startInstance(instance: Omit<Instance, 'process'>): Instance {
  const process = run(globalThis.process.execPath, ['bin/storekeep.mjs', 'serve'], instance.env, undefined, { detached: true });
  return { ...instance, process };
}

async function stopInstance(instance: Instance): Promise<number | null> {
  instance.process.child.kill('SIGTERM');
  return instance.process.exited;
}

function killGroup(instance: Instance): void {
  try {
    process.kill(-instance.process.child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

before(async () => {
  if (!MYSQL) return;
  db = await freshDatabaseUrl();
  smtp = await startSmtpServer();
  receiver = await startReceiver('/erp/hooks');
  // Instances of one store share the secrets key (it seals webhook secrets in the shared database):
  // the operator copies DATA_DIR/webhook-secrets.key to each machine.
  const key = crypto.randomBytes(32).toString('hex') + '\n';
  const ports = [await freePort(), await freePort()];
  instances = ports.map((port, i) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `storekeep-instance-${i}-`));
    dataDirs.push(dataDir);
    fs.writeFileSync(path.join(dataDir, 'webhook-secrets.key'), key, { mode: 0o600 });
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: db.url!,
      REDIS_URL,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: 'https://shop.two-instances.example',
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_ANONYMOUS: String(ANONYMOUS_LIMIT),
      OUTBOUND_ALLOW_PRIVATE: 'true',
      SMTP_URL: smtp.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_MS: '3000',
    };
    return startInstance({ name: `instance ${i + 1}`, port, origin: `https://127.0.0.1:${port}`, env });
  });
  proxy = new RoundRobinProxy(instances.map((i) => i.origin));
  await proxy.open();
});

after(async () => {
  if (!MYSQL) return;
  for (const instance of instances) killGroup(instance);
  await proxy?.close();
  await receiver?.close();
  await smtp?.close();
  await db?.drop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const skip = MYSQL ? false : 'several instances share a MySQL/MariaDB database (DATABASE_URL); SQLite is one process\'s file';

test('both instances started at once on an empty database: each migration applied once, both serve', { skip }, async () => {
  await Promise.all(instances.map((i) => i.process.waitFor(/Storekeep is serving/, 120_000)));
  const applied = instances.flatMap((i) =>
    i.process.output().split('\n').filter((l) => l.includes('"migration applied"')).map((l) => JSON.parse(l).migration as string),
  );
  const conn = await mysql.createConnection(db.url!);
  try {
    const [rows] = await conn.query('SELECT owner, name FROM storekeep_migrations');
    const recorded = (rows as Array<{ owner: string; name: string }>).map((r) => `${r.owner}/${r.name}`).sort();
    assert.ok(recorded.length > 20, `the store's migrations are recorded (${recorded.length})`);
    assert.deepEqual([...applied].sort(), recorded, 'every migration applied exactly once, by one instance or the other');
    const [owners] = await conn.query("SELECT COUNT(*) AS n FROM users WHERE kind = 'staff'");
    assert.equal(Number((owners as Array<{ n: number }>)[0]!.n), 1, 'one owner account, not one per instance');
  } finally {
    await conn.end();
  }
  for (const instance of instances) expectStatus(await call(instance.origin, 'GET', '/readyz'), 200, `${instance.name} ready`);
});

test('a session signed in on one instance is valid on the other; staff set the store up through the balancer', { skip }, async () => {
  const [one, two] = instances as [Instance, Instance];
  const csrf = expectStatus(await call(one.origin, 'GET', '/api/v1/auth/csrf/'), 200, 'csrf').csrf_token as string;
  const login = await call(one.origin, 'POST', '/api/v1/auth/login/', { body: ADMIN, headers: { 'x-csrftoken': csrf, cookie: `csrftoken=${csrf}`, 'x-forwarded-for': staffIp } });
  expectStatus(login, 200, 'login on instance 1');
  const session = String(login.headers['set-cookie']).match(/sessionid=([^;]+)/)![1]!;
  const cookie = `sessionid=${session}; csrftoken=${csrf}`;
  const me = expectStatus(await call(two.origin, 'GET', '/api/v1/auth/me/', { headers: { cookie, 'x-forwarded-for': staffIp } }), 200, 'the session on instance 2');
  assert.equal(me.email, ADMIN.email);
  const key = expectStatus(
    await call(two.origin, 'POST', '/api/v1/api-keys/', { body: { name: 'erp' }, headers: { cookie, 'x-csrftoken': csrf, 'x-forwarded-for': staffIp } }),
    201,
    'an API key created with that session on instance 2',
  );
  staffKey = key.key;
  const staff = (method: string, url: string, body?: unknown) => call(proxy.origin, method, url, { body, headers: { authorization: `Token ${staffKey}`, 'x-forwarded-for': staffIp } });

  expectStatus(await staff('PATCH', '/api/v1/store/', { test_mode: true }), 200, 'test mode');
  const warehouse = expectStatus(await staff('POST', '/api/v1/warehouses/', { name: 'Main', code: 'MAIN' }), 201, 'warehouse');
  const product = expectStatus(
    await staff('POST', '/api/v1/products/', {
      name: 'Shared tee',
      status: 'active',
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [{ sku: 'SHARED-S', price: '19.99', options: { Size: 'S' } }, { sku: 'SHARED-M', price: '21.00', options: { Size: 'M' } }],
    }),
    201,
    'product',
  );
  productId = product.id;
  variantIds = product.variants.map((v: { id: number }) => v.id);
  for (const variant_id of variantIds) expectStatus(await staff('POST', '/api/v1/inventory/', { variant_id, warehouse_id: warehouse.id, quantity: 1000 }), 201, 'stock');
  expectStatus(await staff('POST', '/api/v1/shipping-methods/', { name: 'Flat', provider: 'flat_rate', price: '4.95', countries: [] }), 201, 'shipping');
  const endpoint = expectStatus(await staff('POST', '/api/v1/webhooks/', { url: receiver.url, events: ['*'] }), 201, 'webhook endpoint');
  endpointSecret = endpoint.secret;
  endpointCreatedAt = endpoint.created_at;
  // The balancer spread those requests over both instances.
  assert.ok(proxy.tally.perBackend.every((n) => n > 0), `both instances answered: ${proxy.tally.perBackend}`);
  // Store settings reach the other instance at its next refresh (every 2 s, plugins/core-store): the
  // checkouts that follow need test mode on both.
  for (const instance of instances) {
    const deadline = Date.now() + 10_000;
    const testMode = async () => expectStatus(await call(instance.origin, 'GET', '/api/v1/store/', { headers: { authorization: `Token ${staffKey}`, 'x-forwarded-for': staffIp } }), 200, 'store').test_mode;
    while (!(await testMode())) {
      assert.ok(Date.now() < deadline, `${instance.name} has test mode within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
});

/** One guest's whole checkout through the balancer, paid on the test gateway's page. */
async function guestCheckout(n: number): Promise<void> {
  const ip = shopperIp();
  const shopper = (method: string, url: string, opts: { body?: unknown; form?: Record<string, string> } = {}) =>
    call(proxy.origin, method, url, { ...opts, headers: { 'x-forwarded-for': ip } });
  const cart = expectStatus(await shopper('POST', '/api/v1/cart/'), 201, 'cart');
  expectStatus(await shopper('POST', `/api/v1/cart/${cart.id}/items/`, { body: { variant_id: variantIds[n % 2], quantity: 1 } }), 201, 'item');
  const email = `buyer-${n}@two-instances.example`;
  const checkout = expectStatus(await shopper('POST', '/api/v1/checkout/', { body: { cart_id: cart.id, email, shipping_address: ADDRESS } }), 201, 'checkout');
  expectStatus(await shopper('PATCH', `/api/v1/checkout/${checkout.id}/`, { body: { shipping_method_id: checkout.shipping_methods[0].id } }), 200, 'shipping method');
  const methods = expectStatus(await shopper('GET', `/api/v1/checkout/${checkout.id}/payment-methods/`), 200, 'payment methods').results;
  const method = methods.find((m: { gateway: string }) => m.gateway === 'test');
  assert.ok(method, 'the test gateway is offered in test mode');
  const payment = expectStatus(await shopper('POST', `/api/v1/checkout/${checkout.id}/pay/`, { body: { payment_method_id: method.id } }), 201, 'pay');
  const page = new URL(payment.redirect_url);
  const outcome = await shopper('POST', page.pathname + page.search, { form: { outcome: 'succeeded' } });
  assert.equal(outcome.status, 303, `payment outcome: ${outcome.text}`);
  placedOrders.push({ id: payment.order.id, order_number: payment.order.order_number, email });
}

test('checkouts through the balancer: every order paid once, stock exact, one confirmation mail per order', { skip }, async () => {
  const buyers = 12;
  for (let round = 0; round < buyers; round += 4) await Promise.all([0, 1, 2, 3].map((i) => guestCheckout(round + i)));
  const staff = { authorization: `Token ${staffKey}`, 'x-forwarded-for': staffIp };
  const orders = expectStatus(await call(proxy.origin, 'GET', '/api/v1/orders/?page_size=100', { headers: staff }), 200, 'orders');
  assert.equal(orders.count, buyers);
  assert.ok(orders.results.every((o: { payment_status: string }) => o.payment_status === 'paid'), 'every order paid');
  const product = expectStatus(await call(proxy.origin, 'GET', `/api/v1/products/${productId}/`, { headers: staff }), 200, 'product');
  const sold = [0, 1].map((v) => placedOrders.filter((_, n) => n % 2 === v).length);
  for (const [i, variant] of product.variants.entries()) assert.equal(variant.available, 1000 - sold[i]!, `stock of ${variant.sku}`);

  // Mails are jobs: whichever instance's worker claims one sends it, and no other does.
  await waitUntil(() => confirmations().length >= buyers, 'a confirmation mail per order', 30_000);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const byRecipient = new Map<string, number>();
  for (const mail of confirmations()) for (const to of mail.to) byRecipient.set(to, (byRecipient.get(to) ?? 0) + 1);
  assert.deepEqual([...byRecipient.values()].sort(), Array(buyers).fill(1), 'each buyer got exactly one confirmation');
  assert.deepEqual([...byRecipient.keys()].sort(), placedOrders.map((o) => o.email).sort());
});

function confirmations() {
  return smtp.mails.filter((m) => m.to.some((to) => to.endsWith('@two-instances.example')) && placedOrders.some((o) => m.body.includes(o.order_number)));
}

async function waitUntil(check: () => boolean | Promise<boolean>, what: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('a catalogue change made on one instance clears the other\'s cached answers within a second', { skip }, async (t) => {
  const [one, two] = instances as [Instance, Instance];
  const url = `/api/v1/products/${productId}/`;
  const anonymousName = async (instance: Instance) => expectStatus(await call(instance.origin, 'GET', url, { headers: { 'x-forwarded-for': shopperIp() } }), 200, 'detail').name;
  for (const instance of instances) {
    await anonymousName(instance);
    assert.equal(await anonymousName(instance), 'Shared tee', `${instance.name} holds the answer`);
  }
  expectStatus(await call(one.origin, 'PATCH', url, { body: { name: 'Renamed tee' }, headers: { authorization: `Token ${staffKey}`, 'x-forwarded-for': staffIp } }), 200, 'rename on instance 1');
  const changed = Date.now();
  assert.equal(await anonymousName(one), 'Renamed tee', 'the instance that made the change answers with it at once');
  let seen = await anonymousName(two);
  while (seen !== 'Renamed tee' && Date.now() - changed < 5000) seen = await anonymousName(two);
  const took = Date.now() - changed;
  assert.equal(seen, 'Renamed tee');
  assert.ok(took < 1000, `instance 2 answered with the change after ${took} ms`);
  t.diagnostic(`instance 2 answered with the change ${took} ms after it was made on instance 1`);
});

test('rate limits are counted across both instances (Redis)', { skip }, async () => {
  const ip = shopperIp();
  const statuses: number[] = [];
  for (let i = 0; i <= ANONYMOUS_LIMIT; i++) {
    const instance = instances[i % 2]!;
    statuses.push((await call(instance.origin, 'GET', '/api/v1/products/', { headers: { 'x-forwarded-for': ip } })).status);
  }
  assert.deepEqual(statuses.slice(0, ANONYMOUS_LIMIT), Array(ANONYMOUS_LIMIT).fill(200), 'the limit, spread over both instances');
  assert.equal(statuses[ANONYMOUS_LIMIT], 429, 'the next request is over the shared limit');
});

test('a rolling restart of one instance under load loses no request', { skip }, async (t) => {
  let stop = false;
  const tally = { ok: 0, failures: [] as string[] };
  const staff = { authorization: `Token ${staffKey}`, 'x-forwarded-for': staffIp };
  // Reads and writes, as a storefront and an ERP sync do, four at a time until the restart is over.
  const load = async (worker: number) => {
    for (let i = 0; !stop; i++) {
      const ip = shopperIp();
      const step = (i + worker) % 3;
      const res =
        step === 0
          ? await call(proxy.origin, 'GET', '/api/v1/products/', { headers: { 'x-forwarded-for': ip, 'cache-control': 'no-cache' } })
          : step === 1
            ? await call(proxy.origin, 'POST', '/api/v1/cart/', { headers: { 'x-forwarded-for': ip } })
            : await call(proxy.origin, 'PATCH', `/api/v1/products/${productId}/`, { body: { description: `sync ${worker}-${i}` }, headers: staff });
      if (res.status === 200 || res.status === 201) tally.ok++;
      else tally.failures.push(`${res.status} ${res.text.slice(0, 200)}`);
    }
  };
  const running = [0, 1, 2, 3].map(load);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const restarted = instances[0]!;
  const before = tally.ok;
  assert.equal(await stopInstance(restarted), 0, 'the stopped instance exits 0');
  assert.match(restarted.process.output(), /"msg":"stopped"/);
  const during = tally.ok - before;
  instances[0] = startInstance({ name: restarted.name, port: restarted.port, origin: restarted.origin, env: restarted.env });
  await instances[0].process.waitFor(/Storekeep is serving/, 60_000);
  const back = proxy.tally.perBackend[0]!;
  await waitUntil(() => proxy.tally.perBackend[0]! > back + 5, 'the restarted instance to take requests again', 10_000);
  stop = true;
  await Promise.all(running);
  assert.deepEqual(tally.failures, [], 'every request was answered');
  assert.ok(during > 0, 'requests kept being answered while the instance was stopping');
  assert.ok(tally.ok > 50, `load ran (${tally.ok} requests)`);
  assert.equal(proxy.tally.failed, 0);
  t.diagnostic(`${tally.ok} requests answered, ${during} of them while instance 1 stopped; ${proxy.tally.retried} sent on to the other instance`);
});

test('every event since the endpoint was added is delivered to the webhook receiver exactly once, signed with its secret', { skip }, async () => {
  const staff = { authorization: `Token ${staffKey}`, 'x-forwarded-for': staffIp };
  const events: Array<{ id: number | string; type: string }> = [];
  for (let page = 1; ; page++) {
    const list = expectStatus(await call(proxy.origin, 'GET', `/api/v1/events/?page_size=100&page=${page}&created_at__gte=${encodeURIComponent(endpointCreatedAt)}`, { headers: staff }), 200, 'events');
    events.push(...list.results);
    if (!list.next) break;
  }
  assert.ok(events.length > 30, `events were written (${events.length})`);
  const ids = new Set(events.map((e) => String(e.id)));
  const delivered = () => receiver.received.filter((r) => ids.has(String(r.body?.id)));
  await waitUntil(() => new Set(delivered().map((r) => String(r.body.id))).size === ids.size, 'every event at the receiver', 60_000);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const counts = new Map<string, number>();
  for (const r of delivered()) counts.set(String(r.body.id), (counts.get(String(r.body.id)) ?? 0) + 1);
  const twice = [...counts].filter(([, n]) => n > 1);
  assert.deepEqual(twice, [], 'no event was sent twice');
  for (const r of delivered()) {
    assert.equal(r.headers['x-service-signature'], crypto.createHmac('sha256', endpointSecret).update(r.raw).digest('hex'), 'signed with the secret from either instance');
  }
});
