import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { exampleStore, portOf, wire } from './helpers.ts';

const REAL_PORT = { PORT: '0', HOST: '127.0.0.1' };
const HTTPS_REQUIRED = { detail: 'HTTPS is required.', code: 'https_required' };

function derOf(pem: string): Buffer {
  return new crypto.X509Certificate(pem).raw;
}

test('the store serves HTTPS with a certificate generated into DATA_DIR/tls on first start and reused after', async (t) => {
  const first = await exampleStore({ lazy: true, env: REAL_PORT });
  t.after(() => first.close());
  const certFile = path.join(first.dataDir, 'tls', 'cert.pem');
  assert.equal(fs.existsSync(certFile), false);
  await first.kernel.start();
  assert.equal(fs.existsSync(path.join(first.dataDir, 'tls', 'key.pem')), true);
  const pem = fs.readFileSync(certFile, 'utf8');
  assert.deepEqual(first.notices, [`Generated a self-signed TLS certificate in ${path.join(first.dataDir, 'tls')}.`]);

  const health = await wire(`https://127.0.0.1:${portOf(first)}/healthz`);
  assert.equal(health.status, 200);
  assert.deepEqual(health.json(), { status: 'ok' });
  assert.deepEqual(health.certificate, derOf(pem), 'the served certificate is the one in DATA_DIR/tls');
  const created = await wire(`https://127.0.0.1:${portOf(first)}/api/v1/hello/greetings/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'over TLS' }),
  });
  assert.equal(created.status, 201);
  await first.kernel.stop();

  const second = await exampleStore({ lazy: true, env: REAL_PORT, shareWith: first });
  await second.kernel.start();
  assert.deepEqual(second.notices, [], 'no certificate generated on the second start');
  assert.equal(fs.readFileSync(certFile, 'utf8'), pem);
  const again = await wire(`https://127.0.0.1:${portOf(second)}/api/v1/hello/greetings/`);
  assert.equal(again.status, 200);
  assert.equal(again.json().count, 1);
  assert.deepEqual(again.certificate, derOf(pem));
});

test('plain HTTP to the HTTPS port is answered with a JSON 403, not a dropped connection', async (t) => {
  const store = await exampleStore({ lazy: true, env: REAL_PORT, config: { trustProxy: [] } });
  t.after(() => store.close());
  await store.kernel.start();
  for (const [method, url] of [['GET', '/healthz'], ['GET', '/api/v1/hello/greetings/'], ['POST', '/api/v1/hello/greetings/']]) {
    const res = await wire(`http://127.0.0.1:${portOf(store)}${url}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? '{"name":"x"}' : undefined });
    assert.equal(res.status, 403, `${method} ${url}`);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    assert.deepEqual(res.json(), HTTPS_REQUIRED);
  }
  assert.equal((await wire(`https://127.0.0.1:${portOf(store)}/healthz`)).status, 200, 'the same port still speaks TLS');
  assert.equal(await store.kernel.knex('hello_greetings').count({ n: '*' }).first().then((r: any) => Number(r.n)), 0);
});

test('behind a trusted proxy, X-Forwarded-Proto decides: https passes, http gets the 403', async (t) => {
  // The test store trusts 127.0.0.1, where these requests come from.
  const store = await exampleStore({ lazy: true, env: REAL_PORT });
  t.after(() => store.close());
  await store.kernel.start();
  const port = portOf(store);
  const viaProxy = await wire(`http://127.0.0.1:${port}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
  assert.equal(viaProxy.status, 200);
  const proxySaysHttp = await wire(`https://127.0.0.1:${port}/healthz`, { headers: { 'x-forwarded-proto': 'http' } });
  assert.equal(proxySaysHttp.status, 403);
  assert.deepEqual(proxySaysHttp.json(), HTTPS_REQUIRED);
  const plainWithoutHeader = await wire(`http://127.0.0.1:${port}/healthz`);
  assert.equal(plainWithoutHeader.status, 403);
});

test('X-Forwarded-Proto from an address that is not a trusted proxy is ignored', async (t) => {
  const store = await exampleStore({ lazy: true, env: REAL_PORT, config: { trustProxy: ['10.0.0.1'] } });
  t.after(() => store.close());
  await store.kernel.start();
  const port = portOf(store);
  const spoofed = await wire(`http://127.0.0.1:${port}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
  assert.equal(spoofed.status, 403);
  assert.deepEqual(spoofed.json(), HTTPS_REQUIRED);
  const tls = await wire(`https://127.0.0.1:${port}/healthz`, { headers: { 'x-forwarded-proto': 'http' } });
  assert.equal(tls.status, 200);
});

test('operator certificate files are used as given and nothing is generated', async (t) => {
  const donor = await exampleStore({ lazy: true, env: REAL_PORT });
  t.after(() => donor.close());
  await donor.kernel.start();
  const tlsDir = path.join(donor.dataDir, 'tls');
  const pem = fs.readFileSync(path.join(tlsDir, 'cert.pem'), 'utf8');
  await donor.kernel.stop();
  const ownDir = fs.mkdtempSync(path.join(donor.dataDir, 'own-'));
  fs.renameSync(path.join(tlsDir, 'cert.pem'), path.join(ownDir, 'server.crt'));
  fs.renameSync(path.join(tlsDir, 'key.pem'), path.join(ownDir, 'server.key'));

  const store = await exampleStore({
    lazy: true,
    shareWith: donor,
    env: { ...REAL_PORT, TLS_CERT_FILE: path.join(ownDir, 'server.crt'), TLS_KEY_FILE: path.join(ownDir, 'server.key') },
  });
  await store.kernel.start();
  const res = await wire(`https://127.0.0.1:${portOf(store)}/healthz`);
  assert.equal(res.status, 200);
  assert.deepEqual(res.certificate, derOf(pem));
  assert.equal(fs.existsSync(path.join(tlsDir, 'cert.pem')), false);
  assert.deepEqual(store.notices, []);
});
