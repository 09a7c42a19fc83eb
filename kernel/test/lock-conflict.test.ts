import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { TestStore } from '../../test/helpers/store.ts';
import { hasStackTrace, kernelModule, kernelStore, pluginSource, waitFor, writePlugins } from './helpers.ts';
import { isSqlite, parseJson } from '../db/dialect.ts';

// The driver the store uses, opened directly for a second writer on the store's SQLite file.
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => { exec(sql: string): void; close(): void };

// A route whose transaction has to wait for a row another connection holds: on MariaDB the wait ends in
// ER_LOCK_WAIT_TIMEOUT. The kernel runs the transaction again a few times; when the lock is still held
// after the last attempt, the client gets a retryable 503, not a crash.
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

// A route that writes row 1 of retry_rows, emits an event and sets a header named after its attempt.
// Its lock waits are short (1 s on MariaDB, 100 ms on SQLite) so a held lock makes an attempt fail fast.
const retried = pluginSource('retried', {
  imports: `import type { Knex } from 'knex';
import { isSqlite } from ${JSON.stringify(kernelModule('db/dialect.ts'))};
import { markOutsideEffect } from ${JSON.stringify(kernelModule('db/transaction-retry.ts'))};
const seen = { attempts: 0 };`,
  body: `
    ctx.routes.add({
      method: 'GET',
      path: '/api/v1/retried/attempts/',
      auth: 'public',
      summary: 'How many attempts the POST started.',
      schema: { response: { 200: { type: 'object', properties: { attempts: { type: 'integer' } } } } },
      handler: async () => ({ attempts: seen.attempts }),
    });
    const write = async (request: any, reply: any, outside: boolean) => {
      const trx = request.trx as Knex.Transaction;
      const attempt = ++seen.attempts;
      reply.code(201).header('x-attempt-' + attempt, 'yes').header('location', '/attempt/' + attempt);
      if (outside) markOutsideEffect(trx);
      const sqlite = isSqlite(trx);
      await trx.raw(sqlite ? 'PRAGMA busy_timeout = 100' : 'SET SESSION innodb_lock_wait_timeout = 1');
      try {
        await ctx.events.emit(trx, 'retried.written', { attempt });
        await trx('retry_rows').where('id', 1).update({ n: attempt });
      } finally {
        if (sqlite) await trx.raw('PRAGMA busy_timeout = 10000');
      }
      return { attempt };
    };
    for (const [path, outside] of [['/api/v1/retried/', false], ['/api/v1/retried/outside/', true]] as const) {
      ctx.routes.add({
        method: 'POST',
        path,
        auth: 'public',
        summary: 'Writes retry_rows 1 in the request transaction.',
        schema: { response: { 201: { type: 'object', properties: { attempt: { type: 'integer' } } } } },
        handler: (request, reply) => write(request, reply, outside),
      });
    }`,
});

async function retriedStore(t: TestContext) {
  const plugins = writePlugins({ retried });
  t.after(() => plugins.remove());
  const store = await kernelStore({ env: { PLUGINS: plugins.dirs.retried! } });
  t.after(() => store.close());
  const knex = store.kernel.knex;
  await knex.schema.createTable('retry_rows', (table) => {
    table.integer('id').primary();
    table.integer('n').notNullable();
  });
  await knex('retry_rows').insert({ id: 1, n: 0 });
  const attempts = async () => (await store.inject({ method: 'GET', url: '/api/v1/retried/attempts/' })).json().attempts as number;
  const post = (path: string) => store.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json' }, payload: '{}' });
  return { store, knex, attempts, post };
}

// Another writer holds the row (MariaDB) or the whole database (SQLite: a second connection's write lock).
async function holdRow(store: TestStore): Promise<() => Promise<void>> {
  const knex = store.kernel.knex;
  if (isSqlite(knex)) {
    const other = new Database(path.join(store.dataDir, 'store.sqlite'));
    other.exec('BEGIN IMMEDIATE');
    return async () => {
      other.exec('ROLLBACK');
      other.close();
    };
  }
  const holder = await knex.transaction();
  await holder('retry_rows').where('id', 1).forUpdate().first();
  return () => holder.rollback().then(() => undefined);
}

