import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestStore } from '../../../test/helpers/store.ts';
import { authHeader, SessionClient, staffApiKey, staffSession } from '../../../test/helpers/auth.ts';
import { ManualClock } from '../../../kernel/clock.ts';
import { hashKey } from '../services/api-keys.ts';

async function setup(t: { after: (fn: () => Promise<void>) => void }, clock?: ManualClock) {
  const store = await startTestStore({ clock });
  t.after(() => store.close());
  return { store, admin: authHeader(await staffApiKey(store, { name: 'admin' })) };
}

test('creating a key shows it once; lists and details never show it or its hash', async (t) => {
  const { store } = await setup(t);
  const { client, staff } = await staffSession(store);
  const created = await client.request({ method: 'POST', url: '/api/v1/api-keys/', payload: { name: 'Warehouse sync', scopes: ['inventory:write'] } });
  assert.equal(created.statusCode, 201, created.body);
  const body = created.json();
  assert.match(body.key, /^sk_live_[A-Za-z0-9_-]{43}$/);
  assert.equal(body.last4, body.key.slice(-4));
  assert.deepEqual({ ...body, key: undefined, id: undefined, created_at: undefined }, {
    key: undefined, id: undefined, created_at: undefined, name: 'Warehouse sync', mode: 'live', last4: body.last4, scopes: ['inventory:write'],
    created_by: staff.id, last_used_at: null, revoked_at: null,
  });
  assert.equal(created.headers['cache-control'], 'no-store');

  const list = await client.request({ method: 'GET', url: '/api/v1/api-keys/' });
  assert.equal(list.statusCode, 200);
  assert.equal(list.json().count, 2);
  assert.ok(!list.body.includes(body.key), 'the list never shows a key');
  assert.ok(!list.body.includes(hashKey(body.key)), 'nor its hash');
  assert.equal(list.json().results[0].name, 'Warehouse sync', 'newest first by default');
  for (const item of list.json().results) assert.deepEqual(Object.keys(item).sort(), ['created_at', 'created_by', 'id', 'last4', 'last_used_at', 'mode', 'name', 'revoked_at', 'scopes']);

  const detail = await client.request({ method: 'GET', url: `/api/v1/api-keys/${body.id}/` });
  assert.equal(detail.statusCode, 200);
  assert.equal(detail.json().key, undefined);
  assert.equal(detail.json().name, 'Warehouse sync');
  assert.equal((await client.request({ method: 'GET', url: '/api/v1/api-keys/99999/' })).statusCode, 404);
  assert.equal((await client.request({ method: 'GET', url: '/api/v1/api-keys/abc/' })).statusCode, 400);
});

test('only the SHA-256 and the last 4 characters of a key are stored', async (t) => {
  const { store, admin } = await setup(t);
  const res = await store.inject({ method: 'POST', url: '/api/v1/api-keys/', headers: admin, payload: { name: 'Stored?' } });
  const { key, id } = res.json();
  const rows = await store.kernel.knex('api_keys').select('*');
  assert.ok(!JSON.stringify(rows).includes(key), 'the key is nowhere in the table');
  assert.ok(!JSON.stringify(rows).includes(key.slice(8)), 'not even without its prefix');
  const row = rows.find((r) => Number(r.id) === id);
  assert.equal(row.key_hash, hashKey(key));
  assert.equal(row.last4, key.slice(-4));
});

