import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Knex } from 'knex';
import { preparedRead } from '../db/prepared-reads.ts';
import { isSqlite } from '../db/dialect.ts';
import { kernelStore } from './helpers.ts';
import type { TestStore } from '../../test/helpers/store.ts';

// A prepared read answers what the knex query it was built from answers, row for row and type for type,
// on each database (MySQL/MariaDB through the server's binary protocol, SQLite on the idle connection).

let store: TestStore;
let knex: Knex;

before(async () => {
  store = await kernelStore();
  knex = store.kernel.knex;
  await knex.schema.createTable('prepared_things', (t) => {
    t.bigIncrements('id');
    t.string('name', 100).notNullable();
    t.text('notes');
    t.bigInteger('big');
    t.integer('small');
    t.boolean('flag');
    t.decimal('price', 12, 2);
    t.datetime('seen_at', { precision: 3 });
    t.string('status', 20).notNullable();
  });
  await knex('prepared_things').insert([
    { name: 'alpha', notes: 'ä long\nnote', big: 9007199254740991, small: -3, flag: true, price: '12.50', seen_at: new Date('2026-01-02T03:04:05.678Z'), status: 'active' },
    { name: 'beta', notes: null, big: null, small: 0, flag: false, price: null, seen_at: null, status: 'draft' },
    { name: "gam'ma", notes: '{"a":1}', big: 42, small: 7, flag: true, price: '0.01', seen_at: new Date('2026-12-01T00:00:00.000Z'), status: 'active' },
  ]);
});
after(() => store.close());

const byName = (db: Knex, name: string, status: string) =>
  db('prepared_things').where('name', name).where('status', status).where('small', '>', -100).first('id', 'name', 'notes', 'big', 'small', 'flag', 'price', 'seen_at', 'status');
const read = preparedRead(byName);

test('a prepared read gives the rows of its knex query, with the same values and types', async () => {
  for (const [name, status] of [['alpha', 'active'], ['beta', 'draft'], ["gam'ma", 'active'], ['alpha', 'draft'], ['nobody', 'active']]) {
    const expected = await byName(knex, name!, status!);
    const rows = await read(knex, name!, status!);
    assert.deepEqual(rows, expected === undefined ? [] : [expected], `${name} ${status}`);
    // Twice: the first call learns the statement, the next ones run it.
    assert.deepEqual(await read(knex, name!, status!), rows);
  }
});

test('numbers are bound as numbers, and each argument lands in its own placeholder', async () => {
  const ranged = preparedRead((db: Knex, low: number, high: number, status: string) =>
    db('prepared_things').whereBetween('small', [low, high]).where('status', status).orderBy('id').select('name'));
  assert.deepEqual((await ranged(knex, -5, 5, 'active')).map((r) => r.name), ['alpha']);
  assert.deepEqual((await ranged(knex, 0, 10, 'active')).map((r) => r.name), ["gam'ma"]);
  assert.deepEqual((await ranged(knex, -10, 10, 'draft')).map((r) => r.name), ['beta']);
  assert.deepEqual(await ranged(knex, 100, 200, 'active'), []);
});

test('a statement whose SQL changes with its values is built every time, and still answers', async () => {
  // `limit` is written into the SQL on SQLite as a number (and bound on MySQL): either way the answers hold.
  const limited = preparedRead((db: Knex, status: string, n: number) => db('prepared_things').where('status', status).orderBy('id').limit(n).select('name'));
  assert.deepEqual((await limited(knex, 'active', 1)).map((r) => r.name), ['alpha']);
  assert.deepEqual((await limited(knex, 'active', 2)).map((r) => r.name), ['alpha', "gam'ma"]);
});

test('it is told to knex listeners as a statement, and waits for a transaction that holds the connection', async () => {
  const seen: string[] = [];
  const listen = (q: { sql: string }) => seen.push(q.sql);
  knex.on('query', listen);
  try {
    await read(knex, 'alpha', 'active');
  } finally {
    knex.off('query', listen);
  }
  assert.equal(seen.length, 1);
  assert.match(seen[0]!, /prepared_things/);
  // While a transaction holds SQLite's one connection the read waits its turn; on either database it
  // sees only what was committed.
  let waiting: Promise<Array<Record<string, unknown>>> | undefined;
  await knex.transaction(async (trx) => {
    await trx('prepared_things').where('name', 'beta').update({ small: 1 });
    waiting = read(knex, 'beta', 'draft');
    const during = await Promise.race([waiting, new Promise((resolve) => setTimeout(() => resolve('waiting'), 50))]);
    if (isSqlite(knex)) assert.equal(during, 'waiting');
    else assert.equal((during as Array<Record<string, unknown>>)[0]!.small, 0, 'not the uncommitted value');
    await trx('prepared_things').where('name', 'beta').update({ small: 2 });
  });
  assert.equal((await waiting!)[0]!.small, isSqlite(knex) ? 2 : 0);
  await knex('prepared_things').where('name', 'beta').update({ small: 0 });
  assert.equal((await read(knex, 'beta', 'draft'))[0]!.small, 0);
});
