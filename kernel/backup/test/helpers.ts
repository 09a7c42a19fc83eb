import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { Client, expectStatus } from '../../../test/helpers/client.ts';
import { authHeader, staffApiKey } from '../../../test/helpers/auth.ts';
import { REPO_ROOT } from '../../../test/helpers/process.ts';
import { startTestStore, type TestStore, type TestStoreOptions } from '../../../test/helpers/store.ts';

export { Client, expectStatus };

/** The MariaDB the suite can always reach (the SQLite → MariaDB move needs one whatever the suite runs on). */
export const MARIADB_URL = 'mysql://root@127.0.0.1:3306/storekeep_dev';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Where a CLI run points: a store's DATA_DIR and database. */
export interface StoreLocation {
  dataDir: string;
  databaseUrl?: string;
}

export function locationOf(store: TestStore): StoreLocation {
  return { dataDir: store.dataDir, databaseUrl: store.config.databaseUrl };
}

/**
 * `npx storekeep …` (bin/storekeep.mjs) in its own process against a store's DATA_DIR and database, as
 * an operator runs it next to a serving store. Asynchronous, so the test process goes on serving.
 */
export function cli(at: StoreLocation, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/storekeep.mjs', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, PLUGINS: '', ...env, DATA_DIR: at.dataDir, DATABASE_URL: at.databaseUrl ?? '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A CLI run that succeeded; returns what it printed. */
export async function cliOk(at: StoreLocation, args: string[], env?: Record<string, string>): Promise<string> {
  const run = await cli(at, args, env);
  assert.equal(run.code, 0, `${args.join(' ')} exited ${run.code}:\n${run.stderr}${run.stdout}`);
  return run.stdout;
}

/** A CLI run refused: status 1, exactly one line on stderr matching `expected`, no stack trace. */
export async function cliRefuses(at: StoreLocation, args: string[], expected: RegExp, env?: Record<string, string>): Promise<string> {
  return assertRefused(await cli(at, args, env), expected, args);
}

/** Status 1, one line on stderr matching `expected`, no stack trace. */
export function assertRefused(run: CliResult, expected: RegExp, args: string[] = []): string {
  assert.equal(run.code, 1, `${args.join(' ')} should exit 1:\n${run.stderr}${run.stdout}`);
  assert.match(run.stderr.trim(), expected);
  assert.equal(run.stderr.trim().split('\n').length, 1, `one line:\n${run.stderr}`);
  assert.doesNotMatch(run.stderr, /^\s+at |node:internal|\.ts:\d+/m, `no stack trace:\n${run.stderr}`);
  return run.stderr.trim();
}

/**
 * An empty store to restore into: its own DATA_DIR and database (a fresh MariaDB schema when
 * `databaseUrl` or the suite's DATABASE_URL says so), nothing migrated. Start it with kernel.ready()
 * once the restore ran.
 */
export async function emptyStore(opts: TestStoreOptions & { databaseUrl?: string } = {}): Promise<TestStore> {
  const { databaseUrl, ...rest } = opts;
  if (databaseUrl === undefined) return startTestStore({ ...rest, lazy: true });
  return withDatabaseUrl(databaseUrl, () => startTestStore({ ...rest, lazy: true }));
}

/**
 * Runs `fn` with the suite's DATABASE_URL replaced ('' for SQLite), so that test stores land on the
 * database a test needs whatever the suite runs on (a test file is a process of its own; its tests run
 * one after the other).
 */
export async function withDatabaseUrl<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const saved = process.env.DATABASE_URL;
  if (url) process.env.DATABASE_URL = url;
  else delete process.env.DATABASE_URL;
  try {
    return await fn();
  } finally {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
  }
}

export interface Shop {
  store: TestStore;
  staff: Client;
  anon: Client;
  warehouseId: number;
  shippingMethodId: number;
  /** Sold by the checkouts: starts with SOLD_STOCK units. */
  soldVariantId: number;
  /** Adjusted by staff, one unit at a time: starts with ADJUSTED_STOCK units. */
  adjustedVariantId: number;
}

export const SOLD_STOCK = 1000;
export const ADJUSTED_STOCK = 50;

let sequence = 0;

/**
 * A store ready to sell through the API: test mode on (the `test` gateway pays), a flat shipping rate,
 * a warehouse, one product sold by the checkouts and one whose stock staff adjust.
 */
export async function seedShop(store: TestStore): Promise<Shop> {
  const staff = new Client(store, authHeader(await staffApiKey(store)));
  const anon = new Client(store);
  expectStatus(await staff.patch('/api/v1/store/', { test_mode: true }), 200);
  const method = expectStatus(await staff.post('/api/v1/shipping-methods/', { name: 'Standard', price: '5.00' }), 201);
  const warehouse = expectStatus(await staff.post('/api/v1/warehouses/', { name: 'Main', code: 'MAIN' }), 201);
  const variant = async (name: string, price: string, stock: number) => {
    const n = ++sequence;
    const product = expectStatus(await staff.post('/api/v1/products/', { name, status: 'active' }), 201);
    const v = expectStatus(await staff.post(`/api/v1/products/${product.id}/variants/`, { sku: `BK-${n}`, price }), 201);
    expectStatus(await staff.post('/api/v1/inventory/', { variant_id: v.id, warehouse_id: warehouse.id, quantity: stock }), 201);
    return v.id as number;
  };
  return {
    store,
    staff,
    anon,
    warehouseId: warehouse.id,
    shippingMethodId: method.id,
    soldVariantId: await variant('Enamel mug', '12.34', SOLD_STOCK),
    adjustedVariantId: await variant('Tea towel', '7.99', ADJUSTED_STOCK),
  };
}

