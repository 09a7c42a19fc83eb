import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestStore } from '../../test/helpers/store.ts';
import { exampleStore, pluginSource, writePlugins } from './helpers.ts';

// A route that reads its request's scope, one that does not, and one in a transaction.
const SCOPED = pluginSource('scoped', {
  body: `
    const any = { 200: { type: 'object', additionalProperties: true } };
    const read = (request) => ({
      principal: request.diScope.resolve('principal').kind,
      lang: request.diScope.resolve('lang'),
      currency: request.diScope.resolve('currency'),
      trx: request.diScope.resolve('trx') === undefined ? 'none' : request.diScope.resolve('trx') === request.trx ? 'the request\\'s' : 'another',
      greeting: typeof request.diScope.resolve('greetingService').get,
      same: request.diScope === request.diScope,
    });
    ctx.routes.add({ method: 'GET', path: '/api/v1/scoped/', auth: 'public', summary: 'x', schema: { response: any }, handler: async (request) => read(request) });
    ctx.routes.add({ method: 'GET', path: '/api/v1/unscoped/', auth: 'public', summary: 'x', schema: { response: any }, handler: async () => ({ ok: true }) });
    ctx.routes.add({ method: 'POST', path: '/api/v1/scoped/', auth: 'public', csrf: 'none', transaction: true, summary: 'x', schema: { response: any }, handler: async (request) => read(request) });
  `,
});

const plugins = writePlugins({ scoped: SCOPED });
let store: TestStore;
let scopes = 0;

before(async () => {
  store = await exampleStore({ env: { PLUGINS: `examples/hello-plugin,${plugins.dirs.scoped}` } });
  const createScope = store.kernel.container.createScope.bind(store.kernel.container);
  store.kernel.container.createScope = ((...args: Parameters<typeof createScope>) => {
    scopes++;
    return createScope(...args);
  }) as typeof createScope;
});
after(async () => {
  await store.close();
  plugins.remove();
});

test('a request that never reads its scope gets none made', async () => {
  scopes = 0;
  assert.equal((await store.inject({ method: 'GET', url: '/api/v1/unscoped/' })).statusCode, 200);
  assert.equal((await store.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
  assert.equal(scopes, 0);
});

test('a request that reads it gets one scope with its caller, language, currency and, in a transaction, its trx', async () => {
  scopes = 0;
  const read = await store.inject({ method: 'GET', url: '/api/v1/scoped/', headers: { 'accept-language': 'de' } });
  assert.equal(read.statusCode, 200, read.body);
  assert.deepEqual(read.json(), { principal: 'anonymous', lang: 'en', currency: 'USD', trx: 'none', greeting: 'function', same: true });
  assert.equal(scopes, 1);

  const written = await store.inject({ method: 'POST', url: '/api/v1/scoped/', payload: {} });
  assert.equal(written.statusCode, 200, written.body);
  assert.equal(written.json().trx, "the request's");
  assert.equal(scopes, 2);
});