test('a transaction that meets a held lock is run again in a fresh transaction and the request succeeds; the failed attempt leaves no event and no header', async (t) => {
  const { store, knex, attempts, post } = await retriedStore(t);
  const release = await holdRow(store);

  const pending = post('/api/v1/retried/');
  // The first attempt failed on the lock and a second one started: now let the lock go.
  await waitFor(async () => (await attempts()) >= 2, 'a second attempt');
  await release();
  const res = await pending;

  assert.equal(res.statusCode, 201, res.body);
  const final = res.json().attempt as number;
  assert.ok(final >= 2, `succeeded on attempt ${final}`);
  assert.equal(res.headers.location, `/attempt/${final}`);
  assert.equal(res.headers['x-attempt-1'], undefined, 'headers of the failed attempt are gone');
  assert.equal(res.headers[`x-attempt-${final}`], 'yes');
  assert.equal((await knex('retry_rows').where('id', 1).first()).n, final, 'written once, by the attempt that succeeded');
  const events = await knex('events').where('type', 'retried.written').select('data');
  assert.deepEqual(events.map((e) => parseJson<{ attempt: number }>(e.data, { attempt: 0 }).attempt), [final], 'only the committed attempt left an event');
});

test('a transaction that acted outside the database (a gateway call) is not run again: the conflict answers 503 busy', async (t) => {
  const { store, knex, attempts, post } = await retriedStore(t);
  const release = await holdRow(store);
  t.after(() => release().catch(() => undefined));

  const res = await post('/api/v1/retried/outside/');
  assert.equal(res.statusCode, 503, res.body);
  assert.equal(res.json().code, 'busy');
  assert.equal(await attempts(), 1, 'one attempt only');
  await release();
  assert.equal((await knex('retry_rows').where('id', 1).first()).n, 0);
});

// A route that counts peek_rows twice in its transaction, with a pause between that the test ends.
const peek = pluginSource('peek', {
  imports: `import type { Knex } from 'knex';`,
  body: `
    ctx.routes.add({
      method: 'POST',
      path: '/api/v1/peek/',
      auth: 'public',
      summary: 'Counts peek_rows before and after a pause, in one transaction.',
      schema: { response: { 200: { type: 'object', properties: { before: { type: 'integer' }, after: { type: 'integer' } } } } },
      handler: async (request) => {
        const trx = request.trx as Knex.Transaction;
        const count = async () => Number((await trx('peek_rows').count({ n: '*' }).first())!.n);
        const before = await count();
        await (globalThis as any).peekGate.paused();
        return { before, after: await count() };
      },
    });`,
});

test('on MariaDB, every transaction of the store reads at READ COMMITTED: a row committed meanwhile is seen by the next read', { skip: !process.env.DATABASE_URL && 'needs DATABASE_URL (MariaDB): SQLite has one connection and serialisable transactions' }, async (t) => {
  const plugins = writePlugins({ peek });
  t.after(() => plugins.remove());
  const store = await kernelStore({ env: { PLUGINS: plugins.dirs.peek! } });
  t.after(() => store.close());
  const knex = store.kernel.knex;
  await knex.schema.createTable('peek_rows', (table) => table.increments('id'));
  await knex('peek_rows').insert({});

  let release!: () => void;
  let reached!: () => void;
  const atPause = new Promise<void>((resolve) => (reached = resolve));
  (globalThis as any).peekGate = { paused: () => (reached(), new Promise<void>((resolve) => (release = resolve))) };
  t.after(() => delete (globalThis as any).peekGate);
  const answer = store.inject({ method: 'POST', url: '/api/v1/peek/', headers: { 'content-type': 'application/json' }, payload: '{}' });
  await atPause;
  await knex('peek_rows').insert({});
  release();
  const res = await answer;
  assert.equal(res.statusCode, 200, res.body);
  assert.deepEqual(res.json(), { before: 1, after: 2 }, 'REPEATABLE READ would have read 1 twice');

  // Transactions opened outside a route (payments, workers) take the connection's level as well.
  const trx = await knex.transaction();
  t.after(() => trx.rollback().catch(() => undefined));
  const first = Number((await trx('peek_rows').count({ n: '*' }).first())!.n);
  await knex('peek_rows').insert({});
  const second = Number((await trx('peek_rows').count({ n: '*' }).first())!.n);
  await trx.rollback();
  assert.deepEqual([first, second], [2, 3]);
});
