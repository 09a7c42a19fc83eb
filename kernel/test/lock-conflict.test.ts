import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hasStackTrace, kernelStore, pluginSource, writePlugins } from './helpers.ts';

// A route whose transaction has to wait for a row another connection holds: on MariaDB the wait ends in
// ER_LOCK_WAIT_TIMEOUT, which must reach the client as a retryable 503, not as a crash.
const plugin = pluginSource('locker', {
  imports: `import type { Knex } from 'knex';`,
  body: `
    ctx.routes.add({
      method: 'POST',
      path: '/api/v1/locker/',
      auth: 'public',
      summary: 'Locks the row of locker_rows 1.',
      schema: { response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } } },
      handler: async (request) => {
        const trx = request.trx as Knex.Transaction;
        await trx.raw('SET SESSION innodb_lock_wait_timeout = 1');
        await trx('locker_rows').where('id', 1).forUpdate().first();
        await trx('locker_rows').where('id', 1).update({ n: 2 });
        return { ok: true };
      },
    });`,
});

test('on MariaDB, a request that loses a lock wait answers 503 busy with Retry-After and writes nothing', { skip: !process.env.DATABASE_URL && 'needs DATABASE_URL (MariaDB): SQLite serialises writers instead of timing out row locks' }, async (t) => {
  const plugins = writePlugins({ locker: plugin });
  t.after(() => plugins.remove());
  const store = await kernelStore({ env: { PLUGINS: plugins.dirs.locker! } });
  t.after(() => store.close());
  const knex = store.kernel.knex;
  await knex.schema.createTable('locker_rows', (table) => {
    table.integer('id').primary();
    table.integer('n').notNullable();
  });
  await knex('locker_rows').insert({ id: 1, n: 1 });

  const holder = await knex.transaction();
  t.after(() => holder.rollback().catch(() => undefined));
  await holder('locker_rows').where('id', 1).forUpdate().first();

  const res = await store.inject({ method: 'POST', url: '/api/v1/locker/', headers: { 'content-type': 'application/json' }, payload: '{}' });
  assert.equal(res.statusCode, 503, res.body);
  assert.equal(res.headers['retry-after'], '1');
  const body = res.json();
  assert.equal(body.code, 'busy');
  assert.match(body.detail, /nothing was saved/);
  assert.ok(!hasStackTrace(res.body));
  await holder.rollback();

  assert.equal((await knex('locker_rows').where('id', 1).first()).n, 1, 'the refused request changed nothing');
  const again = await store.inject({ method: 'POST', url: '/api/v1/locker/', headers: { 'content-type': 'application/json' }, payload: '{}' });
  assert.equal(again.statusCode, 200, again.body);
  assert.equal((await knex('locker_rows').where('id', 1).first()).n, 2);
});
