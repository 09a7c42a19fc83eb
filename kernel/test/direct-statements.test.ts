import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { createDatabase } from '../db/connection.ts';
import { idleSoleConnection } from '../db/sole-connection.ts';

// On SQLite, statements built with knex run at once on the connection they are due to run on when it
// is free for them: the idle one, or their open transaction's (db/direct-statements.ts). What a caller
// sees must be what knex's own way gives: the same rows and shapes, the same events, the same errors, no
// statement inside another's transaction, none after its own transaction ended (sole-connection.test.ts
// checks the turns under contention).

let dir: string;
let knex: Knex;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-direct-'));
  knex = createDatabase({ databaseUrl: '', dataDir: dir });
  await knex.schema.createTable('items', (t) => {
    t.increments('id');
    t.string('name').notNullable();
    t.integer('price').notNullable();
    t.boolean('active').notNullable();
  });
  await knex('items').insert(Array.from({ length: 30 }, (_, i) => ({ name: `item ${i + 1}`, price: 100 * (i + 1), active: i % 2 === 0 })));
});

after(async () => {
  await knex.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

// The same reads, each through knex's runner or at once: a builder given its connection
// (`.connection()`) always goes knex's way, and nothing else holds the idle connection meanwhile.
const readsOf = async (way: (builder: Knex.QueryBuilder) => Knex.QueryBuilder) => ({
  all: await way(knex('items').where('active', true).orderBy('id')),
  first: await way(knex('items').where('price', '>', 1000).orderBy('id').first()),
  none: await way(knex('items').where('id', 999).first()),
  pluck: await way(knex('items').where('active', false).orderBy('id').limit(3).pluck('name')),
  page: await way(knex('items').orderBy('id').limit(5).offset(10).select('id', 'price')),
  count: await way(knex('items').count({ n: '*' }).first()),
});

test("a read answers exactly what knex's own runner answers", async () => {
  const direct = await readsOf((builder) => builder);
  const connection = idleSoleConnection(knex.client);
  assert.ok(connection, 'the connection is idle');
  const knexWay = await readsOf((builder) => builder.connection(connection));
  assert.deepEqual(direct, knexWay);
  assert.equal(direct.all.length, 15);
  assert.equal(direct.first.id, 11);
  assert.equal(direct.none, undefined);
  assert.deepEqual(direct.pluck, ['item 2', 'item 4', 'item 6']);
  assert.deepEqual(direct.page.map((r: { id: number }) => r.id), [11, 12, 13, 14, 15]);
  assert.equal(Number(direct.count?.n), 30);
});

test("every read is heard by knex's query and query-response listeners, with its SQL and bindings", async () => {
  const queries: Array<{ sql: string; bindings: unknown[] }> = [];
  const responses: unknown[] = [];
  const onQuery = (q: { sql: string; bindings: unknown[] }) => queries.push(q);
  const onResponse = (response: unknown) => responses.push(response);
  knex.on('query', onQuery).on('query-response', onResponse);
  try {
    const row = await knex('items').where('name', 'item 3').first();
    assert.equal(row.price, 300);
  } finally {
    knex.off('query', onQuery).off('query-response', onResponse);
  }
  assert.equal(queries.length, 1);
  assert.match(queries[0]!.sql, /^select \* from `items` where `name` = \? limit 1$/);
  assert.deepEqual(queries[0]!.bindings, ['item 3']);
  assert.deepEqual(responses, [{ id: 3, name: 'item 3', price: 300, active: 1 }]);
});

test('a read that fails is reported as knex reports it: the SQL in the message, a query-error event', async () => {
  const errors: Error[] = [];
  const onError = (err: Error) => errors.push(err);
  knex.on('query-error', onError);
  try {
    await assert.rejects(knex('missing').where('id', 1).first(), (err: Error & { code?: string }) => {
      assert.equal(err.code, 'SQLITE_ERROR');
      assert.match(err.message, /^select \* from `missing` where `id` = 1 limit 1 - no such table: missing$/);
      return true;
    });
  } finally {
    knex.off('query-error', onError);
  }
  assert.equal(errors.length, 1);
  // The connection is free again afterwards.
  assert.equal((await knex('items').where('id', 1).first()).name, 'item 1');
});

test('a read sees the writes committed before it and waits while a transaction holds the connection', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  const trx = knex.transaction(async (t) => {
    await t('items').where('id', 1).update({ price: 1 });
    entered();
    await held;
    await t('items').where('id', 1).update({ price: 2 });
  });
  await inside;
  const read = knex('items').where('id', 1).first();
  let seen: number | undefined;
  void read.then((row: { price: number }) => (seen = row.price));
  await new Promise((resolve) => setTimeout(resolve, 30));
  assert.equal(seen, undefined, 'the read ran inside the transaction');
  release();
  await trx;
  assert.equal((await read).price, 2);
});

test('an idle connection runs the read at once, before the caller yields; a busy one queues it', async () => {
  const heard: string[] = [];
  const onQuery = (q: { sql: string }) => heard.push(q.sql);
  knex.on('query', onQuery);
  try {
    const read = knex('items').where('id', 2).first();
    const answer = read.then((row: { name: string }) => row.name);
    assert.deepEqual(heard, ['select * from `items` where `id` = ? limit 1'], 'the read did not run at once');
    assert.equal(await answer, 'item 2');
    heard.length = 0;
    // While a transaction holds the connection, the read waits its turn.
    await knex.transaction(async (trx) => {
      await trx('items').where('id', 2).first();
      heard.length = 0;
      const queued = knex('items').where('id', 3).first();
      void queued.then(() => undefined);
      assert.deepEqual(heard, []);
    });
  } finally {
    knex.off('query', onQuery);
  }
});

test('writes answer as knex answers them, in a transaction and outside one', async () => {
  const [id] = await knex('items').insert({ name: 'new', price: 5, active: true });
  assert.equal(typeof id, 'number');
  const inserted = await knex.transaction(async (trx) => {
    const [row] = await trx('items').insert({ name: 'returned', price: 6, active: false }).returning(['id', 'name']);
    const updated = await trx('items').whereIn('id', [id, row.id]).update({ price: 7 });
    const incremented = await trx('items').where('id', id).increment('price', 3);
    return { row, updated, incremented };
  });
  assert.equal(inserted.row.name, 'returned');
  assert.equal(inserted.updated, 2);
  assert.equal(inserted.incremented, 1);
  assert.equal((await knex('items').where('id', id).first()).price, 10);
  assert.equal(await knex('items').whereIn('id', [id, inserted.row.id]).del(), 2);
  assert.equal(await knex('items').where('id', id).first(), undefined);
});

test('a transaction runs its statements at once and rolls all of them back when one fails', async () => {
  await knex.schema.createTable('codes', (t) => {
    t.increments('id');
    t.string('code').notNullable().unique();
  });
  const heard: string[] = [];
  const onQuery = (q: { sql: string }) => heard.push(q.sql);
  knex.on('query', onQuery);
  try {
    await assert.rejects(
      knex.transaction(async (trx) => {
        await trx('codes').insert({ code: 'A' });
        heard.length = 0;
        // A knex builder runs each time it is awaited: this one once.
        const inserted = trx('codes').insert({ code: 'B' }).then(() => undefined);
        assert.deepEqual(heard, ['insert into `codes` (`code`) values (?)'], 'the statement did not run at once');
        await inserted;
        await trx('codes').insert({ code: 'A' });
      }),
      (err: Error & { code?: string }) => {
        assert.equal(err.code, 'SQLITE_CONSTRAINT_UNIQUE');
        assert.match(err.message, /^insert into `codes` \(`code`\) values \('A'\) - UNIQUE constraint failed: codes\.code$/);
        return true;
      },
    );
  } finally {
    knex.off('query', onQuery);
  }
  assert.deepEqual(await knex('codes').select('code'), []);
});

test('a statement of a transaction that has ended is refused as knex refuses it, and runs nowhere', async () => {
  const before = (await knex('items').where('id', 1).first()).price;
  let ended!: Knex.Transaction;
  await knex.transaction(async (trx) => {
    ended = trx;
    await trx('items').where('id', 1).first();
  });
  await assert.rejects(ended('items').where('id', 1).update({ price: 0 }), /Transaction query already complete/);
  assert.equal((await knex('items').where('id', 1).first()).price, before);
});

test('a statement that fails runs once: it is reported, not run again', async () => {
  const connection = idleSoleConnection(knex.client) as { function(name: string, fn: () => unknown): void };
  let calls = 0;
  connection.function('failing_probe', () => {
    calls += 1;
    throw new Error('probe failed');
  });
  const errors: Error[] = [];
  const onError = (err: Error) => errors.push(err);
  knex.on('query-error', onError);
  try {
    await assert.rejects(knex('items').where('id', 1).select(knex.raw('failing_probe() as probe')), {
      message: /^select failing_probe\(\) as probe from `items` where `id` = 1 - probe failed$/,
    });
    await assert.rejects(
      knex.transaction((trx) => trx('items').where('id', 1).update({ name: knex.raw('failing_probe()') })),
      { message: /^update `items` set `name` = failing_probe\(\) where `id` = 1 - probe failed$/ },
    );
  } finally {
    knex.off('query-error', onError);
  }
  assert.equal(calls, 2);
  assert.equal(errors.length, 2);
});
