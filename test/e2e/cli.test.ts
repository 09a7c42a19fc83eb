import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { REPO_ROOT } from '../helpers/process.ts';

// Runs `npx storekeep …` (bin/storekeep.mjs) as an operator would, against the store's DATA_DIR/database.
// It blocks this process while it runs; the reads of the store see its commits from the next turn of
// the event loop on (a turn's reads share one snapshot on SQLite), as a request arriving afterwards
// would, so the helper lets the turn end before it returns.
async function cli(store: TestStore, args: string[]) {
  const result = spawnSync(process.execPath, ['bin/storekeep.mjs', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, DATA_DIR: store.dataDir, DATABASE_URL: store.config.databaseUrl ?? '', LOG_LEVEL: 'warn' },
  });
  await new Promise((resolve) => setImmediate(resolve));
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('the CLI works while the server runs: a key created from the shell is accepted at once, revoked from the shell refused at once', async (t) => {
  const store = await startTestStore();
  t.after(() => store.close());
  await store.inject({ method: 'GET', url: '/healthz' });

  const created = await cli(store, ['apikey', 'create', '--name', 'shell key']);
  assert.equal(created.code, 0, created.stderr);
  const key = created.stdout.trim();
  assert.match(key, /^sk_live_[A-Za-z0-9_-]{40,}$/, 'prints only the key');

  const me = await store.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: { authorization: `Token ${key}` } });
  assert.equal(me.statusCode, 200, me.body);
  assert.equal(me.json().name, 'shell key');

  const listed = await cli(store, ['apikey', 'list']);
  assert.equal(listed.code, 0, listed.stderr);
  assert.match(listed.stdout, /shell key/);
  assert.ok(!listed.stdout.includes(key), 'the list never shows a key');
  const id = String(me.json().id);

  const revoked = await cli(store, ['apikey', 'revoke', id]);
  assert.equal(revoked.code, 0, revoked.stderr);
  const after = await store.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: { authorization: `Token ${key}` } });
  assert.equal(after.statusCode, 401);
});

test('the CLI lists plugins, migrates, and explains unknown commands and missing options', async (t) => {
  const store = await startTestStore();
  t.after(() => store.close());
  const plugins = await cli(store, ['plugins', 'list']);
  assert.equal(plugins.code, 0, plugins.stderr);
  assert.match(plugins.stdout, /core-store@\S+\s+built-in/);
  assert.match(plugins.stdout, /core-auth@\S+\s+built-in \(depends on core-store\)/);
  const migrate = await cli(store, ['migrate']);
  assert.equal(migrate.code, 0);
  assert.match(migrate.stdout, /up to date/);
  const unknown = await cli(store, ['frobnicate']);
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /Unknown command "frobnicate"/);
  const missing = await cli(store, ['apikey', 'create']);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /--name is required/);
  const staff = await cli(store, ['staff', 'create', '--email', 'clerk@example.com', '--password', 'long enough password']);
  assert.equal(staff.code, 0, staff.stderr);
  const login = await store.kernel.knex('users').where({ email: 'clerk@example.com' }).first();
  assert.equal(login.kind, 'staff');
});
