import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../clock.ts';
import { toDate } from '../db/dialect.ts';
import type { JobContext } from '../worker.ts';
import { countRows, kernelStore, waitFor } from './helpers.ts';

test('a defined job runs once with its payload, outside any request, and is then removed', async (t) => {
  const store = await kernelStore();
  t.after(() => store.close());
  const { worker, knex } = store.kernel;
  const seen: Array<{ payload: unknown; job: JobContext }> = [];
  worker.define('test.echo', async (payload, job) => {
    seen.push({ payload, job });
  });
  await worker.enqueue(knex, 'test.echo', { order: 42, note: 'ship it' });
  assert.equal(seen.length, 0, 'enqueueing does not run the job');
  assert.equal(await worker.runDue(), 1);
  assert.equal(seen.length, 1);
  assert.deepEqual(seen[0]!.payload, { order: 42, note: 'ship it' });
  assert.equal(seen[0]!.job.name, 'test.echo');
  assert.equal(seen[0]!.job.attempts, 1);
  assert.equal(await countRows(knex, 'jobs', { name: 'test.echo' }), 0);
  assert.equal(await worker.runDue(), 0);
  assert.equal(seen.length, 1);
});

test('a job enqueued in a transaction that rolls back never exists; a delayed job waits for its time', async (t) => {
  const clock = new ManualClock(Date.parse('2026-05-01T08:00:00Z'));
  const store = await kernelStore({ clock });
  t.after(() => store.close());
  const { worker, knex } = store.kernel;
  const ran: string[] = [];
  worker.define('test.note', async (payload: { text: string }) => {
    ran.push(payload.text);
  });
  await assert.rejects(
    knex.transaction(async (trx) => {
      await worker.enqueue(trx, 'test.note', { text: 'rolled back' });
      throw new Error('abort');
    }),
    /abort/,
  );
  await worker.enqueue(knex, 'test.note', { text: 'later' }, { delayMs: 30_000 });
  assert.equal(await worker.runDue(), 0);
  clock.advance(30_000);
  assert.equal(await worker.runDue(), 1);
  assert.deepEqual(ran, ['later']);
});

test('a failing job is retried with growing backoff and stops after its maximum attempts', async (t) => {
  const clock = new ManualClock(Date.parse('2026-05-01T08:00:00Z'));
  const store = await kernelStore({ clock });
  t.after(() => store.close());
  const { worker, knex } = store.kernel;
  const attempts: number[] = [];
  worker.define(
    'test.fail',
    async (_payload, job) => {
      attempts.push(job.attempts);
      throw new Error(`attempt ${job.attempts} failed`);
    },
    { maxAttempts: 3 },
  );
  await worker.enqueue(knex, 'test.fail', {});
  const row = () => knex('jobs').where('name', 'test.fail').first();
  const delay = async () => toDate((await row()).run_at)!.getTime() - clock.now().getTime();

  assert.equal(await worker.runDue(), 1);
  assert.equal((await row()).attempts, 1);
  assert.equal((await row()).failed_at, null);
  const first = await delay();
  assert.ok(first >= 2_500 && first <= 5_000, `first backoff ${first} ms`);
  assert.equal(await worker.runDue(), 0, 'not retried before its backoff');

  clock.advance(first);
  assert.equal(await worker.runDue(), 1);
  const second = await delay();
  assert.ok(second >= 5_000 && second <= 10_000, `second backoff ${second} ms`);
  clock.advance(second);
  assert.equal(await worker.runDue(), 1);

  const last = await row();
  assert.equal(last.attempts, 3);
  assert.notEqual(last.failed_at, null);
  assert.equal(last.last_error, 'attempt 3 failed');
  clock.advance(24 * 3_600_000);
  assert.equal(await worker.runDue(), 0, 'a failed job is not run again');
  assert.deepEqual(attempts, [1, 2, 3]);
});

