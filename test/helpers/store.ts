import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { loadConfig, type Config } from '../../kernel/config.ts';
import { createKernel, type Kernel } from '../../kernel/kernel.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { ResolveHost } from '../../kernel/net/outbound.ts';
import { freshDatabaseUrl } from './database.ts';

export interface TestStore {
  kernel: Kernel;
  config: Config;
  dataDir: string;
  /** Lines the store printed for the operator (owner credentials, certificate notices). */
  notices: string[];
  /** A request as if it came over HTTPS (through the loopback proxy the test config trusts). */
  inject(opts: InjectOptions & { plain?: boolean }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

const sharersOf = new WeakMap<TestStore, TestStore[]>();

export interface TestStoreOptions {
  /** Extra environment (PLUGINS, ADMIN_EMAIL, RATE_LIMIT_ANONYMOUS, …). */
  env?: Record<string, string>;
  config?: Partial<Config>;
  clock?: Clock;
  /** Run the outbox dispatcher and job loops (off by default: tests drive them by hand). */
  workers?: boolean;
  /** Poll interval of those loops (50 ms by default). */
  pollMs?: number;
  /** How long dispatched marks wait to be written together (the kernel's 200 ms by default). */
  markDelayMs?: number;
  logStream?: DestinationStream;
  /** Skip `ready()` (tests of start-up failures). */
  lazy?: boolean;
  /**
   * Open another kernel on this store's DATA_DIR and database (a restart, or a second instance). The
   * first store keeps them: closing the second only stops its kernel; closing the first closes both.
   */
  shareWith?: TestStore;
  /** Folder of built-in plugins (kernel tests point at an empty folder to test the kernel alone). */
  builtInDir?: string;
  /** How outbound requests resolve host names (a name pointing at loopback without a DNS server). */
  resolveHost?: ResolveHost;
  /** Where PLUGINS entries (folders and npm package names) are resolved from; the process's cwd by default. */
  cwd?: string;
  /** Quiet before a serving store's idle collection (kernel/idle-collection.ts). */
  idleCollectionMs?: number;
}

/**
 * A real store for one test file: its own DATA_DIR, its own database (SQLite, or a fresh MariaDB
 * schema when DATABASE_URL is set), every built-in plugin loaded, no port. Requests go through
 * `inject`, marked as HTTPS by a trusted loopback proxy header unless `plain` is set.
 */
export async function startTestStore(opts: TestStoreOptions = {}): Promise<TestStore> {
  const shared = opts.shareWith;
  const dataDir = shared?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-test-'));
  const db = shared ? { url: shared.config.databaseUrl, drop: async () => undefined } : await freshDatabaseUrl();
  const sharers: TestStore[] = [];
  const notices: string[] = [];
  const config = loadConfig(
    {
      LOG_LEVEL: 'silent',
      RATE_LIMIT_ANONYMOUS: '0',
      RATE_LIMIT_AUTHENTICATED: '0',
      // No demo catalogue unless a test asks for one (`env: {DEMO_DATA: 'true'}`).
      DEMO_DATA: 'false',
      ...opts.env,
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      TRUST_PROXY: '127.0.0.1',
      BASE_URL: 'https://store.test',
    },
    { notices: (line) => notices.push(line), ...opts.config },
  );
  const kernel = createKernel(config, { clock: opts.clock, workers: opts.workers ?? false, logStream: opts.logStream, pollMs: opts.pollMs ?? 50, markDelayMs: opts.markDelayMs, builtInDir: opts.builtInDir, cwd: opts.cwd, resolveHost: opts.resolveHost, idleCollectionMs: opts.idleCollectionMs });
  const store: TestStore = {
    kernel,
    config,
    dataDir,
    notices,
    async inject(request) {
      const { plain, ...rest } = request;
      const headers = { ...(rest.headers ?? {}) } as Record<string, string>;
      if (!plain) headers['x-forwarded-proto'] = 'https';
      return kernel.inject({ ...rest, headers });
    },
    async close() {
      await Promise.all(sharers.map((s) => s.close()));
      await kernel.stop();
      if (shared) return;
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  // The first store closes the kernels that share its database before it drops that database.
  sharersOf.set(store, sharers);
  if (shared) sharersOf.get(shared)?.push(store);
  if (!opts.lazy) {
    try {
      await kernel.ready();
    } catch (err) {
      await store.close().catch(() => undefined);
      throw err;
    }
  }
  return store;
}
