import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../clock.ts';
import { isMysql, toDate } from '../db/dialect.ts';
import { statementsDuring } from '../../test/helpers/statements.ts';
import { countRows, exampleStore, packageUrl, pluginSource, postJson, waitFor, writePlugins } from './helpers.ts';

const LIST = '/api/v1/hello/greetings/';

// A plugin whose afterCommit tap fails while `state.failuresLeft` > 0, and two routes that emit
// through the hello plugin's service and then fail (a plain Error → 500, an AppError → 409).
function failingPlugins() {
  return writePlugins({
    troubled: pluginSource('troubled', {
      dependsOn: ['hello'],
      imports: `import { asValue } from ${JSON.stringify(packageUrl('awilix'))};`,
      body: `
        const state = { failuresLeft: 0, calls: [] };
        ctx.container.register({ troubledTap: asValue(state) });
        ctx.hooks.get('events').afterCommit.tapPromise({ name: 'troubled' }, async (event) => {
          state.calls.push(event.id);
          if (state.failuresLeft > 0) {
            state.failuresLeft -= 1;
            throw new Error('downstream is down');
          }
        });
        const greetings = ctx.container.resolve('greetingService');
        const ok = { 201: { type: 'object', properties: {} } };
        ctx.routes.add({ method: 'POST', path: '/api/v1/troubled/crash/', auth: 'public', summary: 'x', schema: { response: ok },
          handler: async (request) => { await greetings.create(request.trx, { name: 'doomed' }); throw new Error('crash after emit'); } });
        ctx.routes.add({ method: 'POST', path: '/api/v1/troubled/refuse/', auth: 'public', summary: 'x', schema: { response: ok },
          handler: async (request) => {
            await greetings.create(request.trx, { name: 'refused' });
            const err = new Error('not allowed now'); err.statusCode = 409; err.code = 'conflict'; throw err;
          } });
      `,
    }),
  });
}

interface TapState {
  failuresLeft: number;
  calls: number[];
}

test('a committed POST writes one event; after dispatch the afterCommit tap has run exactly once', async (t) => {
  const store = await exampleStore();
  t.after(() => store.close());
  const created = (await postJson(store, LIST, { name: 'Ada' })).json();
  const events = await store.kernel.knex('events').select();
  assert.equal(events.length, 1);
  assert.equal(events[0].type, 'hello.greeted');
  assert.deepEqual(JSON.parse(events[0].data), created);
  assert.equal(events[0].dispatched_at, null);
  assert.equal(await countRows(store.kernel.knex, 'hello_event_log'), 0, 'nothing runs before the dispatcher');

  assert.equal(await store.kernel.events.dispatchDue(), 1);
  const log = await store.kernel.knex('hello_event_log').select();
  assert.equal(log.length, 1);
  assert.equal(Number(log[0].event_id), Number(events[0].id));
  assert.equal(log[0].type, 'hello.greeted');
  assert.deepEqual(JSON.parse(log[0].data), created);
  assert.notEqual((await store.kernel.knex('events').first()).dispatched_at, null);

  assert.equal(await store.kernel.events.dispatchDue(), 0);
  assert.equal(await countRows(store.kernel.knex, 'hello_event_log'), 1);
});

test('a handler that emits and then fails leaves neither its row nor its event', async (t) => {
  const tmp = failingPlugins();
  t.after(tmp.remove);
  const store = await exampleStore({ env: { PLUGINS: `examples/hello-plugin,${tmp.dirs.troubled}` } });
  t.after(() => store.close());
  const crash = await postJson(store, '/api/v1/troubled/crash/', {});
  assert.equal(crash.statusCode, 500);
  const refuse = await postJson(store, '/api/v1/troubled/refuse/', {});
  assert.equal(refuse.statusCode, 409);
  assert.equal(await countRows(store.kernel.knex, 'hello_greetings'), 0);
  assert.equal(await countRows(store.kernel.knex, 'events'), 0);
  assert.equal(await store.kernel.events.dispatchDue(), 0);
  // The same service in a committed request does write both, so the routes above were able to.
  assert.equal((await postJson(store, LIST, { name: 'Ada' })).statusCode, 201);
  assert.equal(await countRows(store.kernel.knex, 'events'), 1);
});

