import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestStore } from '../../../test/helpers/store.ts';
import { authHeader, createStaff, SessionClient, staffApiKey } from '../../../test/helpers/auth.ts';
import { hashToken } from '../services/sessions.ts';
import { isMysql } from '../../../kernel/db/dialect.ts';
import { statementsDuring } from '../../../test/helpers/statements.ts';
import type { LoggedInEvent } from '../hooks.ts';

async function setup(t: { after: (fn: () => Promise<void>) => void }) {
  const store = await startTestStore();
  t.after(() => store.close());
  const staff = await createStaff(store, { email: 'Clerk@Example.com', password: 'clerk-password-1' });
  return { store, staff };
}

function cookie(res: { cookies: unknown[] }, name: string): any {
  return (res.cookies as Array<{ name: string }>).find((c) => c.name === name);
}

test('the SPEC session flow: csrf, login with X-CSRFToken, then a state change with the token and cookie', async (t) => {
  const { store, staff } = await setup(t);
  const client = new SessionClient(store);
  const csrfRes = await client.request({ method: 'GET', url: '/api/v1/auth/csrf/' });
  assert.equal(csrfRes.statusCode, 200);
  const token = csrfRes.json().csrf_token;
  assert.match(token, /^[A-Za-z0-9_-]{43}$/);
  const csrfCookie = cookie(csrfRes, 'csrftoken');
  assert.equal(csrfCookie.value, token);
  assert.equal(csrfCookie.secure, true);
  assert.equal(csrfCookie.sameSite, 'Lax');
  assert.equal(csrfCookie.path, '/');
  assert.ok(!csrfCookie.httpOnly, 'scripts must be able to read the CSRF cookie');

  const login = await client.login('clerk@example.com', 'clerk-password-1');
  assert.equal(login.statusCode, 200, login.body);
  assert.deepEqual(login.json().user, {
    id: staff.id, email: 'clerk@example.com', kind: 'staff', role: 'staff', first_name: '', last_name: '', created_at: staff.user.created_at.toISOString(),
  });
  assert.equal(login.headers['cache-control'], 'no-store');
  const session = cookie(login, 'sessionid');
  assert.equal(session.httpOnly, true);
  assert.equal(session.secure, true);
  assert.equal(session.sameSite, 'Lax');
  assert.equal(session.path, '/');

  const change = await client.request({ method: 'PATCH', url: '/api/v1/store/', payload: { name: 'Renamed' } });
  assert.equal(change.statusCode, 200, change.body);
  assert.equal(change.json().name, 'Renamed');
});

test('a session state change without X-CSRFToken, or with a wrong one, is refused with csrf_failed', async (t) => {
  const { store, staff } = await setup(t);
  const client = new SessionClient(store);
  assert.equal((await client.login(staff.email, staff.password)).statusCode, 200);
  for (const csrf of [false, 'wrong-token'] as const) {
    const res = await client.request({ method: 'PATCH', url: '/api/v1/store/', payload: { name: 'Hijacked' }, csrf });
    assert.equal(res.statusCode, 403, res.body);
    assert.equal(res.json().code, 'csrf_failed');
    assert.equal(typeof res.json().detail, 'string');
  }
  assert.equal((await store.inject({ method: 'GET', url: '/api/v1/store/' })).json().name, 'Storekeep');
  const read = await client.request({ method: 'GET', url: '/api/v1/auth/me/' });
  assert.equal(read.statusCode, 200, 'safe methods need no token');
});

test('login itself needs the CSRF token, even from an anonymous caller', async (t) => {
  const { store, staff } = await setup(t);
  const client = new SessionClient(store);
  await client.csrf();
  for (const csrf of [false, 'x'.repeat(43)] as const) {
    const res = await client.request({ method: 'POST', url: '/api/v1/auth/login/', payload: { email: staff.email, password: staff.password }, csrf });
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().code, 'csrf_failed');
    assert.equal(cookie(res, 'sessionid'), undefined);
  }
  const noCookie = await store.inject({
    method: 'POST', url: '/api/v1/auth/login/', headers: { 'x-csrftoken': client.csrfToken! }, payload: { email: staff.email, password: staff.password },
  });
  assert.equal(noCookie.statusCode, 403, 'the header alone, without the cookie, is not enough');
});

