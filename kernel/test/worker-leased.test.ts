import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../clock.ts';
import { toDate } from '../db/dialect.ts';
import { statementsDuring } from '../../test/helpers/statements.ts';
import { countRows, kernelStore, waitFor } from './helpers.ts';
import type { TestStore } from '../../test/helpers/store.ts';

// While its loop runs, a worker writes a job due now leased to itself and runs it from memory once the
// transaction commits, without claiming it from the table.

// A minute between polls: only the commit can have woken the rounds these tests wait for.
const QUIET = { workers: true, pollMs: 60_000 };
// Lets the start-up round (which claims from the table and finds nothing) finish.
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
const jobsNamed = (store: TestStore, name: string) => countRows(store.kernel.knex, 'jobs', { name });

/** A job kind whose runs wait for the test: `reached` once one started, `release()` lets them all finish. */
function gatedJob(store: TestStore, name: string) {
  const ran: string[] = [];
  let release!: () => void;
  let arrived!: () => void;
  const open = new Promise<void>((resolve) => (release = resolve));
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  store.kernel.worker.define(name, async (payload: { text: string }) => {
    arrived();
    await open;
    ran.push(payload.text);
  });
  return { ran, release, reached };
}

test('a job enqueued in a committed transaction runs after the commit without a claim, and its row is gone', async (t) => {
  const store = await kernelStore(QUIET);
  t.after(() => store.close());
  await settle();
  const { worker, knex } = store.kernel;
  const ran: Array<{ text: string; attempts: number }> = [];
  worker.define('test.leased', async (payload: { text: string }, job) => {
    ran.push({ text: payload.text, attempts: job.attempts });
  });
  const sent = await statementsDuring(knex, async () => {
    await knex.transaction(async (trx) => {
      await worker.enqueue(trx, 'test.leased', { text: 'first' });
      await worker.enqueue(trx, 'test.leased', { text: 'second' });
      await new Promise((resolve) => setTimeout(resolve, 30));
      assert.deepEqual(ran, [], 'nothing runs before the commit');
    });
    await waitFor(async () => (await jobsNamed(store, 'test.leased')) === 0, 'both jobs run and removed');
  });
  assert.deepEqual(ran, [{ text: 'first', attempts: 1 }, { text: 'second', attempts: 1 }]);
  // A claim reads the due jobs (those whose run_at has come); the insert only names the column.
  const claims = sent.filter((q) => /[`"]jobs[`"]/.test(q.sql) && /[`"]run_at[`"] <=/.test(q.sql));
  assert.deepEqual(claims.map((q) => q.sql), [], 'no claim of due jobs');
});

test('a job of a rolled-back transaction or savepoint never runs; one of a released savepoint runs after the outer commit', async (t) => {
  const store = await kernelStore(QUIET);
  t.after(() => store.close());
  await settle();
  const { worker, knex } = store.kernel;
  const ran: string[] = [];
  worker.define('test.savepoints', async (payload: { text: string }) => {
    ran.push(payload.text);
  });
  await knex.transaction(async (trx) => {
    await trx.transaction(async (sp) => {
      await worker.enqueue(sp, 'test.savepoints', { text: 'rolled back' });
      throw new Error('the savepoint fails');
    }).catch(() => undefined);
    await trx.transaction((sp) => worker.enqueue(sp, 'test.savepoints', { text: 'released' }));
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.deepEqual(ran, [], 'a released savepoint is not yet a commit');
  });
  await waitFor(() => ran.length === 1, 'the released savepoint\'s job');
  await assert.rejects(
    knex.transaction(async (trx) => {
      await trx.transaction((sp) => worker.enqueue(sp, 'test.savepoints', { text: 'never' }));
      throw new Error('the transaction fails');
    }),
    /the transaction fails/,
  );
  await settle();
  assert.deepEqual(ran, ['released']);
  assert.equal(await jobsNamed(store, 'test.savepoints'), 0);
});

test('a job is written leased to its worker: another claims it only after the lease ran out, had the writer died', async (t) => {
  const clock = new ManualClock(Date.parse('2026-06-01T10:00:00Z'));
  const writer = await kernelStore({ ...QUIET, clock });
  // The first job holds the writer's round, so the second waits in memory with its lease.
  const gate = gatedJob(writer, 'test.gated');
  t.after(() => (gate.release(), writer.close()));
  await settle();
  const { worker, knex } = writer.kernel;
  await worker.enqueue(knex, 'test.gated', { text: 'one' });
  await gate.reached;
  await worker.enqueue(knex, 'test.gated', { text: 'two' });
  const rows = await knex('jobs').where({ name: 'test.gated' }).orderBy('id').select('locked_until', 'locked_by');
  assert.deepEqual(rows.map((r: any) => toDate(r.locked_until)!.getTime() - clock.now().getTime()), [300_000, 300_000], 'leased for the kind\'s lease, 5 min');
  assert.ok(rows.every((r: any) => r.locked_by && r.locked_by === rows[0].locked_by), 'both by the writer');

  const other = await kernelStore({ clock, shareWith: writer });
  const taken: string[] = [];
  other.kernel.worker.define('test.gated', async (payload: { text: string }) => {
    taken.push(payload.text);
  });
  assert.equal(await other.kernel.worker.runDue(), 0, 'nothing is due while the lease runs');
  clock.advance(300_000);
  assert.equal(await other.kernel.worker.runDue(), 2, 'once the lease ran out, both are claimed');
  assert.deepEqual(taken, ['one', 'two']);
  // The writer comes back: its round finishes the first job; the second's lease ran out, so it is not run again.
  gate.release();
  await waitFor(() => gate.ran.length === 1, 'the writer\'s round to finish');
  await writer.kernel.worker.runDue();
  assert.deepEqual(gate.ran, ['one']);
  assert.equal(await jobsNamed(writer, 'test.gated'), 0);
});

test('a stopping worker gives up the lease of the jobs it had not run, for the next worker to take at once', async (t) => {
  const first = await kernelStore(QUIET);
  const gate = gatedJob(first, 'test.stopping');
  t.after(() => (gate.release(), first.close()));
  await settle();
  const { worker, knex } = first.kernel;
  await worker.enqueue(knex, 'test.stopping', { text: 'running' });
  await gate.reached;
  await knex.transaction(async (trx) => {
    await worker.enqueue(trx, 'test.stopping', { text: 'waiting 1' });
    await worker.enqueue(trx, 'test.stopping', { text: 'waiting 2' });
  });
  // The round holding the first job ends once it returns; the other two are in memory when the loop stops.
  const stopped = worker.stop();
  gate.release();
  await stopped;
  assert.deepEqual(gate.ran, ['running']);
  const rows = await knex('jobs').where({ name: 'test.stopping' }).orderBy('id').select('locked_until', 'locked_by', 'attempts');
  assert.deepEqual(rows.map((r: any) => [r.locked_until, r.locked_by, Number(r.attempts)]), [[null, null, 0], [null, null, 0]], 'due again, unleased');

  const next = await kernelStore({ shareWith: first });
  const taken: string[] = [];
  next.kernel.worker.define('test.stopping', async (payload: { text: string }) => {
    taken.push(payload.text);
  });
  assert.equal(await next.kernel.worker.runDue(), 2);
  assert.deepEqual(taken, ['waiting 1', 'waiting 2']);
});

test('a leased job that fails is retried with backoff as a claimed one is; a job for later or with a unique key is claimed', async (t) => {
  const clock = new ManualClock(Date.parse('2026-06-01T10:00:00Z'));
  const store = await kernelStore({ ...QUIET, clock });
  t.after(() => store.close());
  await settle();
  const { worker, knex } = store.kernel;
  const attempts: number[] = [];
  worker.define('test.flaky', async (_payload, job) => {
    attempts.push(job.attempts);
    if (job.attempts === 1) throw new Error('not yet');
  });
  await worker.enqueue(knex, 'test.flaky', {});
  await waitFor(async () => (await knex('jobs').where({ name: 'test.flaky' }).first('attempts'))?.attempts == 1, 'the failed first attempt recorded');
  const row = await knex('jobs').where({ name: 'test.flaky' }).first();
  assert.equal(row.locked_until, null);
  assert.match(row.last_error, /not yet/);
  const retryIn = toDate(row.run_at)!.getTime() - clock.now().getTime();
  assert.ok(retryIn >= 2_500 && retryIn <= 5_000, `retried after backoff (${retryIn} ms)`);
  assert.equal(await worker.runDue(), 0, 'not before its backoff');
  clock.advance(5_000);
  assert.equal(await worker.runDue(), 1);
  assert.deepEqual(attempts, [1, 2]);
  assert.equal(await jobsNamed(store, 'test.flaky'), 0);

  // Not leased: a job for later, and one with a unique key (the insert may add nothing), which the
  // wake-up after it claims from the table.
  const ran: string[] = [];
  worker.define('test.unleased', async (payload: { text: string }) => {
    ran.push(payload.text);
  });
  await worker.enqueue(knex, 'test.unleased', { text: 'later' }, { delayMs: 60_000 });
  assert.deepEqual(await knex('jobs').where({ name: 'test.unleased' }).pluck('locked_until'), [null]);
  const sent = await statementsDuring(knex, async () => {
    await worker.enqueue(knex, 'test.unleased', { text: 'unique' }, { uniqueKey: 'test:unique' });
    await waitFor(() => ran.length === 1, 'the unique job claimed and run');
  });
  assert.deepEqual(ran, ['unique']);
  assert.ok(sent.some((q) => /[`"]jobs[`"]/.test(q.sql) && /[`"]run_at[`"] <=/.test(q.sql)), 'claimed from the table');
  clock.advance(60_000);
  assert.equal(await worker.runDue(), 1);
  assert.deepEqual(ran, ['unique', 'later']);
});
