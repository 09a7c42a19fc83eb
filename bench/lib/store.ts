import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { buildDist } from '../../scripts/build.mjs';
import { distIsCurrent } from '../../scripts/build-stamp.mjs';
import { Child, REPO_ROOT, servingEnvironment, servingNodeFlags, type ProcessStats } from './ipc.ts';
import type { DbKind } from './options.ts';
import { mysqlServerOptions, mysqlTarget } from '../../kernel/db/database-url.ts';

/** A running store under test, in its own process, with its own DATA_DIR and database. */
export interface StoreHandle {
  db: DbKind;
  dbVersion: string;
  origin: string;
  port: number;
  dataDir: string;
  /** A live API key (core-auth), for seeding through the API. */
  apiKey?: string;
  plugins: string[];
  /** The store's generated TLS certificate and key, PEM (the ceiling server serves the same ones). */
  tls: { cert: string; key: string };
  stats(): Promise<ProcessStats>;
  /**
   * Profiles the store's CPU from `start` to `stop` (its main thread, sampled every `intervalUs`), and
   * writes the profile to `file` (`.cpuprofile`, which Chrome DevTools opens): one phase's profile,
   * without the start-up and seeding `--cpu-prof` would hold too.
   */
  profile: { start(intervalUs?: number): Promise<void>; stop(file: string): Promise<void> };
  stop(): Promise<void>;
}

/** A free TCP port on loopback (the kernel is then started on it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface FreshDatabase {
  url?: string;
  drop(): Promise<void>;
}

async function adminConnection(serverUrl: string) {
  const target = mysqlTarget(serverUrl);
  return mysql.createConnection({ ...mysqlServerOptions(target), user: target.user, password: target.password });
}

/** A database of the bench's own on the MySQL/MariaDB server, dropped when the run ends. */
async function freshMysqlDatabase(serverUrl: string): Promise<FreshDatabase> {
  const name = `storekeep_bench_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  let admin;
  try {
    admin = await adminConnection(serverUrl);
  } catch (err) {
    throw new Error(`Cannot reach MySQL/MariaDB at ${serverUrl} (${(err as Error).message}); set BENCH_MYSQL_URL or run with --db sqlite.`);
  }
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const conn = await adminConnection(serverUrl);
      await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await conn.end();
    },
  };
}

/**
 * Starts the real store (createKernel + loadConfig in a child process) over HTTPS on a free loopback
 * port: temp DATA_DIR, rate limits off, LOG_LEVEL warn, no demo data; SQLite or a fresh MySQL database.
 */
export async function startStore(db: DbKind, opts: { mysqlUrl: string; env?: Record<string, string>; nodeFlags?: string[] }): Promise<StoreHandle> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-bench-'));
  const database: FreshDatabase = db === 'mysql' ? await freshMysqlDatabase(opts.mysqlUrl) : { drop: async () => undefined };
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'PLUGINS', 'TLS_CERT_FILE', 'TLS_KEY_FILE', 'TRUST_PROXY', 'SMTP_URL']) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: `https://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_ANONYMOUS: '0',
    RATE_LIMIT_AUTHENTICATED: '0',
    DEMO_DATA: 'false',
    // The webhook fan-out's receiver listens on loopback.
    OUTBOUND_ALLOW_PRIVATE: 'true',
    // An owner with known credentials, so the store prints no generated password.
    ADMIN_EMAIL: 'bench@storekeep.local',
    ADMIN_PASSWORD: crypto.randomBytes(18).toString('base64url'),
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    // What the #! line of bin/storekeep.mjs sets for a real store.
    ...servingEnvironment(),
    ...opts.env,
  });
  // The compiled store, as `storekeep serve` runs it after `npm ci` (built now if the sources changed).
  if (!distIsCurrent(REPO_ROOT)) await buildDist();
  const child = new Child('store-process.mjs', env, [...servingNodeFlags(), ...(opts.nodeFlags ?? [])]);
  const cleanUp = async () => {
    await child.stop();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  let started: { port: number; apiKey?: string; dbVersion: string; plugins: string[] };
  try {
    started = await child.ask({ type: 'start' }, 300_000);
  } catch (err) {
    await cleanUp().catch(() => undefined);
    throw new Error(`The store did not start on ${db}: ${(err as Error).message}`);
  }
  return {
    db,
    dbVersion: started.dbVersion,
    origin: `https://127.0.0.1:${started.port}`,
    port: started.port,
    dataDir,
    apiKey: started.apiKey,
    plugins: started.plugins,
    tls: { cert: fs.readFileSync(path.join(dataDir, 'tls', 'cert.pem'), 'utf8'), key: fs.readFileSync(path.join(dataDir, 'tls', 'key.pem'), 'utf8') },
    stats: () => child.stats(),
    profile: {
      start: async (intervalUs = 500) => void (await child.ask({ type: 'profile-start', intervalUs })),
      stop: async (file: string) => void (await child.ask({ type: 'profile-stop', file })),
    },
    stop: cleanUp,
  };
}
