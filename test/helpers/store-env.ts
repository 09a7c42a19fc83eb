import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDatabaseUrl } from './database.ts';
import { freePort } from './process.ts';

/**
 * The settings of a store started as a process of its own (`npm start`, `storekeep serve`): a
 * temporary DATA_DIR, a fresh database (SQLite in DATA_DIR, or a fresh MariaDB database in the MariaDB
 * pass) and a free loopback port, all removed after the test. `extra` adds or overrides settings.
 */
export async function storeProcessEnv(
  t: { after: (fn: () => unknown) => void },
  name: string,
  extra: Record<string, string> = {},
): Promise<{ port: number; dataDir: string; env: Record<string, string> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `storekeep-${name}-`));
  const db = await freshDatabaseUrl();
  t.after(async () => {
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const port = await freePort();
  const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: db.url ?? '', ...extra };
  return { port, dataDir, env };
}
