// The store under test, in its own process: the real kernel with every built-in plugin, over HTTPS.
// Plain JavaScript over the compiled store in dist/ (bench/lib/store.ts builds it first), with no
// TypeScript loader in the process: what `storekeep serve` runs after `npm ci`.
import { serveParent } from './ipc-child.mjs';

const { loadConfig } = await import('../../dist/kernel/config.js');
const { createKernel } = await import('../../dist/kernel/kernel.js');
const { isSqlite } = await import('../../dist/kernel/db/dialect.js');
const { limitHeapGrowth } = await import('../../dist/kernel/heap-growth.js');

// As `storekeep serve` does before it creates the kernel.
limitHeapGrowth();

const kernel = createKernel(loadConfig(process.env));

async function databaseVersion() {
  if (isSqlite(kernel.knex)) {
    const rows = await kernel.knex.raw('select sqlite_version() as v');
    return `SQLite ${rows[0].v}`;
  }
  const [rows] = await kernel.knex.raw('select version() as v');
  return `MySQL/MariaDB ${rows[0].v}`;
}

// An API key for seeding through the API, made with core-auth's service (absent without core-auth).
async function apiKey() {
  if (!kernel.container.hasRegistration('apiKeyService')) return undefined;
  const service = kernel.container.resolve('apiKeyService');
  return (await service.create(kernel.knex, { name: 'bench', mode: 'live' })).key;
}

// A CPU profile of one phase (StoreHandle.profile): node:inspector's sampling profiler in this process,
// from `profile-start` to `profile-stop`, written as a .cpuprofile (Chrome DevTools, `--cpu-prof`'s format).
let profiler;

serveParent({
  async 'profile-start'(message) {
    const { Session } = await import('node:inspector/promises');
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: message.intervalUs ?? 500 });
    await profiler.post('Profiler.start');
  },
  async 'profile-stop'(message) {
    if (!profiler) throw new Error('profile-stop without profile-start');
    const { profile } = await profiler.post('Profiler.stop');
    profiler.disconnect();
    profiler = undefined;
    const fs = await import('node:fs');
    fs.writeFileSync(message.file, JSON.stringify(profile));
  },
  async start() {
    const app = await kernel.start();
    const { port } = app.server.address();
    return { port, apiKey: await apiKey(), dbVersion: await databaseVersion(), plugins: kernel.plugins.map((p) => p.plugin.name) };
  },
  async stop() {
    await kernel.stop();
    setImmediate(() => process.exit(0));
  },
});
