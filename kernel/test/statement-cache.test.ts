import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { createDatabase } from '../db/connection.ts';
import { statementBytes, WIDE_ROW } from '../db/statement-cache.ts';

// The SQLite connection's statement cache reads SELECTs that name their columns, and wide SELECTs with
// a `*`, as arrays and builds the objects itself.
// These tests hold it to better-sqlite3's own objects: the same rows before and after the schema
// changes, whether this connection or another process made them. They need no store, so they run on
// every pass.

let dir: string;
let knex: Knex;
// A second connection to the same file: another process's view of the database, without the cache.
interface PlainConnection {
  exec(sql: string): void;
  prepare(sql: string): { all(...params: unknown[]): unknown[]; get(...params: unknown[]): unknown };
  close(): void;
}
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => PlainConnection;
let other: PlainConnection;

const columns = Array.from({ length: WIDE_ROW + 2 }, (_, i) => `c${i}`);

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-statements-'));
  knex = createDatabase({ databaseUrl: '', dataDir: dir });
  await knex.schema.createTable('wide', (t) => {
    t.increments('id');
    for (const c of columns) t.text(c);
    t.bigInteger('big');
  });
  await knex('wide').insert([1, 2, 3].map((n) => ({ ...Object.fromEntries(columns.map((c) => [c, `${c}-${n}`])), big: n * 10 })));
  other = new Database(path.join(dir, 'store.sqlite'));
});

after(async () => {
  other.close();
  await knex.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

// What better-sqlite3 itself returns for the query, on a connection without the cache.
function plain(sql: string, ...params: unknown[]): unknown[] {
  return other.prepare(sql).all(...params);
}

const readAll = () => knex('wide').select('*').orderBy('id');

test('a wide select returns the rows better-sqlite3 returns, read after read', async () => {
  const expected = plain('select * from `wide` order by `id` asc');
  for (let i = 0; i < 3; i++) assert.deepEqual(await readAll(), expected);
  const rows = await readAll();
  assert.equal(Object.getPrototypeOf(rows[0]), Object.prototype);
  assert.equal(rows[2].big, 30);
  assert.equal(rows[1].c3, 'c3-2');
});

test('a repeated column name keeps its last value; a join reads as before', async () => {
  const sql = `select ${columns.map((c) => `a.${c}`).join(', ')}, a.id, b.id as id from wide a join wide b on b.id = a.id + 1 order by a.id`;
  const expected = plain(sql);
  assert.equal((expected[0] as { id: number }).id, 2);
  for (let i = 0; i < 3; i++) assert.deepEqual(await knex.raw(sql), expected);
});

test('a column added by this connection is in the next read', async () => {
  await readAll();
  await knex.schema.alterTable('wide', (t) => t.text('added').defaultTo('new'));
  const rows = await readAll();
  assert.equal(rows[0].added, 'new');
  assert.deepEqual(rows, plain('select * from `wide` order by `id` asc'));
});

test('a column renamed by another process, the count unchanged, reads under its new name', async () => {
  await readAll();
  await readAll();
  other.exec('alter table wide rename column c1 to renamed');
  // Reads outside a transaction see another process's commits from the next turn of the event loop on.
  await new Promise((resolve) => setImmediate(resolve));
  const rows = await readAll();
  assert.equal(rows[0].renamed, 'c1-1');
  assert.equal('c1' in rows[0], false);
  assert.deepEqual(rows, plain('select * from `wide` order by `id` asc'));
});

test('a column dropped and another added by another process, in one change, read as they now are', async () => {
  await readAll();
  other.exec('begin; alter table wide drop column c2; alter table wide add column swapped text default \'s\'; commit;');
  await new Promise((resolve) => setImmediate(resolve));
  const rows = await readAll();
  assert.equal('c2' in rows[0], false);
  assert.equal(rows[0].swapped, 's');
  assert.deepEqual(rows, plain('select * from `wide` order by `id` asc'));
});

test('inside a transaction, the transaction\'s own schema change is read', async () => {
  await readAll();
  await knex.transaction(async (trx) => {
    await trx.schema.alterTable('wide', (t) => t.text('in_trx').defaultTo('t'));
    const rows = await trx('wide').select('*').orderBy('id');
    assert.equal(rows[0].in_trx, 't');
    await trx.schema.alterTable('wide', (t) => t.dropColumn('in_trx'));
  });
  assert.equal('in_trx' in (await readAll())[0], false);
});

test('a statement that writes and returns rows runs once', async () => {
  const sql = "insert into wide (c0, c5) values ('r', 'r') returning *";
  const before = (other.prepare('select count(*) as n from wide').get() as { n: number }).n;
  for (let i = 0; i < 3; i++) {
    const rows = await knex.raw(sql);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].c0, 'r');
  }
  assert.equal((other.prepare('select count(*) as n from wide').get() as { n: number }).n, before + 3);
});

