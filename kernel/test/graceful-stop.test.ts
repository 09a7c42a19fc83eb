import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connects } from '../../test/helpers/process.ts';
import { exampleStore, packageUrl, pluginSource, portOf, waitFor, wire, writePlugins } from './helpers.ts';

interface SlowState {
  started: Promise<void>;
  release: () => void;
  shutdownSawDatabase?: boolean;
}

// GET /api/v1/slow/ holds its request until the test releases it (so no timing is involved); its
// shutdown tap records whether the database still answers when the shutdown hook runs.
const SLOW = pluginSource('slow', {
  imports: `import { asValue } from ${JSON.stringify(packageUrl('awilix'))};`,
  body: `
    let markStarted;
    const state = { started: new Promise((resolve) => (markStarted = resolve)) };
    const released = new Promise((resolve) => (state.release = resolve));
    ctx.container.register({ slowState: asValue(state) });
    ctx.routes.add({ method: 'GET', path: '/api/v1/slow/', auth: 'public', summary: 'x',
      schema: { response: { 200: { type: 'object', properties: { done: { type: 'boolean' } } } } },
      handler: async () => { markStarted(); await released; return { done: true }; } });
    ctx.hooks.get('kernel').shutdown.tapPromise({ name: 'slow' }, async () => {
      state.shutdownSawDatabase = (await ctx.knex.raw('select 1').then(() => true, () => false));
    });
  `,
});

test('stop lets an in-flight request finish, refuses new connections, then closes the database', async (t) => {
  const tmp = writePlugins({ slow: SLOW });
  t.after(tmp.remove);
  const store = await exampleStore({ lazy: true, workers: true, env: { PORT: '0', HOST: '127.0.0.1', PLUGINS: `examples/hello-plugin,${tmp.dirs.slow}` } });
  t.after(() => store.close());
  await store.kernel.start();
  const port = portOf(store);
  const state = store.kernel.container.resolve('slowState') as SlowState;

  const inFlight = wire(`https://127.0.0.1:${port}/api/v1/slow/`);
  await state.started;
  let stopped = false;
  const stopping = store.kernel.stop().then(() => {
    stopped = true;
  });

  await waitFor(() => !store.kernel.app!.server.listening, 'the server to stop listening');
  assert.equal(await connects(port), false, 'a new connection is refused');
  assert.equal(stopped, false, 'stop waits for the in-flight request');
  assert.equal(await store.kernel.knex.raw('select 1').then(() => true), true, 'the database is open while a request runs');

  state.release();
  const res = await inFlight;
  assert.equal(res.status, 200);
  assert.deepEqual(res.json(), { done: true });
  await stopping;
  assert.equal(state.shutdownSawDatabase, true, 'the shutdown hook ran before the database closed');
  await assert.rejects(store.kernel.knex.raw('select 1'), 'the database is closed after stop');
});

test('stop on a kernel that never started, or twice, is harmless', async (t) => {
  const store = await exampleStore({ lazy: true });
  t.after(() => store.close());
  await Promise.all([store.kernel.stop(), store.kernel.stop()]);
  await store.kernel.stop();
});
