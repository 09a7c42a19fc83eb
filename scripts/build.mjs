#!/usr/bin/env node
// Compiles the store's TypeScript into plain JavaScript under dist/, a mirror of the source tree, so
// that `storekeep serve` runs without a TypeScript loader: tsx runs its hooks on a loader thread with a
// V8 heap of its own and keeps every module's transformed source, about 40 MiB of a server's memory.
// Run by `npm ci` / `npm install` (the "prepare" script) and by `npm run build`.
//
// Each .ts file becomes one .js file at the same relative path, its relative imports rewritten from
// `.ts` to `.js`; every other file (READMEs, migrations' SQL, templates, the admin app's sources that
// the admin plugin bundles at start, themes) is copied as it is, so paths a module builds from
// `import.meta.url` find the same neighbours. Tests are left out. bin/storekeep.mjs uses dist/ only
// while its stamp matches the sources (scripts/build-stamp.mjs); otherwise it runs the TypeScript.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { SOURCE_ROOTS, sourceFiles, sourceStamp, STAMP_FILE } from './build-stamp.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
// Kept as sources: the admin plugin bundles its browser app from these files when the store starts.
const COPIED_AS_SOURCE = [path.join('plugins', 'admin', 'app') + path.sep];

const isCompiled = (rel) => /\.tsx?$/.test(rel) && !rel.endsWith('.d.ts') && !COPIED_AS_SOURCE.some((dir) => rel.startsWith(dir));

// Relative imports name their .ts file; the compiled neighbour is the .js file of the same name.
// Everything else (packages, node: modules) stays as it is.
const relativeImportsToJs = {
  name: 'relative-imports-to-js',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const spec = args.path;
      const rewritten = spec.startsWith('.') ? spec.replace(/\.tsx?$/, '.js') : spec;
      return { path: rewritten, external: true };
    });
  },
};

/** Compiles into `out` (dist/ by default), replacing it only once the whole build is written. */
export async function buildDist(out = DIST) {
  const started = performance.now();
  const files = sourceFiles(ROOT);
  const staging = `${out}.building-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  const compiled = files.filter(isCompiled);
  await build({
    absWorkingDir: ROOT,
    entryPoints: compiled,
    outdir: staging,
    outbase: '.',
    bundle: true,
    plugins: [relativeImportsToJs],
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // A plugin's dynamic `import(computed)` is resolved at run time, as under tsx.
    logOverride: { 'unsupported-dynamic-import': 'silent' },
  });
  for (const rel of files) {
    if (isCompiled(rel)) continue;
    const to = path.join(staging, rel);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(path.join(ROOT, rel), to);
  }
  // The store reads its version from ../package.json; "type": "module" makes the .js files ES modules.
  fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(staging, 'package.json'));
  rewriteSdkExports(staging);
  fs.writeFileSync(path.join(staging, STAMP_FILE), `${sourceStamp(ROOT, files)}\n`);
  fs.rmSync(out, { recursive: true, force: true });
  fs.renameSync(staging, out);
  return { files: files.length, compiled: compiled.length, ms: Math.round(performance.now() - started) };
}

// The SDK's package.json points its exports at .ts files; the compiled copy points them at .js, so a
// plugin package resolved to the compiled SDK (kernel/sdk-single-copy.ts) shares the compiled kernel.
function rewriteSdkExports(staging) {
  const file = path.join(staging, 'packages', 'sdk', 'package.json');
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
  pkg.exports = Object.fromEntries(Object.entries(pkg.exports).map(([k, v]) => [k, typeof v === 'string' ? v.replace(/\.ts$/, '.js') : v]));
  fs.writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // A container build installs the packages before it copies the sources (deploy/Dockerfile).
  if (!fs.existsSync(path.join(ROOT, 'kernel'))) {
    console.log('dist/: no sources to compile yet');
    process.exit(0);
  }
  const result = await buildDist();
  console.log(`dist/: ${result.compiled} modules compiled, ${result.files - result.compiled} files copied from ${SOURCE_ROOTS.join(', ')} in ${result.ms} ms`);
}
