import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { before, after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../clock.ts';
import type { TestStore } from '../../test/helpers/store.ts';
import { countRows, exampleStore, packageUrl, pluginSource, portOf, postJson, waitFor, writePlugins } from './helpers.ts';
import { toDate } from '../db/dialect.ts';

const LIST = '/api/v1/hello/greetings/';

// POST /api/v1/flaky/ fails with a 500 on its first call and succeeds afterwards; /held/, /held-long/
// and /held-empty/ wait until the test releases them; /db-gone/ and /db-flaky/ fail in the database once.
const FLAKY = pluginSource('flaky', {
  imports: `import { asValue } from ${JSON.stringify(packageUrl('awilix'))};`,
  body: `
    const held = {};
    held.started = new Promise((resolve) => (held.markStarted = resolve));
    const released = new Promise((resolve) => (held.release = resolve));
    const heldLong = {};
    heldLong.started = new Promise((resolve) => (heldLong.markStarted = resolve));
    const releasedLong = new Promise((resolve) => (heldLong.release = resolve));
    const heldEmpty = {};
    heldEmpty.started = new Promise((resolve) => (heldEmpty.markStarted = resolve));
    const releasedEmpty = new Promise((resolve) => (heldEmpty.release = resolve));
    ctx.routes.add({ method: 'POST', path: '/api/v1/held-empty/', auth: 'public', summary: 'x',
      schema: { response: { 204: { type: 'null' } } },
      handler: async (request, reply) => {
        heldEmpty.socketClosed = new Promise((resolve) => request.socket.once('close', resolve));
        heldEmpty.markStarted();
        await releasedEmpty;
        await request.trx('hello_greetings').insert({ name: 'from held-empty', message: 'x', created_at: new Date(), updated_at: new Date() });
              reply.code(204);
            } });
          ctx.container.register({ held: asValue(held), heldLong: asValue(heldLong), heldEmpty: asValue(heldEmpty) });
          ctx.routes.add({ method: 'POST', path: '/api/v1/held-long/', auth: 'public', summary: 'x', transaction: false,
            schema: { response: { 201: { type: 'object', properties: { ok: { type: 'boolean' } } } } },
            handler: async (request, reply) => { heldLong.markStarted(); await releasedLong; reply.code(201); return { ok: true }; } });
          ctx.routes.add({ method: 'POST', path: '/api/v1/held/', auth: 'public', summary: 'x', transaction: false,
            schema: { response: { 201: { type: 'object', properties: { ok: { type: 'boolean' } } } } },
            handler: async (request, reply) => { held.markStarted(); await released; reply.code(201); return { ok: true }; } });
          // Takes the idempotency table away (the database failing under the kernel) and fails.
          let goneCalls = 0;
          ctx.routes.add({ method: 'POST', path: '/api/v1/db-gone/', auth: 'public', summary: 'x', transaction: false,
            schema: { response: { 201: { type: 'object', properties: { calls: { type: 'integer' } } } } },
            handler: async (request, reply) => {
              goneCalls += 1;
              if (goneCalls === 1) {
                await ctx.knex.schema.renameTable('idempotency_keys', 'idempotency_keys_away');
                throw new Error('database lost');
              }
              reply.code(201);
              return { calls: goneCalls };
            } });
          let dbCalls = 0;
          ctx.routes.add({ method: 'POST', path: '/api/v1/db-flaky/', auth: 'public', summary: 'x',
            schema: { response: { 201: { type: 'object', properties: { calls: { type: 'integer' } } } } },
            handler: async (request, reply) => {
              dbCalls += 1;
              await request.trx('hello_greetings').insert({ name: 'from db-flaky', message: 'x', created_at: new Date(), updated_at: new Date() });
              if (dbCalls === 1) await request.trx.raw('select * from no_such_table');
              reply.code(201);
              return { calls: dbCalls };
            } });
          let calls = 0;
          ctx.routes.add({ method: 'POST', path: '/api/v1/flaky/', auth: 'public', summary: 'x',
            schema: { body: { type: 'object', properties: { n: { type: 'integer' } } }, response: { 201: { type: 'object', properties: { calls: { type: 'integer' } } } } },
            handler: async (request, reply) => {
              calls += 1;
              if (calls === 1) throw new Error('temporary failure');
              reply.code(201);
              return { calls };
            } });
        `,
      });

describe('Idempotency-Key on POST', () => {
  let store: TestStore;
  let tmp: ReturnType<typeof writePlugins>;
  const clock = new ManualClock(Date.parse('2026-03-01T09:00:00Z'));
  before(async () => {
    tmp = writePlugins({ flaky: FLAKY });
    store = await exampleStore({ clock, env: { PLUGINS: `examples/hello-plugin,${tmp.dirs.flaky}` } });
  });
  after(async () => {
    await store.close();
    tmp.remove();
  });

  const count = async () => Number(((await store.kernel.knex('hello_greetings').count({ n: '*' }).first()) as any).n);

  test('a repeat with the same key and body replays the first response and creates nothing more', async () => {
    const key = { 'idempotency-key': 'create-ada-1' };
    const first = await postJson(store, LIST, { name: 'Ada' }, key);
    assert.equal(first.statusCode, 201);
    assert.equal(first.headers['idempotent-replayed'], undefined);
    const again = await postJson(store, LIST, { name: 'Ada' }, key);
    assert.equal(again.statusCode, 201);
    assert.deepEqual(again.json(), first.json());
    assert.equal(again.headers.location, first.headers.location);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(await count(), 1);
    const events = await store.kernel.knex('events').where('type', 'hello.greeted').count({ n: '*' }).first();
    assert.equal(Number((events as any).n), 1, 'the replay emitted no second event');
    // Without a key, the same body creates another greeting.
    assert.equal((await postJson(store, LIST, { name: 'Ada' })).statusCode, 201);
    assert.equal(await count(), 2);
  });

  test('the same key with a different body is a 409 and creates nothing', async () => {
    const key = { 'idempotency-key': 'create-grace' };
    assert.equal((await postJson(store, LIST, { name: 'Grace' }, key)).statusCode, 201);
    const before = await count();
    const reused = await postJson(store, LIST, { name: 'Grace', message: 'Different' }, key);
    assert.equal(reused.statusCode, 409);
    assert.equal(reused.json().code, 'idempotency_key_reused');
    assert.equal(await count(), before);
  });

  test('a key longer than 255 characters is a 400; 255 is fine', async () => {
    const long = await postJson(store, LIST, { name: 'Lin' }, { 'idempotency-key': 'k'.repeat(256) });
    assert.equal(long.statusCode, 400);
    assert.deepEqual(Object.keys(long.json().errors), ['Idempotency-Key']);
    const before = await count();
    assert.equal((await postJson(store, LIST, { name: 'Lin' }, { 'idempotency-key': 'k'.repeat(255) })).statusCode, 201);
    assert.equal(await count(), before + 1);
  });

  test('a server error is not stored: a retry with the same key runs again', async () => {
    const key = { 'idempotency-key': 'flaky-1' };
    const failed = await postJson(store, '/api/v1/flaky/', { n: 1 }, key);
    assert.equal(failed.statusCode, 500);
    assert.equal(await store.kernel.knex('idempotency_keys').where('idempotency_key', 'flaky-1').first(), undefined);
    const retried = await postJson(store, '/api/v1/flaky/', { n: 1 }, key);
    assert.equal(retried.statusCode, 201);
    assert.deepEqual(retried.json(), { calls: 2 });
    const replayed = await postJson(store, '/api/v1/flaky/', { n: 1 }, key);
    assert.deepEqual(replayed.json(), { calls: 2 }, 'the success is what is kept and replayed');
    assert.equal(replayed.headers['idempotent-replayed'], 'true');
  });

  test('a key is forgotten after 24 hours', async () => {
    const key = { 'idempotency-key': 'daily' };
    assert.equal((await postJson(store, LIST, { name: 'Day one' }, key)).statusCode, 201);
    clock.advance(23 * 3600_000);
    assert.equal((await postJson(store, LIST, { name: 'Day two' }, key)).statusCode, 409);
    clock.advance(3600_000 + 1);
    const later = await postJson(store, LIST, { name: 'Day two' }, key);
    assert.equal(later.statusCode, 201);
    assert.equal(later.json().name, 'Day two');
  });

  test('a repeat while the first request is still running is a 409, and the first one is then kept', async () => {
    const held = store.kernel.container.resolve('held') as { started: Promise<void>; release: () => void };
    const key = { 'idempotency-key': 'held-1' };
    const first = postJson(store, '/api/v1/held/', {}, key);
    await held.started;
    const repeat = await postJson(store, '/api/v1/held/', {}, key);
    assert.equal(repeat.statusCode, 409);
    assert.equal(repeat.json().code, 'idempotency_key_in_progress');
    held.release();
    assert.equal((await first).statusCode, 201);
    const later = await postJson(store, '/api/v1/held/', {}, key);
    assert.equal(later.statusCode, 201);
    assert.equal(later.headers['idempotent-replayed'], 'true');
  });

  test('anonymous callers at different addresses never share a key', async () => {
    const key = { 'idempotency-key': 'naive-key-1' };
    const fromA = await postJson(store, LIST, { name: 'Same body' }, { ...key, 'x-forwarded-for': '198.51.100.7' });
    const fromB = await postJson(store, LIST, { name: 'Same body' }, { ...key, 'x-forwarded-for': '198.51.100.8' });
    assert.equal(fromA.statusCode, 201);
    assert.equal(fromB.statusCode, 201);
    assert.equal(fromB.headers['idempotent-replayed'], undefined, 'B ran its own request');
    assert.notEqual(fromA.json().id, fromB.json().id);
    const againA = await postJson(store, LIST, { name: 'Same body' }, { ...key, 'x-forwarded-for': '198.51.100.7' });
    assert.equal(againA.headers['idempotent-replayed'], 'true');
    assert.equal(againA.json().id, fromA.json().id);
  });

  test('a database error frees the key at once: the retry runs again and only its change is kept', async () => {
    const key = { 'idempotency-key': 'db-flaky-1' };
    const before = await count();
    const failed = await postJson(store, '/api/v1/db-flaky/', {}, key);
    assert.equal(failed.statusCode, 500, failed.body);
    assert.equal(await store.kernel.knex('idempotency_keys').where('idempotency_key', 'db-flaky-1').first(), undefined, 'nothing is left claimed');
    assert.equal(await count(), before, 'the failed request committed nothing');
    const retried = await postJson(store, '/api/v1/db-flaky/', {}, key);
    assert.equal(retried.statusCode, 201, retried.body);
    assert.deepEqual(retried.json(), { calls: 2 });
    assert.equal(await count(), before + 1);
    const replayed = await postJson(store, '/api/v1/db-flaky/', {}, key);
    assert.equal(replayed.headers['idempotent-replayed'], 'true');
    assert.equal(await count(), before + 1);
  });

  test('a key whose release the database refused is not left claimed: the retry runs at once', async () => {
    const key = { 'idempotency-key': 'db-gone-1' };
    const failed = await postJson(store, '/api/v1/db-gone/', {}, key);
    assert.equal(failed.statusCode, 500, failed.body);
    // The database is back: the row the failed request could not delete is still there.
    await store.kernel.knex.schema.renameTable('idempotency_keys_away', 'idempotency_keys');
    const retried = await postJson(store, '/api/v1/db-gone/', {}, key);
    assert.equal(retried.statusCode, 201, retried.body);
    assert.deepEqual(retried.json(), { calls: 2 });
    const replayed = await postJson(store, '/api/v1/db-gone/', {}, key);
    assert.equal(replayed.headers['idempotent-replayed'], 'true');
    assert.deepEqual(replayed.json(), { calls: 2 });
  });

  // A row as a request of another instance leaves it: its hash made the real request's by a probe.
  async function claimedElsewhere(key: string, ip: string, claimedBy: string, lockedUntil: Date): Promise<void> {
    const scope = `ip:${ip}`;
    const probe = await postJson(store, LIST, { name: 'Orphan' }, { 'idempotency-key': `${key}-probe`, 'x-forwarded-for': ip });
    assert.equal(probe.statusCode, 201);
    const hash = (await store.kernel.knex('idempotency_keys').where({ scope, idempotency_key: `${key}-probe` }).first()).request_hash;
    await store.kernel.knex('idempotency_keys').insert({
      scope, idempotency_key: key, method: 'POST', path: LIST, request_hash: hash, claim_token: 'another-instance',
      claimed_by: claimedBy, locked_until: lockedUntil, created_at: clock.now(), expires_at: new Date(clock.now().getTime() + 24 * 3600_000),
    });
  }

  test('a key another instance is running stays in progress while its lease is renewed, and is taken over once it lapses', async () => {
    const headers = { 'idempotency-key': 'orphan-1', 'x-forwarded-for': '198.51.100.9' };
    await claimedElsewhere('orphan-1', '198.51.100.9', 'another-host:4242:1700000000000:abcd', new Date(clock.now().getTime() + 30_000));
    const soon = await postJson(store, LIST, { name: 'Orphan' }, headers);
    assert.equal(soon.statusCode, 409, 'a live lease of another host is respected');
    assert.equal(soon.json().code, 'idempotency_key_in_progress');
    clock.advance(30_000 + 1);
    const later = await postJson(store, LIST, { name: 'Orphan' }, headers);
    assert.equal(later.statusCode, 201, later.body);
    const replay = await postJson(store, LIST, { name: 'Orphan' }, headers);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.equal(replay.json().id, later.json().id);
  });

  test('a key a live instance runs for longer than a lease stays claimed: its owner renews the lease', async () => {
    const held = store.kernel.container.resolve('heldLong') as { started: Promise<void>; release: () => void };
    const key = { 'idempotency-key': 'held-long-1' };
    const other = await exampleStore({ clock, shareWith: store, env: { PLUGINS: `examples/hello-plugin,${tmp.dirs.flaky}` } });
    const first = postJson(store, '/api/v1/held-long/', {}, key);
    await held.started;
    const row = () => store.kernel.knex('idempotency_keys').where('idempotency_key', 'held-long-1').first();
    const claimedUntil = toDate((await row()).locked_until)!.getTime();
    clock.advance(30_000 + 1);
    // The owner renews its claims every few seconds while the request runs.
    await waitFor(async () => toDate((await row()).locked_until)!.getTime() > claimedUntil, 'the lease to be renewed', 20_000);
    const fromOther = await postJson(other, '/api/v1/held-long/', {}, key);
    assert.equal(fromOther.statusCode, 409, 'another instance does not take over a claim its live owner renews');
    assert.equal(fromOther.json().code, 'idempotency_key_in_progress');
    held.release();
    assert.equal((await first).statusCode, 201);
    const replay = await postJson(other, '/api/v1/held-long/', {}, key);
    assert.equal(replay.statusCode, 201);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
  });

  test('a key left in progress by a process of this host that died is released when a store starts, and the retry runs at once', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']);
    assert.equal(dead.status, 0);
    const ip = '198.51.100.10';
    const headers = { 'idempotency-key': 'crashed-1', 'x-forwarded-for': ip };
    // Its lease is still running: only the owner's death frees it.
    await claimedElsewhere('crashed-1', ip, `${os.hostname()}:${dead.pid}:1700000000000:dead`, new Date(clock.now().getTime() + 30_000));
    // A process with this test's pid but another start time is an earlier life of this pid (a restarted container).
    await claimedElsewhere('crashed-2', ip, `${os.hostname()}:${process.pid}:1700000000000:dead`, new Date(clock.now().getTime() + 30_000));
    // A live process of this host keeps its claim.
    await claimedElsewhere('alive-1', ip, `${os.hostname()}:${process.ppid}:1700000000000:live`, new Date(clock.now().getTime() + 30_000));

    const restarted = await exampleStore({ clock, shareWith: store, env: { PLUGINS: `examples/hello-plugin,${tmp.dirs.flaky}` } });
    const left = await store.kernel.knex('idempotency_keys').whereIn('idempotency_key', ['crashed-1', 'crashed-2', 'alive-1']).pluck('idempotency_key');
    assert.deepEqual(left, ['alive-1'], 'the dead processes\' claims are released at boot');
    const retried = await restarted.inject({ method: 'POST', url: LIST, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'Orphan' }) });
    assert.equal(retried.statusCode, 201, retried.body);
    const alive = await restarted.inject({ method: 'POST', url: LIST, headers: { 'idempotency-key': 'alive-1', 'x-forwarded-for': ip, 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'Orphan' }) });
    assert.equal(alive.statusCode, 409, 'a live process keeps its claim');
  });
});

