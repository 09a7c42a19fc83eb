import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../../../kernel/config.ts';
import { createKernel, type Kernel } from '../../../kernel/kernel.ts';
import { createTestDatabase } from './database.ts';
import { BrowserSession } from './session.ts';
import { guestCheckout, openCheckout, type GuestCheckout, type GuestCheckoutOptions, type OpenCheckout, type OpenCheckoutOptions } from './guest-checkout.ts';

export interface StartStoreOptions {
  /** Plugins to load besides the built-in ones: folder paths (relative to `cwd`) or installed package names, as PLUGINS takes them. */
  plugins?: string[];
  /** Settings per plugin name, applied after start through `PATCH /api/v1/plugins/{name}/ {settings}` as the owner. */
  settings?: Record<string, Record<string, unknown>>;
  /** Environment of the store, over a clean test configuration (the process's own environment is not read, except DATABASE_URL). */
  env?: Record<string, string>;
  /** The database: `url` a mysql:// server (default: `env.DATABASE_URL`, then `process.env.DATABASE_URL`, else SQLite); `name` the schema created on it. */
  database?: { url?: string; name?: string };
  /** Also serve HTTPS on a loopback port (its self-signed certificate is in DATA_DIR/tls); `url` is its address. */
  listen?: boolean;
  /** Run the event dispatcher and job loops (default true: `events.afterCommit` taps and jobs run as in a real store). */
  workers?: boolean;
  /** Where relative PLUGINS folders are resolved from (default: the process's working folder). */
  cwd?: string;
}

export interface CustomerSession {
  email: string;
  password: string;
  /** The customer as `GET /api/v1/auth/me/` shows them. */
  user: any;
  /** `cookie` (the session) and `x-csrftoken`: add them to a request to make it as this customer. */
  headers: Record<string, string>;
}

export interface TestStore {
  kernel: Kernel;
  config: Config;
  dataDir: string;
  /** `https://127.0.0.1:<port>` when started with `listen: true`. */
  url?: string;
  /** The store's owner account (ADMIN_EMAIL / ADMIN_PASSWORD). */
  owner: { email: string; password: string };
  /** Lines the store printed for the operator. */
  notices: string[];
  /** A request through the store as if it came over HTTPS (unless `plain`), without a port. */
  inject(opts: InjectOptions & { plain?: boolean }): Promise<LightMyRequestResponse>;
  /** A new API key of the owner with full access (`mode: 'test'` for a test key); use it as `authorization: Token <key>`. */
  staffKey(opts?: { name?: string; mode?: 'live' | 'test'; scopes?: string[] }): Promise<string>;
  /** Registers a new customer (logged in by registering); answers their session headers. */
  customerSession(opts?: { email?: string; password?: string; first_name?: string; last_name?: string }): Promise<CustomerSession>;
  /** A guest buys something: cart → checkout → shipping → pay. */
  guestCheckout(opts?: GuestCheckoutOptions): Promise<GuestCheckout>;
  /** A guest's checkout up to paying (cart → checkout → shipping), not paid; `headers` to go on as that guest. */
  openCheckout(opts?: OpenCheckoutOptions): Promise<OpenCheckout>;
  /** Stops the store, drops its database and removes its DATA_DIR. */
  close(): Promise<void>;
}

let sequence = 0;
const unique = () => `${process.pid}-${++sequence}-${crypto.randomBytes(3).toString('hex')}`;

// A free loopback port, so BASE_URL can name it before the store starts.
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts a real store for tests: every built-in plugin plus `plugins`, its own DATA_DIR and a fresh
 * database, the owner's credentials known. Resolves once it answers, every route's schemas compiled;
 * close it after the tests.
 */
