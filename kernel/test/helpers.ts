import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { startTestStore, type TestStore, type TestStoreOptions } from '../../test/helpers/store.ts';

export const EXAMPLES = 'examples/hello-plugin,examples/hello-shout';

// Kernel tests prove the kernel alone: the built-in plugins (written and tested on their own) stay out.
const NO_BUILT_INS = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-no-built-ins-'));
process.on('exit', () => fs.rmSync(NO_BUILT_INS, { recursive: true, force: true }));

/** A test store with only the kernel and the plugins named in `env.PLUGINS`. */
export function kernelStore(opts: TestStoreOptions = {}): Promise<TestStore> {
  return startTestStore({ builtInDir: NO_BUILT_INS, ...opts });
}

/** A test store with the two example plugins loaded through PLUGINS, as an operator would. */
export function exampleStore(opts: TestStoreOptions = {}): Promise<TestStore> {
  return kernelStore({ ...opts, env: { PLUGINS: EXAMPLES, ...opts.env } });
}

const KERNEL_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The kernel's module URL for throwaway plugins written into temp folders (`plugin.ts`, `http/errors.ts`). */
export function kernelModule(file: string): string {
  return pathToFileURL(path.join(KERNEL_DIR, file)).href;
}

/**
 * Writes throwaway plugin folders into a fresh temp dir: name → index.ts source (and optional extra
 * files). Returns the folder of each, for PLUGINS.
 */
export function writePlugins(plugins: Record<string, string | Record<string, string>>): { root: string; dirs: Record<string, string>; remove: () => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-plugins-'));
  const dirs: Record<string, string> = {};
  for (const [folder, content] of Object.entries(plugins)) {
    const dir = path.join(root, folder);
    const given = typeof content === 'string' ? { 'index.ts': content } : content;
    // Outside the repository a .ts file is CommonJS unless its package says otherwise, as a real plugin's does.
    const files = { 'package.json': JSON.stringify({ name: `storekeep-plugin-${folder}`, type: 'module', main: 'index.ts' }), ...given };
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    dirs[folder] = dir;
  }
  return { root, dirs, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** Source of a minimal plugin: `definePlugin({name, dependsOn, register})` with `body` as register's body. */
export function pluginSource(name: string, opts: { dependsOn?: string[]; body?: string; imports?: string } = {}): string {
  return `import { definePlugin } from ${JSON.stringify(kernelModule('plugin.ts'))};
${opts.imports ?? ''}
export default definePlugin({
  name: ${JSON.stringify(name)},
  version: '0.0.1',
  dependsOn: ${JSON.stringify(opts.dependsOn ?? [])},
  async register(ctx) {
    ${opts.body ?? ''}
  },
});
`;
}

/** A log stream for a test store (`logStream`) that keeps every JSON line it is given, parsed, in `lines`. */
export function captureLogs(): { lines: any[]; logStream: Writable } {
  const lines: any[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logStream };
}

/**
 * Counts the child loggers made from now on. Every logger of the store descends from the kernel's
 * (pino makes children from their parent), so this counts the children made of any of them.
 */
export function countLoggerChildren(store: TestStore): { count: number } {
  const counter = { count: 0 };
  const child = store.kernel.logger.child;
  store.kernel.logger.child = function (this: unknown, ...args: Parameters<typeof child>) {
    counter.count++;
    return child.apply(this as never, args);
  } as typeof child;
  return counter;
}

/** POSTs JSON to a store through inject. */
export function postJson(store: TestStore, url: string, body: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return store.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
}

/** Asserts nothing in a response body looks like a stack trace or an internal message. */
export function hasStackTrace(text: string): boolean {
  return /\bat .+\(.+:\d+:\d+\)|\n\s+at |node:internal|\.ts:\d+/.test(text);
}

/**
 * Waits until `check` returns a truthy value (polling every 10 ms) and returns it; fails after
 * `deadlineMs`, which only bounds a hung test and is far above what the awaited work needs.
 */
export async function waitFor<T>(check: () => Promise<T> | T, what: string, deadlineMs = 10_000): Promise<T> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`Gave up waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Counts rows of a table matching `where`. */
export async function countRows(knex: import('knex').Knex, table: string, where: Record<string, unknown> = {}): Promise<number> {
  const row = await knex(table).where(where).count({ n: '*' }).first();
  return Number((row as { n: number | string }).n);
}

/** The resolved URL of a package the repository has, for throwaway plugins outside it to import. */
export function packageUrl(name: string): string {
  return import.meta.resolve(name);
}

/**
 * A throwaway stand-in for core-auth: taps `kernel.authenticate` so that `Authorization: Token test-<n>`
 * is API key n, and any other Authorization header is refused with a 401.
 */
export function fakeAuthSource(): string {
  return pluginSource('fake-auth', {
    imports: `import { authenticationFailed } from ${JSON.stringify(kernelModule('http/errors.ts'))};`,
    body: `
      ctx.hooks.get('kernel').authenticate.tapPromise({ name: 'fake-auth' }, async (request) => {
        const header = request.headers.authorization;
        if (header === undefined) return undefined;
        const match = /^Token test-(\\d+)$/.exec(header);
        if (!match) throw authenticationFailed('Invalid token.');
        return { kind: 'api_key', id: Number(match[1]), name: 'test key', mode: 'live', scopes: [], via: 'token' };
      });
    `,
  });
}

export interface WireResponse {
  status: number;
  headers: import('node:http').IncomingHttpHeaders;
  body: string;
  /** The server certificate (DER) on HTTPS. */
  certificate?: Buffer;
  json(): any;
}

/** One request over a real socket (no keep-alive), HTTPS accepting the self-signed certificate. */
export async function wire(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<WireResponse> {
  const { request } = url.startsWith('https:') ? await import('node:https') : await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(url, { method: opts.method ?? 'GET', headers: opts.headers, agent: false, rejectUnauthorized: false } as any, (res) => {
      const chunks: Buffer[] = [];
      const socket = res.socket as import('node:tls').TLSSocket;
      const certificate = typeof socket.getPeerCertificate === 'function' ? socket.getPeerCertificate().raw : undefined;
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode!, headers: res.headers, body, certificate, json: () => JSON.parse(body) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/** The port a started kernel listens on. */
export function portOf(store: { kernel: { app?: { server: import('node:net').Server } } }): number {
  return (store.kernel.app!.server.address() as import('node:net').AddressInfo).port;
}
