import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { kernelStore, writePlugins } from './helpers.ts';
import { REPO_ROOT } from '../../test/helpers/process.ts';

// A plugin package that carries its own copy of the SDK in node_modules (installed inside its folder).
// That copy must never run: if it did, the plugin would get a second kernel (another definePlugin,
// other error classes) or, here, fail to import at all.
const nested = (what: string) => `throw new Error('the plugin\\'s nested copy of ${what} was loaded');\n`;
const tmp = writePlugins({
  carrier: {
    'index.ts': `import { definePlugin, notFound } from '@storekeep-commerce/sdk';
import { PaymentGateway } from '@storekeep-commerce/sdk/checkout';
export default definePlugin({
  name: 'carrier',
  version: '1.0.0',
  storeVersions: '>=0.1.0',
  register(ctx) {
    ctx.routes.add({
      method: 'GET', path: '/api/v1/carrier/:what/', auth: 'public', summary: 'x',
      schema: { params: { type: 'object', properties: { what: { type: 'string' } } }, response: { 200: { type: 'object', additionalProperties: true } } },
      handler: async (request) => {
        if (request.params.what === 'missing') throw notFound('No such parcel.');
        return { gateway_contract: typeof PaymentGateway };
      },
    });
  },
});
`,
    'node_modules/@storekeep-commerce/sdk/package.json': JSON.stringify({
      name: '@storekeep-commerce/sdk',
      version: '0.1.0',
      type: 'module',
      exports: { '.': './index.js', './checkout': './checkout.js' },
    }),
    'node_modules/@storekeep-commerce/sdk/index.js': nested('@storekeep-commerce/sdk'),
    'node_modules/@storekeep-commerce/sdk/checkout.js': nested('@storekeep-commerce/sdk/checkout'),
  },
});
process.on('exit', tmp.remove);

test('a plugin with its own nested SDK gets the store’s: its errors answer in the store’s shape, its imports are the store’s', async (t) => {
  const store = await kernelStore({ env: { PLUGINS: tmp.dirs.carrier } });
  t.after(() => store.close());
  assert.equal(store.kernel.plugins.find((p) => p.plugin.name === 'carrier')?.plugin.version, '1.0.0');
  const ok = await store.inject({ method: 'GET', url: '/api/v1/carrier/contract/' });
  assert.equal(ok.statusCode, 200, ok.body);
  assert.deepEqual(ok.json(), { gateway_contract: 'function' });
  // notFound from the plugin's import is the kernel's own AppError: the error handler answers it as one.
  const missing = await store.inject({ method: 'GET', url: '/api/v1/carrier/missing/' });
  assert.equal(missing.statusCode, 404);
  assert.deepEqual(missing.json(), { detail: 'No such parcel.', code: 'not_found' });
});

test('the same holds in a separate `npx storekeep` process, where tsx’s loader hooks run beside the SDK hook', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-sdk-copy-'));
  try {
    const result = spawnSync(process.execPath, ['bin/storekeep.mjs', 'plugins', 'list'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', PLUGINS: tmp.dirs.carrier },
    });
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /carrier@1\.0\.0/);
    assert.doesNotMatch(result.stdout + result.stderr, /nested copy/);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
