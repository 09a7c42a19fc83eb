import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { captureLogs as capture, kernelModule, kernelStore, pluginSource, postJson, writePlugins } from './helpers.ts';
import { REPO_ROOT } from '../../test/helpers/process.ts';
import type { TestStore } from '../../test/helpers/store.ts';

const configError = `import { PluginConfigurationError } from ${JSON.stringify(kernelModule('plugin.ts'))};`;
const route = (path: string, handler: string) =>
  `ctx.routes.add({ method: 'GET', path: '${path}', auth: 'public', summary: 'x', schema: { response: { 200: { type: 'object', additionalProperties: true } } }, handler: ${handler} });`;
const migration = `export async function up(knex) { await knex.schema.createTable('unset_things', (t) => { t.bigIncrements('id'); }); }
export async function down(knex) { await knex.schema.dropTable('unset_things'); }
`;

const tmp = writePlugins({
  crashing: pluginSource('crashing', {
    body: `${route('/api/v1/crashing/', "async () => { throw new Error('kaboom'); }")}
    ctx.worker.define('crashing.job', async () => { throw new Error('job kaboom'); });`,
  }),
  'bad-boot': pluginSource('bad-boot', { body: "ctx.hooks.get('kernel').boot.tapPromise({ name: 'bad-boot' }, async () => { throw new Error('seed failed'); });" }),
  // Adds a route and a tap, then finds its key missing: neither may serve.
  unset: {
    'index.ts': pluginSource('unset', {
      imports: configError,
      body: `${route('/api/v1/unset/', 'async () => ({ ok: true })')}
    ctx.worker.define('unset.sync', async () => { throw new Error('the job of an unconfigured plugin ran'); });
    ctx.hooks.get('kernel').boot.tapPromise({ name: 'unset' }, async () => { throw new Error('the tap of an unconfigured plugin ran'); });
    if (!process.env.UNSET_API_KEY) throw new PluginConfigurationError('UNSET_API_KEY is not set.');`,
    }),
    'migrations/001-things.js': migration,
  },
  // Taps hello.greeting the callback way (tapAsync), then finds its configuration missing.
  'unset-async': pluginSource('unset-async', {
    imports: configError,
    dependsOn: ['hello'],
    body: `ctx.hooks.get('hello').greeting.tapAsync({ name: 'unset-async' }, (message, done) => done(null, message + ' (from an unconfigured plugin)'));
    throw new PluginConfigurationError('UNSET_ASYNC_KEY is not set.');`,
  }),
  'late-unset': pluginSource('late-unset', {
    imports: configError,
    body: `${route('/api/v1/late-unset/', 'async () => ({ ok: true })')}
    ctx.hooks.get('kernel').boot.tapPromise({ name: 'late-unset' }, async () => { throw new PluginConfigurationError('No carrier account: set LATE_ACCOUNT.'); });`,
  }),
});
process.on('exit', tmp.remove);

test('a route that throws answers 500 in the API shape; the log line names the plugin, method, path (no query) and request id', async (t) => {
  const { lines, logStream } = capture();
  const store = await kernelStore({ env: { PLUGINS: tmp.dirs.crashing, LOG_LEVEL: 'error' }, logStream });
  t.after(() => store.close());
  const res = await store.inject({ method: 'GET', url: '/api/v1/crashing/?token=hush', headers: { 'x-request-id': 'req-crash-1' } });
  assert.equal(res.statusCode, 500);
  assert.deepEqual(res.json(), { detail: 'Internal server error.', code: 'server_error' });
  const logged = lines.find((l) => l.msg === 'request failed');
  assert.ok(logged, 'the failure was logged');
  assert.deepEqual([logged.plugin, logged.method, logged.url, logged.reqId, logged.err.message], ['crashing', 'GET', '/api/v1/crashing/', 'req-crash-1', 'kaboom']);
  assert.ok(!JSON.stringify(lines).includes('hush'), 'the query string is not logged');
});

test('a kernel.boot tap that throws stops start-up with a message naming the plugin and the hook', async (t) => {
  const store = await kernelStore({ lazy: true, env: { PLUGINS: tmp.dirs['bad-boot'] } });
  t.after(() => store.close());
  await assert.rejects(store.kernel.ready(), { message: 'Plugin "bad-boot" failed in hook kernel.boot: seed failed' });
});

