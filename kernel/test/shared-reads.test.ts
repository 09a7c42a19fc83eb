import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Knex } from 'knex';
import { sharedRows } from '../db/shared-reads.ts';
import { kernelStore } from './helpers.ts';
import { statementsDuring } from '../../test/helpers/statements.ts';
import type { TestStore } from '../../test/helpers/store.ts';

// Identical reads of one turn share one statement, on every database; each caller still gets rows of its
// own, as fresh as its own statement would have been.

let store: TestStore;
let knex: Knex;

before(async () => {
  store = await kernelStore();
  knex = store.kernel.knex;
  await knex.schema.createTable('shared_things', (t) => {
    t.bigIncrements('id');
    t.string('colour', 20).notNullable();
    t.integer('n').notNullable();
  });
  await knex('shared_things').insert(Array.from({ length: 30 }, (_, i) => ({ colour: ['red', 'green', 'blue'][i % 3]!, n: i })));
});
after(() => store.close());

const page = (db: Knex, colour: string) => db('shared_things').where('colour', colour).orderBy('id').limit(5).select('id', 'colour', 'n');
const mine = (sent: Array<{ sql: string }>) => sent.filter((s) => s.sql.includes('shared_things'));

test('the same statement asked by several callers in one turn is sent once, each caller getting rows of its own', async () => {
  const alone = await page(knex, 'red');
  let answers: Array<Array<Record<string, unknown>>> = [];
  const sent = await statementsDuring(knex, async () => {
    answers = await Promise.all([sharedRows(page(knex, 'red')), sharedRows(page(knex, 'red')), sharedRows(page(knex, 'green')), sharedRows(page(knex, 'red'))]);
  });
  assert.equal(mine(sent).length, 2, 'red once and green once');
  for (const at of [0, 1, 3]) assert.deepEqual(answers[at], alone);
  assert.deepEqual(answers[2]!.map((r) => r.colour), ['green', 'green', 'green', 'green', 'green']);
  // A caller that changes its rows changes nobody else's.
  for (const row of answers[0]!) delete row.n;
  answers[1]![0]!.colour = 'changed';
  assert.equal(answers[3]![0]!.colour, 'red');
  assert.equal(Number(answers[3]![0]!.n), Number(alone[0]!.n));
  assert.notEqual(answers[0], answers[1]);
});

test('a caller of a later turn sends its own statement and sees what was committed before it asked', async () => {
  const first = await sharedRows(page(knex, 'blue'));
  await knex('shared_things').where('id', first[0]!.id as number).update({ n: 1000 });
  const [again, other] = await Promise.all([sharedRows(page(knex, 'blue')), sharedRows(page(knex, 'blue'))]);
  assert.equal(Number(again![0]!.n), 1000);
  assert.deepEqual(other, again);
  await knex('shared_things').where('id', first[0]!.id as number).update({ n: first[0]!.n as number });
});

test('a read inside a transaction is sent there, on its own', async () => {
  await knex
    .transaction(async (trx) => {
      await trx('shared_things').where('colour', 'red').update({ n: -1 });
      const sent = await statementsDuring(knex, async () => {
        const [a, b] = await Promise.all([sharedRows(page(trx, 'red')), sharedRows(page(trx, 'red'))]);
        assert.ok(a.every((r) => Number(r.n) === -1) && b.every((r) => Number(r.n) === -1), 'the transaction sees its own write');
      });
      assert.equal(mine(sent).length, 2);
      throw new Error('roll back');
    })
    .catch((err: Error) => assert.equal(err.message, 'roll back'));
  assert.ok((await sharedRows(page(knex, 'red'))).every((r) => Number(r.n) >= 0));
});

test('a statement that fails fails every caller that shared it', async () => {
  const broken = () => knex('shared_things').select('no_such_column');
  const outcomes = await Promise.allSettled([sharedRows(broken()), sharedRows(broken())]);
  assert.deepEqual(outcomes.map((o) => o.status), ['rejected', 'rejected']);
  for (const o of outcomes) assert.match(String((o as PromiseRejectedResult).reason), /no_such_column/);
  assert.equal((await sharedRows(page(knex, 'green'))).length, 5);
});
