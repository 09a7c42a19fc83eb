import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';
import { REPO_ROOT, freePort, run, type RunningProcess } from '../helpers/process.ts';
import { freshDatabaseUrl } from '../helpers/database.ts';
import { copyStore } from '../helpers/store-copy.ts';
import { distIsCurrent } from '../../scripts/build-stamp.mjs';

// The distribution case of a third-party plugin, end to end: the example packages are packed with
// `npm pack`, installed with `npm install <tgz>` into a fresh copy of the store (offline: the SDK peer
// dependency is the store's own workspace package) and loaded by package name through PLUGINS in a
// real `storekeep serve` process running the compiled store (dist/, as `npm ci` builds it), which must
// still load the packages' TypeScript. A guest then buys over HTTPS with the weight-based rate and
// Acme's card.

const PACKAGES = { acme: 'storekeep-plugin-payment-acme', weight: 'storekeep-plugin-shipping-weight' };
const insecure = new Agent({ connect: { rejectUnauthorized: false } });

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-packages-'));
const storeDir = path.join(work, 'store');
const dataDir = path.join(work, 'data');
let server: RunningProcess;
let base: string;
let storeEnv: Record<string, string>;
let dropDatabase = async () => undefined as void;

async function call(method: string, url: string, opts: { json?: unknown; form?: Record<string, string>; token?: string } = {}) {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (opts.json !== undefined) [headers['content-type'], body] = ['application/json', JSON.stringify(opts.json)];
  if (opts.form) [headers['content-type'], body] = ['application/x-www-form-urlencoded', new URLSearchParams(opts.form).toString()];
  if (opts.token) headers.authorization = `Token ${opts.token}`;
  const res = await request(new URL(url, base), { dispatcher: insecure, method: method as 'GET', headers, body });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text, json: () => JSON.parse(text) };
}

async function expectJson(res: Promise<Awaited<ReturnType<typeof call>>>, status: number): Promise<any> {
  const r = await res;
  assert.equal(r.status, status, r.text);
  return r.json();
}

before(async () => {
  const packs = path.join(work, 'packs');
  fs.mkdirSync(packs);
  execFileSync('npm', ['pack', './examples/payment-acme', './examples/shipping-weight', '--pack-destination', packs, '--silent'], { cwd: REPO_ROOT });
  fs.mkdirSync(storeDir);
  copyStore(storeDir);
  const tarballs = fs.readdirSync(packs).sort().map((f) => path.join(packs, f));
  assert.deepEqual(tarballs.map((f) => path.basename(f)), [`${PACKAGES.acme}-1.0.0.tgz`, `${PACKAGES.weight}-1.0.0.tgz`]);
  execFileSync('npm', ['install', ...tarballs, '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], { cwd: storeDir, stdio: 'pipe' });
  // What `npm ci`'s prepare script does; after the install, whose package.json change the build's stamp covers.
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: storeDir, stdio: 'pipe' });
  assert.ok(distIsCurrent(storeDir), 'bin/storekeep.mjs serve runs dist/ only while it matches the sources');

  const db = await freshDatabaseUrl();
  dropDatabase = db.drop;
  const port = await freePort();
  base = `https://127.0.0.1:${port}`;
  storeEnv = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: db.url ?? '',
    LOG_LEVEL: 'warn',
    // A live store (the demo store runs in test mode, which hides live gateways such as Acme's).
    DEMO_DATA: 'false',
    PLUGINS: `${PACKAGES.acme},${PACKAGES.weight}`,
    ACME_WEBHOOK_SECRET: 'acme-secret-of-this-test',
  };
  server = run(process.execPath, ['bin/storekeep.mjs', 'serve'], storeEnv, storeDir);
  await server.waitFor(/Storekeep is serving/, 120_000);
});

after(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  await dropDatabase();
  fs.rmSync(work, { recursive: true, force: true });
});

test('the tarballs install as packages beside the store, which keeps its own SDK as the single copy', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(storeDir, 'package.json'), 'utf8'));
  assert.match(manifest.dependencies[PACKAGES.acme], /\.tgz$/);
  assert.match(manifest.dependencies[PACKAGES.weight], /\.tgz$/);
  for (const name of Object.values(PACKAGES)) {
    const dir = path.join(storeDir, 'node_modules', name);
    assert.ok(fs.statSync(dir).isDirectory() && !fs.lstatSync(dir).isSymbolicLink(), `${name} is installed as a package, not a link`);
    assert.ok(!fs.existsSync(path.join(dir, 'test')), `${name} ships without its tests`);
  }
  const sdk = path.join(storeDir, 'node_modules', '@storekeep-commerce', 'sdk');
  assert.equal(fs.realpathSync(sdk), fs.realpathSync(path.join(storeDir, 'packages', 'sdk')));
  assert.ok(!fs.existsSync(path.join(storeDir, 'node_modules', PACKAGES.acme, 'node_modules')), 'no nested SDK');
});

