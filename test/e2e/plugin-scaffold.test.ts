import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../helpers/process.ts';

// Plugins are scaffolded inside the store's folder, as an author does by default, so their `npm test`
// and `npm run check` find the SDK, tsx and TypeScript in the store's node_modules. The folder starts
// with a dot (the test runner skips it) and is gitignored; it is removed afterwards.
let workspace: string;
before(() => {
  workspace = fs.mkdtempSync(path.join(REPO_ROOT, '.plugin-scaffold-'));
});
after(() => fs.rmSync(workspace, { recursive: true, force: true }));

// `plugin new` needs no database: a DATABASE_URL nothing answers proves the CLI never opens one.
const NO_DATABASE = { DATABASE_URL: 'mysql://nobody@127.0.0.1:9/none' };

function pluginNew(args: string[]) {
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'bin/storekeep.mjs'), 'plugin', 'new', ...args], {
    cwd: workspace,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, ...NO_DATABASE },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

// The author's environment: this process's (DATABASE_URL included), without the marks node:test puts on
// its own child processes (with them, the plugin's test run would report to this one instead of printing).
function authorEnv(): NodeJS.ProcessEnv {
  const { NODE_TEST_CONTEXT: _context, ...env } = process.env;
  return env;
}

// `npm <script>` in the plugin's folder, as its author runs it; the environment (DATABASE_URL) is passed on.
function npm(dir: string, script: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { cwd: dir, env: authorEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

for (const kind of ['payment', 'shipping', 'marketing'] as const) {
  test(`a ${kind} plugin written by plugin new passes its own npm test and npm run check unchanged`, async (t) => {
    const name = `acme-${kind}`;
    const made = pluginNew([name, '--kind', kind]);
    assert.equal(made.code, 0, made.stderr);
    const dir = path.join(workspace, name);
    assert.match(made.stdout, new RegExp(`Wrote \\d+ files to ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    for (const file of ['package.json', 'tsconfig.json', 'index.ts', 'routes.ts', 'README.md', `test/${name}.test.ts`]) assert.ok(fs.existsSync(path.join(dir, file)), file);
    assert.equal(fs.readdirSync(path.join(dir, 'migrations')).length, 1);
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    assert.equal(pkg.name, `storekeep-plugin-${name}`);
    assert.deepEqual(pkg.peerDependencies, { '@storekeep-commerce/sdk': '^0.1.0' });
    assert.ok(!fs.readFileSync(path.join(dir, 'tsconfig.json'), 'utf8').includes('paths'), 'no path into the store');

    const [tested, checked] = await Promise.all([npm(dir, 'test'), npm(dir, 'check')]);
    assert.equal(tested.code, 0, tested.output);
    assert.match(tested.output, /# fail 0/);
    assert.equal(checked.code, 0, checked.output);
  });
}

test('plugin new refuses a bad name, an unknown or missing kind and a folder that is not empty, writing nothing', () => {
  const before = fs.readdirSync(workspace);
  const refusals: Array<[string[], RegExp]> = [
    [['Bad_Name', '--kind', 'payment'], /"Bad_Name" is not a plugin name: use lower-case letters, digits and single dashes/],
    [['trailing-', '--kind', 'payment'], /"trailing-" is not a plugin name/],
    [['core-pay', '--kind', 'payment'], /the core- prefix belongs to the store's own plugins/],
    [['fine-name', '--kind', 'loyalty'], /Unknown kind "loyalty": use one of payment, shipping, marketing/],
    [['fine-name'], /--kind is required: one of payment, shipping, marketing/],
    [['--kind', 'payment'], /Name exactly one plugin/],
    [['fine-name', '--kind', 'payment', '--colour', 'red'], /Unknown option '--colour'/],
  ];
  for (const [args, message] of refusals) {
    const res = pluginNew(args);
    assert.equal(res.code, 1, `${args.join(' ')}: ${res.stdout}`);
    assert.match(res.stderr, message);
  }
  assert.deepEqual(fs.readdirSync(workspace), before, 'nothing written');

  fs.mkdirSync(path.join(workspace, 'taken'));
  fs.writeFileSync(path.join(workspace, 'taken', 'notes.txt'), 'mine');
  const taken = pluginNew(['fine-name', '--kind', 'shipping', '--dir', 'taken']);
  assert.equal(taken.code, 1);
  assert.match(taken.stderr, /taken already exists and is not an empty folder: choose another --dir/);
  assert.deepEqual(fs.readdirSync(path.join(workspace, 'taken')), ['notes.txt']);

  // An empty folder is fine, and --dir chooses it.
  fs.mkdirSync(path.join(workspace, 'empty'));
  const made = pluginNew(['fine-name', '--kind', 'shipping', '--dir', 'empty']);
  assert.equal(made.code, 0, made.stderr);
  assert.match(fs.readFileSync(path.join(workspace, 'empty', 'index.ts'), 'utf8'), /export const PLUGIN_NAME = 'fine-name'/);
});
