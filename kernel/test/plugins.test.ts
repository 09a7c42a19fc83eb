import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { exampleStore, kernelStore, pluginSource, postJson, writePlugins } from './helpers.ts';

test('the example plugins load through PLUGINS: migrations ran, routes answer, and hello-shout extends hello through its hook', async (t) => {
  const store = await exampleStore();
  t.after(() => store.close());
  assert.deepEqual(store.kernel.plugins.map((p) => p.plugin.name), ['hello', 'hello-shout']);
  assert.deepEqual(store.kernel.plugins.map((p) => p.source), ['examples/hello-plugin', 'examples/hello-shout']);
  assert.equal(await store.kernel.knex.schema.hasTable('hello_greetings'), true);
  assert.equal(await store.kernel.knex.schema.hasTable('hello_event_log'), true);

  const created = await postJson(store, '/api/v1/hello/greetings/', { name: 'Ada', message: 'Good morning, Ada' });
  assert.equal(created.statusCode, 201);
  const greeting = created.json();
  // hello-shout's tap on hello.greeting upper-cased the message before it was stored.
  assert.equal(greeting.message, 'GOOD MORNING, ADA');
  assert.equal(greeting.name, 'Ada');
  assert.equal(created.headers.location, `https://store.test/api/v1/hello/greetings/${greeting.id}/`);
  const stored = await store.kernel.knex('hello_greetings').where('id', greeting.id).first();
  assert.equal(stored.message, 'GOOD MORNING, ADA');

  const fetched = await store.inject({ method: 'GET', url: `/api/v1/hello/greetings/${greeting.id}/` });
  assert.equal(fetched.statusCode, 200);
  assert.deepEqual(fetched.json(), greeting);
  const missing = await store.inject({ method: 'GET', url: `/api/v1/hello/greetings/${greeting.id + 1000}/` });
  assert.equal(missing.statusCode, 404);
  assert.equal(missing.json().code, 'not_found');

  // The plugin's service is in the kernel's container for other plugins.
  const service = store.kernel.container.resolve('greetingService') as { get(id: number): Promise<{ message: string }> };
  assert.equal((await service.get(greeting.id)).message, 'GOOD MORNING, ADA');
  assert.deepEqual(store.kernel.hooks.owners(), { kernel: 'kernel', events: 'kernel', hello: 'hello' });
});

test('without hello-shout the same greeting is stored as sent', async (t) => {
  const store = await kernelStore({ env: { PLUGINS: 'examples/hello-plugin' } });
  t.after(() => store.close());
  const created = await postJson(store, '/api/v1/hello/greetings/', { name: 'Ada', message: 'Good morning, Ada' });
  assert.equal(created.statusCode, 201);
  assert.equal(created.json().message, 'Good morning, Ada');
  const byDefault = await postJson(store, '/api/v1/hello/greetings/', { name: 'Grace' });
  assert.equal(byDefault.json().message, 'Hello, Grace!');
});

test('a plugin is registered after the plugins it depends on, whatever order PLUGINS lists them in', async (t) => {
  const store = await kernelStore({ env: { PLUGINS: 'examples/hello-shout,examples/hello-plugin' } });
  t.after(() => store.close());
  assert.deepEqual(store.kernel.plugins.map((p) => p.plugin.name), ['hello', 'hello-shout']);
  const created = await postJson(store, '/api/v1/hello/greetings/', { name: 'Lin' });
  assert.equal(created.json().message, 'HELLO, LIN!');
  const owners = await store.kernel.knex('storekeep_migrations').where('owner', 'hello').pluck('name');
  assert.deepEqual(owners, ['001-greetings']);
});

/** Starts a store that is expected not to start, and returns the error it refused with. */
async function refusal(plugins: string): Promise<Error> {
  const store = await kernelStore({ lazy: true, env: { PLUGINS: plugins } });
  try {
    await store.kernel.ready();
  } catch (err) {
    return err as Error;
  } finally {
    await store.close();
  }
  assert.fail(`the store started with PLUGINS=${plugins}`);
}

test('a plugin whose dependency is not installed refuses start-up, naming both', async () => {
  const err = await refusal('examples/hello-shout');
  assert.equal(err.message, 'Plugin "hello-shout" depends on "hello", which is not installed.');
});

test('a dependency cycle refuses start-up, naming the plugins in the cycle', async (t) => {
  const tmp = writePlugins({
    a: pluginSource('cycle-a', { dependsOn: ['cycle-b'] }),
    b: pluginSource('cycle-b', { dependsOn: ['cycle-c'] }),
    c: pluginSource('cycle-c', { dependsOn: ['cycle-a'] }),
  });
  t.after(tmp.remove);
  const err = await refusal(`${tmp.dirs.a},${tmp.dirs.b},${tmp.dirs.c}`);
  assert.match(err.message, /^Plugin dependency cycle: cycle-a → cycle-b → cycle-c → cycle-a\.$/);
});

test('two plugins with the same name refuse start-up, naming where both came from', async (t) => {
  const tmp = writePlugins({ one: pluginSource('twin'), two: pluginSource('twin') });
  t.after(tmp.remove);
  const err = await refusal(`${tmp.dirs.one},${tmp.dirs.two}`);
  assert.equal(err.message, `Two plugins are named "twin": ${tmp.dirs.one} and ${tmp.dirs.two}.`);
});

test('a plugin whose register throws refuses start-up with its name and its message', async (t) => {
  const tmp = writePlugins({ boom: pluginSource('boom', { body: "throw new Error('the widget table is missing');" }) });
  t.after(tmp.remove);
  const err = await refusal(`examples/hello-plugin,${tmp.dirs.boom}`);
  assert.equal(err.message, 'Plugin "boom" failed to register: the widget table is missing');
});

