import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import { createDatabase, sqliteFile } from '../db/connection.ts';
import { preparedRead } from '../db/prepared-reads.ts';

// SQLite: the reads of one turn of the event loop outside any transaction share one read transaction
// (db/sole-connection.ts, idleReadConnection). Each read sees what this process committed before it,
// another process's commit is seen from the next turn on, and writes and transactions run outside it.

const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => { prepare(sql: string): { run(...a: unknown[]): unknown }; close(): void };

let dir: string;
let knex: Knex;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-turn-'));
  knex = createDatabase({ databaseUrl: '', dataDir: dir });
  await knex.schema.createTable('counters', (t) => {
    t.increments('id');
    t.integer('n').notNullable();
  });
  await knex('counters').insert({ n: 0 });
});

after(async () => {
  await knex.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const built = async () => (await knex('counters').where('id', 1).first()).n as number;
const prepared = preparedRead((db: Knex, id: number) => db('counters').where('id', id).select('n'));
const read = async () => (await prepared(knex, 1))[0]!.n as number;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

test("another process's commit is seen from the next turn, never halfway through one", async () => {
  await knex('counters').where('id', 1).update({ n: 1 });
  await nextTurn();
  const other = new Database(sqliteFile({ dataDir: dir }));
  try {
    // The first read opens the turn's read transaction; the commit lands after it, in the same turn
    // (only promise callbacks ran in between); the later reads of the turn read in that transaction.
    assert.equal(await built(), 1);
    other.prepare('update counters set n = 2 where id = 1').run();
    assert.deepEqual([await read(), await built()], [1, 1], 'one snapshot for the turn');
    await nextTurn();
    assert.equal(await read(), 2, 'the next turn sees the other process’s commit');
    assert.equal(await built(), 2);
  } finally {
    other.close();
  }
});

test('what this process writes is seen by the reads after it, in the same turn', async () => {
  await knex('counters').where('id', 1).update({ n: 10 });
  await nextTurn();
  assert.equal(await read(), 10);
  // A write outside a transaction ends the turn's read transaction and commits on its own.
  await knex('counters').where('id', 1).update({ n: 11 });
  assert.equal(await read(), 11);
  // So does a transaction, which takes the connection from the turn's reads.
  await knex.transaction(async (trx) => {
    await trx('counters').where('id', 1).increment('n', 1);
  });
  assert.equal(await built(), 12);
  assert.equal(await read(), 12);
});

test('reads waiting for a transaction run after it commits and see it', async () => {
  await knex('counters').where('id', 1).update({ n: 20 });
  const during: Array<Promise<number>> = [];
  await knex.transaction(async (trx) => {
    await trx('counters').where('id', 1).update({ n: 21 });
    during.push(built(), read());
    await trx('counters').where('id', 1).increment('n', 1);
  });
  assert.deepEqual(await Promise.all(during), [22, 22]);
  await nextTurn();
  assert.equal(await read(), 22);
});
