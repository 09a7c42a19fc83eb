import { before, after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestStore } from '../../test/helpers/store.ts';
import { exampleStore, kernelModule, pluginSource, writePlugins } from './helpers.ts';

// Stands in for core-auth through the kernel's `kernel.authenticate` hook: `Token test-<n>` is API key n,
// the cookie `sessionid=customer-<n>` / `staff-<n>` a customer's / staff member's session; any other
// credentials are refused. Adds one route per auth policy.
const POLICIES = pluginSource('policies', {
  imports: `import { authenticationFailed } from ${JSON.stringify(kernelModule('http/errors.ts'))};`,
  body: `
    ctx.hooks.get('kernel').authenticate.tapPromise({ name: 'policies' }, async (request) => {
      const header = request.headers.authorization;
      if (header !== undefined) {
        const key = /^Token test-(\\d+)$/.exec(header);
        if (!key) throw authenticationFailed('Invalid token.');
        return { kind: 'api_key', id: Number(key[1]), name: 'test key', mode: 'live', scopes: [], via: 'token' };
      }
      const session = /^(customer|staff)-(\\d+)$/.exec(request.cookies.sessionid ?? '');
      if (!session) return undefined;
      const id = Number(session[2]);
      return session[1] === 'staff'
        ? { kind: 'staff', id, email: 'staff@example.com', role: 'staff', via: 'session', sessionId: 's' + id }
        : { kind: 'customer', id, email: 'c@example.com', via: 'session', sessionId: 'c' + id };
    });
    const who = { 200: { type: 'object', properties: { kind: { type: 'string' } } } };
    const handler = async (request) => ({ kind: request.principal.kind });
    for (const auth of ['staff', 'customer', 'customer-or-staff']) {
      ctx.routes.add({ method: 'GET', path: '/api/v1/policy/' + auth + '/', auth, summary: auth, schema: { response: who }, handler });
    }
    ctx.routes.add({ method: 'POST', path: '/api/v1/policy/change/', auth: 'authenticated', summary: 'change', schema: { response: who }, handler });
    ctx.routes.add({ method: 'POST', path: '/api/v1/policy/scope/', auth: 'public', summary: 'scope',
      schema: { response: { 200: { type: 'object', additionalProperties: true } } },
      handler: async (request) => ({
        trx: request.diScope.resolve('trx') === request.trx && request.trx !== undefined,
        kind: request.diScope.resolve('principal').kind,
        lang: request.diScope.resolve('lang'),
        greetings: typeof request.diScope.resolve('greetingService').get,
      }) });
    ctx.routes.add({ method: 'POST', path: '/api/v1/policy/login/', auth: 'public', csrf: 'always', summary: 'login', schema: { response: who }, handler });
  `,
});

