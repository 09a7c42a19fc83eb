import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { REPO_ROOT } from '../helpers/process.ts';
import { authHeader, staffApiKey } from '../helpers/auth.ts';
import { kernelModule, waitFor, writePlugins } from '../../kernel/test/helpers.ts';

// A plugin that cannot serve without its token: it must not keep migrate or the CLI from working.
const tmp = writePlugins({
  needy: `import { definePlugin } from ${JSON.stringify(kernelModule('plugin.ts'))};
export default definePlugin({
  name: 'needy',
  version: '0.1.0',
  settings: { type: 'object', required: ['token'], properties: { token: { type: 'string', minLength: 8, writeOnly: true }, retries: { type: 'integer', default: 1 } } },
  register() {},
});
`,
});
process.on('exit', tmp.remove);

const PLUGINS = `examples/payment-acme,${tmp.dirs.needy}`;
const SECRET = 'whsec_from_the_shell_0123456789';

// `npx storekeep plugins …` as an operator runs it, against a running store's DATA_DIR and database.
function cli(store: TestStore, args: string[]) {
  const result = spawnSync(process.execPath, ['bin/storekeep.mjs', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, DATA_DIR: store.dataDir, DATABASE_URL: store.config.databaseUrl ?? '', LOG_LEVEL: 'warn', PLUGINS },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('plugins list, enable, disable and configure change the running store within a couple of seconds; secrets are never echoed', async (t) => {
  const store = await startTestStore({ env: { PLUGINS } });
  t.after(() => store.close());
  const key = await staffApiKey(store);
  const read = async () => JSON.parse((await store.inject({ method: 'GET', url: '/api/v1/plugins/payment-acme/', headers: authHeader(key) })).body);

  const list = cli(store, ['plugins', 'list']);
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stdout, /^payment-acme@1\.0\.0  folder \(depends on core-checkout\)  enabled  active$/m);
  assert.match(list.stdout, /^core-checkout@\S+  built-in .* enabled  active$/m);

  const disabled = cli(store, ['plugins', 'disable', 'payment-acme']);
  assert.equal(disabled.code, 0, disabled.stderr);
  assert.match(disabled.stdout, /payment-acme@1\.0\.0 .* disabled  disabled: Disabled by an operator\./);
  await waitFor(async () => (await read()).state === 'disabled', 'the running store sees the plugin disabled', 3000);
  assert.match(cli(store, ['plugins', 'list']).stdout, /^payment-acme@1\.0\.0 .*  disabled  disabled: Disabled by an operator\.$/m);

  const core = cli(store, ['plugins', 'disable', 'core-checkout']);
  assert.equal(core.code, 1);
  assert.match(core.stderr, /"core-checkout" is a core plugin the store needs; it cannot be disabled\./);

  const unknown = cli(store, ['plugins', 'configure', 'no-such-plugin', 'a=1']);
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /No plugin named "no-such-plugin" is installed\./);

  // Values are read as JSON when they parse: a number is not a string secret.
  const number = cli(store, ['plugins', 'configure', 'payment-acme', 'webhook_secret=12345678901234567890']);
  assert.equal(number.code, 1);
  assert.match(number.stderr, /settings\.webhook_secret: Must be string\./);
  const tooShort = cli(store, ['plugins', 'configure', 'payment-acme', 'webhook_secret=tiny-secret']);
  assert.equal(tooShort.code, 1);
  assert.match(tooShort.stderr, /settings\.webhook_secret: Must NOT have fewer than 16 characters\./);
  assert.ok(!tooShort.stderr.includes('tiny-secret') && !tooShort.stdout.includes('tiny-secret'), 'a refused secret is not echoed');
  assert.match(cli(store, ['plugins', 'configure', 'payment-acme', 'nothing']).stderr, /"nothing" is not key=value\./);

  const configured = cli(store, ['plugins', 'configure', 'payment-acme', `webhook_secret=${SECRET}`]);
  assert.equal(configured.code, 0, configured.stderr);
  assert.ok(!configured.stdout.includes(SECRET) && !configured.stderr.includes(SECRET), 'the secret is not echoed');
  await waitFor(async () => (await read()).secrets_set.includes('webhook_secret'), 'the running store sees the secret set', 3000);

  const enabled = cli(store, ['plugins', 'enable', 'payment-acme']);
  assert.equal(enabled.code, 0, enabled.stderr);
  assert.match(enabled.stdout, /payment-acme@1\.0\.0 .* enabled  active$/m);
  await waitFor(async () => (await read()).state === 'active', 'the running store sees the plugin enabled', 3000);
  const events = await store.kernel.knex('events').where({ type: 'plugin.updated' });
  assert.equal(events.length, 3, 'one plugin.updated per change');
  assert.ok(!JSON.stringify(events).includes(SECRET));
});

test('a plugin missing a required setting does not keep migrate or the CLI from working; configure makes it active', async (t) => {
  const store = await startTestStore({ env: { PLUGINS } });
  t.after(() => store.close());
  const migrate = cli(store, ['migrate']);
  assert.equal(migrate.code, 0, migrate.stderr);
  assert.match(migrate.stdout, /Migrations are up to date\./);
  const list = cli(store, ['plugins', 'list']);
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stdout, /^needy@0\.1\.0  folder  enabled  needs_configuration: Required setting "token" is not set/m);

  const configured = cli(store, ['plugins', 'configure', 'needy', 'token=abcdefgh-123', 'retries=3']);
  assert.equal(configured.code, 0, configured.stderr);
  assert.match(configured.stdout, /^needy@0\.1\.0  folder  enabled  active$/m);
  assert.ok(!configured.stdout.includes('abcdefgh-123'));
  const key = await staffApiKey(store);
  await waitFor(async () => JSON.parse((await store.inject({ method: 'GET', url: '/api/v1/plugins/needy/', headers: authHeader(key) })).body).state === 'active', 'the running store sees needy configured', 3000);
  const read = JSON.parse((await store.inject({ method: 'GET', url: '/api/v1/plugins/needy/', headers: authHeader(key) })).body);
  assert.deepEqual(read.settings, { retries: 3 }, 'retries=3 was read as a number');
  assert.deepEqual(read.secrets_set, ['token']);
});
