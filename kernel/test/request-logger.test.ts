import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestStore } from '../../test/helpers/store.ts';
import { captureLogs, countLoggerChildren, kernelStore, pluginSource, writePlugins } from './helpers.ts';

// Routes that write through request.log at each level, one that fails, and one that makes a child of
// request.log: what a plugin does with the request's logger.
const LOGGING = pluginSource('logging', {
  body: `
    const ok = { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } };
    ctx.routes.add({ method: 'GET', path: '/api/v1/logs/quiet/', auth: 'public', summary: 'x', schema: { response: ok },
      handler: async (request) => { request.log.info({ step: 'below the level' }, 'not written'); return { ok: true }; } });
    ctx.routes.add({ method: 'GET', path: '/api/v1/logs/warn/', auth: 'public', summary: 'x', schema: { response: ok },
      handler: async (request) => { request.log.warn({ step: 'at the level' }, 'written'); return { ok: true }; } });
    ctx.routes.add({ method: 'GET', path: '/api/v1/logs/child/', auth: 'public', summary: 'x', schema: { response: ok },
      handler: async (request) => { request.log.child({ part: 'gateway' }).error('from a child'); return { ok: request.log.level === 'warn' }; } });
    ctx.routes.add({ method: 'GET', path: '/api/v1/logs/fails/', auth: 'public', summary: 'x', schema: { response: ok },
      handler: async () => { throw new Error('broken on purpose'); } });
  `,
});

const plugins = writePlugins({ logging: LOGGING });
const logs = captureLogs();
let store: TestStore;
let children: { count: number };

before(async () => {
  store = await kernelStore({ env: { PLUGINS: plugins.dirs.logging!, LOG_LEVEL: 'warn' }, logStream: logs.logStream });
  children = countLoggerChildren(store);
});
after(async () => {
  await store.close();
  plugins.remove();
});

async function get(path: string, id: string): Promise<number> {
  const res = await store.inject({ method: 'GET', url: path, headers: { 'x-request-id': id } });
  return res.statusCode;
}

test('a request that writes nothing at the configured level makes no logger of its own', async () => {
  children.count = 0;
  assert.equal(await get('/api/v1/logs/quiet/', 'quiet-1'), 200);
  assert.equal(await get('/healthz', 'quiet-2'), 200);
  assert.equal(children.count, 0);
  assert.equal(logs.lines.filter((l) => l.reqId === 'quiet-1' || l.reqId === 'quiet-2').length, 0, 'nothing below warn is written');
});

test('a line at the level, a child of request.log and a failure are written with the request id', async () => {
  assert.equal(await get('/api/v1/logs/warn/', 'warns-1'), 200);
  const warned = logs.lines.find((l) => l.reqId === 'warns-1' && l.msg === 'written');
  assert.equal(warned?.step, 'at the level');
  assert.equal(warned?.level, 40);

  assert.equal(await get('/api/v1/logs/child/', 'child-1'), 200, 'request.log.level reads the level');
  const fromChild = logs.lines.find((l) => l.reqId === 'child-1' && l.msg === 'from a child');
  assert.equal(fromChild?.part, 'gateway');

  assert.equal(await get('/api/v1/logs/fails/', 'fails-1'), 500);
  const failed = logs.lines.find((l) => l.reqId === 'fails-1' && l.msg === 'request failed');
  assert.equal(failed?.err?.message, 'broken on purpose');
});
