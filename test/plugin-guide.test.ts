import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './helpers/process.ts';
import { BUILT_IN_EVENTS } from '../plugins/webhooks/catalogue.ts';

// The plugin author's guide promises every SDK export with its signature, every member of the context
// and of a route, every hook of the core plugins and every built-in event. These tests keep that
// promise as the code grows: a new export, option, hook or event type must be documented in the guide.
const GUIDE = 'docs/plugins.md';
const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
const guide = read(GUIDE);

// Names the guide writes as code (`name`, or the first word of `name(...)`, `name: …`).
const documented = new Set([...guide.matchAll(/`([^`\n]+)`/g)].flatMap(([, code]) => [code!, code!.split(/[\s(<:=?]/)[0]!]));

function missing(names: string[]): string[] {
  return [...new Set(names)].filter((name) => !documented.has(name)).sort();
}

// `export { a, b as c } from …`, `export type { T } from …`, `export * as ns from …`.
function exportedNames(source: string): string[] {
  const names: string[] = [];
  for (const [, list] of source.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const item of list!.split(',').map((s) => s.trim()).filter(Boolean)) names.push(item.replace(/^type\s+/, '').split(/\s+as\s+/).at(-1)!);
  }
  for (const [, name] of source.matchAll(/export\s+\*\s+as\s+(\w+)/g)) names.push(name!);
  for (const [, name] of source.matchAll(/^export\s+(?:abstract\s+)?(?:class|interface|type|function|const)\s+(\w+)/gm)) names.push(name!);
  return names;
}

// The members of one interface of a file: `  name:`, `  name?:`, `  readonly name:`, `  name(...)`.
function interfaceMembers(file: string, name: string): string[] {
  const source = read(file);
  const start = source.search(new RegExp(`export interface ${name}( extends [\\w, ]+)? \\{`));
  assert.ok(start >= 0, `${file} declares ${name}`);
  const body = source.slice(start, source.indexOf('\n}', start));
  return [...body.matchAll(/^ {2}(?:readonly\s+)?(\w+)\??[:(]/gm)].map((m) => m[1]!);
}

test('the guide names every export of the SDK and of its checkout contracts', () => {
  const sdk = exportedNames(read('packages/sdk/index.ts'));
  assert.ok(sdk.length > 50, `exports were found (${sdk.length})`);
  const checkout = [...exportedNames(read('packages/sdk/checkout.ts')), ...exportedNames(read('plugins/core-checkout/contracts.ts'))];
  assert.deepEqual(missing([...sdk, ...checkout]), []);
});

test('the guide describes every member of the plugin context, of definePlugin and of a route', () => {
  const members = [
    ...interfaceMembers('kernel/plugin.ts', 'PluginContext'),
    ...interfaceMembers('kernel/plugin.ts', 'PluginDefinition'),
    // A RouteDefinition is the fields every route has, with a Fastify handler or a direct one.
    ...interfaceMembers('kernel/routes.ts', 'RouteFields'),
    ...interfaceMembers('kernel/routes.ts', 'FastifyRoute'),
    ...interfaceMembers('kernel/routes.ts', 'DirectRoute'),
  ];
  assert.ok(members.includes('container') && members.includes('checkBody'), members.join(', '));
  assert.deepEqual(missing(members), []);
});

test('the guide lists every hook the kernel and the core plugins offer, as namespace.hook', () => {
  const hooks = [
    ...interfaceMembers('kernel/hooks.ts', 'KernelHooks').map((h) => `kernel.${h}`),
    ...interfaceMembers('kernel/hooks.ts', 'EventHooks').map((h) => `events.${h}`),
  ];
  for (const dir of fs.readdirSync(path.join(REPO_ROOT, 'plugins'))) {
    const file = `plugins/${dir}/hooks.ts`;
    if (!fs.existsSync(path.join(REPO_ROOT, file))) continue;
    // `interface HookSets { catalog: CatalogHooks; }` names the namespace and the interface of its hooks.
    for (const [, namespace, type] of read(file).matchAll(/interface HookSets \{\s*'?([\w-]+)'?: (\w+);/g)) {
      hooks.push(...interfaceMembers(file, type!).map((h) => `${namespace}.${h}`));
    }
  }
  assert.ok(hooks.includes('checkout.collectShippingRates') && hooks.includes('auth.loggedIn'), hooks.join(', '));
  assert.deepEqual(missing(hooks), []);
});

test('the guide lists every event type of the built-in catalogue', () => {
  assert.deepEqual(missing(BUILT_IN_EVENTS.map((e) => e.type)), []);
});
