import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { startTestStore } from '../../../test/helpers/store.ts';
import { authHeader, createStaff, SessionClient, staffApiKey } from '../../../test/helpers/auth.ts';
import { ManualClock } from '../../../kernel/clock.ts';

const MINUTE = 60_000;
const REDIS_URL = 'redis://127.0.0.1:6379';

const randomKey = () => `sk_live_${crypto.randomBytes(32).toString('base64url')}`;

async function setup(t: { after: (fn: () => Promise<void>) => void }, env: Record<string, string> = {}) {
  const clock = new ManualClock(Date.parse('2026-04-01T12:00:00.000Z'));
  const store = await startTestStore({ clock, env });
  t.after(() => store.close());
  const key = await staffApiKey(store);
  const me = (ip: string, authorization: string) => store.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: { authorization, 'x-forwarded-for': ip } });
  return { store, clock, key, me };
}

test('invalid API keys from one address: after 20, every credentialed request from it is 429 before any key lookup', async (t) => {
  const { store, clock, key, me } = await setup(t);
  const attacker = '203.0.113.9';
  for (let i = 0; i < 20; i++) {
    const res = await me(attacker, `Token ${randomKey()}`);
    assert.equal(res.statusCode, 401, `attempt ${i + 1}: ${res.body}`);
  }
  const blocked = await me(attacker, authHeader(key).authorization);
  assert.equal(blocked.statusCode, 429, blocked.body);
  assert.equal(blocked.json().code, 'rate_limited');
  assert.equal(blocked.headers['retry-after'], String(15 * 60));
  const [row] = await store.kernel.knex('api_keys').select('last_used_at');
  assert.equal(row.last_used_at, null, 'the valid key was not looked up (nor touched)');

  // A session cookie from the blocked address is refused alike; a request without credentials is not.
  const cookie = await store.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: { cookie: 'sessionid=whatever', 'x-forwarded-for': attacker } });
  assert.equal(cookie.statusCode, 429);
  assert.ok(Number(cookie.headers['retry-after']) >= 1);
  assert.equal((await store.inject({ method: 'GET', url: '/api/v1/store/', headers: { 'x-forwarded-for': attacker } })).statusCode, 200);

  assert.equal((await me('198.51.100.4', authHeader(key).authorization)).statusCode, 200, 'other addresses are not blocked');
  clock.advance(15 * MINUTE);
  assert.equal((await me(attacker, authHeader(key).authorization)).statusCode, 200, 'the window moved on');
});

test('a revoked key counts as a failure; bad keys and failed logins share the count', async (t) => {
  const { store, key, me } = await setup(t);
  const staff = await createStaff(store);
  const revoked = await staffApiKey(store, { name: 'old' });
  const [old] = await store.kernel.knex('api_keys').where({ name: 'old' }).pluck('id');
  assert.equal((await store.inject({ method: 'DELETE', url: `/api/v1/api-keys/${old}/`, headers: authHeader(key) })).statusCode, 204);
  const ip = '192.0.2.77';
  for (let i = 0; i < 10; i++) assert.equal((await me(ip, `Token ${revoked}`)).statusCode, 401);
  const browser = new SessionClient(store);
  for (let i = 0; i < 10; i++) {
    await browser.request({ method: 'GET', url: '/api/v1/auth/csrf/', headers: { 'x-forwarded-for': ip } });
    const res = await browser.request({ method: 'POST', url: '/api/v1/auth/login/', headers: { 'x-forwarded-for': ip }, payload: { email: `nobody${i}@example.com`, password: 'guess-guess' } });
    assert.equal(res.statusCode, 401, `login ${i + 1}`);
  }
  const login = await browser.request({ method: 'POST', url: '/api/v1/auth/login/', headers: { 'x-forwarded-for': ip }, payload: { email: staff.email, password: staff.password } });
  assert.equal(login.statusCode, 429, login.body);
  assert.ok(Number(login.headers['retry-after']) >= 1);
  const keyed = await me(ip, authHeader(key).authorization);
  assert.equal(keyed.statusCode, 429);
  assert.ok(Number(keyed.headers['retry-after']) >= 1);
});

test('with REDIS_URL, failed credentials are counted in Redis, not in the database', async (t) => {
  const redis = new Redis(REDIS_URL);
  const attacker = `203.0.113.${100 + (process.pid % 100)}`;
  const keys = () => redis.keys(`storekeep-auth:failures:*${attacker}*`);
  const clean = async () => {
    const found = await keys();
    if (found.length) await redis.del(...found);
  };
  await clean();
  t.after(async () => {
    await clean();
    await redis.quit();
  });
  const { store, key, me } = await setup(t, { REDIS_URL });
  const staff = await createStaff(store);
  const browser = new SessionClient(store);
  const login = async (password: string) => {
    await browser.request({ method: 'GET', url: '/api/v1/auth/csrf/', headers: { 'x-forwarded-for': attacker } });
    return browser.request({ method: 'POST', url: '/api/v1/auth/login/', headers: { 'x-forwarded-for': attacker }, payload: { email: staff.email, password } });
  };
  for (let i = 0; i < 5; i++) assert.equal((await login('wrong-password')).statusCode, 401, `login ${i + 1}`);
  const locked = await login(staff.password);
  assert.equal(locked.statusCode, 429, 'the account is locked for this address');
  assert.ok(Number(locked.headers['retry-after']) >= 1);
  for (let i = 5; i < 20; i++) assert.equal((await me(attacker, `Token ${randomKey()}`)).statusCode, 401, `attempt ${i + 1}`);
  const blocked = await me(attacker, authHeader(key).authorization);
  assert.equal(blocked.statusCode, 429);
  assert.ok(Number(blocked.headers['retry-after']) >= 1);
  assert.deepEqual((await keys()).map((k) => k.split(':')[2]).sort(), ['account-ip', 'ip'], 'the address and the account-and-address counters');
  assert.equal(await store.kernel.knex('login_failures').count({ n: '*' }).first().then((r: any) => Number(r.n)), 0);
});