test('the csrf endpoint keeps a well-formed token the client already holds', async (t) => {
  const { store } = await setup(t);
  const client = new SessionClient(store);
  const first = await client.csrf();
  assert.equal(await client.csrf(), first);
  const other = await new SessionClient(store).csrf();
  assert.notEqual(other, first);
});

test('login rotates the session: the old cookie stops working and auth.loggedIn sees the previous session', async (t) => {
  const { store, staff } = await setup(t);
  const seen: LoggedInEvent[] = [];
  store.kernel.hooks.get('auth').loggedIn.tapPromise({ name: 'test' }, async (event) => {
    seen.push(event);
  });
  const client = new SessionClient(store);
  assert.equal((await client.login(staff.email, staff.password)).statusCode, 200);
  const first = client.cookies.get('sessionid')!;
  const second = await client.login(staff.email, staff.password);
  assert.equal(second.statusCode, 200);
  const rotated = client.cookies.get('sessionid')!;
  assert.notEqual(rotated, first);
  const rows = await store.kernel.knex('sessions').select('id', 'token_hash');
  assert.deepEqual(rows.map((r) => r.token_hash), [hashToken(rotated)], 'the old session row is deleted');
  assert.equal(seen.length, 2);
  assert.equal(seen[0].previousSessionId, null);
  assert.equal(seen[1].previousSessionId, seen[0].sessionId);
  assert.equal(seen[1].sessionId, String(rows[0].id));
  assert.equal(seen[1].user.id, staff.id);

  const old = await store.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: { cookie: `sessionid=${first}` } });
  assert.equal(old.statusCode, 401, 'the pre-login session id is worthless');
  const now = await client.request({ method: 'GET', url: '/api/v1/auth/me/' });
  assert.equal(now.statusCode, 200);
});

test('only the SHA-256 of the session token is stored', async (t) => {
  const { store, staff } = await setup(t);
  const client = new SessionClient(store);
  await client.login(staff.email, staff.password);
  const token = client.cookies.get('sessionid')!;
  const rows = await store.kernel.knex('sessions').select('*');
  assert.equal(rows.length, 1);
  assert.ok(!JSON.stringify(rows).includes(token));
  assert.equal(rows[0].token_hash, hashToken(token));
});

test('logout deletes the session and the cookie, and needs the CSRF token', async (t) => {
  const { store, staff } = await setup(t);
  const client = new SessionClient(store);
  await client.login(staff.email, staff.password);
  const token = client.cookies.get('sessionid')!;
  const refused = await client.request({ method: 'POST', url: '/api/v1/auth/logout/', csrf: false });
  assert.equal(refused.statusCode, 403);
  const res = await client.logout();
  assert.equal(res.statusCode, 204, res.body);
  assert.equal(res.body, '');
  const cleared = cookie(res, 'sessionid');
  assert.ok(cleared && (cleared.value === '' || cleared.maxAge === 0 || cleared.expires.getTime() <= Date.now()), 'the cookie is cleared');
  assert.equal(await store.kernel.knex('sessions').count({ n: '*' }).first().then((r: any) => Number(r.n)), 0);
  const after = await store.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: { cookie: `sessionid=${token}` } });
  assert.equal(after.statusCode, 401);
  const again = await client.logout();
  assert.equal(again.statusCode, 401, 'logging out without a session is not authenticated');
});

test('wrong, unknown and inactive credentials all get the same 401', async (t) => {
  const { store, staff } = await setup(t);
  const client = new SessionClient(store);
  const cases: Array<[string, string]> = [
    [staff.email, 'wrong-password'],
    ['nobody@example.com', staff.password],
  ];
  for (const [email, password] of cases) {
    const res = await client.login(email, password);
    assert.equal(res.statusCode, 401);
    assert.deepEqual(res.json(), { detail: 'Invalid email or password.', code: 'invalid_credentials' });
    assert.equal(cookie(res, 'sessionid'), undefined);
  }
  await store.kernel.knex('users').where({ id: staff.id }).update({ is_active: false });
  const inactive = await client.login(staff.email, staff.password);
  assert.equal(inactive.statusCode, 401);
  assert.deepEqual(inactive.json(), { detail: 'Invalid email or password.', code: 'invalid_credentials' });
  const missing = await client.request({ method: 'POST', url: '/api/v1/auth/login/', payload: { email: staff.email } });
  assert.equal(missing.statusCode, 400);
  assert.ok(missing.json().errors.password);
});