export async function startStore(options: StartStoreOptions = {}): Promise<TestStore> {
  const env = options.env ?? {};
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-store-'));
  const port = options.listen ? await freePort() : undefined;
  const owner = { email: env.ADMIN_EMAIL ?? 'owner@example.com', password: env.ADMIN_PASSWORD ?? `owner-${crypto.randomBytes(12).toString('hex')}` };
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  try {
    db = await createTestDatabase(options.database?.url ?? env.DATABASE_URL ?? process.env.DATABASE_URL, options.database?.name);
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const notices: string[] = [];
  const plugins = [...(env.PLUGINS ? env.PLUGINS.split(',') : []), ...(options.plugins ?? [])];
  const config = loadConfig(
    {
      LOG_LEVEL: 'silent',
      RATE_LIMIT_ANONYMOUS: '0',
      RATE_LIMIT_AUTHENTICATED: '0',
      DEMO_DATA: 'false',
      BASE_URL: port ? `https://127.0.0.1:${port}` : 'https://store.test',
      ...env,
      ADMIN_EMAIL: owner.email,
      ADMIN_PASSWORD: owner.password,
      PLUGINS: plugins.join(','),
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      // inject() marks requests as HTTPS through a proxy header, which only a trusted proxy may set.
      TRUST_PROXY: '127.0.0.1',
      ...(port ? { PORT: String(port), HOST: '127.0.0.1' } : {}),
    },
    { notices: (line) => notices.push(line) },
  );
  const kernel = createKernel(config, { workers: options.workers ?? true, pollMs: 50, cwd: options.cwd });
  const inject: TestStore['inject'] = ({ plain, ...request }) =>
    kernel.inject({ ...request, headers: { ...(request.headers ?? {}), ...(plain ? {} : { 'x-forwarded-proto': 'https' }) } });

  // The owner signed in once, lazily: staff keys are created through the API as the owner would.
  let ownerSession: Promise<BrowserSession> | undefined;
  const signedInOwner = () =>
    (ownerSession ??= (async () => {
      const browser = new BrowserSession(inject);
      await browser.json('POST', '/api/v1/auth/login/', owner);
      return browser;
    })());

  // What the checkout helpers need: requests, and a staff key to seed a product or a shipping rate.
  const shopper = { inject, staff: () => store.staffKey({ name: 'test kit guest checkout' }), unique };
  const store: TestStore = {
    kernel,
    config,
    dataDir,
    url: port ? `https://127.0.0.1:${port}` : undefined,
    owner,
    notices,
    inject,
    async staffKey(opts = {}) {
      const browser = await signedInOwner();
      const created = await browser.json('POST', '/api/v1/api-keys/', { name: opts.name ?? `test kit ${unique()}`, mode: opts.mode ?? 'live', ...(opts.scopes ? { scopes: opts.scopes } : {}) }, 201);
      return created.key;
    },
    async customerSession(opts = {}) {
      const browser = new BrowserSession(inject);
      const email = opts.email ?? `customer-${unique()}@example.com`;
      const password = opts.password ?? `customer-${crypto.randomBytes(8).toString('hex')}`;
      await browser.json('POST', '/api/v1/auth/register/', { email, password, first_name: opts.first_name ?? 'Test', last_name: opts.last_name ?? 'Customer' }, 201);
      const user = await browser.json('GET', '/api/v1/auth/me/');
      return { email, password, user, headers: browser.headers() };
    },
    async guestCheckout(opts = {}) {
      return guestCheckout(shopper, opts);
    },
    async openCheckout(opts = {}) {
      return openCheckout(shopper, opts);
    },
    async close() {
      try {
        await kernel.stop();
      } finally {
        await db.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };

  try {
    if (options.listen) await kernel.start();
    else await kernel.ready();
    // A served store compiles each route's schemas on the route's first use; a plugin's tests compile
    // them all here, so a schema that does not compile fails them at once, naming its route.
    kernel.app?.schemaCompilations.compileAll();
    await applySettings(store, options.settings ?? {});
  } catch (err) {
    await store.close().catch(() => undefined);
    throw err;
  }
  return store;
}

// Settings go through the plugins resource, as an operator would set them: validated, secrets sealed.
async function applySettings(store: TestStore, settings: Record<string, Record<string, unknown>>): Promise<void> {
  const entries = Object.entries(settings);
  if (entries.length === 0) return;
  const staff = new BrowserSession(store.inject, { authorization: `Token ${await store.staffKey({ name: 'test kit settings' })}` });
  for (const [name, values] of entries) {
    try {
      await staff.json('PATCH', `/api/v1/plugins/${encodeURIComponent(name)}/`, { settings: values }, 200);
    } catch (err) {
      throw new Error(`The settings of plugin "${name}" were not applied: ${(err as Error).message}`, { cause: err });
    }
  }
}