test('a PLUGINS entry that does not exist refuses start-up, saying what was looked for', async () => {
  const folder = await refusal('./plugins-that-are-not-here/nothing');
  assert.match(folder.message, /^Plugin folder "\.\/plugins-that-are-not-here\/nothing" does not exist \(resolved to \/.+\/plugins-that-are-not-here\/nothing\)\.$/);
  const pkg = await refusal('storekeep-plugin-not-installed');
  assert.equal(pkg.message, 'Plugin "storekeep-plugin-not-installed" is neither a folder nor an installed npm package (npm install storekeep-plugin-not-installed).');
});

test('a folder that does not export a plugin refuses start-up', async (t) => {
  const tmp = writePlugins({ plain: 'export default { name: "not-a-plugin" };\n' });
  t.after(tmp.remove);
  const err = await refusal(tmp.dirs.plain);
  assert.equal(err.message, `Plugin "${tmp.dirs.plain}" does not export a definePlugin(...) result as its default export.`);
});

test('an error thrown by a hook tap during a request is logged with the hook and the plugin that tapped it', async (t) => {
  const tmp = writePlugins({
    grumpy: pluginSource('grumpy', {
      dependsOn: ['hello'],
      body: "ctx.hooks.get('hello').greeting.tapPromise({ name: 'grumpy' }, async () => { throw new Error('no greetings today'); });",
    }),
  });
  t.after(tmp.remove);
  const lines: any[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const store = await kernelStore({ env: { PLUGINS: `examples/hello-plugin,${tmp.dirs.grumpy}`, LOG_LEVEL: 'error' }, logStream });
  t.after(() => store.close());
  const res = await postJson(store, '/api/v1/hello/greetings/', { name: 'Ada' });
  assert.equal(res.statusCode, 500);
  assert.deepEqual(res.json(), { detail: 'Internal server error.', code: 'server_error' });
  const logged = lines.find((l) => l.msg === 'request failed');
  assert.ok(logged, 'the failure was logged');
  assert.equal(logged.hook, 'hello.greeting');
  assert.equal(logged.plugin, 'grumpy');
  assert.equal(logged.err.message, 'no greetings today');
  assert.equal(await store.kernel.knex('hello_greetings').count({ n: '*' }).first().then((r: any) => Number(r.n)), 0);
});


test('a plugin installed as an npm package loads by its package name, whether it declares main or exports', async (t) => {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-operator-'));
  t.after(() => fs.rmSync(project, { recursive: true, force: true }));
  const modules = path.join(project, 'node_modules');
  fs.mkdirSync(modules);
  // `npm install ./examples/hello-plugin` links the folder under its package name.
  fs.symlinkSync(path.resolve('examples/hello-plugin'), path.join(modules, 'storekeep-plugin-hello'), 'dir');
  // A package that only has an "exports" map (so its package.json is not importable by path).
  const scoped = path.join(modules, '@acme', 'storekeep-plugin-exports');
  fs.mkdirSync(path.join(scoped, 'src'), { recursive: true });
  fs.writeFileSync(path.join(scoped, 'package.json'), JSON.stringify({ name: '@acme/storekeep-plugin-exports', type: 'module', exports: { '.': { import: './src/plugin.ts' } } }));
  fs.writeFileSync(path.join(scoped, 'src', 'plugin.ts'), pluginSource('acme-exports', { dependsOn: ['hello'] }));

  // And one whose "exports" is the short form with a string for ".".
  const short = path.join(modules, 'storekeep-plugin-short');
  fs.mkdirSync(path.join(short, 'lib'), { recursive: true });
  fs.writeFileSync(path.join(short, 'package.json'), JSON.stringify({ name: 'storekeep-plugin-short', type: 'module', exports: { '.': './lib/main.ts' } }));
  fs.writeFileSync(path.join(short, 'lib', 'main.ts'), pluginSource('short-exports'));

  const store = await kernelStore({ cwd: project, env: { PLUGINS: 'storekeep-plugin-hello,@acme/storekeep-plugin-exports,storekeep-plugin-short' } });
  t.after(() => store.close());
  assert.deepEqual(store.kernel.plugins.map((p) => [p.plugin.name, p.source]), [
    ['hello', 'storekeep-plugin-hello'],
    ['acme-exports', '@acme/storekeep-plugin-exports'],
    ['short-exports', 'storekeep-plugin-short'],
  ]);
  assert.equal(await store.kernel.knex.schema.hasTable('hello_greetings'), true, "the package's migrations ran");
  assert.equal((await postJson(store, '/api/v1/hello/greetings/', { name: 'npm' })).statusCode, 201);
});

test('tapping hooks of a plugin not depended on, or defining a hook namespace twice, refuses start-up with a clear message', async (t) => {
  const tmp = writePlugins({
    eager: pluginSource('eager', { body: "ctx.hooks.get('hello').greeting.tapPromise({ name: 'eager' }, async (m) => m);" }),
    copycat: pluginSource('copycat', { dependsOn: ['hello'], body: "ctx.hooks.define('hello', {});" }),
  });
  t.after(tmp.remove);
  // Listed first and without dependsOn: hello has not registered its hooks yet.
  const eager = await refusal(`${tmp.dirs.eager},examples/hello-plugin`);
  assert.equal(eager.message, 'Plugin "eager" failed to register: No plugin defines hooks "hello". Add the plugin that offers them to dependsOn, or install it.');
  const copycat = await refusal(`examples/hello-plugin,${tmp.dirs.copycat}`);
  assert.equal(copycat.message, 'Plugin "copycat" failed to register: Hooks "hello" are already defined by "hello"; "copycat" cannot define them again.');
});
