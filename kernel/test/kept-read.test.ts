import { test } from 'node:test';
import assert from 'node:assert/strict';
import knexFactory, { type Knex } from 'knex';
import { isSqlite } from '../db/dialect.ts';
import { KeptRead } from '../db/kept-read.ts';
import { kernelStore } from './helpers.ts';
import type { TestStore } from '../../test/helpers/store.ts';

// A kept read of a small table: one round trip for many requests, a change made here seen at once,
// another process's within its age limit.

let store: TestStore;
let knex: Knex;
let table = '';
let sequence = 0;

test.before(async () => {
  store = await kernelStore();
  knex = store.kernel.knex;
});
test.after(() => store.close());

/** A table of its own with one row, `value` 'a', and a kept read of its values counting its loads. */
async function keptValues(maxAgeMs = 60_000) {
  table = `kept_read_${process.pid}_${++sequence}`;
  await knex.schema.createTable(table, (t) => {
    t.increments('id');
    t.string('value');
  });
  await knex(table).insert({ value: 'a' });
  const loads: string[] = [];
  const kept = new KeptRead(knex, async (db) => {
    loads.push(table);
    return (await db(table).orderBy('id').pluck('value')) as string[];
  }, maxAgeMs);
  return { kept, loads };
}

test('reads once while nothing changes', async () => {
  const { kept, loads } = await keptValues();
  assert.deepEqual(await kept.get(knex), ['a']);
  assert.deepEqual(await Promise.all([kept.get(knex), kept.get(knex)]), [['a'], ['a']]);
  assert.equal(loads.length, 1);
});

test('a change made here: its transaction reads its own change, and once it commits every read does', async () => {
  const { kept, loads } = await keptValues();
  await kept.get(knex);
  await knex.transaction(async (trx) => {
    kept.changed(trx);
    await trx(table).update({ value: 'b' });
    assert.deepEqual(await kept.get(trx), ['b']);
    // Another request meanwhile (MySQL/MariaDB: another connection; SQLite's one connection is the transaction's).
    if (!isSqlite(knex)) assert.deepEqual(await kept.get(knex), ['a']);
  });
  const before = loads.length;
  assert.deepEqual(await kept.get(knex), ['b']);
  assert.deepEqual(await kept.get(knex), ['b']);
  assert.equal(loads.length, before + 1, 'read again once, then kept');
});

test('a change rolled back is read as it was; a savepoint\'s change counts from its parent\'s end', async () => {
  const { kept } = await keptValues();
  await kept.get(knex);
  await assert.rejects(
    knex.transaction(async (trx) => {
      kept.changed(trx);
      await trx(table).update({ value: 'c' });
      throw new Error('rolled back');
    }),
    /rolled back/,
  );
  assert.deepEqual(await kept.get(knex), ['a']);
  let released = false;
  await knex.transaction(async (trx) => {
    await trx.transaction(async (savepoint) => {
      kept.changed(savepoint);
      await savepoint(table).update({ value: 'd' });
    });
    released = true;
    // The savepoint is released, its parent still open: nothing read now may be kept past its commit.
    if (!isSqlite(knex)) assert.deepEqual(await kept.get(knex), ['a']);
    assert.deepEqual(await kept.get(trx), ['d']);
  });
  assert.ok(released);
  assert.deepEqual(await kept.get(knex), ['d']);
});

test('a change another process made is read once the kept value is older than its limit', async () => {
  const { kept } = await keptValues(150);
  assert.deepEqual(await kept.get(knex), ['a']);
  // Written without `changed`, as another instance or the CLI writes.
  await knex(table).update({ value: 'e' });
  assert.deepEqual(await kept.get(knex), ['a'], 'kept');
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.deepEqual(await kept.get(knex), ['e']);
});

test('a failed read is not kept', async () => {
  let fail = true;
  const kept = new KeptRead(knex, async () => {
    if (fail) throw new Error('unreachable');
    return 1;
  });
  await assert.rejects(kept.get(knex), /unreachable/);
  fail = false;
  assert.equal(await kept.get(knex), 1);
});

test('a caller inside a transaction never waits for a connection of its own to read (every connection held: no deadlock)', async (t) => {
  if (isSqlite(knex)) return t.skip('SQLite has one connection, which the transaction holds and reads through');
  await keptValues(); // the table, with its one row
  // A pool of one connection, held by the transaction below, as every connection is when as many
  // requests as the pool holds are each inside a transaction that asks.
  const single = knexFactory({ ...(knex.client as any).config, pool: { min: 0, max: 1 }, acquireConnectionTimeout: 3000 });
  try {
    const loads: string[] = [];
    const kept = new KeptRead(single, async (db) => {
      loads.push(db === single ? 'pool' : 'transaction');
      return (await db(table).orderBy('id').pluck('value')) as string[];
    });
    await single.transaction(async (trx) => {
      assert.deepEqual(await kept.get(trx), ['a']);
      assert.deepEqual(await kept.get(trx), ['a']);
    });
    // The pool's read made beside them is kept once the connection was free for it.
    const settled = Date.now();
    while (loads.filter((l) => l === 'pool').length === 0 && Date.now() - settled < 3000) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = loads.length;
    assert.deepEqual(await kept.get(single), ['a']);
    assert.equal(loads.length, before, 'kept');
    assert.equal(loads.filter((l) => l === 'transaction').length, 2, 'both read through their transaction');
    assert.equal(loads.filter((l) => l === 'pool').length, 1, "one read through the pool, kept");
  } finally {
    await single.destroy();
  }
});
