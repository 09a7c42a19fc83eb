import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startTestStore, type TestStore } from '../../../test/helpers/store.ts';
import { REPO_ROOT } from '../../../test/helpers/process.ts';

let store: TestStore;
before(async () => {
  store = await startTestStore({ env: { PLUGINS: path.join(REPO_ROOT, 'examples', 'payment-acme') } });
});
after(() => store.close());

const get = (url: string, headers: Record<string, string> = {}) => store.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

test('every path under /admin/ answers the panel page with a strict CSP; /admin redirects there', async () => {
  for (const url of ['/admin/', '/admin/orders/12/', '/admin/settings/api-keys/?page=2', '/admin/anything/at/all']) {
    const res = await get(url);
    assert.equal(res.statusCode, 200, url);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    assert.match(csp, /script-src 'self';/);
    assert.match(csp, /style-src 'self';/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(res.headers['x-frame-options'], 'DENY');
    assert.doesNotMatch(res.body, /<script>|<script [^>]*>[^<]/, 'no inline script');
    assert.doesNotMatch(res.body, /style=/, 'no inline style');
  }
  const bare = await get('/admin');
  assert.ok([200, 301, 308].includes(bare.statusCode));
});

test('the bundle is served under content-hashed names, cached for a year; unknown names are 404 JSON', async () => {
  const html = (await get('/admin/')).body;
  const script = /src="\/admin\/assets\/(admin-[A-Z0-9]+\.js)"/.exec(html)![1]!;
  const style = /href="\/admin\/assets\/(admin-[A-Z0-9]+\.css)"/.exec(html)![1]!;
  const js = await get(`/admin/assets/${script}`);
  assert.equal(js.statusCode, 200);
  assert.match(String(js.headers['content-type']), /^text\/javascript/);
  assert.equal(js.headers['cache-control'], 'public, max-age=31536000, immutable');
  const css = await get(`/admin/assets/${style}`);
  assert.equal(css.statusCode, 200);
  assert.match(String(css.headers['content-type']), /^text\/css/);
  const missing = await get('/admin/assets/admin-0000.js', { accept: 'application/json' });
  assert.equal(missing.statusCode, 404);
  assert.equal(missing.json().code, 'not_found');
  // The plugin's widget is bundled with the panel.
  assert.match(js.body, /No Acme card payment on this order\./);
});

test('a plugin naming an admin module that is not in its folder stops start-up, named', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-admin-ext-'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'broken-admin', version: '1.0.0', type: 'module' }));
  fs.writeFileSync(
    path.join(dir, 'index.ts'),
    `import { definePlugin } from '@storekeep-commerce/sdk';\nexport default definePlugin({ name: 'broken-admin', version: '1.0.0', storeVersions: '>=0.1.0', admin: './admin/missing.tsx', register() {} });\n`,
  );
  try {
    await assert.rejects(startTestStore({ env: { PLUGINS: dir } }), /Plugin "broken-admin" names its admin module "\.\/admin\/missing\.tsx", which is not a file in its folder/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
