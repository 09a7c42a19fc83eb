import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase } from '../db/connection.ts';
import { createTestDatabase } from '../../packages/sdk/testing/database.ts';

// DATABASE_POOL_MAX bounds the connections one instance opens to MySQL/MariaDB: the suite's server
// (DATABASE_URL's, else the local one) is asked by more statements at once than the bound allows.

test('DATABASE_POOL_MAX is read as a whole number of connections, 20 by default', () => {
  assert.equal(loadConfig({}).databasePoolMax, 20);
  assert.equal(loadConfig({ DATABASE_POOL_MAX: '5' }).databasePoolMax, 5);
  assert.throws(() => loadConfig({ DATABASE_POOL_MAX: '0' }), ConfigError);
  assert.throws(() => loadConfig({ DATABASE_POOL_MAX: 'many' }), ConfigError);
});

test('a store opens at most DATABASE_POOL_MAX connections to MySQL/MariaDB, however many statements wait', async (t) => {
  const database = await createTestDatabase(process.env.DATABASE_URL || 'mysql://root@127.0.0.1:3306/test', `sk_pool_${process.pid}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-pool-'));
  const knex = createDatabase({ databaseUrl: database.url!, dataDir: dir, databasePoolMax: 3 });
  t.after(async () => {
    await knex.destroy();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  // Twelve statements at once, each holding its connection for a moment.
  const rows = await Promise.all(Array.from({ length: 12 }, () => knex.raw('select connection_id() as id, sleep(0.05) as slept')));
  const connections = new Set(rows.map(([[row]]: any) => row.id));
  assert.equal(connections.size, 3);
});
