import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { captureLogs, kernelModule, kernelStore, writePlugins } from './helpers.ts';
import { REPO_ROOT, freePort, run } from '../../test/helpers/process.ts';
import { STORE_VERSION } from '../plugin-compat.ts';

// A plugin declaring the store versions it supports (or not, when `range` is undefined).
const versioned = (name: string, range: string | undefined) => `import { definePlugin } from ${JSON.stringify(kernelModule('plugin.ts'))};
export default definePlugin({
  name: ${JSON.stringify(name)},
  version: '2.3.4',
  ${range === undefined ? '' : `storeVersions: ${JSON.stringify(range)},`}
  register(ctx) {
    ctx.routes.add({ method: 'GET', path: '/api/v1/${name}/', auth: 'public', summary: 'x', schema: { response: { 200: { type: 'object', additionalProperties: true } } }, handler: async () => ({ ok: true }) });
  },
});
`;

const tmp = writePlugins({
  future: versioned('future', '>=9.0.0 <10.0.0'),
  current: versioned('current', `^${STORE_VERSION}`),
  unversioned: versioned('unversioned', undefined),
  garbled: versioned('garbled', 'the latest one'),
});
process.on('exit', tmp.remove);

const refusal = `Plugin "future" 2.3.4 supports Storekeep >=9.0.0 <10.0.0, but this store is Storekeep ${STORE_VERSION}: install a version of the plugin made for this store, or upgrade the store.`;

test('the store version is the root package.json version', () => {
  assert.equal(STORE_VERSION, JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version);
});

test('a plugin whose storeVersions leave out this store is refused at start, naming both versions and the range', async (t) => {
  const store = await kernelStore({ lazy: true, env: { PLUGINS: tmp.dirs.future } });
  t.after(() => store.close());
  await assert.rejects(store.kernel.ready(), { message: refusal });
});

test('a storeVersions that is not a semver range is refused with the plugin named', async (t) => {
  const store = await kernelStore({ lazy: true, env: { PLUGINS: tmp.dirs.garbled } });
  t.after(() => store.close());
  await assert.rejects(store.kernel.ready(), {
    message: `Plugin "garbled" 2.3.4 declares storeVersions "the latest one", which is not a semver range; this store is Storekeep ${STORE_VERSION}.`,
  });
});

test('a compatible plugin loads quietly; one without storeVersions loads with a warning naming it', async (t) => {
  const { lines, logStream } = captureLogs();
  const store = await kernelStore({ env: { PLUGINS: `${tmp.dirs.current},${tmp.dirs.unversioned}`, LOG_LEVEL: 'warn' }, logStream });
  t.after(() => store.close());
  for (const name of ['current', 'unversioned']) {
    const res = await store.inject({ method: 'GET', url: `/api/v1/${name}/` });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { ok: true });
  }
  const warnings = lines.filter((l) => /storeVersions/.test(l.msg));
  assert.deepEqual(
    warnings.map((l) => [l.plugin, l.msg]),
    [['unversioned', `Plugin "unversioned" 2.3.4 does not say which store versions it supports (storeVersions); loading it into Storekeep ${STORE_VERSION} anyway.`]],
  );
});

test('`npx storekeep` and `npm start` refuse the incompatible plugin with the same message and a failing exit', async (t) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-compat-'));
  t.after(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', PLUGINS: tmp.dirs.future };
  const cli = spawnSync(process.execPath, ['bin/storekeep.mjs', 'plugins', 'list'], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...env } });
  assert.equal(cli.status, 1, cli.stdout + cli.stderr);
  assert.ok(cli.stderr.includes(refusal), cli.stderr);

  const server = run(process.execPath, ['--import', 'tsx', 'kernel/main.ts'], { ...env, PORT: String(await freePort()), HOST: '127.0.0.1' });
  t.after(() => server.child.kill('SIGKILL'));
  assert.notEqual(await server.exited, 0);
  assert.ok(server.output().includes(refusal), server.output());
  assert.doesNotMatch(server.output(), /Storekeep is serving/);
});