test('a failing afterCommit tap is retried after its backoff; taps that succeeded are not run again', async (t) => {
  const tmp = failingPlugins();
  t.after(tmp.remove);
  const clock = new ManualClock(Date.parse('2026-04-01T10:00:00Z'));
  const store = await exampleStore({ clock, env: { PLUGINS: `examples/hello-plugin,${tmp.dirs.troubled}` } });
  t.after(() => store.close());
  const tap = store.kernel.container.resolve('troubledTap') as TapState;
  tap.failuresLeft = 2;
  await postJson(store, LIST, { name: 'Ada' });
  const { id } = await store.kernel.knex('events').first();

  assert.equal(await store.kernel.events.dispatchDue(), 1);
  let row = await store.kernel.knex('events').where({ id }).first();
  assert.equal(row.dispatched_at, null);
  assert.equal(row.attempts, 1);
  assert.deepEqual(JSON.parse(row.pending_taps), ['troubled']);
  assert.match(row.last_error, /troubled: downstream is down/);
  const firstRetry = toDate(row.next_attempt_at)!.getTime() - clock.now().getTime();
  assert.ok(firstRetry > 0 && firstRetry <= 1000, `first retry is due within its 1 s backoff step (${firstRetry} ms)`);

  // Not due yet: nothing is claimed and nothing runs.
  assert.equal(await store.kernel.events.dispatchDue(), 0);
  assert.equal(tap.calls.length, 1);

  clock.advance(1000);
  assert.equal(await store.kernel.events.dispatchDue(), 1);
  row = await store.kernel.knex('events').where({ id }).first();
  assert.equal(row.attempts, 2);
  const secondRetry = toDate(row.next_attempt_at)!.getTime() - clock.now().getTime();
  assert.ok(secondRetry >= 1000 && secondRetry <= 2000, `the backoff grows (${secondRetry} ms)`);
  clock.advance(2000);
  assert.equal(await store.kernel.events.dispatchDue(), 1);

  row = await store.kernel.knex('events').where({ id }).first();
  assert.notEqual(row.dispatched_at, null);
  assert.equal(row.pending_taps, null);
  assert.deepEqual(tap.calls, [id, id, id]);
  assert.equal(await countRows(store.kernel.knex, 'hello_event_log'), 1, "hello's tap ran once, on the first round");
  clock.advance(3_600_000);
  assert.equal(await store.kernel.events.dispatchDue(), 0);
});

test('a tap that never recovers is given up after 100 attempts, and the event stops being claimed', async (t) => {
  const tmp = failingPlugins();
  t.after(tmp.remove);
  const clock = new ManualClock(Date.parse('2026-04-01T10:00:00Z'));
  const store = await exampleStore({ clock, env: { PLUGINS: `examples/hello-plugin,${tmp.dirs.troubled}` } });
  t.after(() => store.close());
  const tap = store.kernel.container.resolve('troubledTap') as TapState;
  tap.failuresLeft = Infinity;
  await postJson(store, LIST, { name: 'Ada' });
  for (let round = 1; round <= 100; round++) {
    assert.equal(await store.kernel.events.dispatchDue(), 1, `round ${round}`);
    clock.advance(3_600_001);
  }
  const row = await store.kernel.knex('events').first();
  assert.equal(row.attempts, 100);
  assert.notEqual(row.dispatched_at, null);
  assert.equal(await store.kernel.events.dispatchDue(), 0);
  assert.equal(tap.calls.length, 100);
});

test('events a stopped kernel left undispatched are dispatched by the next kernel on the same database', async (t) => {
  const clock = new ManualClock(Date.parse('2026-04-01T10:00:00Z'));
  const first = await exampleStore({ clock });
  t.after(() => first.close());
  await postJson(first, LIST, { name: 'Before the restart' });
  await postJson(first, LIST, { name: 'Claimed by a kernel that died' });
  // Simulate a kernel that claimed the second event and died before finishing: its lease still runs.
  const [, leased] = await first.kernel.knex('events').orderBy('id').pluck('id');
  await first.kernel.knex('events').where('id', leased).update({ locked_until: new Date(clock.now().getTime() + 60_000) });
  await first.kernel.stop();

  const second = await exampleStore({ clock, shareWith: first });
  assert.equal(await second.kernel.events.dispatchDue(), 1);
  assert.deepEqual(await second.kernel.knex('hello_event_log').pluck('type'), ['hello.greeted']);
  clock.advance(60_000);
  assert.equal(await second.kernel.events.dispatchDue(), 1, 'the dead claim expired and the event is dispatched');
  const names = (await second.kernel.knex('hello_event_log').orderBy('id').pluck('data')).map((d: string) => JSON.parse(d).name);
  assert.deepEqual(names, ['Before the restart', 'Claimed by a kernel that died']);
});

