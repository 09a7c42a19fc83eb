import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { startTestStore, type TestStore } from '../../../test/helpers/store.ts';
import { authHeader, staffApiKey } from '../../../test/helpers/auth.ts';
import { portOf, wire, type WireResponse } from '../../../kernel/test/helpers.ts';

// Over a real HTTPS port: cached answers are given before Fastify routes the request (direct-hits.ts)
// when the request is surely anonymous, else by the Fastify hook; both must answer as the miss did.

interface Wired {
  store: TestStore;
  origin: string;
  staff: Record<string, string>;
  /** How many requests reached the authentication step (the Fastify pipeline). */
  authenticated(): number;
  logs: any[];
}

async function wiredStore(t: { after(fn: () => unknown): void }, env: Record<string, string> = {}): Promise<Wired> {
  const logs: any[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
      done();
    },
  });
  const store = await startTestStore({ lazy: true, env: { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env }, logStream });
  t.after(() => store.close());
  await store.kernel.start();
  // The first reading of the once-a-second check for other processes' changes clears the cache (it
  // cannot tell what changed before it); stopped, so that a hit is a hit whatever the machine's speed.
  await store.kernel.foreignChanges.stop();
  let calls = 0;
  store.kernel.kernelHooks.authenticate.tapPromise({ name: 'probe', stage: -100 }, async () => {
    calls++;
    return undefined;
  });
  return { store, origin: `https://127.0.0.1:${portOf(store)}`, staff: authHeader(await staffApiKey(store)), authenticated: () => calls, logs };
}

function comparable(res: WireResponse) {
  const headers: Record<string, unknown> = { ...res.headers };
  delete headers.date;
  delete headers['x-request-id'];
  return { status: res.status, headers, body: res.body };
}

async function product(w: Wired, name: string): Promise<number> {
  const res = await wire(`${w.origin}/api/v1/products/`, { method: 'POST', headers: { ...w.staff, 'content-type': 'application/json' }, body: JSON.stringify({ name, status: 'active' }) });
  assert.equal(res.status, 201, res.body);
  return res.json().id;
}

test('a surely anonymous hit is answered before routing, exactly as the miss and as the routed hit', async (t) => {
  const w = await wiredStore(t);
  const id = await product(w, 'Wired');
  for (const path of ['/api/v1/products/?page_size=20', `/api/v1/products/${id}/`, '/api/v1/store/']) {
    const url = w.origin + path;
    const miss = await wire(url);
    assert.equal(miss.status, 200, miss.body);
    const before = w.authenticated();
    const direct = await wire(url);
    assert.equal(w.authenticated(), before, `${path}: answered before the Fastify pipeline`);
    assert.deepEqual(comparable(direct), comparable(miss), `${path}: the direct hit repeats the miss`);
    // A cookie that is no session: anonymous, but only known so after authentication.
    const routed = await wire(url, { headers: { cookie: 'theme=dark' } });
    assert.equal(w.authenticated(), before + 1, `${path}: the cookie request went through authentication`);
    assert.deepEqual(comparable(routed), comparable(miss), `${path}: the routed hit repeats the miss`);

    const etag = String(miss.headers.etag);
    w.store.kernel.responseCache.invalidate();
    const uncached304 = await wire(url, { headers: { 'if-none-match': etag } });
    assert.equal(uncached304.status, 304);
    await wire(url);
    const direct304 = await wire(url, { headers: { 'if-none-match': etag } });
    const routed304 = await wire(url, { headers: { 'if-none-match': etag, cookie: 'theme=dark' } });
    assert.deepEqual(comparable(direct304), comparable(uncached304), `${path}: 304 before routing`);
    assert.deepEqual(comparable(routed304), comparable(uncached304), `${path}: 304 after routing`);
  }
});

test('hits before routing keep request ids, request logs and the anonymous rate limit', async (t) => {
  const w = await wiredStore(t, { RATE_LIMIT_ANONYMOUS: '4' });
  const id = await product(w, 'Limited');
  const url = `${w.origin}/api/v1/products/${id}/`;
  const miss = await wire(url);
  assert.equal(miss.headers['x-ratelimit-remaining'], '3');
  const before = w.authenticated();
  const hit = await wire(url, { headers: { 'x-request-id': 'shop-front-42' } });
  assert.equal(w.authenticated(), before, 'answered before routing');
  assert.equal(hit.status, 200);
  assert.equal(hit.headers['x-request-id'], 'shop-front-42');
  assert.equal(hit.headers['x-ratelimit-limit'], '4');
  assert.equal(hit.headers['x-ratelimit-remaining'], '2');
  assert.ok(Number(hit.headers['x-ratelimit-reset']) > 0);
  const lines = w.logs.filter((l) => l.reqId === 'shop-front-42');
  assert.deepEqual(lines.map((l) => l.msg), ['request completed']);
  assert.equal(lines[0].res.statusCode, 200);
  assert.equal(lines[0].route, '/api/v1/products/:id/');
  const odd = await wire(url, { headers: { 'x-request-id': 'not a valid id!' } });
  assert.match(String(odd.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  assert.equal(odd.headers['x-ratelimit-remaining'], '1');
  assert.equal((await wire(url)).headers['x-ratelimit-remaining'], '0');
  const refused = await wire(url);
  assert.equal(refused.status, 429);
  assert.equal(refused.json().code, 'rate_limited');
  assert.equal(refused.headers['x-ratelimit-remaining'], '0');
});
