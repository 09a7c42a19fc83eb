import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestStore } from '../../test/helpers/store.ts';
import { captureLogs, kernelModule, kernelStore, pluginSource, portOf, wire, writePlugins, type WireResponse } from './helpers.ts';

// A plugin with direct routes (kernel/http/direct-reads.ts) and a stand-in for core-auth: `Token test-<n>`
// is API key n, `Token bad` is refused, the cookie `sessionid=customer-<n>` is customer n. Every call of
// the authenticator and of each handler is counted on globalThis, so a test can tell how often each ran.
const DIRECT = pluginSource('direct', {
  imports: `import { AppError, authenticationFailed } from ${JSON.stringify(kernelModule('http/errors.ts'))};`,
  body: `
    const runs = (globalThis.__directRuns = { auth: 0, items: 0, item: 0, mine: 0 });
    ctx.hooks.get('kernel').authenticate.tapPromise({ name: 'direct' }, async (request) => {
      runs.auth++;
      const header = request.headers.authorization;
      if (header !== undefined) {
        const key = /^Token test-(\\d+)$/.exec(header);
        if (!key) throw authenticationFailed('Invalid token.');
        return { kind: 'api_key', id: Number(key[1]), name: 'test key', mode: 'live', scopes: [], via: 'token' };
      }
      const session = /^customer-(\\d+)$/.exec(request.cookies.sessionid ?? '');
      return session ? { kind: 'customer', id: Number(session[1]), email: 'c@example.com', via: 'session', sessionId: 's' } : undefined;
    });
    const listed = { type: 'object', properties: { n: { type: 'integer' }, lang: { type: 'string' }, currency: { type: 'string' }, who: { type: 'string' }, page: { type: 'string' } } };
    ctx.routes.add({
      method: 'GET', path: '/api/v1/direct/items/', auth: 'public', cache: 'anonymous', translated: true, currency: true, direct: true, summary: 'items',
      schema: { querystring: { type: 'object', properties: { n: { type: 'integer', minimum: 1, maximum: 5, default: 2 }, currency: { type: 'string' } } }, response: { 200: listed } },
      handler: async (request) => {
        runs.items++;
        return { n: request.query.n, lang: request.lang, currency: request.currency, who: request.principal.kind, page: request.url };
      },
    });
    ctx.routes.add({
      method: 'GET', path: '/api/v1/direct/items/:id/', auth: 'public', direct: true, summary: 'item',
      schema: { params: { type: 'object', properties: { id: { type: 'integer' } } }, response: { 200: { type: 'object', properties: { id: { type: 'integer' } } } } },
      handler: async (request, reply) => {
        runs.item++;
        if (request.params.id === 404) throw new AppError(404, 'not_found', 'No such item.');
        if (request.params.id === 500) throw new Error('the handler broke');
        // Held until the test lets it go: a client that leaves meanwhile.
        if (request.params.id === 777) await globalThis.__directHeld;
        reply.type('application/json; charset=utf-8');
        reply.header('etag', 'W/"item-' + request.params.id + '"');
        return Buffer.from(JSON.stringify({ id: request.params.id, kept: true }));
      },
    });
    ctx.routes.add({
      method: 'GET', path: '/api/v1/direct/mine/', auth: 'customer-or-staff', direct: true, summary: 'mine',
      schema: { response: { 200: { type: 'object', properties: { who: { type: 'string' }, id: { type: 'integer' } } } } },
      handler: async (request) => {
        runs.mine++;
        return { who: request.principal.kind, id: request.principal.id };
      },
    });
  `,
});

interface Runs {
  auth: number;
  items: number;
  item: number;
  mine: number;
}
const runs = () => ({ ...(globalThis as unknown as { __directRuns: Runs }).__directRuns });