describe('auth policies and CSRF', () => {
  let store: TestStore;
  let tmp: ReturnType<typeof writePlugins>;
  before(async () => {
    tmp = writePlugins({ policies: POLICIES });
    store = await exampleStore({ env: { PLUGINS: `examples/hello-plugin,${tmp.dirs.policies}` } });
  });
  after(async () => {
    await store.close();
    tmp.remove();
  });

  const as = {
    anonymous: {},
    key: { authorization: 'Token test-1' },
    customer: { cookie: 'sessionid=customer-5' },
    staff: { cookie: 'sessionid=staff-2' },
  } as const;
  const get = (url: string, headers: Record<string, string>) => store.inject({ method: 'GET', url, headers });

  test('an authenticated route is 401 without credentials and 401 with bad ones, each with a detail', async () => {
    const anonymous = await get('/api/v1/hello/whoami/', as.anonymous);
    assert.equal(anonymous.statusCode, 401);
    assert.deepEqual(anonymous.json(), { detail: 'Authentication credentials were not provided.', code: 'not_authenticated' });
    const bad = await get('/api/v1/hello/whoami/', { authorization: 'Token nope' });
    assert.equal(bad.statusCode, 401);
    assert.deepEqual(bad.json(), { detail: 'Invalid token.', code: 'authentication_failed' });
    // Bad credentials are refused even on a public route, rather than silently treated as anonymous.
    assert.equal((await get('/api/v1/hello/greetings/', { authorization: 'Token nope' })).statusCode, 401);
    const ok = await get('/api/v1/hello/whoami/', as.key);
    assert.equal(ok.statusCode, 200);
    assert.deepEqual(ok.json(), { kind: 'api_key' });
  });

  test('each policy admits exactly its principals: 401 for anonymous callers, 403 for the wrong kind', async () => {
    const expected: Record<string, Record<keyof typeof as, number>> = {
      staff: { anonymous: 401, key: 200, customer: 403, staff: 200 },
      customer: { anonymous: 401, key: 403, customer: 200, staff: 403 },
      'customer-or-staff': { anonymous: 401, key: 200, customer: 200, staff: 200 },
    };
    for (const [policy, byCaller] of Object.entries(expected)) {
      for (const [caller, status] of Object.entries(byCaller)) {
        const res = await get(`/api/v1/policy/${policy}/`, as[caller as keyof typeof as]);
        assert.equal(res.statusCode, status, `${caller} on ${policy}`);
        if (status === 403) assert.equal(res.json().code, 'permission_denied');
      }
    }
  });

  test('a state change made with a session needs X-CSRFToken matching the csrftoken cookie; a token needs none', async () => {
    const post = (headers: Record<string, string>) =>
      store.inject({ method: 'POST', url: '/api/v1/policy/change/', headers: { 'content-type': 'application/json', ...headers }, payload: '{}' });
    const missing = await post({ cookie: 'sessionid=customer-5; csrftoken=abc' });
    assert.equal(missing.statusCode, 403);
    assert.equal(missing.json().code, 'csrf_failed');
    assert.equal((await post({ cookie: 'sessionid=customer-5; csrftoken=abc', 'x-csrftoken': 'abd' })).statusCode, 403);
    assert.equal((await post({ cookie: 'sessionid=customer-5', 'x-csrftoken': 'abc' })).statusCode, 403, 'a header without the cookie');
    assert.equal((await post({ cookie: 'sessionid=customer-5; csrftoken=abc', 'x-csrftoken': 'abc' })).statusCode, 200);
    assert.equal((await post({ cookie: 'sessionid=staff-2; csrftoken=xyz', 'x-csrftoken': 'xyz' })).statusCode, 200);
    assert.equal((await post(as.key)).statusCode, 200);
    // Reads never need the token.
    assert.equal((await get('/api/v1/policy/customer/', as.customer)).statusCode, 200);
  });

  test('a route that creates a session asks anonymous callers for the CSRF token too', async () => {
    const post = (headers: Record<string, string>) =>
      store.inject({ method: 'POST', url: '/api/v1/policy/login/', headers: { 'content-type': 'application/json', ...headers }, payload: '{}' });
    assert.equal((await post({})).statusCode, 403);
    assert.equal((await post({ cookie: 'csrftoken=t0k3n', 'x-csrftoken': 't0k3n' })).statusCode, 200);
  });

  test('the OpenAPI document states each policy as its security requirement', async () => {
    const doc = (await get('/latest/openapi.json', {})).json();
    assert.deepEqual(doc.paths['/api/v1/policy/staff/'].get.security, [{ Token: [] }, { session: [] }]);
    assert.deepEqual(doc.paths['/api/v1/policy/customer/'].get.security, [{ session: [] }]);
    assert.deepEqual(doc.paths['/api/v1/policy/login/'].post.security, []);
  });

  test('the request scope of the container carries the principal, the language and the transaction', async () => {
    const res = await store.inject({ method: 'POST', url: '/api/v1/policy/scope/', headers: { 'content-type': 'application/json', ...as.key }, payload: '{}' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { trx: true, kind: 'api_key', lang: 'en', greetings: 'function' });
  });
});
