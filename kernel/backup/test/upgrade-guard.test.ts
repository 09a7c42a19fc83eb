import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestStore } from '../../../test/helpers/store.ts';
import { freePort, run } from '../../../test/helpers/process.ts';
import { exampleStore, pluginSource, writePlugins } from '../../test/helpers.ts';
import { STORE_VERSION } from '../../plugin-compat.ts';
import { cli, cliOk, cliRefuses, emptyStore, locationOf } from './helpers.ts';

// Migrations only go forward (part 5 of the backup issue): each is recorded with the Storekeep version
// that applied it, and code older than its database refuses to start rather than serve a schema it
// does not know.
const NEWER = /This database was migrated by Storekeep 9\.9\.9, newer than this 0\.1\.0; start Storekeep 9\.9\.9 or later, or restore a backup taken before the upgrade \(migrations only go forward\)\.$/;

test('a database a newer Storekeep migrated: npm start and the CLI refuse in one line, and backup writes nothing', async (t) => {
  const store = await startTestStore();
  t.after(() => store.close());
  await store.kernel.knex('storekeep_migrations').insert({ owner: 'kernel', name: '900-from-the-future', applied_at: new Date(), store_version: '9.9.9' });
  await store.kernel.stop();
  const at = locationOf(store);
  const archive = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-guard-')), 'store.ndjson.gz');
  t.after(() => fs.rmSync(path.dirname(archive), { recursive: true, force: true }));

  const start = run(process.execPath, ['--import', 'tsx', 'kernel/main.ts'], { DATA_DIR: at.dataDir, DATABASE_URL: at.databaseUrl ?? '', PORT: String(await freePort()), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
  t.after(() => start.child.kill('SIGKILL'));
  const [code] = await Promise.all([
    start.exited,
    cliRefuses(at, ['migrate'], new RegExp(`^${NEWER.source}`)),
    cliRefuses(at, ['backup', archive], new RegExp(`^${NEWER.source}`)),
  ]);
  assert.equal(code, 1);
  const output = start.output().trim();
  assert.match(output, new RegExp(`^Storekeep could not start: ${NEWER.source}`));
  assert.equal(output.split('\n').length, 1, `one line:\n${output}`);
  assert.ok(!fs.existsSync(archive) && !fs.existsSync(`${archive}.partial`), 'no archive');
  const after = await startTestStore({ shareWith: store, lazy: true });
  const rows = await after.kernel.knex('storekeep_migrations').where({ name: '900-from-the-future' }).select('store_version');
  assert.deepEqual(rows.map((r) => r.store_version), ['9.9.9'], 'nothing changed');
});

test('an unknown migration of the kernel or an installed plugin refuses the start; one of a plugin no longer installed does not', async (t) => {
  const first = await exampleStore();
  t.after(() => first.close());
  await first.kernel.stop();
  const knex = (await exampleStore({ shareWith: first, lazy: true })).kernel.knex;
  const migrateAgain = async () => (await exampleStore({ shareWith: first, lazy: true })).kernel.migrate();

  await knex('storekeep_migrations').insert({ owner: 'hello', name: '999-newer', applied_at: new Date(), store_version: null });
  await assert.rejects(migrateAgain(), { message: /^This database has migration hello\/999-newer, which plugin "hello" installed here does not have: a newer version of that plugin migrated it; install that version, or restore a backup taken before the upgrade/ });
  await knex('storekeep_migrations').where({ owner: 'hello', name: '999-newer' }).update({ owner: 'kernel' });
  await assert.rejects(migrateAgain(), { message: /^This database has migration kernel\/999-newer, which this Storekeep 0\.1\.0 does not have: a newer Storekeep migrated it/ });

  // An uninstalled plugin leaves its tables and its migration rows behind: the store runs without them.
  await knex('storekeep_migrations').where({ name: '999-newer' }).update({ owner: 'uninstalled-plugin', store_version: STORE_VERSION });
  assert.deepEqual(await migrateAgain(), []);
});

test('a database from before the guard gets the store_version column; migrations from then on record the version', async (t) => {
  const first = await exampleStore();
  t.after(() => first.close());
  await first.kernel.stop();
  const knex = (await exampleStore({ shareWith: first, lazy: true })).kernel.knex;
  await knex.raw('ALTER TABLE storekeep_migrations DROP COLUMN store_version');
  const tmp = writePlugins({
    later: {
      'index.ts': pluginSource('later'),
      'migrations/001-later-notes.ts': "export async function up(knex) { await knex.schema.createTable('later_notes', (t) => { t.bigIncrements('id'); }); }\n",
    },
  });
  t.after(tmp.remove);
  const second = await exampleStore({ shareWith: first, lazy: true, env: { PLUGINS: `examples/hello-plugin,examples/hello-shout,${tmp.dirs.later}` } });
  assert.deepEqual(await second.kernel.migrate(), ['later/001-later-notes']);
  const rows = await knex('storekeep_migrations').select('owner', 'name', 'store_version').orderBy('id');
  assert.deepEqual(rows.filter((r) => r.store_version !== null).map((r) => `${r.owner}/${r.name}@${r.store_version}`), [`later/001-later-notes@${STORE_VERSION}`]);
  assert.equal(rows.filter((r) => r.store_version === null).length, 8, 'older rows: version unknown');
});

test('restoring a backup older than the code applies the newer migrations after the load, upgrading its data; the reverse is refused', async (t) => {
  const notes = "await knex.schema.createTable('notes', (t) => { t.bigIncrements('id'); t.string('body', 100).notNullable(); });";
  const lengths =
    "await knex.schema.alterTable('notes', (t) => { t.integer('body_length'); }); for (const n of await knex('notes')) await knex('notes').where('id', n.id).update({ body_length: n.body.length });";
  const tmp = writePlugins({
    v1: { 'index.ts': pluginSource('notes'), 'migrations/001-notes.ts': `export async function up(knex) { ${notes} }\n` },
    v2: {
      'index.ts': pluginSource('notes'),
      'migrations/001-notes.ts': `export async function up(knex) { ${notes} }\n`,
      'migrations/002-note-lengths.ts': `export async function up(knex) { ${lengths} }\n`,
    },
  });
  t.after(tmp.remove);
  const v1 = { PLUGINS: tmp.dirs.v1 };
  const v2 = { PLUGINS: tmp.dirs.v2 };
  const old = await startTestStore({ env: v1 });
  t.after(() => old.close());
  await old.kernel.knex('notes').insert([{ body: 'short' }, { body: 'a longer note' }]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-upgrade-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  await cliOk(locationOf(old), ['backup', path.join(dir, 'v1.ndjson.gz')], v1);

  const upgraded = await emptyStore({ env: v2 });
  t.after(() => upgraded.close());
  const out = await cliOk(locationOf(upgraded), ['restore', path.join(dir, 'v1.ndjson.gz')], v2);
  assert.match(out, /^Then applied 1 newer migration: notes\/002-note-lengths\.$/m);
  await upgraded.kernel.ready();
  assert.deepEqual((await upgraded.kernel.knex('notes').orderBy('id').select('id', 'body', 'body_length')).map((r) => ({ ...r })), [
    { id: 1, body: 'short', body_length: 5 },
    { id: 2, body: 'a longer note', body_length: 13 },
  ]);
  const recorded = await upgraded.kernel.knex('storekeep_migrations').where({ owner: 'notes' }).orderBy('id').select('name', 'applied_at');
  const original = await old.kernel.knex('storekeep_migrations').where({ owner: 'notes' }).first();
  assert.deepEqual(recorded.map((r) => r.name), ['001-notes', '002-note-lengths']);
  assert.equal(new Date(recorded[0].applied_at).getTime(), new Date(original.applied_at).getTime(), 'the backup’s own migrations keep their original time');

  // A backup of the upgraded store does not go back into the older code.
  await cliOk(locationOf(upgraded), ['backup', path.join(dir, 'v2.ndjson.gz')], v2);
  const older = await emptyStore({ env: v1 });
  t.after(() => older.close());
  await cliRefuses(locationOf(older), ['restore', path.join(dir, 'v2.ndjson.gz')], /^This backup has migration notes\/002-note-lengths, which plugin "notes" here does not have: restore it with the version that made it, or a later one\.$/, v1);
  const left = await cli(locationOf(older), ['migrate'], v1);
  assert.equal(left.code, 0, left.stderr);
});
