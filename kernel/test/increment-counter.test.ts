import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { incrementCounter } from '../db/dialect.ts';
import type { TestStore } from '../../test/helpers/store.ts';
import { kernelStore } from './helpers.ts';

// incrementCounter: one statement that adds one and answers the new value, on the database the suite
// runs against (SQLite, or MariaDB when DATABASE_URL is set).

let store: TestStore;

before(async () => {
  store = await kernelStore();
  await store.kernel.knex.schema.createTable('test_counters', (t) => {
    t.string('name', 40).primary();
    t.bigInteger('value').notNullable();
  });
  await store.kernel.knex('test_counters').insert([{ name: 'a', value: 1000 }, { name: 'b', value: 0 }]);
});

after(() => store.close());

const valueOf = async (name: string) => Number((await store.kernel.knex('test_counters').where({ name }).first()).value);

test('answers the new value of the named row in one statement and leaves other rows alone', async () => {
  const knex = store.kernel.knex;
  const sent: string[] = [];
  const listen = (q: { sql: string }) => sent.push(q.sql);
  knex.on('query', listen);
  const first = await incrementCounter(knex, 'test_counters', 'value', { name: 'a' });
  knex.off('query', listen);
  assert.equal(first, 1001);
  assert.equal(sent.length, 1, sent.join('\n'));
  assert.equal(await incrementCounter(knex, 'test_counters', 'value', { name: 'a' }), 1002);
  assert.equal(await valueOf('a'), 1002);
  assert.equal(await valueOf('b'), 0);
});

test('a rolled-back transaction takes its increment back, and a missing row is an error', async () => {
  const knex = store.kernel.knex;
  const before = await valueOf('b');
  await assert.rejects(
    knex.transaction(async (trx) => {
      assert.equal(await incrementCounter(trx, 'test_counters', 'value', { name: 'b' }), before + 1);
      throw new Error('roll back');
    }),
    /roll back/,
  );
  assert.equal(await valueOf('b'), before);
  await assert.rejects(incrementCounter(knex, 'test_counters', 'value', { name: 'nope' }), /No test_counters row where name = nope/);
});

test('increments in parallel transactions each get their own value, none lost', async () => {
  const knex = store.kernel.knex;
  const start = await valueOf('a');
  const got = await Promise.all(Array.from({ length: 12 }, () => knex.transaction((trx) => incrementCounter(trx, 'test_counters', 'value', { name: 'a' }))));
  assert.deepEqual([...got].sort((x, y) => x - y), Array.from({ length: 12 }, (_, i) => start + 1 + i));
  assert.equal(await valueOf('a'), start + 12);
});