test('with the loops running, a new kernel dispatches what it finds at start', async (t) => {
  const first = await exampleStore();
  t.after(() => first.close());
  await postJson(first, LIST, { name: 'Left behind' });
  await first.kernel.stop();
  const second = await exampleStore({ shareWith: first, workers: true, pollMs: 60_000 });
  // The tap writes its log row before the event is marked dispatched, so wait for the latter.
  await waitFor(async () => (await countRows(second.kernel.knex, 'events', { dispatched_at: null })) === 0, 'the start-up dispatch round');
  assert.deepEqual(await second.kernel.knex('hello_event_log').pluck('type'), ['hello.greeted']);
});

test('with the loops running, an event is dispatched as soon as its transaction commits, without waiting for a poll', async (t) => {
  // The poll interval is a minute, so only the wake-up on commit can dispatch within the wait below.
  const store = await exampleStore({ workers: true, pollMs: 60_000 });
  t.after(() => store.close());
  // Let the start-up round finish (it finds nothing).
  await new Promise((resolve) => setImmediate(resolve));
  for (const name of ['Ada', 'Grace', 'Lin']) {
    const created = (await postJson(store, LIST, { name })).json();
    const logged = await waitFor(
      () => store.kernel.knex('hello_event_log').orderBy('id', 'desc').first().then((r) => r && JSON.parse(r.data).id === created.id && r),
      `the event of ${name}`,
    );
    assert.equal(logged.type, 'hello.greeted');
  }
  assert.equal(await countRows(store.kernel.knex, 'hello_event_log'), 3);
});

