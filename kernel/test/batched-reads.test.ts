import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Knex } from 'knex';
import { batchedRead } from '../db/batched-reads.ts';
import { isMysql } from '../db/dialect.ts';
import { kernelStore } from './helpers.ts';
import { statementsDuring } from '../../test/helpers/statements.ts';
import type { TestStore } from '../../test/helpers/store.ts';

// A batched read answers each caller what a read of its key alone answers; on MySQL/MariaDB the callers
// of one turn share a statement, elsewhere each key is a statement of its own.

let store: TestStore;
let knex: Knex;
const ids: number[] = [];

before(async () => {
  store = await kernelStore();
  knex = store.kernel.knex;
  await knex.schema.createTable('batched_things', (t) => {
    t.bigIncrements('id');
    t.string('code', 40).notNullable().unique();
    t.string('status', 20).notNullable();
    t.integer('n');
  });
  const rows = Array.from({ length: 150 }, (_, i) => ({ code: `c-${i}`, status: i % 10 === 3 ? 'draft' : 'active', n: i }));
  await knex('batched_things').insert(rows);
  ids.push(...(await knex('batched_things').orderBy('id').pluck('id')).map(Number));
});
after(() => store.close());

const byId = batchedRead(
  (db: Knex, keys: number[]) => db('batched_things').whereIn('id', keys).where('status', 'active').select('id', 'code', 'n'),
  (row) => Number(row.id),
);
const byCode = batchedRead(
  (db: Knex, keys: string[]) => db('batched_things').whereIn('code', keys).select('id', 'code', 'status'),
  (row) => String(row.code),
);
const mine = (sent: Array<{ sql: string }>) => sent.filter((s) => s.sql.includes('batched_things'));

test('callers of one turn each get their own row, or undefined for a key with none', async () => {
  const asked = [ids[0]!, ids[3]!, ids[7]!, 999_999_999, ids[12]!];
  let answers: Array<Record<string, unknown> | undefined> = [];
  const sent = await statementsDuring(knex, async () => {
    answers = await Promise.all(asked.map((id) => byId(knex, id)));
  });
  assert.deepEqual(
    answers.map((row) => row && { id: Number(row.id), code: row.code, n: Number(row.n) }),
    [{ id: ids[0], code: 'c-0', n: 0 }, undefined, { id: ids[7], code: 'c-7', n: 7 }, undefined, { id: ids[12], code: 'c-12', n: 12 }],
    'the draft (c-3) and the unknown id answer undefined',
  );
  assert.equal(mine(sent).length, isMysql(knex) ? 1 : asked.length, 'one statement on MySQL/MariaDB, one per key elsewhere');
});

test('string keys, and callers of the same key get a row each', async () => {
  const [a, b, none] = await Promise.all([byCode(knex, 'c-5'), byCode(knex, 'c-5'), byCode(knex, 'no-such')]);
  assert.equal(a!.code, 'c-5');
  assert.deepEqual(b, a);
  assert.notEqual(a, b, 'not the same object');
  a!.code = 'changed by the first caller';
  assert.equal(b!.code, 'c-5');
  assert.equal(none, undefined);
});

test('more keys than one statement asks for go in several, and every caller is answered', async () => {
  let answers: Array<Record<string, unknown> | undefined> = [];
  const sent = await statementsDuring(knex, async () => {
    answers = await Promise.all(ids.map((id) => byId(knex, id)));
  });
  assert.equal(answers.length, 150);
  for (const [i, row] of answers.entries()) {
    if (i % 10 === 3) assert.equal(row, undefined, `draft ${i}`);
    else assert.equal(Number(row!.n), i, `row ${i}`);
  }
  // 64 keys at most in a statement: 150 keys are three statements.
  assert.equal(mine(sent).length, isMysql(knex) ? 3 : 150);
});

test('callers of later turns are a batch of their own, and see what was committed before they asked', async () => {
  const first = await byId(knex, ids[20]!);
  assert.equal(Number(first!.n), 20);
  await knex('batched_things').where('id', ids[20]).update({ n: 2020 });
  const again = await byId(knex, ids[20]!);
  assert.equal(Number(again!.n), 2020);
  await knex('batched_things').where('id', ids[20]).update({ n: 20 });
});

test('a read inside a transaction runs there, in its snapshot, on its own', async () => {
  await knex.transaction(async (trx) => {
    await trx('batched_things').where('id', ids[30]).update({ n: 3030 });
    let inside: Record<string, unknown> | undefined;
    let outside: Record<string, unknown> | undefined;
    const sent = await statementsDuring(knex, async () => {
      inside = await byId(trx, ids[30]!);
    });
    assert.equal(Number(inside!.n), 3030, 'the transaction sees its own write');
    assert.equal(mine(sent).length, 1);
    if (isMysql(knex)) {
      // Outside, the uncommitted write is not seen (SQLite's one connection is held by the transaction).
      outside = await byId(knex, ids[30]!);
      assert.equal(Number(outside!.n), 30);
    }
    throw new Error('roll back');
  }).catch((err: Error) => assert.equal(err.message, 'roll back'));
  assert.equal(Number((await byId(knex, ids[30]!))!.n), 30);
});

test('a statement that fails fails every caller of its batch, and the next batch reads again', async () => {
  const broken = batchedRead(
    (db: Knex, keys: number[]) => db('batched_things').whereIn('id', keys).select('id', 'no_such_column'),
    (row) => Number(row.id),
  );
  const outcomes = await Promise.allSettled([broken(knex, ids[0]!), broken(knex, ids[1]!), broken(knex, ids[2]!)]);
  assert.deepEqual(outcomes.map((o) => o.status), ['rejected', 'rejected', 'rejected']);
  for (const o of outcomes) assert.match(String((o as PromiseRejectedResult).reason), /no_such_column/);
  assert.equal(Number((await byId(knex, ids[1]!))!.n), 1);
});
