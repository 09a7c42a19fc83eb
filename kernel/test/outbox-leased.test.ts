import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../clock.ts';
import { toDate } from '../db/dialect.ts';
import { statementsDuring } from '../../test/helpers/statements.ts';
import { countRows, exampleStore, packageUrl, pluginSource, postJson, waitFor, writePlugins } from './helpers.ts';
import type { TestStore } from '../../test/helpers/store.ts';

// While its dispatcher runs, an instance writes each event leased to itself and dispatches it from
// memory once the transaction commits, without claiming it from the table.

const LIST = '/api/v1/hello/greetings/';
// A minute between polls: only the commit can have woken the rounds these tests wait for.
const QUIET = { workers: true, pollMs: 60_000 };

const logged = (store: TestStore) => store.kernel.knex('hello_event_log').orderBy('id').pluck('data').then((rows) => rows.map((d: string) => JSON.parse(d).name ?? JSON.parse(d).step));
const undispatched = (store: TestStore) => countRows(store.kernel.knex, 'events', { dispatched_at: null });
// Lets the start-up round (which claims from the table and finds nothing) finish.
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** A plugin whose afterCommit tap waits until the test opens its gate (`stalledGate`: `reached` when an event arrived, `release()`). */
function stalledPlugin() {
  return writePlugins({
    stalled: pluginSource('stalled', {
      dependsOn: ['hello'],
      imports: `import { asValue } from ${JSON.stringify(packageUrl('awilix'))};`,
      body: `
        const gate = {};
        gate.open = new Promise((resolve) => { gate.release = resolve; });
        gate.reached = new Promise((resolve) => { gate.arrived = resolve; });
        ctx.container.register({ stalledGate: asValue(gate) });
        ctx.hooks.get('events').afterCommit.tapPromise({ name: 'stalled' }, async () => { gate.arrived(); await gate.open; });
      `,
    }),
  });
}

