import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './process.ts';

const SDK_SCOPE = '@storekeep-commerce';

// One node_modules entry, copied for real (never linked): an install in the copy cannot touch the
// repository's own. Links into another folder (a worktree's node_modules) are followed; a scope folder
// is copied entry by entry so each of its packages is followed the same way.
function copyEntry(from: string, to: string): void {
  const real = fs.realpathSync(from);
  if (path.basename(from).startsWith('@')) {
    fs.mkdirSync(to, { recursive: true });
    for (const child of fs.readdirSync(real)) copyEntry(path.join(real, child), path.join(to, child));
    return;
  }
  execFileSync('cp', ['-a', real, to]);
}

/**
 * A fresh copy of the store in `dir`, as an operator's checkout of it: the files git tracks (as they are in
 * the work tree) and a copy of node_modules whose workspace link `@storekeep-commerce/sdk` points at the
 * copy's own packages/sdk. `npm install` there changes only the copy.
 */
export function copyStore(dir: string): void {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: REPO_ROOT }).toString('utf8').split('\0').filter(Boolean);
  for (const file of files) {
    const from = path.join(REPO_ROOT, file);
    if (!fs.existsSync(from)) continue; // deleted in the work tree, not yet committed
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(from, path.join(dir, file));
  }
  const modules = path.join(REPO_ROOT, 'node_modules');
  const target = path.join(dir, 'node_modules');
  fs.mkdirSync(target);
  for (const entry of fs.readdirSync(modules)) {
    if (entry === SDK_SCOPE) continue;
    copyEntry(path.join(modules, entry), path.join(target, entry));
  }
  fs.mkdirSync(path.join(target, SDK_SCOPE));
  fs.symlinkSync(path.join('..', '..', 'packages', 'sdk'), path.join(target, SDK_SCOPE, 'sdk'));
}