test('a client that hangs up before an empty answer: the committed request is kept and replayed, not left in progress', async (t) => {
  const tmp = writePlugins({ flaky: FLAKY });
  t.after(tmp.remove);
  const store = await exampleStore({ lazy: true, env: { PORT: '0', HOST: '127.0.0.1', PLUGINS: `examples/hello-plugin,${tmp.dirs.flaky}` } });
  t.after(() => store.close());
  await store.kernel.start();
  // socketClosed is set by the handler before it marks itself started.
  const held = store.kernel.container.resolve('heldEmpty') as { started: Promise<void>; release: () => void; socketClosed: Promise<void> };
  const count = () => countRows(store.kernel.knex, 'hello_greetings', { name: 'from held-empty' });

  const { request } = await import('node:https');
  const hungUp = new Promise<void>((resolve) => {
    const req = request(`https://127.0.0.1:${portOf(store)}/api/v1/held-empty/`, {
      method: 'POST', rejectUnauthorized: false, agent: false,
      headers: { 'content-type': 'application/json', 'idempotency-key': 'hang-up-1' },
    });
    req.on('error', () => resolve());
    req.end('{}');
    void held.started.then(() => req.destroy());
  });
  await hungUp;
  // The store has seen the client go before the request finishes.
  await held.socketClosed;
  held.release();
  const row = await waitFor(async () => {
    const found = await store.kernel.knex('idempotency_keys').where('idempotency_key', 'hang-up-1').first();
    return found?.status_code !== null && found?.status_code !== undefined ? found : undefined;
  }, 'the answer to be kept');
  assert.equal(row.status_code, 204);
  assert.equal(await count(), 1);
  const retried = await postJson(store, '/api/v1/held-empty/', {}, { 'idempotency-key': 'hang-up-1' });
  assert.equal(retried.statusCode, 204, retried.body);
  assert.equal(retried.headers['idempotent-replayed'], 'true');
  assert.equal(await count(), 1, 'the replay did not run the request again');
});
