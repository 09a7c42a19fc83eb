#!/usr/bin/env node
// `npm test`: every *.test.ts under kernel/, plugins/, test/ and examples/, run by node:test through tsx.
// Node 20's `tsx --test` finds no .ts files by itself, so the files are listed here.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const roots = ['kernel', 'plugins', 'packages', 'test', 'examples'];
const files = [];
function walk(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (entry.name.endsWith('.test.ts')) files.push(full);
  }
}
roots.forEach(walk);
const only = process.argv.slice(2);
const selected = only.length ? files.filter((f) => only.some((o) => f.includes(o))) : files;
if (selected.length === 0) {
  console.error('No test files found.');
  process.exit(1);
}
console.log(`Running ${selected.length} test files on ${process.env.DATABASE_URL ? 'MySQL/MariaDB' : 'SQLite'}.`);
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-timeout=600000', ...selected.sort()], { stdio: 'inherit' });
process.exit(result.status ?? 1);