test('a column named __proto__ changes no prototype, as in better-sqlite3', async () => {
  const sql = `select ${columns.map((c) => `'${c}' as ${c}`).join(', ')}, 'x' as "__proto__"`;
  for (let i = 0; i < 3; i++) {
    const [row] = await knex.raw(sql);
    assert.equal(Object.getPrototypeOf(row), Object.prototype);
    assert.deepEqual(row, plain(sql)[0]);
  }
});

test('a select naming its columns, narrow or wide, returns the rows better-sqlite3 returns, read after read', async () => {
  const named = () => knex('wide').select('id', 'c0', 'big', knex.raw('big + 1 as next'), knex.raw('upper(c3)')).orderBy('id');
  const sql = "select `id`, `c0`, `big`, big + 1 as next, upper(c3) from `wide` order by `id` asc";
  const expected = plain(sql);
  assert.ok(expected.length >= 3);
  for (let i = 0; i < 3; i++) assert.deepEqual(await named(), expected);
  const rows = await named();
  assert.equal(Object.getPrototypeOf(rows[0]), Object.prototype);
  assert.deepEqual(Object.keys(rows[0]), ['id', 'c0', 'big', 'next', 'upper(c3)']);
  // A column another process adds is not among the named ones: the rows are unchanged.
  other.exec("alter table wide add column later text default 'l'");
  assert.deepEqual(await named(), plain(sql));
  assert.deepEqual(await knex('wide').select('id').where('id', '>', 100), []);
});

test('a select naming a column another process dropped fails, as in better-sqlite3', async () => {
  other.exec("alter table wide add column doomed text default 'd'");
  await new Promise((resolve) => setImmediate(resolve));
  const read = () => knex('wide').select('id', 'doomed').orderBy('id');
  assert.equal((await read())[0].doomed, 'd');
  other.exec('alter table wide drop column doomed');
  await new Promise((resolve) => setImmediate(resolve));
  await assert.rejects(read(), /no such column: doomed/);
});

test('bulk inserts are kept within the memory bound, the least recently used going first; a read in use stays', async () => {
  await knex.schema.createTable('bulk', (t) => {
    t.integer('a');
    t.integer('b');
  });
  // Inserts of 2,000 to 2,029 rows, two values each: 400 KB of SQLite's memory apiece by the estimate,
  // thirty of them three times the bound.
  const insert = (rows: number) => `insert into \`bulk\` (\`a\`, \`b\`) values ${Array.from({ length: rows }, () => '(?, ?)').join(', ')}`;
  assert.equal(statementBytes(insert(2000)), 7 * 1024 + 100 * 4000);
  const read = 'select `a` from `bulk` where `a` = ?';
  const connection = await (knex.client as any).acquireConnection();
  try {
    const first = connection.prepare(insert(2000));
    const kept = connection.prepare(read);
    assert.equal(connection.prepare(insert(2000)), first, 'a statement is kept for its next use');
    for (let rows = 2001; rows < 2030; rows++) {
      connection.prepare(insert(rows));
      assert.equal(connection.prepare(read), kept, 'the read used between the inserts stays');
    }
    assert.notEqual(connection.prepare(insert(2000)), first, 'the oldest insert was dropped');
    // The newest ones that fit in the bound are still there.
    const newest = connection.prepare(insert(2029));
    assert.equal(connection.prepare(insert(2029)), newest);
    // What is kept still runs: the dropped and prepared again statement inserts its rows.
    connection.prepare(insert(2000)).run(Array.from({ length: 4000 }, (_, i) => i));
  } finally {
    await (knex.client as any).releaseConnection(connection);
  }
  assert.equal(Number((await knex('bulk').count({ n: '*' }))[0]!.n), 2000);
});