test('uniqueKey keeps one pending job per key; once it ran, the key may be used again', async (t) => {
  const store = await kernelStore();
  t.after(() => store.close());
  const { worker, knex } = store.kernel;
  const ran: number[] = [];
  worker.define('test.sync', async (payload: { n: number }) => {
    ran.push(payload.n);
  });
  await worker.enqueue(knex, 'test.sync', { n: 1 }, { uniqueKey: 'sync:product:7' });
  await worker.enqueue(knex, 'test.sync', { n: 2 }, { uniqueKey: 'sync:product:7' });
  await worker.enqueue(knex, 'test.sync', { n: 3 }, { uniqueKey: 'sync:product:8' });
  assert.equal(await countRows(knex, 'jobs', { name: 'test.sync' }), 2);
  assert.equal(await worker.runDue(), 2);
  assert.deepEqual(ran.sort(), [1, 3]);
  await worker.enqueue(knex, 'test.sync', { n: 4 }, { uniqueKey: 'sync:product:7' });
  assert.equal(await worker.runDue(), 1);
  assert.deepEqual(ran.sort(), [1, 3, 4]);
});

test('an `every` job runs at start and then once per interval, keeping a single row across restarts', async (t) => {
  const clock = new ManualClock(Date.parse('2026-05-01T08:00:00Z'));
  // The loops poll once a minute of real time: after start-up, jobs run when runDue() is called (or in a
  // round the loop may still be finishing, hence waiting for the tick rather than counting claims).
  const store = await kernelStore({ clock, lazy: true, workers: true, pollMs: 60_000 });
  t.after(() => store.close());
  const ticks: Date[] = [];
  store.kernel.worker.every('test.tick', 60_000, async (_payload, job) => {
    ticks.push(job.now);
  });
  await store.kernel.ready();
  const { worker, knex } = store.kernel;
  const tickRow = () => knex('jobs').where('name', 'test.tick').first();
  // A tick is over once its row is rescheduled and released.
  const ticked = (n: number) => waitFor(async () => ticks.length === n && (await tickRow()).locked_until === null, `tick ${n}`);
  await ticked(1);
  assert.equal(await countRows(knex, 'jobs', { name: 'test.tick' }), 1);

  clock.advance(59_999);
  assert.equal(await worker.runDue(), 0, 'not due before its interval');
  assert.equal(ticks.length, 1);
  clock.advance(1);
  await worker.runDue();
  await ticked(2);
  clock.advance(60_000);
  await worker.runDue();
  await ticked(3);
  assert.deepEqual(ticks.map((d) => d.toISOString()), ['2026-05-01T08:00:00.000Z', '2026-05-01T08:01:00.000Z', '2026-05-01T08:02:00.000Z']);
  const row = await tickRow();
  assert.equal(row.attempts, 0);
  assert.equal(toDate(row.run_at)!.toISOString(), '2026-05-01T08:03:00.000Z');
  await store.kernel.stop();

  // A restart defines the same recurring job again: still one row, still on its schedule.
  const again = await kernelStore({ clock, lazy: true, workers: true, pollMs: 60_000, shareWith: store });
  again.kernel.worker.every('test.tick', 60_000, async (_payload, job) => {
    ticks.push(job.now);
  });
  let probed = false;
  again.kernel.worker.define('test.probe', async () => {
    probed = true;
  });
  await again.kernel.ready();
  // A job enqueued now runs in the start-up round or right after it, after the older tick row was looked at.
  await again.kernel.worker.enqueue(again.kernel.knex, 'test.probe', {});
  await waitFor(() => probed, 'the probe job');
  assert.equal(await countRows(again.kernel.knex, 'jobs', { name: 'test.tick' }), 1);
  assert.equal(ticks.length, 3, 'not due yet, so not run at the restart');
  clock.advance(60_000);
  await again.kernel.worker.runDue();
  await waitFor(() => ticks.length === 4, 'the tick after the restart');
  assert.equal(ticks[3]!.toISOString(), '2026-05-01T08:03:00.000Z');
});

