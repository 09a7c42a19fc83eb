import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './helpers/process.ts';

// A plugin reaches another only through its container services, its hooks and the types it publishes
// (docs/conventions.md): of another plugin's files it may import `contracts.ts` and `hooks.ts` (the
// hooks' type declarations), never its services, rows, routes or schemas. Tests may use another
// plugin's test helpers; the rule is for what a store runs.
const PUBLISHED = new Set(['contracts.ts', 'hooks.ts']);
const PLUGINS = path.join(REPO_ROOT, 'plugins');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test' && entry.name !== 'node_modules') out.push(...sourceFiles(full));
    } else if (/\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

// Every relative import or re-export of a file of another plugin, as `file: specifier`.
function crossings(): string[] {
  const found: string[] = [];
  for (const plugin of fs.readdirSync(PLUGINS, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)) {
    for (const file of sourceFiles(path.join(PLUGINS, plugin))) {
      for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
        const target = path.relative(PLUGINS, path.resolve(path.dirname(file), specifier!));
        const [owner, ...rest] = target.split(path.sep);
        if (target.startsWith('..') || owner === plugin) continue;
        if (rest.length === 1 && PUBLISHED.has(rest[0]!)) continue;
        found.push(`${path.relative(REPO_ROOT, file)}: ${specifier}`);
      }
    }
  }
  return found;
}

test("no plugin imports another plugin's files beyond its contracts.ts and hooks.ts", () => {
  assert.deepEqual(crossings(), []);
});
