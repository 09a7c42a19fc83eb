// What dist/ was compiled from (scripts/build.mjs), and whether it still matches: the list of source
// files with each one's size and modification time, hashed. bin/storekeep.mjs compares the stamp
// before it runs dist/, so a changed, added or removed source file means the TypeScript runs instead
// of an out-of-date build. Plain JavaScript with no dependencies: it runs before any loader exists.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';

/** The folders dist/ mirrors; the package.json beside them is part of the stamp too. */
export const SOURCE_ROOTS = ['kernel', 'packages', 'plugins', 'themes'];
export const STAMP_FILE = '.build-stamp';

const SKIPPED_DIRS = new Set(['node_modules', 'test', 'tests', '.git']);
const isTestFile = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** Every file under the source roots that dist/ holds, relative to `root`, in a stable order. */
export function sourceFiles(root) {
  const out = [];
  const walk = (rel) => {
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(child);
      } else if (entry.isFile() && !isTestFile(entry.name)) {
        out.push(child);
      }
    }
  };
  for (const dir of SOURCE_ROOTS) if (fs.existsSync(path.join(root, dir))) walk(dir);
  return out.sort();
}

/** The hash of the files' names, sizes and modification times, and of package.json's. */
export function sourceStamp(root, files = sourceFiles(root)) {
  const hash = createHash('sha256');
  for (const rel of [...files, 'package.json']) {
    const stat = fs.statSync(path.join(root, rel));
    hash.update(`${rel}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/** True when `root`/dist holds a build of exactly the sources that are there now. */
export function distIsCurrent(root) {
  let stamp;
  try {
    stamp = fs.readFileSync(path.join(root, 'dist', STAMP_FILE), 'utf8').trim();
  } catch {
    return false;
  }
  return stamp === sourceStamp(root);
}