test('list pages, orders by name or created_at, filters by mode and revocation, and refuses unknown orderings', async (t) => {
  const { store, admin } = await setup(t);
  for (const [name, mode] of [['b', 'live'], ['c', 'test'], ['a', 'live']]) {
    await store.inject({ method: 'POST', url: '/api/v1/api-keys/', headers: admin, payload: { name, mode } });
  }
  const byName = await store.inject({ method: 'GET', url: '/api/v1/api-keys/?ordering=name&page_size=2', headers: admin });
  assert.deepEqual(byName.json().results.map((k: any) => k.name), ['a', 'admin']);
  assert.equal(byName.json().count, 4);
  assert.equal(byName.json().next, 'https://store.test/api/v1/api-keys/?ordering=name&page_size=2&page=2');
  const tests = await store.inject({ method: 'GET', url: '/api/v1/api-keys/?mode=test', headers: admin });
  assert.deepEqual(tests.json().results.map((k: any) => k.name), ['c']);
  const bad = await store.inject({ method: 'GET', url: '/api/v1/api-keys/?ordering=key_hash', headers: admin });
  assert.equal(bad.statusCode, 400);
  assert.ok(bad.json().errors.ordering);
  const id = tests.json().results[0].id;
  await store.inject({ method: 'DELETE', url: `/api/v1/api-keys/${id}/`, headers: admin });
  const revoked = await store.inject({ method: 'GET', url: '/api/v1/api-keys/?revoked=true', headers: admin });
  assert.deepEqual(revoked.json().results.map((k: any) => k.id), [id]);
  const usable = await store.inject({ method: 'GET', url: '/api/v1/api-keys/?revoked=false', headers: admin });
  assert.equal(usable.json().count, 3);
});

test('creation validates name, mode and scopes', async (t) => {
  const { store, admin } = await setup(t);
  const cases: Array<[object, string]> = [
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ name: 'ok', mode: 'prod' }, 'mode'],
    [{ name: 'ok', scopes: 'all' }, 'scopes'],
    [{ name: 'ok', key: 'sk_live_mine' }, 'key'],
  ];
  for (const [payload, field] of cases) {
    const res = await store.inject({ method: 'POST', url: '/api/v1/api-keys/', headers: admin, payload });
    assert.equal(res.statusCode, 400, `${JSON.stringify(payload)} → ${res.body}`);
    assert.ok(res.json().errors[field], `${JSON.stringify(payload)} names ${field}: ${res.body}`);
  }
});

test('a revoked key is refused on the very next request; revoking again is a no-op', async (t) => {
  const { store, admin } = await setup(t);
  const { key, id } = (await store.inject({ method: 'POST', url: '/api/v1/api-keys/', headers: admin, payload: { name: 'doomed' } })).json();
  assert.equal((await store.inject({ method: 'GET', url: '/api/v1/api-keys/', headers: authHeader(key) })).statusCode, 200);
  const revoke = await store.inject({ method: 'DELETE', url: `/api/v1/api-keys/${id}/`, headers: admin });
  assert.equal(revoke.statusCode, 204);
  assert.equal(revoke.body, '');
  const next = await store.inject({ method: 'GET', url: '/api/v1/store/', headers: authHeader(key) });
  assert.equal(next.statusCode, 401, 'refused even on a public route');
  assert.deepEqual(next.json(), { detail: 'Invalid token.', code: 'authentication_failed' });
  const first = (await store.inject({ method: 'GET', url: `/api/v1/api-keys/${id}/`, headers: admin })).json().revoked_at;
  assert.ok(first);
  const again = await store.inject({ method: 'DELETE', url: `/api/v1/api-keys/${id}/`, headers: admin });
  assert.equal(again.statusCode, 204);
  assert.equal((await store.inject({ method: 'GET', url: `/api/v1/api-keys/${id}/`, headers: admin })).json().revoked_at, first);
  assert.equal((await store.inject({ method: 'DELETE', url: '/api/v1/api-keys/424242/', headers: admin })).statusCode, 404);
});

test('a key can revoke itself, and is refused right after', async (t) => {
  const { store, admin } = await setup(t);
  const id = (await store.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: admin })).json().id;
  assert.equal((await store.inject({ method: 'DELETE', url: `/api/v1/api-keys/${id}/`, headers: admin })).statusCode, 204);
  assert.equal((await store.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: admin })).statusCode, 401);
});

