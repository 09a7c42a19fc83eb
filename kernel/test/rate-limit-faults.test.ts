import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import type { TestStore } from '../../test/helpers/store.ts';
import { freePort } from '../../test/helpers/process.ts';
import { TcpProxy } from '../../test/helpers/tcp-proxy.ts';
import { exampleStore, waitFor } from './helpers.ts';

const LIST = '/api/v1/hello/greetings/';
const REDIS = { host: '127.0.0.1', port: 6379 };

const from = (store: TestStore, ip: string, url = LIST) => store.inject({ method: 'GET', url, headers: { 'x-forwarded-for': ip } });

// A documentation-range IPv6 /64 of our own per test run, so that only our Redis keys are touched.
const group = () => crypto.randomInt(0x1000, 0x10000).toString(16);
const prefix = `2001:db8:${group()}:${group()}`;
const client = (n: number) => `${prefix.replace(/:[0-9a-f]+$/, '')}:${(0x1000 + n).toString(16)}::1`;

test('the health endpoints are never rate limited, also for an address that is over its limit', async (t) => {
  const store = await exampleStore({ env: { RATE_LIMIT_ANONYMOUS: '2' } });
  t.after(() => store.close());
  const ip = '203.0.113.40';
  for (let i = 0; i < 5; i++) {
    for (const url of ['/healthz', '/readyz', '/healthz/']) assert.equal((await from(store, ip, url)).statusCode, 200, `${url} #${i}`);
  }
  assert.equal((await from(store, ip)).statusCode, 200);
  assert.equal((await from(store, ip)).statusCode, 200);
  assert.equal((await from(store, ip)).statusCode, 429, 'the health checks did not use up the limit, the API still counts');
  const health = await from(store, ip, '/healthz');
  assert.equal(health.statusCode, 200);
  assert.equal(health.headers['x-ratelimit-limit'], undefined);
});


test('with Redis away, requests are served at once and uncounted, said once in the log; counting resumes when it is back', async (t) => {
  const proxy = new TcpProxy(REDIS, await freePort());
  await proxy.open();
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const store = await exampleStore({ logStream, env: { LOG_LEVEL: 'info', RATE_LIMIT_ANONYMOUS: '2', REDIS_URL: `redis://127.0.0.1:${proxy.port}` } });
  const redis = new Redis(REDIS.port, REDIS.host);
  t.after(async () => {
    await store.close();
    await proxy.close().catch(() => undefined);
    const keys = await redis.keys(`storekeep-rl:*${prefix.replace(/:[0-9a-f]+$/, '')}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });
  const said = (text: string) => lines.filter((l) => JSON.parse(l).msg?.startsWith(text)).length;

  // Through the proxy, counting works.
  for (let i = 0; i < 2; i++) assert.equal((await from(store, client(1))).statusCode, 200);
  assert.equal((await from(store, client(1))).statusCode, 429);

  // A black hole: the first count waits out its command timeout, then the limiter stops sending.
  proxy.mode = 'blackhole';
  for (let i = 0; i < 6; i++) {
    const res = await from(store, client(2));
    assert.equal(res.statusCode, 200, `request ${i + 1} is served although the limit is 2 (fail open)`);
    assert.equal(res.headers['x-ratelimit-remaining'], '2', 'nothing was counted');
  }
  assert.equal((proxy.swallowed.match(/\r\n(evalsha|eval)\r\n/gi) ?? []).length, 1, 'one count was sent into the black hole, none after it');

  // Redis refused outright: served, uncounted.
  await proxy.close();
  for (let i = 0; i < 4; i++) assert.equal((await from(store, client(3))).statusCode, 200);

  await proxy.open();
  await waitFor(() => said('Redis is reachable again') > 0, 'the store to reconnect to Redis');
  for (let i = 0; i < 2; i++) assert.equal((await from(store, client(4))).statusCode, 200);
  assert.equal((await from(store, client(4))).statusCode, 429, 'counting resumed');
  assert.equal(said('Redis is unreachable'), 1, 'the outage is logged once');
  assert.equal(said('Redis is reachable again'), 1, 'the recovery is logged once');
});