test('a guest checks out over HTTPS with the weight-based rate and pays on Acme’s page: the order is paid', async () => {
  // `npx storekeep` of the copy, with the server's configuration: a staff API key.
  const key = execFileSync(process.execPath, ['bin/storekeep.mjs', 'apikey', 'create', '--name', 'e2e'], { cwd: storeDir, env: { ...process.env, ...storeEnv } })
    .toString()
    .trim();
  const staff = { token: key };

  const product = await expectJson(call('POST', '/api/v1/products/', { ...staff, json: { name: 'Cast-iron pan', status: 'active' } }), 201);
  const variant = await expectJson(call('POST', `/api/v1/products/${product.id}/variants/`, { ...staff, json: { sku: 'PAN-1', price: '30.00', weight: 1800, track_inventory: false } }), 201);
  await expectJson(call('POST', '/api/v1/shipping-weight/bands/', { ...staff, json: { name: 'Parcel up to 2 kg', country: 'DE', currency: 'USD', max_weight: 2000, price: '6.50' } }), 201);
  const heavy = await expectJson(call('POST', '/api/v1/shipping-weight/bands/', { ...staff, json: { name: 'Parcel 2 to 10 kg', country: 'DE', currency: 'USD', min_weight: 2000, max_weight: 10000, price: '11.00' } }), 201);

  const cart = await expectJson(call('POST', '/api/v1/cart/', { json: {} }), 201);
  await expectJson(call('POST', `/api/v1/cart/${cart.id}/items/`, { json: { variant_id: variant.id, quantity: 2 } }), 201);
  const address = { first_name: 'Ada', last_name: 'Lovelace', address_line_1: '1 Hauptstraße', city: 'Berlin', postal_code: '10115', country: 'DE' };
  const opened = await expectJson(call('POST', '/api/v1/checkout/', { json: { cart_id: cart.id, email: 'ada@example.com', shipping_address: address } }), 201);
  const rate = opened.shipping_methods.find((m: any) => m.provider === 'shipping-weight');
  assert.deepEqual(rate, { id: `weight-${heavy.id}`, name: 'Parcel 2 to 10 kg', provider: 'shipping-weight', description: 'Parcel of 3600 g', price: { amount: '11.00', currency: 'USD' } });
  const chosen = await expectJson(call('PATCH', `/api/v1/checkout/${opened.id}/`, { json: { shipping_method_id: rate.id } }), 200);
  assert.deepEqual(chosen.total, { amount: '71.00', currency: 'USD' });

  const methods = await expectJson(call('GET', `/api/v1/checkout/${opened.id}/payment-methods/`), 200);
  assert.ok(methods.results.some((m: any) => m.id === 'acme_card'), JSON.stringify(methods.results));
  const payment = await expectJson(call('POST', `/api/v1/checkout/${opened.id}/pay/`, { json: { payment_method_id: 'acme_card' } }), 201);
  assert.equal(payment.status, 'pending');
  assert.equal(payment.gateway, 'acme');

  // Acme's hosted page (simulated by the plugin): the shopper pays there and is sent back with a 303.
  const page = new URL(payment.redirect_url);
  const shown = await call('GET', page.pathname + page.search);
  assert.equal(shown.status, 200);
  assert.match(shown.text, /Pay 71\.00 USD/);
  const paid = await call('POST', page.pathname + page.search, { form: { outcome: 'succeeded' } });
  assert.equal(paid.status, 303, paid.text);
  assert.equal(paid.headers.location, chosen.payment_url);

  const order = await expectJson(call('GET', `/api/v1/orders/${payment.order.id}/`, staff), 200);
  assert.equal(order.order_number, payment.order.order_number);
  assert.equal(order.payment_status, 'paid');
  assert.equal(order.status, 'processing');
  assert.deepEqual(order.shipping, { amount: '11.00', currency: 'USD' });
  assert.deepEqual(order.total, { amount: '71.00', currency: 'USD' });
  assert.equal(order.shipping_method.id, rate.id);
});