test('a plugin throwing PluginConfigurationError from register is off: logged once, its migrations ran, its routes 404, its taps skipped; the others serve', async (t) => {
  const { lines, logStream } = capture();
  const store = await kernelStore({ env: { PLUGINS: `examples/hello-plugin,${tmp.dirs.unset}`, LOG_LEVEL: 'warn' }, logStream });
  t.after(() => store.close());
  assert.deepEqual(store.kernel.pluginStates.of('unset'), { state: 'needs_configuration', reason: 'UNSET_API_KEY is not set.' });
  assert.deepEqual(store.kernel.pluginStates.of('hello'), { state: 'active' });
  assert.equal(await store.kernel.knex.schema.hasTable('unset_things'), true);
  const res = await store.inject({ method: 'GET', url: '/api/v1/unset/' });
  assert.equal(res.statusCode, 404);
  assert.deepEqual(res.json(), { detail: 'Not found.', code: 'not_found' });
  assert.equal((await postJson(store, '/api/v1/hello/greetings/', { name: 'Ada' })).statusCode, 201);
  // (Besides the warning that this throwaway plugin states no storeVersions.)
  const warnings = lines.filter((l) => l.plugin === 'unset' && l.level === 40 && !/storeVersions/.test(l.msg));
  assert.equal(warnings.length, 1);
  assert.match(warnings[0].msg, /Plugin "unset" needs configuration and is off: UNSET_API_KEY is not set\./);
});

test('a callback-style (tapAsync) tap of a plugin that needs configuration is skipped too: the value passes through', async (t) => {
  const store = await kernelStore({ env: { PLUGINS: `examples/hello-plugin,${tmp.dirs['unset-async']}` } });
  t.after(() => store.close());
  assert.equal(store.kernel.pluginStates.of('unset-async').state, 'needs_configuration');
  const res = await postJson(store, '/api/v1/hello/greetings/', { name: 'Ada', message: 'Good morning' });
  assert.equal(res.statusCode, 201, res.body);
  assert.equal(res.json().message, 'Good morning');
});

test('a plugin whose boot tap throws PluginConfigurationError is off after start: its routes 404', async (t) => {
  const store = await kernelStore({ env: { PLUGINS: tmp.dirs['late-unset'] } });
  t.after(() => store.close());
  assert.deepEqual(store.kernel.pluginStates.of('late-unset'), { state: 'needs_configuration', reason: 'No carrier account: set LATE_ACCOUNT.' });
  const res = await store.inject({ method: 'GET', url: '/api/v1/late-unset/' });
  assert.equal(res.statusCode, 404);
  assert.equal(res.json().code, 'not_found');
});

// `npx storekeep …` as an operator runs it, with the unconfigured plugin installed.
function cli(store: TestStore, args: string[]) {
  const result = spawnSync(process.execPath, ['bin/storekeep.mjs', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, DATA_DIR: store.dataDir, DATABASE_URL: store.config.databaseUrl ?? '', LOG_LEVEL: 'warn', PLUGINS: tmp.dirs.unset, UNSET_API_KEY: '' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('with an unconfigured plugin installed, `storekeep migrate` succeeds and `plugins list` shows needs_configuration with the reason', async (t) => {
  const store = await kernelStore({ lazy: true });
  t.after(() => store.close());
  const migrate = cli(store, ['migrate']);
  assert.equal(migrate.code, 0, migrate.stderr);
  assert.match(migrate.stdout, /applied unset\/001-things/);
  assert.match(migrate.stderr + migrate.stdout, /"plugin":"unset".*needs configuration and is off: UNSET_API_KEY is not set/);
  const list = cli(store, ['plugins', 'list']);
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stdout, /unset@0\.0\.1 .* enabled  needs_configuration: UNSET_API_KEY is not set\./);
  assert.match(list.stdout, /core-store@\S+\s+built-in  enabled  active\n/, 'an active plugin shows no reason');
});

test('a failing job is logged with its plugin; the jobs of a plugin that needs configuration wait unclaimed', async (t) => {
  const { lines, logStream } = capture();
  const store = await kernelStore({ env: { PLUGINS: `${tmp.dirs.crashing},${tmp.dirs.unset}`, LOG_LEVEL: 'warn' }, logStream });
  t.after(() => store.close());
  const { worker, knex } = store.kernel;
  await worker.enqueue(knex, 'crashing.job', {});
  await worker.enqueue(knex, 'unset.sync', {});
  assert.equal(await worker.runDue(), 1);
  const failed = lines.find((l) => l.job === 'crashing.job');
  assert.ok(failed, 'the failing job was logged');
  assert.equal(failed.plugin, 'crashing');
  assert.equal(failed.err.message, 'job kaboom');
  const waiting = await knex('jobs').where('name', 'unset.sync').first();
  assert.deepEqual([Number(waiting.attempts), waiting.locked_until, waiting.last_error], [0, null, null]);
});
