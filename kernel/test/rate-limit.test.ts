import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { TestStore } from '../../test/helpers/store.ts';
import { exampleStore, fakeAuthSource, writePlugins } from './helpers.ts';

const LIST = '/api/v1/hello/greetings/';
const REDIS_URL = 'redis://127.0.0.1:6379';

// Requests from a client address, as told by the trusted loopback proxy of the test store.
const from = (store: TestStore, ip: string, headers: Record<string, string> = {}) =>
  store.inject({ method: 'GET', url: LIST, headers: { 'x-forwarded-for': ip, ...headers } });

test('past RATE_LIMIT_ANONYMOUS requests a minute an address gets a 429 with Retry-After and the error body', async (t) => {
  const store = await exampleStore({ env: { RATE_LIMIT_ANONYMOUS: '3' } });
  t.after(() => store.close());
  for (let i = 1; i <= 3; i++) assert.equal((await from(store, '203.0.113.7')).statusCode, 200, `request ${i}`);
  const limited = await from(store, '203.0.113.7');
  assert.equal(limited.statusCode, 429);
  const retryAfter = Number(limited.headers['retry-after']);
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After: ${limited.headers['retry-after']}`);
  const body = limited.json();
  assert.deepEqual(Object.keys(body).sort(), ['code', 'detail']);
  assert.equal(body.code, 'rate_limited');
  assert.match(body.detail, /^Request was throttled\. Try again in \d+ seconds\.$/);
  // Another address has its own count; the limited one stays limited, on every route.
  assert.equal((await from(store, '203.0.113.8')).statusCode, 200);
  assert.equal((await store.inject({ method: 'GET', url: '/api/v1/hello/welcome/', headers: { 'x-forwarded-for': '203.0.113.7' } })).statusCode, 429);
});

test('IPv6 clients are counted per /64, so rotating addresses inside it does not escape the limit', async (t) => {
  const store = await exampleStore({ env: { RATE_LIMIT_ANONYMOUS: '3' } });
  t.after(() => store.close());
  for (const suffix of ['1', '2', 'abcd:1']) assert.equal((await from(store, `2001:db8:1:2::${suffix}`)).statusCode, 200);
  assert.equal((await from(store, '2001:db8:1:2:ffff::9')).statusCode, 429);
  assert.equal((await from(store, '2001:db8:1:3::1')).statusCode, 200, 'the next /64 is another client');
});

test('authenticated callers are counted per key with RATE_LIMIT_AUTHENTICATED', async (t) => {
  const tmp = writePlugins({ auth: fakeAuthSource() });
  t.after(tmp.remove);
  const store = await exampleStore({ env: { PLUGINS: `examples/hello-plugin,${tmp.dirs.auth}`, RATE_LIMIT_ANONYMOUS: '1', RATE_LIMIT_AUTHENTICATED: '4' } });
  t.after(() => store.close());
  const key1 = { authorization: 'Token test-1' };
  for (let i = 1; i <= 4; i++) assert.equal((await from(store, '203.0.113.9', key1)).statusCode, 200, `request ${i}`);
  assert.equal((await from(store, '203.0.113.9', key1)).statusCode, 429);
  // Key 2 from the same address, and an anonymous caller from it, each have their own count.
  assert.equal((await from(store, '203.0.113.9', { authorization: 'Token test-2' })).statusCode, 200);
  assert.equal((await from(store, '203.0.113.9')).statusCode, 200);
  assert.equal((await from(store, '203.0.113.9')).statusCode, 429);
});

test('RATE_LIMIT_ANONYMOUS=0 turns the anonymous limit off', async (t) => {
  const store = await exampleStore({ env: { RATE_LIMIT_ANONYMOUS: '0' } });
  t.after(() => store.close());
  for (let i = 0; i < 30; i++) assert.equal((await from(store, '203.0.113.10')).statusCode, 200);
});

test('without Redis, two instances count separately', async (t) => {
  const one = await exampleStore({ env: { RATE_LIMIT_ANONYMOUS: '3' } });
  t.after(() => one.close());
  const two = await exampleStore({ shareWith: one, env: { RATE_LIMIT_ANONYMOUS: '3' } });
  for (let i = 0; i < 3; i++) assert.equal((await from(one, '203.0.113.11')).statusCode, 200);
  for (let i = 0; i < 3; i++) assert.equal((await from(two, '203.0.113.11')).statusCode, 200);
});

test('with REDIS_URL, the counters live in Redis and instances share them', async (t) => {
  // A documentation-range IPv6 /64 of our own, so that only our keys are touched (groups without a
  // leading zero, so the key spells them exactly as here).
  const group = () => crypto.randomInt(0x1000, 0x10000).toString(16);
  const prefix = `2001:db8:${group()}:${group()}`;
  const client = `${prefix}::1`;
  const redis = new Redis(REDIS_URL);
  const ourKeys = () => redis.keys(`storekeep-rl:*${prefix}*`);
  t.after(async () => {
    const keys = await ourKeys();
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });
  const env = { RATE_LIMIT_ANONYMOUS: '3', REDIS_URL };
  const one = await exampleStore({ env });
  t.after(() => one.close());
  const two = await exampleStore({ shareWith: one, env });
  assert.equal((await from(one, client)).statusCode, 200);
  assert.equal((await from(two, client)).statusCode, 200);
  assert.equal((await from(one, client)).statusCode, 200);
  const keys = await ourKeys();
  assert.equal(keys.length, 1, `one counter in Redis: ${keys.join(', ')}`);
  assert.equal(Number(await redis.get(keys[0]!)), 3);
  const limited = await from(two, client);
  assert.equal(limited.statusCode, 429, 'the fourth request, made to the other instance, is over the shared limit');
  assert.ok(Number(limited.headers['retry-after']) >= 1);
});

test('with Redis unreachable, requests are still served (the limit fails open)', async (t) => {
  const store = await exampleStore({ env: { RATE_LIMIT_ANONYMOUS: '1', REDIS_URL: 'redis://127.0.0.1:1' } });
  t.after(() => store.close());
  for (let i = 0; i < 3; i++) assert.equal((await from(store, '203.0.113.12')).statusCode, 200);
});