test('test keys are refused while test mode is off and accepted once it is on', async (t) => {
  const { store, admin } = await setup(t);
  const created = await store.inject({ method: 'POST', url: '/api/v1/api-keys/', headers: admin, payload: { name: 'sandbox', mode: 'test' } });
  assert.equal(created.statusCode, 201, 'creating a test key outside test mode is allowed');
  const testKey = created.json().key;
  assert.match(testKey, /^sk_test_/);
  const refused = await store.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: authHeader(testKey) });
  assert.equal(refused.statusCode, 401);
  assert.equal(refused.json().code, 'authentication_failed');
  assert.match(refused.json().detail, /test mode/);
  const on = await store.inject({ method: 'PATCH', url: '/api/v1/store/', headers: admin, payload: { test_mode: true } });
  assert.equal(on.statusCode, 200, on.body);
  const accepted = await store.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: authHeader(testKey) });
  assert.equal(accepted.statusCode, 200, accepted.body);
  assert.equal(accepted.json().mode, 'test');
  const live = await store.inject({ method: 'POST', url: '/api/v1/api-keys/', headers: authHeader(testKey), payload: { name: 'escalate' } });
  assert.equal(live.statusCode, 403, 'a test key cannot mint a live key');
  const sibling = await store.inject({ method: 'POST', url: '/api/v1/api-keys/', headers: authHeader(testKey), payload: { name: 'sibling', mode: 'test' } });
  assert.equal(sibling.statusCode, 201);
  await store.inject({ method: 'PATCH', url: '/api/v1/store/', headers: admin, payload: { test_mode: false } });
  assert.equal((await store.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: authHeader(testKey) })).statusCode, 401);
});

test('malformed, unknown and other-scheme credentials get 401 with a detail', async (t) => {
  const { store } = await setup(t);
  const cases: Array<[string, RegExp]> = [
    ['Token sk_live_nope', /^Invalid token\.$/],
    [`Token sk_live_${'A'.repeat(43)}`, /^Invalid token\.$/],
    ['Token', /^Invalid token\.$/],
    ['Bearer abc', /Token <API_KEY>/],
    ['Basic dXNlcjpwYXNz', /Token <API_KEY>/],
  ];
  for (const [authorization, detail] of cases) {
    const res = await store.inject({ method: 'GET', url: '/api/v1/store/', headers: { authorization } });
    assert.equal(res.statusCode, 401, authorization);
    assert.equal(res.json().code, 'authentication_failed');
    assert.match(res.json().detail, detail);
  }
});

test('customers and anonymous callers cannot reach the staff routes', async (t) => {
  const { store } = await setup(t);
  const anonymous = await store.inject({ method: 'GET', url: '/api/v1/api-keys/' });
  assert.equal(anonymous.statusCode, 401);
  assert.equal(anonymous.json().code, 'not_authenticated');
  const shopper = new SessionClient(store);
  assert.equal((await shopper.register({ email: 'shopper@example.com', password: 'correct horse battery' })).statusCode, 201);
  for (const [method, url] of [['GET', '/api/v1/api-keys/'], ['POST', '/api/v1/api-keys/'], ['GET', '/api/v1/api-keys/1/'], ['DELETE', '/api/v1/api-keys/1/']] as const) {
    const res = await shopper.request({ method, url, ...(method === 'POST' ? { payload: { name: 'mine' } } : {}) });
    assert.equal(res.statusCode, 403, `${method} ${url}`);
    assert.equal(res.json().code, 'permission_denied');
  }
  assert.equal((await store.kernel.knex('api_keys').count({ n: '*' }).first() as any).n, 1);
});

test('last_used_at is written at most once a minute', async (t) => {
  const clock = new ManualClock(Date.parse('2026-05-01T08:00:00.000Z'));
  const { store, admin } = await setup(t, clock);
  const lastUsed = async () => (await store.inject({ method: 'GET', url: '/api/v1/api-keys/', headers: admin })).json().results[0].last_used_at;
  assert.equal(await lastUsed(), '2026-05-01T08:00:00.000Z');
  clock.advance(30_000);
  assert.equal(await lastUsed(), '2026-05-01T08:00:00.000Z');
  clock.advance(31_000);
  assert.equal(await lastUsed(), '2026-05-01T08:01:01.000Z');
});
