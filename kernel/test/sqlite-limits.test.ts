import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { createDatabase } from '../db/connection.ts';

// On SQLite, LIMIT is written as a number (db/sqlite-limits.ts).

let dir: string;
let knex: Knex;

before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-limits-'));
  knex = createDatabase({ databaseUrl: '', dataDir: dir });
});

after(async () => {
  await knex.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('on SQLite a LIMIT is written as a number and OFFSET stays a parameter; MySQL binds both', async () => {
  // Through a transaction's client too, which shares the compiler.
  await knex.transaction(async (trx) => assert.equal(trx('items').where('id', 1).first().toSQL().sql, 'select * from `items` where `id` = ? limit 1'));
  const first = knex('items').where('id', 7).first().toSQL();
  assert.equal(first.sql, 'select * from `items` where `id` = ? limit 1');
  assert.deepEqual(first.bindings, [7]);
  const page = knex('items').orderBy('id').limit(20).offset(40).toSQL();
  assert.equal(page.sql, 'select * from `items` order by `id` asc limit 20 offset ?');
  assert.deepEqual(page.bindings, [40]);
  // A limit knex cannot read as an integer stays out of the SQL, as knex has it.
  assert.equal(knex('items').limit('x' as unknown as number).toSQL().sql, 'select * from `items`');
  const mysql = knexFactory({ client: 'mysql2' });
  const mysqlPage = mysql('items').orderBy('id').limit(20).offset(40).toSQL();
  assert.equal(mysqlPage.sql, 'select * from `items` order by `id` asc limit ? offset ?');
  assert.deepEqual(mysqlPage.bindings, [20, 40]);
});
