import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { distIsCurrent, sourceFiles, sourceStamp, STAMP_FILE } from '../scripts/build-stamp.mjs';
import { REPO_ROOT } from './helpers/process.ts';

// `storekeep serve` runs dist/ only while it was built from exactly the sources on disk; any change
// to them (an edit, a new or removed file, a new dependency in package.json) sends it back to the
// TypeScript, while tests, which dist/ leaves out, do not count.

function tree(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-stamp-'));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  write('package.json', '{"type":"module"}\n');
  write('kernel/cli.ts', 'export const a = 1;\n');
  write('plugins/p/index.ts', 'export default 1;\n');
  write('plugins/p/README.md', '# p\n');
  write('plugins/p/test/p.test.ts', 'test\n');
  write('kernel/x.test.ts', 'test\n');
  return root;
}

function stamp(root: string): void {
  fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'dist', STAMP_FILE), `${sourceStamp(root)}\n`);
}

test('the sources of dist/ leave tests out', () => {
  const root = tree();
  try {
    assert.deepEqual(sourceFiles(root), ['kernel/cli.ts', 'plugins/p/README.md', 'plugins/p/index.ts']);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('dist/ is current until a source, a new file, a removed file or package.json changes; tests do not count', () => {
  const root = tree();
  const later = new Date(Date.now() + 5_000);
  try {
    assert.equal(distIsCurrent(root), false, 'no build yet');
    stamp(root);
    assert.equal(distIsCurrent(root), true);

    fs.writeFileSync(path.join(root, 'plugins/p/test/p.test.ts'), 'changed test\n');
    fs.writeFileSync(path.join(root, 'kernel/x.test.ts'), 'changed test\n');
    assert.equal(distIsCurrent(root), true, 'tests are not part of dist/');

    fs.utimesSync(path.join(root, 'kernel/cli.ts'), later, later);
    assert.equal(distIsCurrent(root), false, 'an edited source');
    stamp(root);

    fs.writeFileSync(path.join(root, 'plugins/p/extra.ts'), 'export {};\n');
    assert.equal(distIsCurrent(root), false, 'a new source');
    stamp(root);

    fs.rmSync(path.join(root, 'plugins/p/README.md'));
    assert.equal(distIsCurrent(root), false, 'a removed file');
    stamp(root);

    fs.writeFileSync(path.join(root, 'package.json'), '{"type":"module","dependencies":{"x":"1"}}\n');
    assert.equal(distIsCurrent(root), false, 'package.json');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('the compiled store imports without TypeScript: each module is JavaScript with .js imports', () => {
  // The build of the repository's own sources, beside the checkout's dist/ (which other tests' servers
  // may be running) and, like it, inside the checkout, where its packages resolve from node_modules.
  const out = path.join(REPO_ROOT, `.build-test-${process.pid}`);
  try {
    const code = `import { buildDist } from ${JSON.stringify(path.join(REPO_ROOT, 'scripts/build.mjs'))}; const r = await buildDist(${JSON.stringify(out)}); console.log(JSON.stringify(r));`;
    const result = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: REPO_ROOT }).toString());
    assert.ok(result.compiled > 100);
    const cli = fs.readFileSync(path.join(out, 'kernel', 'cli.js'), 'utf8');
    assert.match(cli, /from "\.\/config\.js"/);
    assert.doesNotMatch(cli, /from "\.[^"]*\.ts"/);
    assert.ok(fs.existsSync(path.join(out, 'plugins', 'admin', 'app', 'main.tsx')), 'the admin app is kept as its sources');
    assert.ok(fs.existsSync(path.join(out, 'kernel', 'sdk-resolve-hook.mjs')));
    assert.equal(JSON.parse(fs.readFileSync(path.join(out, 'packages', 'sdk', 'package.json'), 'utf8')).exports['.'], './index.js');
    // Plain node, no loader: the kernel's entry and every built-in plugin import.
    const probe = `const { discoverPlugins } = await import(${JSON.stringify(path.join(out, 'kernel', 'plugin-loader.js'))}); const found = await discoverPlugins([]); console.log(found.length);`;
    const plugins = Number(execFileSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: REPO_ROOT }).toString().trim());
    assert.equal(plugins, fs.readdirSync(path.join(REPO_ROOT, 'plugins')).filter((d) => fs.existsSync(path.join(REPO_ROOT, 'plugins', d, 'index.ts'))).length);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});
