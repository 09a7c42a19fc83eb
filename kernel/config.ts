import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseUrlProblem } from './db/database-url.ts';

/** Everything the kernel reads from the environment, parsed once and frozen. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** MySQL/MariaDB: the most connections this process opens to the database (DATABASE_POOL_MAX). */
  databasePoolMax: number;
  redisUrl?: string;
  baseUrl: string;
  tlsCertFile?: string;
  tlsKeyFile?: string;
  trustProxy: string[];
  smtpUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  demoData?: boolean;
  rateLimitAnonymous: number;
  rateLimitAuthenticated: number;
  /** Memory for cached anonymous catalogue answers, in MiB; 0 turns the response cache off. */
  responseCacheMb: number;
  /** How long a client may take to send a whole request (headers and body) before a 408, in ms. */
  requestTimeoutMs: number;
  /** How long a stopping store keeps answering kept-alive connections (503, then closed), in ms. */
  shutdownGraceMs: number;
  plugins: string[];
  logLevel: string;
  /** The default active theme (until staff activate one through the API): a theme's name. */
  theme: string;
  /** Where themes are found. */
  themesDir: string;
  /** More themes: npm package names or folder paths (THEMES), resolved like PLUGINS. */
  themes: string[];
  /** Outbound requests (webhooks, …) may reach loopback and private networks (OUTBOUND_ALLOW_PRIVATE). */
  outboundAllowPrivate: boolean;
  /** A bearer token that may read GET /metrics besides staff (METRICS_TOKEN); unset: staff only. */
  metricsToken?: string;
  /** Where the one-time owner credentials and other operator notices are printed. */
  notices: (line: string) => void;
  /** The environment the configuration was read from: plugins' settings take defaults from it (`x-env`). */
  env: Readonly<Record<string, string | undefined>>;
}

export class ConfigError extends Error {}

/** The repository's own themes folder, the default of THEMES_DIR. */
const BUNDLED_THEMES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'themes');
// A theme is a folder name, never a path: THEME cannot reach outside THEMES_DIR.
const THEME_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}".`);
  return Number(raw);
}

function bool(env: Env, name: string): boolean | undefined {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return undefined;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}".`);
}

function list(raw: string | undefined): string[] {
  return (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

// The names proxy-addr knows for address ranges, besides addresses and CIDRs.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

// TRUST_PROXY entries are checked here so that a value like "true" is a clear start-up refusal rather
// than a stack trace from deep inside the HTTP framework.
function proxyList(raw: string | undefined): string[] {
  const entries = list(raw);
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split('/');
    const version = net.isIP(address!);
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 6 ? 128 : 32));
    if (PROXY_RANGE_NAMES.has(entry) || (version !== 0 && prefixOk && extra === undefined)) continue;
    throw new ConfigError(`TRUST_PROXY must list proxy addresses or CIDRs (or loopback, linklocal, uniquelocal), comma-separated; "${entry}" is none of those.`);
  }
  return entries;
}

// A scraper sends it as `Authorization: Bearer <token>`: one header word, long enough not to be guessed.
function metricsToken(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^[\x21-\x7e]{16,}$/.test(raw)) throw new ConfigError('METRICS_TOKEN must be at least 16 printable characters without spaces.');
  return raw;
}

/** Builds the configuration from environment variables (the README's configuration table), with overrides for tests. */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env, 'PORT', 8443);
  const databaseUrl = env.DATABASE_URL || undefined;
  const databaseProblem = databaseUrl && databaseUrlProblem(databaseUrl);
  if (databaseProblem) throw new ConfigError(databaseProblem);
  const config: Config = {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    databasePoolMax: int(env, 'DATABASE_POOL_MAX', 20),
    redisUrl: env.REDIS_URL || undefined,
    baseUrl: (env.BASE_URL || `https://localhost:${port}`).replace(/\/+$/, ''),
    tlsCertFile: env.TLS_CERT_FILE || undefined,
    tlsKeyFile: env.TLS_KEY_FILE || undefined,
    trustProxy: proxyList(env.TRUST_PROXY),
    smtpUrl: env.SMTP_URL || undefined,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoData: bool(env, 'DEMO_DATA'),
    rateLimitAnonymous: int(env, 'RATE_LIMIT_ANONYMOUS', 1200),
    rateLimitAuthenticated: int(env, 'RATE_LIMIT_AUTHENTICATED', 12000),
    responseCacheMb: int(env, 'RESPONSE_CACHE_MB', 64),
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 10_000),
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 5_000),
    plugins: list(env.PLUGINS),
    logLevel: env.LOG_LEVEL || 'info',
    theme: env.THEME || 'default',
    themesDir: env.THEMES_DIR ? path.resolve(env.THEMES_DIR) : BUNDLED_THEMES_DIR,
    themes: list(env.THEMES),
    outboundAllowPrivate: bool(env, 'OUTBOUND_ALLOW_PRIVATE') ?? false,
    metricsToken: metricsToken(env.METRICS_TOKEN),
    notices: (line) => process.stdout.write(line + '\n'),
    env: Object.freeze({ ...env }),
    ...overrides,
  };
  if (config.databasePoolMax < 1) throw new ConfigError('DATABASE_POOL_MAX must be 1 or more.');
  if (!THEME_NAME.test(config.theme)) {
    throw new ConfigError(`THEME must be a theme's folder name (letters, digits, "-" and "_"), got "${config.theme}".`);
  }
  if ((config.tlsCertFile === undefined) !== (config.tlsKeyFile === undefined)) {
    throw new ConfigError('TLS_CERT_FILE and TLS_KEY_FILE must be set together.');
  }
  return Object.freeze(config);
}
