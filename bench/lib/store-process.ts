// The store under test, in its own process: the real kernel with every built-in plugin, over HTTPS.
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../kernel/config.ts';
import { createKernel } from '../../kernel/kernel.ts';
import { isSqlite } from '../../kernel/db/dialect.ts';
import { serveParent } from './ipc.ts';

const kernel = createKernel(loadConfig(process.env));

async function databaseVersion(): Promise<string> {
  if (isSqlite(kernel.knex)) {
    const rows = await kernel.knex.raw('select sqlite_version() as v');
    return `SQLite ${rows[0].v}`;
  }
  const [rows] = await kernel.knex.raw('select version() as v');
  return `MySQL/MariaDB ${rows[0].v}`;
}

// An API key for seeding through the API, made with core-auth's service (absent without core-auth).
async function apiKey(): Promise<string | undefined> {
  if (!kernel.container.hasRegistration('apiKeyService')) return undefined;
  const service = kernel.container.resolve('apiKeyService') as { create(db: unknown, input: { name: string; mode: string }): Promise<{ key: string }> };
  return (await service.create(kernel.knex, { name: 'bench', mode: 'live' })).key;
}

serveParent({
  async start() {
    const app = await kernel.start();
    const port = (app.server.address() as AddressInfo).port;
    return { port, apiKey: await apiKey(), dbVersion: await databaseVersion(), plugins: kernel.plugins.map((p) => p.plugin.name) };
  },
  async stop() {
    await kernel.stop();
    setImmediate(() => process.exit(0));
  },
});
