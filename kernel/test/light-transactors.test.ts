import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { createDatabase } from '../db/connection.ts';
import { lightTransactorsInstalled } from '../db/light-transactors.ts';
import { freshDatabaseUrl } from '../../test/helpers/database.ts';

// A transaction's `trx` is made with shared methods instead of knex's copy of every method per
// transaction (db/light-transactors.ts). What a caller can do with it must be what knex's own allows:
// these run on the suite's database (SQLite, or MariaDB when DATABASE_URL is set).

let dir: string;
let knex: Knex;
let drop: () => Promise<void>;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-trx-'));
  const database = await freshDatabaseUrl();
  drop = database.drop;
  knex = createDatabase({ databaseUrl: database.url ?? '', dataDir: dir });
  await knex.schema.createTable('notes', (t) => {
    t.increments('id');
    t.string('text').notNullable().unique();
  });
});

after(async () => {
  await knex.destroy();
  await drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a transaction hands over a knex that has everything the store knex has', async () => {
  assert.equal(lightTransactorsInstalled(), true, 'transactions are made by db/light-transactors.ts');
  await knex.transaction(async (trx) => {
    const reachable = trx as unknown as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(knex)) assert.ok(name in reachable, `trx.${name}`);
    assert.equal(typeof trx, 'function');
    assert.equal(trx.isTransaction, true);
    assert.notEqual(trx.client, knex.client, 'the transaction\'s own client');
    assert.equal(trx.client.transacting, true);
    assert.deepEqual(trx.userParams, {});
    assert.throws(() => trx.withUserParams({}), /Cannot set user params on a transaction/);

    await trx('notes').insert({ text: 'called' });
    await trx.insert({ text: 'query method' }).into('notes');
    await trx.table('notes').insert({ text: 'table' });
    assert.equal((await trx.queryBuilder().from('notes').count({ n: '*' }))[0]!.n, 3);
    assert.equal((await trx.select('text').from('notes').where('text', trx.raw('?', ['table'])))[0]!.text, 'table');
    assert.equal(await trx.schema.hasTable('notes'), true);
    assert.ok(trx.fn.now());
    assert.ok(trx.ref('notes.id'));
  });
  assert.deepEqual((await knex('notes').orderBy('id').pluck('text')), ['called', 'query method', 'table']);
  await knex('notes').del();
});

test('commit and rollback: by the callback\'s outcome, by the explicit calls, and a savepoint rolled back alone', async () => {
  await assert.rejects(
    knex.transaction(async (trx) => {
      await trx('notes').insert({ text: 'rolled back' });
      throw new Error('no');
    }),
    /no/,
  );
  const kept = await knex.transaction(async (trx) => {
    await trx('notes').insert({ text: 'outer' });
    await trx
      .transaction(async (inner) => {
        assert.equal(inner.isTransaction, true);
        await inner('notes').insert({ text: 'inner' });
        throw new Error('inner only');
      })
      .catch(() => undefined);
    await trx.savepoint(async (inner) => {
      await inner('notes').insert({ text: 'savepoint kept' });
    });
    return 'value';
  });
  assert.equal(kept, 'value');
  assert.deepEqual(await knex('notes').orderBy('id').pluck('text'), ['outer', 'savepoint kept']);

  const trx = await knex.transaction();
  await trx('notes').insert({ text: 'explicit' });
  await trx.rollback();
  assert.equal(trx.isCompleted(), true);
  await assert.rejects(trx('notes').insert({ text: 'late' }), /Transaction query already complete/);
  const committed = await knex.transaction();
  await committed('notes').insert({ text: 'committed' });
  await committed.commit();
  assert.deepEqual(await knex('notes').orderBy('id').pluck('text'), ['outer', 'savepoint kept', 'committed']);
  await knex('notes').del();
});

test('a statement inside a transaction is heard on the transaction and on the store knex, once each', async () => {
  const onStore: string[] = [];
  const listen = (q: { sql: string }) => onStore.push(q.sql);
  knex.on('query', listen);
  try {
    await knex.transaction(async (trx) => {
      const onTrx: string[] = [];
      trx.on('query', (q: { sql: string }) => onTrx.push(q.sql));
      onStore.length = 0;
      await trx('notes').where('id', 0).first();
      assert.equal(onTrx.length, 1);
      assert.match(onTrx[0]!, /from [`"]notes[`"]/);
      assert.deepEqual(onStore, onTrx);
    });
  } finally {
    knex.off('query', listen);
  }
  const before = knex.client.listenerCount('query');
  for (let i = 0; i < 5; i++) await knex.transaction(async (trx) => trx('notes').first());
  assert.equal(knex.client.listenerCount('query'), before, 'no listener left on the store\'s client per transaction');
});
