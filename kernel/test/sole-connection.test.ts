import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { createRequire } from 'node:module';
import { createDatabase, sqliteFile } from '../db/connection.ts';
import { preparedRead } from '../db/prepared-reads.ts';
import { keepSoleConnection } from '../db/sole-connection.ts';

// SQLite's one connection handed from statement to statement without knex's pool: statements and
// transactions take turns, a wait has the pool's limit, and closing waits for the one in use. The
// store's own SQLite database is opened through it (createDatabase), so these run on every pass.

const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => { prepare(sql: string): { run(...a: unknown[]): unknown }; close(): void };

let dir: string;
let knex: Knex;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-sole-'));
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

const counter = async (db: Knex | Knex.Transaction = knex) => (await db('counters').where('id', 1).first()).n as number;

test('statements outside a transaction wait for it and never see what it has not committed', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  const trx = knex.transaction(async (t) => {
    await t('counters').where('id', 1).update({ n: 41 });
    entered();
    await held;
    await t('counters').where('id', 1).increment('n', 1);
  });
  await inside;
  const seen: number[] = [];
  const readers = Array.from({ length: 20 }, () => counter().then((n) => seen.push(n)));
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(seen.length, 0, 'a read ran while the transaction held the connection');
  release();
  await trx;
  await Promise.all(readers);
  assert.deepEqual(seen, Array(20).fill(42));
});

test('hundreds of statements and transactions at once each get the connection in turn', async () => {
  await knex('counters').where('id', 1).update({ n: 0 });
  const work = Array.from({ length: 300 }, (_, i) =>
    i % 3 === 0
      ? knex.transaction(async (t) => {
          const n = await counter(t);
          await new Promise((resolve) => setImmediate(resolve));
          await t('counters').where('id', 1).update({ n: n + 1 });
        })
      : counter(),
  );
  await Promise.all(work);
  assert.equal(await counter(), 100);
});

test('a failed transaction gives the connection back to the next in line', async () => {
  const failing = knex.transaction(async (t) => {
    await t('counters').where('id', 1).update({ n: -1 });
    throw new Error('changed its mind');
  });
  const reader = counter();
  await assert.rejects(failing, /changed its mind/);
  assert.notEqual(await reader, -1);
  assert.notEqual(await counter(), -1);
});

test('a wait longer than the pool allows fails as the pool would, and the queue goes on', async () => {
  const short = knexFactory({ client: 'better-sqlite3', connection: { filename: path.join(dir, 'short.sqlite') }, useNullAsDefault: true, pool: { min: 1, max: 1 }, acquireConnectionTimeout: 200 });
  keepSoleConnection(short);
  try {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const trx = short.transaction(async (t) => {
      await t.raw('select 1');
      entered();
      await held;
    });
    await inside;
    await assert.rejects(short.raw('select 2 as n'), (err: Error) => err.name === 'KnexTimeoutError');
    release();
    await trx;
    assert.equal((await short.raw('select 3 as n'))[0].n, 3);
  } finally {
    await short.destroy();
  }
});

test('closing waits for the transaction in progress, then closes the connection', async () => {
  const other = createDatabase({ databaseUrl: '', dataDir: path.join(dir, 'closing') });
  await other.raw('create table t (n integer)');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  const trx = other.transaction(async (t) => {
    await t('t').insert({ n: 1 });
    entered();
    await held;
    await t('t').insert({ n: 2 });
  });
  await inside;
  let closed = false;
  const closing = other.destroy().then(() => (closed = true));
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(closed, false);
  release();
  await trx;
  await closing;
  const reopened = createDatabase({ databaseUrl: '', dataDir: path.join(dir, 'closing') });
  assert.deepEqual((await reopened('t').select('n').orderBy('n')).map((r) => r.n), [1, 2]);
  await reopened.destroy();
});

// The reads of one turn of the event loop outside any transaction share one read transaction
// (idleReadConnection): each read sees what this process committed before it, another process's commit
// is seen from the next turn on, and writes and transactions run outside it.
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
    assert.equal(await counter(), 1);
    other.prepare('update counters set n = 2 where id = 1').run();
    assert.deepEqual([await read(), await counter()], [1, 1], 'one snapshot for the turn');
    await nextTurn();
    assert.equal(await read(), 2, 'the next turn sees the other process’s commit');
    assert.equal(await counter(), 2);
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
  assert.equal(await counter(), 12);
  assert.equal(await read(), 12);
});

test('reads waiting for a transaction run after it commits and see it', async () => {
  await knex('counters').where('id', 1).update({ n: 20 });
  const during: Array<Promise<number>> = [];
  await knex.transaction(async (trx) => {
    await trx('counters').where('id', 1).update({ n: 21 });
    during.push(counter(), read());
    await trx('counters').where('id', 1).increment('n', 1);
  });
  assert.deepEqual(await Promise.all(during), [22, 22]);
  await nextTurn();
  assert.equal(await read(), 22);
});
