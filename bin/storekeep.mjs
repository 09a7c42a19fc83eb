#!/usr/bin/env -S MALLOC_ARENA_MAX=2 node --max-semi-space-size=8
// `npx storekeep …`, and `npm start` (`storekeep serve`).
// MALLOC_ARENA_MAX=2 keeps glibc's malloc to two arenas instead of one per thread (up to eight per
// core), each keeping memory its thread freed: 6–10 MiB less resident at idle and at peak, at the same
// speed (bench/README.md, "Fewer malloc arenas").
// The #! line's flag keeps V8's young generation at 8 MiB per half instead of up to 32: the store's
// requests make short-lived garbage, which a young generation of this size collects while it is still
// young, at 10–20 % more computed answers a second than 2 MiB and about 15 MiB more resident at peak;
// `serve` also keeps the old generation from growing past twice what it holds (kernel/heap-growth.ts).
// bench/README.md, "Memory" and "Heap growth", has the figures. Run this file itself (npm start, the
// systemd unit and the container do) so that the flag applies; the bench starts its store with it too.
//
// `serve` runs the compiled JavaScript in dist/ (scripts/build.mjs, run by `npm ci`) while it matches
// the sources, without a TypeScript loader in the process (about 20 MiB less at idle). Every other
// command, and `serve` over sources changed since the build, runs the TypeScript through tsx: an edit
// takes effect at the next start either way, and `npm run build` brings the compiled copy up to date.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { distIsCurrent } from '../scripts/build-stamp.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);

async function loadCli() {
  if (args[0] === 'serve' && distIsCurrent(ROOT)) return import('../dist/kernel/cli.js');
  (await import('tsx/esm/api')).register();
  return import('../kernel/cli.ts');
}

const { runCli } = await loadCli();
process.exit(await runCli(args));