test('emitMany records its events in order, in one statement unless they are many or large', async (t) => {
  const store = await exampleStore();
  t.after(() => store.close());
  const knex = store.kernel.knex;
  const inserts: string[] = [];
  const listener = (q: { sql: string }) => {
    if (/^insert into [`"]events[`"]/.test(q.sql)) inserts.push(q.sql);
  };
  knex.on('query', listener);
  t.after(() => knex.off('query', listener));
  const small = Array.from({ length: 5 }, (_, i) => ({ type: 'hello.small', data: { i } }));
  await knex.transaction((trx) => store.kernel.events.emitMany(trx, small));
  assert.equal(inserts.length, 1);
  // About 0.6 MiB each: no statement carries much more than 1 MiB of data.
  const large = Array.from({ length: 5 }, (_, i) => ({ type: 'hello.large', data: { i, text: 'x'.repeat(600_000) } }));
  await knex.transaction((trx) => store.kernel.events.emitMany(trx, large));
  assert.equal(inserts.length, 1 + 5);
  // 250 rows at most per statement (SQLite limits the compound SELECT knex writes them as to 500).
  const many = Array.from({ length: 600 }, (_, i) => ({ type: 'hello.many', data: { i } }));
  await knex.transaction((trx) => store.kernel.events.emitMany(trx, many));
  assert.equal(inserts.length, 1 + 5 + 3);
  const rows = await knex('events').orderBy('id').select('id', 'type', 'data');
  assert.deepEqual(rows.map((r: any) => [r.type, JSON.parse(r.data).i]), [...small, ...large, ...many].map((e) => [e.type, e.data.i]));
  assert.equal(JSON.parse(rows[9].data).text.length, 600_000);
});

test('a value a tap reads with perRound is read once per dispatch round, and afresh in the next round', async (t) => {
  const tmp = writePlugins({
    rounds: pluginSource('rounds', {
      dependsOn: ['hello'],
      imports: `import { asValue } from ${JSON.stringify(packageUrl('awilix'))};`,
      body: `
        const state = { loads: 0, seen: [] };
        ctx.container.register({ roundsTap: asValue(state) });
        ctx.hooks.get('events').afterCommit.tapPromise({ name: 'rounds' }, async (event) => {
          const value = await ctx.events.perRound('rounds:load', async () => ++state.loads);
          state.seen.push([event.id, value]);
        });
      `,
    }),
  });
  t.after(tmp.remove);
  const store = await exampleStore({ env: { PLUGINS: `examples/hello-plugin,${tmp.dirs.rounds}` } });
  t.after(() => store.close());
  const state = store.kernel.container.resolve('roundsTap') as { loads: number; seen: Array<[number, number]> };
  for (const name of ['Ada', 'Grace', 'Edsger']) assert.equal((await postJson(store, LIST, { name })).statusCode, 201);
  assert.equal(await store.kernel.events.dispatchDue(), 3);
  assert.equal(state.loads, 1, 'one read for the three events of the round');
  assert.deepEqual(state.seen.map(([, value]) => value), [1, 1, 1]);

  assert.equal((await postJson(store, LIST, { name: 'Barbara' })).statusCode, 201);
  assert.equal(await store.kernel.events.dispatchDue(), 1);
  assert.equal(state.loads, 2, 'the next round reads again');
  assert.deepEqual(state.seen.at(-1)![1], 2);

  // Outside a round, every call reads.
  assert.equal(await store.kernel.events.perRound('rounds:load', async () => 'fresh'), 'fresh');
});

test('a dispatch round claims the oldest due events through their index, however many were dispatched before', async (t) => {
  const store = await exampleStore();
  t.after(() => store.close());
  const knex = store.kernel.knex;
  const events = (n: number, type: string) => Array.from({ length: n }, (_, i) => ({ type, data: { i } }));
  // A history of dispatched events before the backlog: the claim must not read through them.
  await knex.transaction((trx) => store.kernel.events.emitMany(trx, events(300, 'hello.history')));
  await knex('events').update({ dispatched_at: new Date(), locked_until: null });
  await knex.transaction((trx) => store.kernel.events.emitMany(trx, events(150, 'hello.backlog')));
  const backlog = (await knex('events').where('type', 'hello.backlog').orderBy('id').pluck('id')).map(Number);

  let claimed = 0;
  const sent = await statementsDuring(knex, async () => (claimed = await store.kernel.events.dispatchDue()));
  assert.equal(claimed, 100);
  // MariaDB: a transaction's SELECT … FOR UPDATE SKIP LOCKED; SQLite: one UPDATE … RETURNING of them.
  const claims = sent.filter((q) => /^(select|update) .*from [`"]events[`"]/i.test(q.sql) && /limit/i.test(q.sql));
  const dispatched = (await knex('events').where('type', 'hello.backlog').whereNotNull('dispatched_at').orderBy('id').pluck('id')).map(Number);
  assert.deepEqual(dispatched, backlog.slice(0, 100), 'the oldest 100 of the backlog, in id order');

  assert.equal(claims.length, 1, claims.map((c) => c.sql).join('\n'));
  const [claim] = claims;
  if (isMysql(knex)) {
    // A small table is read through the index anyway; at 150,000 events MariaDB chose the primary key
    // (walking every dispatched event) unless told: the claim names the index.
    assert.match(claim!.sql, /force index \(`events_claim_idx`\)/i, claim!.sql);
    const [plan] = await knex.raw(`explain ${claim!.sql}`, claim!.bindings as any);
    assert.equal(plan[0].key, 'events_claim_idx', JSON.stringify(plan));
    assert.doesNotMatch(String(plan[0].Extra), /filesort/i, JSON.stringify(plan));
  } else {
    assert.equal(sent[0]!.sql, claim!.sql, 'the claim is one statement, without BEGIN and COMMIT around it');
    assert.match(claim!.sql, /^update .* returning \*$/i, claim!.sql);
    const plan = (await knex.raw(`explain query plan ${claim!.sql}`, claim!.bindings as any)) as Array<{ detail: string }>;
    const details = plan.map((p) => p.detail).join('; ');
    assert.match(details, /USING INDEX events_claim_idx/, details);
    assert.doesNotMatch(details, /TEMP B-TREE/, details);
  }
});