// What two answers to the same request must share: everything but what belongs to one exchange.
function comparable(res: { status: number; headers: Record<string, unknown>; body: string }) {
  const headers: Record<string, unknown> = { ...res.headers };
  for (const name of ['date', 'connection', 'keep-alive', 'x-request-id', 'x-ratelimit-remaining', 'x-ratelimit-reset']) delete headers[name];
  return { status: res.status, headers, body: res.body };
}

async function directStore(env: Record<string, string> = {}) {
  const tmp = writePlugins({ direct: DIRECT });
  const logs = captureLogs();
  const store = await kernelStore({ lazy: true, env: { PLUGINS: tmp.dirs.direct, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env }, logStream: logs.logStream });
  await store.kernel.start();
  await store.kernel.foreignChanges.stop();
  const origin = `https://127.0.0.1:${portOf(store)}`;
  const counts = () => ({ answered: store.kernel.directReads.answered, handedOver: store.kernel.directReads.handedOver });
  return { store, origin, logs: logs.lines, counts, close: async () => { await store.close(); tmp.remove(); } };
}

describe('direct routes over HTTPS', () => {
  let w: Awaited<ReturnType<typeof directStore>>;
  before(async () => {
    w = await directStore();
  });
  after(async () => w.close());

  test('a direct route answers before Fastify routes the request, exactly as Fastify answers it', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['/api/v1/direct/items/', {}],
      ['/api/v1/direct/items/?n=4', { 'accept-language': 'en-GB' }],
      ['/api/v1/direct/items/?n=3&currency=usd', { 'cache-control': 'no-cache' }],
      ['/api/v1/direct/items/7/', {}],
      ['/api/v1/direct/mine/', { authorization: 'Token test-3' }],
      ['/api/v1/direct/mine/', { cookie: 'sessionid=customer-8' }],
    ];
    for (const [path, headers] of cases) {
      const before = w.counts();
      const direct = await wire(w.origin + path, { headers: { ...headers, 'cache-control': 'no-cache' } });
      assert.equal(direct.status, 200, `${path}: ${direct.body}`);
      assert.deepEqual(w.counts(), { answered: before.answered + 1, handedOver: before.handedOver }, `${path}: answered directly`);
      const routed = await w.store.inject({ method: 'GET', url: path, headers: { ...headers, 'cache-control': 'no-cache' } });
      assert.deepEqual(comparable(direct), comparable({ status: routed.statusCode, headers: routed.headers, body: routed.body }), `${path}: as Fastify answers it`);
    }
    const item = await wire(`${w.origin}/api/v1/direct/items/7/`);
    assert.deepEqual(item.json(), { id: 7, kept: true });
    assert.equal(item.headers.etag, 'W/"item-7"');
    const listed = await wire(`${w.origin}/api/v1/direct/items/?n=3&currency=usd`, { headers: { 'cache-control': 'no-cache' } });
    assert.deepEqual(listed.json(), { n: 3, lang: 'en', currency: 'USD', who: 'anonymous', page: '/api/v1/direct/items/?n=3&currency=usd' });
    assert.equal(listed.headers['content-language'], 'en');
    assert.equal(listed.headers.vary, 'Accept-Language');
    assert.match(String(listed.headers.etag), /^W\/"[A-Za-z0-9+/=]+"$/);
    assert.deepEqual((await wire(`${w.origin}/api/v1/direct/mine/`, { headers: { authorization: 'Token test-3' } })).json(), { who: 'api_key', id: 3 });
  });

  test('what it does not answer with a 200 Fastify answers, with one authentication and the same refusal', async () => {
    const refusals: Array<[string, Record<string, string>, number, string]> = [
      ['/api/v1/direct/items/404/', {}, 404, 'not_found'],
      ['/api/v1/direct/items/500/', {}, 500, 'server_error'],
      ['/api/v1/direct/items/?n=9', {}, 400, 'invalid'],
      ['/api/v1/direct/items/?currency=XXX', {}, 400, 'unsupported_currency'],
      ['/api/v1/direct/items/', { authorization: 'Token bad' }, 401, 'authentication_failed'],
      ['/api/v1/direct/mine/', {}, 401, 'not_authenticated'],
    ];
    for (const [path, headers, status, code] of refusals) {
      const before = { ...w.counts(), auth: runs().auth };
      const res = await wire(w.origin + path, { headers });
      assert.equal(res.status, status, `${path}: ${res.body}`);
      assert.equal(res.json().code, code, path);
      assert.ok(typeof res.json().detail === 'string' && !/at .+:\d+/.test(res.body), `${path}: an error body without a trace`);
      assert.deepEqual(w.counts(), { answered: before.answered, handedOver: before.handedOver + 1 }, `${path}: left to Fastify`);
      assert.equal(runs().auth, before.auth + 1, `${path}: authenticated once`);
    }
    const invalid = await wire(`${w.origin}/api/v1/direct/items/?n=9`);
    assert.ok(invalid.json().errors.n, 'the query field is named');
  });

  test('a request id is echoed and each answer writes one log line with its route and caller', async () => {
    const given = await wire(`${w.origin}/api/v1/direct/mine/`, { headers: { authorization: 'Token test-4', 'x-request-id': 'direct-42' } });
    assert.equal(given.headers['x-request-id'], 'direct-42');
    const lines = w.logs.filter((l) => l.reqId === 'direct-42');
    assert.deepEqual(lines.map((l) => [l.msg, l.route, l.principal, l.res.statusCode]), [['request completed', '/api/v1/direct/mine/', 'api_key', 200]]);
    assert.equal(lines[0].req.auth, 'Token …st-4', 'the credential is masked');
    const refused = await wire(`${w.origin}/api/v1/direct/items/404/`, { headers: { 'x-request-id': 'direct-43' } });
    assert.equal(refused.headers['x-request-id'], 'direct-43', 'Fastify keeps the id of a request left to it');
    assert.deepEqual(w.logs.filter((l) => l.reqId === 'direct-43').map((l) => l.res.statusCode), [404]);
    const odd = await wire(`${w.origin}/api/v1/direct/items/`, { headers: { 'x-request-id': 'not a valid id!', 'cache-control': 'no-cache' } });
    assert.match(String(odd.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });

  test('a client that leaves while its answer is computed is logged as aborted (499), once', async () => {
    let release!: () => void;
    (globalThis as unknown as { __directHeld: Promise<void> }).__directHeld = new Promise((resolve) => (release = resolve));
    const https = await import('node:https');
    const sent = new Promise<void>((resolve) => {
      const req = https.request(`${w.origin}/api/v1/direct/items/777/`, { headers: { 'x-request-id': 'direct-gone' }, agent: false, rejectUnauthorized: false });
      req.on('error', () => undefined);
      req.end(() => setTimeout(() => {
        req.destroy();
        resolve();
      }, 50));
    });
    await sent;
    // Released once the server has seen the connection close.
    const server = w.store.kernel.app!.server;
    const open = () => new Promise<number>((resolve) => server.getConnections((_err, n) => resolve(n)));
    for (let tries = 0; (await open()) > 0 && tries < 500; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    const deadline = Date.now() + 5000;
    while (!w.logs.some((l) => l.reqId === 'direct-gone') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    const lines = w.logs.filter((l) => l.reqId === 'direct-gone');
    assert.deepEqual(lines.map((l) => [l.msg, l.res.statusCode, l.route]), [['request aborted', 499, '/api/v1/direct/items/:id/']]);
  });

  test('ETags: If-None-Match answers 304 without a body, as Fastify does', async () => {
    const first = await wire(`${w.origin}/api/v1/direct/items/7/`);
    const before = w.counts();
    const revalidated = await wire(`${w.origin}/api/v1/direct/items/7/`, { headers: { 'if-none-match': String(first.headers.etag) } });
    assert.equal(revalidated.status, 304);
    assert.equal(revalidated.body, '');
    assert.equal(revalidated.headers['content-length'], undefined);
    assert.equal(w.counts().answered, before.answered + 1);
    const routed = await w.store.inject({ method: 'GET', url: '/api/v1/direct/items/7/', headers: { 'if-none-match': String(first.headers.etag) } });
    assert.equal(routed.statusCode, 304);
  });

  test('answers of a cacheable route fill the response cache, and no-cache computes afresh', async () => {
    w.store.kernel.responseCache.invalidate();
    const url = `${w.origin}/api/v1/direct/items/?n=5`;
    const before = runs().items;
    const computed = await wire(url);
    assert.equal(runs().items, before + 1);
    const hit = await wire(url);
    assert.equal(runs().items, before + 1, 'the second answer came from the cache');
    assert.deepEqual(comparable(hit), comparable(computed));
    await wire(url, { headers: { 'cache-control': 'no-cache' } });
    assert.equal(runs().items, before + 2, 'no-cache ran the handler');
    const customer = await wire(url, { headers: { cookie: 'sessionid=customer-2' } });
    assert.equal(customer.json().who, 'customer', 'a customer is never served an anonymous answer');
    assert.equal(runs().items, before + 3);
  });

  test('HEAD, a request with a body and a plugin that is off go through Fastify', async () => {
    const before = w.counts();
    const head = await wire(`${w.origin}/api/v1/direct/items/7/`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.body, '');
    const withBody = await wire(`${w.origin}/api/v1/direct/items/7/`, { headers: { 'content-type': 'application/json', 'content-length': '2' }, body: '{}' });
    const routed = await w.store.inject({ method: 'GET', url: '/api/v1/direct/items/7/', headers: { 'content-type': 'application/json' }, payload: '{}' });
    assert.deepEqual([withBody.status, withBody.body], [routed.statusCode, routed.body], 'a GET with a body is answered as Fastify answers it');
    assert.deepEqual(w.counts(), before, 'neither was looked at');
    w.store.kernel.pluginStates.setEnabled('direct', false);
    try {
      const off = await wire(`${w.origin}/api/v1/direct/items/7/`);
      assert.equal(off.status, 404);
      assert.equal(off.json().code, 'not_found');
    } finally {
      w.store.kernel.pluginStates.setEnabled('direct', true);
    }
  });
});

test('the rate limit counts a request once, whichever way it is answered', async () => {
  const w = await directStore({ RATE_LIMIT_ANONYMOUS: '5', RATE_LIMIT_AUTHENTICATED: '3' });
  try {
    const remaining = (res: WireResponse) => [res.status, res.headers['x-ratelimit-limit'], res.headers['x-ratelimit-remaining']];
    const fresh = { 'cache-control': 'no-cache' };
    assert.deepEqual(remaining(await wire(`${w.origin}/api/v1/direct/items/`, { headers: fresh })), [200, '5', '4']);
    assert.deepEqual(remaining(await wire(`${w.origin}/api/v1/direct/items/404/`)), [404, '5', '3'], 'left to Fastify, counted once');
    assert.deepEqual(remaining(await wire(`${w.origin}/api/v1/direct/items/?n=9`)), [400, '5', '2']);
    assert.deepEqual(remaining(await wire(`${w.origin}/api/v1/direct/items/7/`)), [200, '5', '1']);
    assert.deepEqual(remaining(await wire(`${w.origin}/api/v1/direct/items/`, { headers: fresh })), [200, '5', '0']);
    const refused = await wire(`${w.origin}/api/v1/direct/items/`, { headers: fresh });
    assert.equal(refused.status, 429);
    assert.equal(refused.json().code, 'rate_limited');
    // An API key is counted under its own, higher limit.
    const key = { authorization: 'Token test-9' };
    assert.deepEqual(remaining(await wire(`${w.origin}/api/v1/direct/mine/`, { headers: key })), [200, '3', '2']);
    assert.deepEqual(remaining(await wire(`${w.origin}/api/v1/direct/items/404/`, { headers: key })), [404, '3', '1']);
  } finally {
    await w.close();
  }
});