test('a committed event is dispatched and marked without a claim: no statement selects or leases due events', async (t) => {
  const store = await exampleStore(QUIET);
  t.after(() => store.close());
  await settle();
  const knex = store.kernel.knex;
  const sent = await statementsDuring(knex, async () => {
    for (const name of ['Ada', 'Grace']) {
      assert.equal((await postJson(store, LIST, { name })).statusCode, 201);
      await waitFor(async () => (await undispatched(store)) === 0, `the event of ${name} marked dispatched`);
    }
  });
  assert.deepEqual(await logged(store), ['Ada', 'Grace']);
  // A claim reads the due events: those whose next attempt is due (the insert only names the column).
  const claims = sent.filter((q) => /[`"]events[`"]/.test(q.sql) && /[`"]next_attempt_at[`"] <=/.test(q.sql));
  assert.deepEqual(claims.map((q) => q.sql), [], 'no claim of due events');
  const marks = sent.filter((q) => /^update [`"]events[`"] set [`"]dispatched_at[`"]/i.test(q.sql));
  assert.equal(marks.length, 2, 'one mark per round');
  const rows = await knex('events').orderBy('id');
  assert.ok(rows.every((r: any) => r.dispatched_at !== null && r.locked_until === null && Number(r.attempts) === 0), JSON.stringify(rows));
});

test('the marks of rounds close together are written in one statement, and a stopping instance writes those waiting', async (t) => {
  // Marks wait a minute here, so nothing but the stop can have written them.
  const store = await exampleStore({ ...QUIET, markDelayMs: 60_000 });
  t.after(() => store.close());
  await settle();
  const knex = store.kernel.knex;
  const sent = await statementsDuring(knex, async () => {
    for (const name of ['Ada', 'Grace', 'Lin']) {
      assert.equal((await postJson(store, LIST, { name })).statusCode, 201);
      await waitFor(async () => (await logged(store)).includes(name), `the event of ${name} dispatched`);
    }
    assert.equal(await undispatched(store), 3, 'dispatched, their marks waiting');
    await store.kernel.events.stop();
  });
  const marks = sent.filter((q) => /^update [`"]events[`"] set [`"]dispatched_at[`"]/i.test(q.sql));
  assert.equal(marks.length, 1, 'three rounds, one mark');
  assert.equal(await undispatched(store), 0);
  assert.deepEqual(await logged(store), ['Ada', 'Grace', 'Lin'], 'each dispatched once');
});

test('the events of a rolled-back savepoint are never dispatched; those of a released one go with their transaction', async (t) => {
  const store = await exampleStore(QUIET);
  t.after(() => store.close());
  await settle();
  const { knex, events } = store.kernel;
  await knex.transaction(async (trx) => {
    await events.emit(trx, 'hello.step', { step: 'outer' });
    await trx.transaction(async (sp) => {
      await events.emit(sp, 'hello.step', { step: 'rolled back' });
      throw new Error('the savepoint fails');
    }).catch(() => undefined);
    await trx.transaction((sp) => events.emitMany(sp, [{ type: 'hello.step', data: { step: 'released 1' } }, { type: 'hello.step', data: { step: 'released 2' } }]));
  });
  await waitFor(async () => (await countRows(knex, 'hello_event_log')) === 3, 'the three committed events');
  await settle();
  assert.deepEqual(await logged(store), ['outer', 'released 1', 'released 2']);
  assert.equal(await countRows(knex, 'events'), 3);
  // Each dispatched with the id of its own row (a multi-row insert's ids were worked out, not read).
  const rows = await knex('events').orderBy('id').select('id', 'data');
  const log = await knex('hello_event_log').orderBy('id').select('event_id', 'data');
  assert.deepEqual(log.map((l: any) => [Number(l.event_id), JSON.parse(l.data)]), rows.map((r: any) => [Number(r.id), JSON.parse(r.data)]));
  await waitFor(async () => (await undispatched(store)) === 0, 'the three marked dispatched');

  // A rolled-back transaction's events, savepoints included, go nowhere.
  await knex.transaction(async (trx) => {
    await trx.transaction((sp) => events.emit(sp, 'hello.step', { step: 'never' }));
    throw new Error('the transaction fails');
  }).catch(() => undefined);
  await settle();
  assert.equal(await countRows(knex, 'hello_event_log'), 3);
  assert.equal(await countRows(knex, 'events'), 3);
});

test('an event is written leased to its instance: another claims it only after the lease ran out, had the writer died', async (t) => {
  const clock = new ManualClock(Date.parse('2026-04-01T10:00:00Z'));
  // The writer's tap waits for the test, so its round holds the first event and the rest wait in memory.
  const tmp = stalledPlugin();
  t.after(tmp.remove);
  const writer = await exampleStore({ ...QUIET, clock, env: { PLUGINS: `examples/hello-plugin,${tmp.dirs.stalled}` } });
  const gate = writer.kernel.container.resolve('stalledGate') as { release: () => void; reached: Promise<void> };
  // Open the gate before closing, whatever happened: the writer's stop waits for its round.
  t.after(() => (gate.release(), writer.close()));
  await settle();
  assert.equal((await postJson(writer, LIST, { name: 'Ada' })).statusCode, 201);
  await gate.reached;
  for (const name of ['Grace', 'Lin']) assert.equal((await postJson(writer, LIST, { name })).statusCode, 201);
  const leases = (await writer.kernel.knex('events').pluck('locked_until')).map((d) => toDate(d)!.getTime() - clock.now().getTime());
  assert.deepEqual(leases, [15_000, 15_000, 15_000], 'each written with a lease of 15 s');

  // Another instance on the same database: nothing is due while the writer's lease runs.
  const other = await exampleStore({ clock, shareWith: writer });
  assert.equal(await other.kernel.events.dispatchDue(), 0);
  clock.advance(15_000);
  assert.equal(await other.kernel.events.dispatchDue(), 3, 'once the lease ran out, all three are claimed');
  assert.deepEqual((await logged(other)).slice(-3), ['Ada', 'Grace', 'Lin']);
  gate.release();
});

test('a stopping instance gives up the lease of the events it had not dispatched, for the next dispatcher to take at once', async (t) => {
  const tmp = stalledPlugin();
  t.after(tmp.remove);
  const first = await exampleStore({ ...QUIET, env: { PLUGINS: `examples/hello-plugin,${tmp.dirs.stalled}` } });
  const gate = first.kernel.container.resolve('stalledGate') as { release: () => void; reached: Promise<void> };
  t.after(() => (gate.release(), first.close()));
  await settle();
  assert.equal((await postJson(first, LIST, { name: 'Ada' })).statusCode, 201);
  await gate.reached;
  for (const name of ['Grace', 'Lin']) assert.equal((await postJson(first, LIST, { name })).statusCode, 201);
  // The round holding Ada ends once the tap returns; Grace and Lin are still in memory when the loop stops.
  const stopped = first.kernel.events.stop();
  gate.release();
  await stopped;
  const rows = await first.kernel.knex('events').orderBy('id').select('dispatched_at', 'locked_until');
  assert.notEqual(rows[0].dispatched_at, null, 'the round in progress finished');
  assert.deepEqual(rows.slice(1).map((r: any) => [r.dispatched_at, r.locked_until]), [[null, null], [null, null]], 'the rest are due again, unleased');

  const next = await exampleStore({ shareWith: first });
  assert.equal(await next.kernel.events.dispatchDue(), 2);
  assert.deepEqual(await logged(next), ['Ada', 'Grace', 'Lin']);
});
