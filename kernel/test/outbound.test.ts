import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { ConfigError, loadConfig } from '../config.ts';
import type { OutboundGuard, ResolveHost } from '../net/outbound.ts';
import { kernelStore } from './helpers.ts';

// A loopback server counting the requests it answers.
async function loopbackServer(t: { after: (fn: () => Promise<void>) => void }): Promise<{ port: number; hits: () => number }> {
  let hits = 0;
  const server = http.createServer((_req, res) => {
    hits++;
    res.end('internal');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { port: (server.address() as AddressInfo).port, hits: () => hits };
}

const resolveHost: ResolveHost = async (hostname) => {
  if (hostname === 'rebound.example.com') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

async function guardOf(t: { after: (fn: () => Promise<void>) => void }, env: Record<string, string> = {}): Promise<OutboundGuard> {
  const store = await kernelStore({ env, resolveHost });
  t.after(() => store.close());
  return store.kernel.container.resolve<OutboundGuard>('outboundGuard');
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const err = (await promise.then(() => undefined, (e) => e)) as { code?: string; message?: string } | undefined;
  assert.ok(err, 'the request was refused');
  assert.equal(err.code, 'ERR_OUTBOUND_REFUSED', String(err.message));
  return err.message!;
}

test('a plugin\'s requests through the guard\'s agent never connect to loopback, by address or by name, unless allowed', async (t) => {
  const guard = await guardOf(t);
  const server = await loopbackServer(t);
  const agent = guard.agent();
  t.after(() => agent.close());
  assert.match(await refusal(request(`http://127.0.0.1:${server.port}/`, { dispatcher: agent })), /loopback.*not allowed/);
  assert.match(await refusal(request(`http://[::ffff:7f00:1]:${server.port}/`, { dispatcher: agent })), /loopback/);
  assert.match(await refusal(request(`http://rebound.example.com:${server.port}/`, { dispatcher: agent })), /rebound\.example\.com resolves to 127\.0\.0\.1/);
  assert.equal(server.hits(), 0);
  assert.match(guard.urlProblem(`http://127.0.0.1:${server.port}/`)!, /not allowed/);
  assert.equal(guard.urlProblem('https://hooks.example.com/'), undefined);
});

test('with OUTBOUND_ALLOW_PRIVATE the agent reaches loopback, its public reach still does not', async (t) => {
  const guard = await guardOf(t, { OUTBOUND_ALLOW_PRIVATE: 'true' });
  assert.equal(guard.allowPrivate, true);
  const server = await loopbackServer(t);
  const agent = guard.agent();
  const publicOnly = guard.agent({}, 'public');
  t.after(async () => {
    await agent.close();
    await publicOnly.close();
  });
  const res = await request(`http://rebound.example.com:${server.port}/`, { dispatcher: agent });
  assert.equal(await res.body.text(), 'internal');
  assert.match(await refusal(request(`http://127.0.0.1:${server.port}/`, { dispatcher: publicOnly })), /public reach/);
  assert.equal(server.hits(), 1);
  assert.equal(await guard.reachOf('rebound.example.com'), 'private');
  assert.match(await refusal(guard.reachOf('169.254.169.254')), /never reachable/);
});

test('OUTBOUND_ALLOW_PRIVATE is off unless set, and must be true or false', () => {
  assert.equal(loadConfig({}).outboundAllowPrivate, false);
  assert.equal(loadConfig({ OUTBOUND_ALLOW_PRIVATE: 'true' }).outboundAllowPrivate, true);
  assert.throws(() => loadConfig({ OUTBOUND_ALLOW_PRIVATE: 'maybe' }), ConfigError);
});

test('TRUST_PROXY names proxies (addresses, CIDRs, range names); anything else stops the start with a clear message', () => {
  assert.deepEqual(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy, ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
  for (const bad of ['true', '10.0.0.0/33', 'proxy.example', '127.0.0.1/8/1']) {
    assert.throws(() => loadConfig({ TRUST_PROXY: bad }), (err: Error) => err instanceof ConfigError && err.message.includes(`"${bad.split(',')[0]}"`), bad);
  }
});