const ADDRESS = { first_name: 'Ada', last_name: 'Lovelace', address_line_1: '1 Main St', city: 'Berlin', postal_code: '10115', country: 'DE' };

/**
 * A guest buys `quantity` of the sold variant and pays with the test gateway: the order is placed
 * (stock reserved) when paying starts, and paid when the shopper chooses "succeeded" on the hosted page.
 */
export async function paidOrder(shop: Shop, quantity = 1, email = `guest-${++sequence}@example.com`): Promise<number> {
  const { anon } = shop;
  const cart = expectStatus(await anon.post('/api/v1/cart/', {}), 201);
  expectStatus(await anon.post(`/api/v1/cart/${cart.id}/items/`, { variant_id: shop.soldVariantId, quantity }), 201);
  const checkout = expectStatus(await anon.post('/api/v1/checkout/', { cart_id: cart.id, email, shipping_address: ADDRESS }), 201);
  expectStatus(await anon.patch(`/api/v1/checkout/${checkout.id}/`, { shipping_method_id: shop.shippingMethodId }), 200);
  const payment = expectStatus(await anon.post(`/api/v1/checkout/${checkout.id}/pay/`, { payment_method_id: 'test' }), 201);
  const page = new URL(payment.redirect_url);
  const posted = await shop.store.inject({
    method: 'POST',
    url: page.pathname + page.search,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ outcome: 'succeeded' }).toString(),
  });
  assert.equal(posted.statusCode, 303, posted.body);
  return payment.order.id;
}

/** Staff add one unit of the adjusted variant. */
export async function adjustStock(shop: Shop): Promise<void> {
  expectStatus(await shop.staff.post('/api/v1/inventory/adjust/', { variant_id: shop.adjustedVariantId, warehouse_id: shop.warehouseId, delta: 1, reason: 'count' }), 200);
}

/** Every item of a list endpoint, following `next` page by page (100 a page). */
export async function allPages(client: Client, path: string): Promise<any[]> {
  const items: any[] = [];
  let url: string | null = `${path}${path.includes('?') ? '&' : '?'}page_size=100`;
  while (url) {
    const page: any = expectStatus(await client.get(url), 200);
    items.push(...page.results);
    url = page.next ? new URL(page.next).pathname + new URL(page.next).search : null;
  }
  return items;
}

/** What the API shows of a store's business: orders (with items, payments), stock, movements, events, webhooks. */
export async function storeState(client: Client): Promise<Record<string, any[]>> {
  const orders = await allPages(client, '/api/v1/orders/?expand=items&ordering=created_at');
  const endpoints = await allPages(client, '/api/v1/webhooks/');
  const deliveries: any[] = [];
  for (const e of endpoints) deliveries.push(...(await allPages(client, `/api/v1/webhooks/${e.id}/deliveries/`)));
  return {
    orders,
    inventory: await allPages(client, '/api/v1/inventory/?ordering=id'),
    movements: await allPages(client, '/api/v1/inventory/movements/?ordering=id'),
    events: await allPages(client, '/api/v1/events/'),
    products: await allPages(client, '/api/v1/products/'),
    endpoints,
    deliveries,
  };
}

/** Rewrites an archive: `edit` gets its lines (parsed) and returns the lines to write. */
export function rewriteArchive(from: string, to: string, edit: (lines: any[]) => any[]): void {
  const lines = zlib.gunzipSync(fs.readFileSync(from)).toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  fs.writeFileSync(to, zlib.gzipSync(edit(lines).map((l) => JSON.stringify(l)).join('\n') + '\n'));
}

/** The archive's lines, parsed. */
export function archiveLines(file: string): any[] {
  return zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

/** The HMAC-SHA256 of a raw body under a webhook secret, as a receiver checks X-Service-Signature. */
export function signature(secret: string, raw: string): string {
  return crypto.createHmac('sha256', secret).update(raw).digest('hex');
}

/**
 * `npx storekeep backup|restore …` through the same entry the CLI dispatches to, in this process (the
 * damaged-archive cases, which fail before any database work: a process each would only add start-up time).
 */
export async function inProcess(at: StoreLocation, args: string[]): Promise<CliResult> {
  const { runBackupCommand } = await import('../cli.ts');
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL, LOG_LEVEL: process.env.LOG_LEVEL, PLUGINS: process.env.PLUGINS };
  Object.assign(process.env, { DATA_DIR: at.dataDir, DATABASE_URL: at.databaseUrl ?? '', LOG_LEVEL: 'silent', PLUGINS: '' });
  let stdout = '';
  let stderr = '';
  try {
    const code = await runBackupCommand(args, { print: (l) => (stdout += l + '\n'), error: (l) => (stderr += l + '\n') });
    return { code, stdout, stderr };
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
