import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exampleStore, kernelStore, pluginSource, writePlugins } from './helpers.ts';

test('migrations run once: each is recorded per owner, and a second start on the same database applies nothing', async (t) => {
  const first = await exampleStore();
  t.after(() => first.close());
  const rows = await first.kernel.knex('storekeep_migrations').select('owner', 'name').orderBy('id');
  assert.deepEqual(
    rows.map((r) => `${r.owner}/${r.name}`),
    ['kernel/001-events', 'kernel/002-jobs', 'kernel/003-idempotency-keys', 'kernel/004-idempotency-claims', 'kernel/005-plugin-settings', 'kernel/006-events-claim-index', 'kernel/007-events-due-index-dropped', 'hello/001-greetings'],
  );
  await first.kernel.knex('hello_greetings').insert({ name: 'kept', message: 'kept', created_at: new Date(), updated_at: new Date() });
  await first.kernel.stop();

  const second = await exampleStore({ shareWith: first, lazy: true });
  assert.deepEqual(await second.kernel.migrate(), []);
  assert.equal(await second.kernel.knex('storekeep_migrations').count({ n: '*' }).first().then((r: any) => Number(r.n)), 8);
  // The table was not recreated: the row written before the restart is still there.
  assert.deepEqual(await second.kernel.knex('hello_greetings').pluck('name'), ['kept']);
});

test('a plugin added later gets only its own migrations applied', async (t) => {
  const first = await kernelStore({ env: { PLUGINS: 'examples/hello-plugin' } });
  t.after(() => first.close());
  await first.kernel.stop();
  const tmp = writePlugins({
    extra: {
      'index.ts': pluginSource('extra'),
      'migrations/001-notes.ts': "export async function up(knex) { await knex.schema.createTable('extra_notes', (t) => { t.bigIncrements('id'); t.string('body', 50); }); }\n",
      'migrations/002-more.ts': "export async function up(knex) { await knex.schema.alterTable('extra_notes', (t) => { t.string('title', 50); }); }\n",
      'migrations/README.md': 'not a migration\n',
    },
  });
  t.after(tmp.remove);
  const second = await kernelStore({ shareWith: first, lazy: true, env: { PLUGINS: `examples/hello-plugin,${tmp.dirs.extra}` } });
  assert.deepEqual(await second.kernel.migrate(), ['extra/001-notes', 'extra/002-more']);
  assert.equal(await second.kernel.knex.schema.hasColumn('extra_notes', 'title'), true);
});

test('a failing migration names itself, and neither its changes nor its record are kept', async (t) => {
  const tmp = writePlugins({
    broken: {
      'index.ts': pluginSource('broken'),
      'migrations/001-ok.ts': "export async function up(knex) { await knex.schema.createTable('broken_ok', (t) => { t.bigIncrements('id'); }); }\n",
      'migrations/002-bad.ts': "export async function up(knex) { await knex('broken_ok').insert({ id: 1 }); await knex.raw('select * from no_such_table'); }\n",
    },
  });
  t.after(tmp.remove);
  const store = await kernelStore({ lazy: true, env: { PLUGINS: tmp.dirs.broken } });
  t.after(() => store.close());
  await assert.rejects(store.kernel.migrate(), (err: Error) => {
    assert.match(err.message, /^Migration broken\/002-bad failed: .*no_such_table/);
    return true;
  });
  const names = await store.kernel.knex('storekeep_migrations').where('owner', 'broken').pluck('name');
  assert.deepEqual(names, ['001-ok']);
  assert.deepEqual(await store.kernel.knex('broken_ok').pluck('id'), []);
});
