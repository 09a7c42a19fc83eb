import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Knex } from 'knex';
import { ForeignChanges } from '../http/foreign-changes.ts';
import { createLogger } from '../logger.ts';
import { kernelStore } from './helpers.ts';

// The readings that tell this instance's response cache of changes other processes committed: rows
// written straight into the events table stand for another instance's commits.

const MINUTE = 60_000;

async function write(knex: Knex, type: string, id?: number): Promise<number> {
  const now = new Date();
  const [inserted] = await knex('events').insert({ ...(id ? { id } : {}), type, data: '{}', created_at: now, next_attempt_at: now, dispatched_at: now });
  return id ?? Number(inserted);
}

async function setup(t: { after: (fn: () => Promise<void>) => void }) {
  const store = await kernelStore();
  t.after(() => store.close());
  const knex = store.kernel.knex;
  let changes = 0;
  let clock = Date.parse('2026-11-01T10:00:00Z');
  const watcher = new ForeignChanges(knex, () => changes++, createLogger('silent'), 60_000, () => ['cart.updated'], () => clock);
  const changed = async () => {
    const before = changes;
    await watcher.check();
    return changes - before;
  };
  return { knex, watcher, changed, advance: (ms: number) => (clock += ms) };
}

test('the first reading counts as a change; then only new events do, and not those of private types', async (t) => {
  const { knex, changed } = await setup(t);
  await write(knex, 'product.created');
  assert.equal(await changed(), 1, 'the first reading: what was cached may be stale');
  assert.equal(await changed(), 0);
  await write(knex, 'product.updated');
  assert.equal(await changed(), 1);
  assert.equal(await changed(), 0);
  await write(knex, 'cart.updated');
  assert.equal(await changed(), 0, 'a private event changes nothing cached');
  await write(knex, 'cart.updated');
  await write(knex, 'category.created');
  assert.equal(await changed(), 1);
});

test('an event committed below the highest id seen (a later transaction committed first) is noticed', async (t) => {
  const { knex, watcher, changed } = await setup(t);
  const top = await write(knex, 'product.created');
  assert.equal(await changed(), 1);
  // Ids top+1 and top+2 handed out, top+3 committed first.
  await write(knex, 'product.updated', top + 3);
  assert.equal(await changed(), 1);
  assert.equal(watcher.watchedGaps, 2);
  assert.equal(await changed(), 0, 'nothing new yet');
  await write(knex, 'product.updated', top + 1);
  assert.equal(await changed(), 1, 'the late commit below the top');
  assert.equal(watcher.watchedGaps, 1);
  await write(knex, 'cart.updated', top + 2);
  assert.equal(await changed(), 0, 'a private one fills its gap without a change');
  assert.equal(watcher.watchedGaps, 0);
});

test('a missing id is watched for ten minutes (a rolled-back insert never comes), and at most a thousand are', async (t) => {
  const { knex, watcher, changed, advance } = await setup(t);
  const top = await write(knex, 'product.created');
  await changed();
  await write(knex, 'product.updated', top + 2);
  assert.equal(await changed(), 1);
  assert.equal(watcher.watchedGaps, 1);
  advance(9 * MINUTE);
  assert.equal(await changed(), 0);
  assert.equal(watcher.watchedGaps, 1, 'still watched');
  advance(MINUTE + 1);
  assert.equal(await changed(), 0);
  assert.equal(watcher.watchedGaps, 0, 'let go');

  await write(knex, 'product.updated', top + 1_500);
  assert.equal(await changed(), 1);
  assert.equal(watcher.watchedGaps, 1_000, 'the newest thousand missing ids');
  await write(knex, 'product.updated', top + 1_499);
  assert.equal(await changed(), 1, 'a watched one arrives');
  await write(knex, 'product.updated', top + 3);
  assert.equal(await changed(), 0, 'one beyond the thousand is no longer watched');
});

test('at start, ids missing just below the highest are watched too', async (t) => {
  const { knex, watcher, changed } = await setup(t);
  const top = await write(knex, 'product.created');
  await write(knex, 'product.updated', top + 3);
  assert.equal(await changed(), 1);
  assert.equal(watcher.watchedGaps, 2);
  await write(knex, 'product.updated', top + 2);
  assert.equal(await changed(), 1);
});

test('events this instance committed are not counted; another process\'s among them are', async (t) => {
  const { knex, watcher, changed } = await setup(t);
  await changed();
  const own = await write(knex, 'product.updated');
  watcher.committedHere([own]);
  assert.equal(await changed(), 0, 'its own change cleared the cache at commit already');
  const mine = [await write(knex, 'product.updated'), await write(knex, 'product.updated')];
  const theirs = await write(knex, 'category.created');
  watcher.committedHere(mine);
  assert.equal(await changed(), 1, 'one of three is another process\'s');
  assert.equal(await changed(), 0);
  // An own event committed below the highest id seen arrives in a watched gap.
  await write(knex, 'product.updated', theirs + 3);
  watcher.committedHere([theirs + 3]);
  assert.equal(await changed(), 0);
  assert.equal(watcher.watchedGaps, 2);
  await write(knex, 'product.updated', theirs + 1);
  watcher.committedHere([theirs + 1]);
  assert.equal(await changed(), 0, 'the own event in the gap');
  await write(knex, 'product.updated', theirs + 2);
  assert.equal(await changed(), 1, 'another process\'s in the gap');
});

test('an own id told while a reading\'s query runs is not taken off its count (the query may not have seen it)', async (t) => {
  const { knex, watcher, changed } = await setup(t);
  await changed();
  const theirs = await write(knex, 'product.updated');
  // Told as the reading's aggregate is sent: here the told id is the one row the query sees, which it
  // must still count (had it been an own row committed after the query started, taking it off would
  // hide this other process's event).
  const during = (query: { sql: string }) => {
    if (/count\(/i.test(query.sql)) watcher.committedHere([theirs]);
  };
  knex.on('query', during);
  try {
    assert.equal(await changed(), 1);
  } finally {
    knex.removeListener('query', during);
  }
});
