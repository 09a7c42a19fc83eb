import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './helpers/process.ts';

// The examples are written as plugins from outside the store would be: packages that reach the store
// only through the SDK, and type-check on their own with nothing but `@storekeep-commerce/sdk` installed.

const EXAMPLES = path.join(REPO_ROOT, 'examples');
const examples = fs.readdirSync(EXAMPLES).filter((name) => fs.existsSync(path.join(EXAMPLES, name, 'package.json'))).sort();
const TSC = path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

// The package's source files: what it ships and its tests, which use only the SDK's test kit too.
function sourceFiles(dir: string, rel = ''): string[] {
  return fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(rel, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(dir, file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

// Every module specifier of a file: static imports and exports, side-effect imports, `import()` and the
// module names of `declare module` blocks.
function specifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [/\bfrom\s+['"]([^'"]+)['"]/g, /\bimport\s+['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, /\bdeclare\s+module\s+['"]([^'"]+)['"]/g];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) found.push(m[1]!);
  return found;
}

const SDK = /^@storekeep-commerce\/sdk(\/[a-z-]+)?$/;

test('the specifier scan finds every kind of import', () => {
  const source = `import a from 'x1';\nimport type { B } from "x2";\nexport * from './x3.ts';\nimport 'x4';\nconst c = await import('x5');\ndeclare module 'x6' {}`;
  assert.deepEqual(specifiers(source).sort(), ['./x3.ts', 'x1', 'x2', 'x4', 'x5', 'x6']);
});

for (const name of examples) {
  const dir = path.join(EXAMPLES, name);

  test(`examples/${name} imports only the SDK, Node's modules and its own files`, () => {
    const offending: string[] = [];
    for (const file of sourceFiles(dir)) {
      for (const spec of specifiers(fs.readFileSync(path.join(dir, file), 'utf8'))) {
        const inside = spec.startsWith('.') && !path.relative(dir, path.resolve(dir, path.dirname(file), spec)).startsWith('..');
        if (!(inside || spec.startsWith('node:') || SDK.test(spec))) offending.push(`${file}: '${spec}'`);
      }
    }
    assert.deepEqual(offending, [], 'a plugin package reaches the store only through @storekeep-commerce/sdk');
  });

  test(`examples/${name} is a package: exports, files, the SDK as a peer dependency, storeVersions`, () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    assert.match(pkg.name, /^(@[a-z0-9-]+\/)?[a-z0-9][a-z0-9.-]*$/);
    assert.match(pkg.version, /^\d+\.\d+\.\d+/);
    assert.equal(pkg.private, undefined, 'publishable');
    assert.equal(pkg.type, 'module');
    assert.equal(pkg.exports['.'], './index.ts');
    assert.ok(Array.isArray(pkg.files) && pkg.files.includes('index.ts'));
    assert.ok(!pkg.files.some((f: string) => f.startsWith('test')), 'tests are not shipped');
    assert.deepEqual(pkg.peerDependencies, { '@storekeep-commerce/sdk': '^0.1.0' });
    assert.equal(pkg.dependencies, undefined, 'everything comes from the store through the SDK');
    assert.match(fs.readFileSync(path.join(dir, 'index.ts'), 'utf8'), /storeVersions: '[^']+'/);
    const tsconfig = JSON.parse(fs.readFileSync(path.join(dir, 'tsconfig.json'), 'utf8'));
    assert.equal(tsconfig.compilerOptions.paths, undefined, 'no path into the store');
    assert.equal(tsconfig.compilerOptions.baseUrl, undefined);
    assert.ok(tsconfig.include.every((p: string) => !p.startsWith('..')), tsconfig.include.join());
    if (fs.existsSync(path.join(dir, 'test'))) {
      assert.ok(tsconfig.include.some((p: string) => p === 'test' || p.startsWith('test/')), `its tests are type-checked too: ${tsconfig.include.join()}`);
    }
  });

  test(`examples/${name} type-checks on its own: tsc --noEmit -p examples/${name}`, async () => {
    const result = await promisify(execFile)(process.execPath, [TSC, '--noEmit', '-p', `examples/${name}`], { cwd: REPO_ROOT }).catch((err) => err);
    assert.equal(result.code ?? 0, 0, `${result.stdout}${result.stderr}`);
  });
}