test('runDue beside a running loop returns only once the job that loop claimed first has finished', async (t) => {
  const store = await kernelStore({ workers: true, pollMs: 10 });
  t.after(() => store.close());
  const { worker, knex } = store.kernel;
  let started = false;
  let finished = false;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  worker.define('test.slow', async () => {
    started = true;
    await gate;
    finished = true;
  });
  await worker.enqueue(knex, 'test.slow', {});
  // The loop claims it: runDue's own claim finds nothing, yet what was due has run when it returns.
  await waitFor(() => started, 'the loop to start the job');
  let returned = false;
  const run = worker.runDue().then((n) => {
    returned = true;
    return n;
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  // Opened before checking: a failed check must not leave the store's close waiting for the job.
  const waited = !returned;
  release();
  assert.equal(waited, true, 'still waiting for the loop\'s job');
  assert.equal(await run, 0);
  assert.equal(finished, true);
  await waitFor(async () => (await countRows(knex, 'jobs', { name: 'test.slow' })) === 0, 'the row removed');
});

test('on MariaDB, two workers claiming at once never run the same job twice', { skip: !process.env.DATABASE_URL && 'needs DATABASE_URL (MariaDB): SQLite has one writer per database file' }, async (t) => {
  const first = await kernelStore();
  t.after(() => first.close());
  const second = await kernelStore({ shareWith: first });
  const runs = new Map<number, string[]>();
  for (const [name, store] of [['one', first], ['two', second]] as const) {
    store.kernel.worker.define('test.count', async (_payload, job) => {
      runs.set(job.id, [...(runs.get(job.id) ?? []), name]);
      // Hold the claim a moment so the other worker claims while this one works.
      await new Promise((resolve) => setTimeout(resolve, 2));
    });
  }
  const total = 200;
  await first.kernel.knex.batchInsert(
    'jobs',
    Array.from({ length: total }, () => ({ name: 'test.count', payload: '{}', run_at: new Date(Date.now() - 1000), attempts: 0, max_attempts: 3, created_at: new Date() })),
    50,
  );
  // Each worker keeps claiming until no job is left; a round that finds everything claimed by the other
  // worker claims nothing, and the worker tries again.
  const drain = async (store: typeof first) => {
    let claimed = 0;
    while ((await countRows(store.kernel.knex, 'jobs', { name: 'test.count' })) > 0) {
      const n = await store.kernel.worker.runDue();
      claimed += n;
      if (n === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return claimed;
  };
  const [byFirst, bySecond] = await Promise.all([drain(first), drain(second)]);
  assert.equal(byFirst + bySecond, total);
  assert.ok(byFirst > 0 && bySecond > 0, `both workers took part (${byFirst} + ${bySecond})`);
  assert.equal(runs.size, total);
  const twice = [...runs].filter(([, who]) => who.length > 1);
  assert.deepEqual(twice, []);
  assert.equal(await countRows(first.kernel.knex, 'jobs', { name: 'test.count' }), 0);
});

test('a plugin loop runs with the worker: a round at start, one per wake-up, none after stop or without loops', async (t) => {
  const idle = await kernelStore();
  t.after(() => idle.close());
  let idleRounds = 0;
  const idleLoop = idle.kernel.worker.addLoop('test idle loop', async () => {
    idleRounds++;
    return 0;
  }, 10);
  idleLoop.wake();
  await idle.kernel.worker.runDue();
  assert.equal(idleRounds, 0, 'with the loops off (tests), a plugin loop never runs by itself');

  // Polling once a minute: every round below comes from the start or a wake-up.
  const store = await kernelStore({ workers: true, pollMs: 60_000 });
  t.after(() => store.close());
  let rounds = 0;
  const loop = store.kernel.worker.addLoop('test loop', async () => {
    rounds++;
    return 0;
  }, 10);
  await waitFor(() => rounds === 1, 'the first round, at once since the worker runs');
  loop.wake();
  await waitFor(() => rounds === 2, 'the round a wake-up asks for');
  await store.kernel.worker.stop();
  loop.wake();
  await store.kernel.worker.runDue();
  assert.equal(rounds, 2, 'no round after stop');
});
