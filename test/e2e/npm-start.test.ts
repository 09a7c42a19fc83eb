import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Agent, request } from 'undici';
import { run } from '../helpers/process.ts';
import { storeProcessEnv } from '../helpers/store-env.ts';

const insecure = new Agent({ connect: { rejectUnauthorized: false } });

async function call(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const res = await request(url, { dispatcher: insecure, method: (init.method ?? 'GET') as 'GET', headers: init.headers, body: init.body });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text, json: () => JSON.parse(text) };
}

test('npm start on an empty store: HTTPS, owner credentials printed once, login works, SIGTERM stops cleanly', async (t) => {
  const { port, dataDir, env } = await storeProcessEnv(t, 'start');
  const first = run(process.execPath, ['--import', 'tsx', 'kernel/main.ts'], env);
  t.after(() => first.child.kill('SIGKILL'));
  await first.waitFor(/Storekeep is serving/);
  const printed = first.output();
  const email = printed.match(/e-mail:\s*(\S+)/)?.[1];
  const password = printed.match(/password:\s*(\S+)/)?.[1];
  assert.ok(email && password, `owner credentials printed:\n${printed}`);
  assert.match(printed, /\/admin\//, 'the admin URL is printed');

  const base = `https://127.0.0.1:${port}`;
  const health = await call(`${base}/healthz`);
  assert.equal(health.status, 200);
  assert.deepEqual(health.json(), { status: 'ok' });
  assert.ok(fs.existsSync(path.join(dataDir, 'tls', 'cert.pem')), 'self-signed certificate generated into DATA_DIR/tls');

  // The demo store is in the shop at once: the home page lists its products.
  const home = await call(`${base}/`, { headers: { accept: 'text/html' } });
  assert.equal(home.status, 200);
  assert.match(String(home.headers['content-type']), /^text\/html/);
  assert.match(home.text, /class="product-card"/);

  const csrf = await call(`${base}/api/v1/auth/csrf/`);
  const token = csrf.json().csrf_token as string;
  const login = await call(`${base}/api/v1/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': token, cookie: `csrftoken=${token}` },
    body: JSON.stringify({ email, password }),
  });
  assert.equal(login.status, 200, login.text);
  assert.equal(login.json().user.kind, 'staff');

  first.child.kill('SIGTERM');
  assert.equal(await first.exited, 0, 'a SIGTERM stop exits 0');

  const second = run(process.execPath, ['--import', 'tsx', 'kernel/main.ts'], env);
  t.after(() => second.child.kill('SIGKILL'));
  await second.waitFor(/Storekeep is serving/);
  assert.doesNotMatch(second.output(), /password:/, 'credentials are printed only on the first start');
  second.child.kill('SIGTERM');
  assert.equal(await second.exited, 0);
});
