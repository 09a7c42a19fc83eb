#!/usr/bin/env node
// `npm test`: every *.test.ts under kernel/, plugins/, packages/, test/ and examples/, each file run by
// node:test through tsx in a process of its own, two files at a time (the machine's two cores).
//
// Files start longest first, by the durations in scripts/test-durations.json (files it does not know
// count as long): a long file started last would otherwise run alone while the other core idles. Each
// file's output is printed in one piece when it ends, then the totals and the slowest files.
//
//   npm test                      the whole suite
//   npm test -- checkout webhooks only files whose path contains one of these
//   npm test -- --record          the whole suite, then rewrite scripts/test-durations.json with the
//                                 durations measured on this database (commit it when the suite changed)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATIONS_FILE = path.join(ROOT, 'scripts', 'test-durations.json');
const roots = ['kernel', 'plugins', 'packages', 'test', 'examples'];
const CONCURRENCY = Math.max(1, Math.min(2, os.availableParallelism()));

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
process.chdir(ROOT);
roots.forEach(walk);
const record = process.argv.includes('--record');
const only = process.argv.slice(2).filter((a) => a !== '--record');
const selected = only.length ? files.filter((f) => only.some((o) => f.includes(o))) : files;
if (selected.length === 0) {
  console.error('No test files found.');
  process.exit(1);
}

const database = process.env.DATABASE_URL ? 'mysql' : 'sqlite';
let known = {};
try {
  known = JSON.parse(fs.readFileSync(DURATIONS_FILE, 'utf8'));
} catch {
  // no record yet: every file counts as long, in path order
}
/** One line per file, so that a change of the record reads well in a diff. */
function durationsJson(durations) {
  const lines = Object.entries(durations).map(([file, seconds]) => `  ${JSON.stringify(file)}: ${JSON.stringify(seconds)}`);
  return `{\n${lines.join(',\n')}\n}\n`;
}
// A file not yet timed on this database is placed by its time on the other, which is close enough to order by.
const expected = (file) => known[file]?.[database] ?? Object.values(known[file] ?? {})[0] ?? Number.POSITIVE_INFINITY;
const queue = [...selected].sort((a, b) => expected(b) - expected(a) || a.localeCompare(b));

console.log(`Running ${selected.length} test files on ${database === 'mysql' ? 'MySQL/MariaDB' : 'SQLite'}, ${CONCURRENCY} at a time.`);

const totals = { tests: 0, pass: 0, fail: 0, cancelled: 0, skipped: 0, todo: 0 };
const measured = {};
const failedFiles = [];
const started = Date.now();

// The TAP summary node:test prints at the end of a file ("# pass 12").
function addSummary(output) {
  for (const key of Object.keys(totals)) {
    const match = new RegExp(`^# ${key} (\\d+)$`, 'm').exec(output);
    if (match) totals[key] += Number(match[1]);
  }
}

function runFile(file) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', './test/helpers/check-compiled-shapes.ts', '--test', '--test-reporter=tap', '--test-timeout=600000', file], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - t0) / 100) / 10;
      const output = Buffer.concat(chunks).toString('utf8');
      measured[file] = seconds;
      addSummary(output);
      const ok = code === 0;
      if (!ok) failedFiles.push(file);
      process.stdout.write(`\n# ── ${file} (${seconds} s)${ok ? '' : ` FAILED (${signal ?? `exit ${code}`})`}\n${output}`);
      resolve();
    });
  });
}

async function worker() {
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) await runFile(file);
}
await Promise.all(Array.from({ length: CONCURRENCY }, worker));

const wall = Math.round((Date.now() - started) / 1000);
const slowest = Object.entries(measured).sort((a, b) => b[1] - a[1]).slice(0, 10);
console.log(`\n# ══ ${selected.length} files in ${wall} s: ${totals.tests} tests, ${totals.pass} pass, ${totals.fail} fail, ${totals.cancelled} cancelled, ${totals.skipped} skipped, ${totals.todo} todo`);
console.log(`# slowest: ${slowest.map(([f, s]) => `${f} ${s} s`).join('; ')}`);
if (failedFiles.length) console.log(`# failed files: ${failedFiles.join(', ')}`);

if (record && !only.length && !failedFiles.length) {
  // Keeps the other database's figures; paths are relative to the repository, so the record is portable.
  const durations = {};
  for (const file of files.sort()) {
    const entry = { ...known[file] };
    if (measured[file] !== undefined) entry[database] = measured[file];
    if (Object.keys(entry).length) durations[file] = entry;
  }
  fs.writeFileSync(DURATIONS_FILE, durationsJson(durations));
  console.log(`# durations written to ${path.relative(ROOT, DURATIONS_FILE)}`);
}
process.exit(failedFiles.length || totals.fail || totals.cancelled ? 1 : 0);
