import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Knex } from 'knex';
import { isMysql, toDate } from '../db/dialect.ts';
import { updateRows } from '../db/row-updates.ts';
import { kernelStore } from './helpers.ts';
import { statementsDuring } from '../../test/helpers/statements.ts';
import type { TestStore } from '../../test/helpers/store.ts';

// Rows of different tables changed by their ids: one statement on MySQL/MariaDB, one a row on SQLite,
// the same rows written either way, and nothing else.

let store: TestStore;
let knex: Knex;

before(async () => {
  store = await kernelStore();
  knex = store.kernel.knex;
  await knex.schema.createTable('joint_baskets', (t) => {
    t.string('id', 36).primary();
    t.string('status', 16).notNullable();
    t.bigInteger('order_id').nullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
  });
  await knex.schema.createTable('joint_tickets', (t) => {
    t.bigIncrements('id');
    t.string('note', 40).nullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
  });
  const then = new Date('2026-01-01T00:00:00Z');
  await knex('joint_baskets').insert([
    { id: 'a', status: 'open', order_id: null, updated_at: then },
    { id: 'b', status: 'open', order_id: null, updated_at: then },
  ]);
  await knex('joint_tickets').insert([
    { note: 'first', updated_at: then },
    { note: 'second', updated_at: then },
  ]);
});
after(() => store.close());

const mine = (sent: Array<{ sql: string }>) => sent.filter((s) => /joint_/.test(s.sql));

test('two rows of two tables are written together, and no other row', async () => {
  const now = new Date('2026-12-07T10:00:00.123Z');
  const sent = await statementsDuring(knex, () =>
    knex.transaction((trx) =>
      updateRows(trx, [
        { table: 'joint_baskets', id: 'b', values: { status: 'ordered', order_id: 42, updated_at: now } },
        { table: 'joint_tickets', id: 2, values: { note: null, updated_at: now } },
      ]),
    ),
  );
  assert.equal(mine(sent).length, isMysql(knex) ? 1 : 2, mine(sent).map((s) => s.sql).join('\n'));
  const baskets = await knex('joint_baskets').orderBy('id');
  assert.deepEqual(
    baskets.map((b: any) => [b.id, b.status, b.order_id === null ? null : Number(b.order_id), toDate(b.updated_at)!.toISOString()]),
    [
      ['a', 'open', null, '2026-01-01T00:00:00.000Z'],
      ['b', 'ordered', 42, '2026-12-07T10:00:00.123Z'],
    ],
  );
  const tickets = await knex('joint_tickets').orderBy('id');
  assert.deepEqual(
    tickets.map((t: any) => [Number(t.id), t.note, toDate(t.updated_at)!.toISOString()]),
    [
      [1, 'first', '2026-01-01T00:00:00.000Z'],
      [2, null, '2026-12-07T10:00:00.123Z'],
    ],
  );
});

test('one row is a plain UPDATE, and two rows of one table are refused before anything is sent', async () => {
  const now = new Date('2026-12-07T11:00:00Z');
  const sent = await statementsDuring(knex, () => updateRows(knex, [{ table: 'joint_tickets', id: 1, values: { note: 'again', updated_at: now } }]));
  assert.deepEqual(
    mine(sent).map((s) => /^update [`"]joint_tickets[`"] set/.test(s.sql)),
    [true],
  );
  assert.equal((await knex('joint_tickets').where('id', 1).first()).note, 'again');
  const refused = await statementsDuring(knex, () =>
    assert.rejects(
      updateRows(knex, [
        { table: 'joint_tickets', id: 1, values: { note: 'x' } },
        { table: 'joint_tickets', id: 2, values: { note: 'y' } },
      ]),
      /one row a table/,
    ),
  );
  assert.equal(mine(refused).length, 0);
  assert.deepEqual((await knex('joint_tickets').orderBy('id').pluck('note')), ['again', null]);
});