test('a session of a deactivated account, or an expired one, is anonymous', async (t) => {
  const { store, staff } = await setup(t);
  const client = new SessionClient(store);
  await client.login(staff.email, staff.password);
  assert.equal((await client.request({ method: 'GET', url: '/api/v1/auth/me/' })).statusCode, 200);
  await store.kernel.knex('users').where({ id: staff.id }).update({ is_active: false });
  assert.equal((await client.request({ method: 'GET', url: '/api/v1/auth/me/' })).statusCode, 401);
  await store.kernel.knex('users').where({ id: staff.id }).update({ is_active: true });
  await store.kernel.knex('sessions').update({ expires_at: new Date(Date.now() - 1000) });
  const expired = await client.request({ method: 'GET', url: '/api/v1/auth/me/' });
  assert.equal(expired.statusCode, 401);
  assert.equal(expired.json().code, 'not_authenticated');
  const garbage = await store.inject({ method: 'GET', url: '/api/v1/store/', headers: { cookie: 'sessionid=not-a-token' } });
  assert.equal(garbage.statusCode, 200, 'a bad session cookie on a public route is just anonymous');
});

test('sessions and API keys presented at once are each resolved to their own account; expired and revoked ones stay refused', async (t) => {
  const { store } = await setup(t);
  const accounts = await Promise.all([0, 1, 2, 3].map((i) => createStaff(store, { email: `batch-${i}@example.com`, password: `batch-password-${i}` })));
  const clients = accounts.map(() => new SessionClient(store));
  for (const [i, client] of clients.entries()) assert.equal((await client.login(accounts[i]!.email, accounts[i]!.password)).statusCode, 200);
  // The third account's session has run out.
  await store.kernel.knex('sessions').where({ user_id: accounts[2]!.id }).update({ expires_at: new Date(Date.now() - 1000) });
  const keys = await Promise.all(['first', 'second', 'revoked'].map((name) => staffApiKey(store, { name })));
  await store.kernel.knex('api_keys').where({ name: 'revoked' }).update({ revoked_at: new Date() });

  for (let round = 0; round < 3; round++) {
    let bySession: Array<{ statusCode: number; body: string; json(): any }> = [];
    let byKey: Array<{ statusCode: number }> = [];
    const sent = await statementsDuring(store.kernel.knex, async () => {
      [bySession, byKey] = await Promise.all([
        Promise.all(clients.map((client) => client.request({ method: 'GET', url: '/api/v1/auth/me/' }))),
        Promise.all(keys.map((key) => store.inject({ method: 'GET', url: '/api/v1/api-keys/', headers: authHeader(key) }))),
      ]);
    });
    // On MySQL/MariaDB the lookups of one turn share a statement: one for the sessions, one for the keys.
    const lookups = (pattern: RegExp) => sent.filter((q) => pattern.test(q.sql)).length;
    assert.equal(lookups(/[`"]token_hash[`"] in/), isMysql(store.kernel.knex) ? 1 : clients.length);
    assert.equal(lookups(/[`"]key_hash[`"] in/), isMysql(store.kernel.knex) ? 1 : keys.length);
    for (const [i, res] of bySession.entries()) {
      if (i === 2) {
        assert.equal(res.statusCode, 401, 'the expired session');
        assert.equal(res.json().code, 'not_authenticated');
      } else {
        assert.equal(res.statusCode, 200, res.body);
        assert.equal(res.json().email, accounts[i]!.email, `session ${i} is its own account`);
      }
    }
    assert.deepEqual(byKey.map((res) => res.statusCode), [200, 200, 401], 'the revoked key is refused');
  }
});
