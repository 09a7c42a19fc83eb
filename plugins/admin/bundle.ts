import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import type { AdminExtensionModule } from '../../kernel/admin-extensions.ts';

const APP_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'app');
const EXTENSIONS_MODULE = 'storekeep-admin:extensions';

export interface BundleFile {
  body: Buffer;
  type: string;
}

/** The built panel: its files by content-hashed name, and the names the page shell links. */
export interface AdminBundle {
  files: Map<string, BundleFile>;
  script: string;
  style: string;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/**
 * Bundles the panel and every plugin's admin module with esbuild, in memory. Plugins outside the
 * repository get the store's own Preact and admin SDK (one copy of each in the bundle), the way the
 * server gives them the store's SDK.
 */
export async function buildAdminBundle(extensions: readonly AdminExtensionModule[]): Promise<AdminBundle> {
  const result = await esbuild.build({
    entryPoints: { admin: path.join(APP_DIR, 'main.tsx') },
    bundle: true,
    write: false,
    outdir: '/admin-out',
    entryNames: '[name]-[hash]',
    format: 'esm',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    logLevel: 'silent',
    plugins: [
      {
        name: 'storekeep-admin',
        setup(build) {
          build.onResolve({ filter: /^storekeep-admin:extensions$/ }, () => ({ path: EXTENSIONS_MODULE, namespace: 'storekeep-admin' }));
          build.onLoad({ filter: /.*/, namespace: 'storekeep-admin' }, () => ({ contents: extensionsModule(extensions), loader: 'js', resolveDir: APP_DIR }));
          build.onResolve({ filter: /^@storekeep-commerce\/sdk\/admin$/ }, () => ({ path: path.join(APP_DIR, 'sdk.ts') }));
          // Preact resolved from the store's node_modules whoever imports it: hooks need one copy.
          build.onResolve({ filter: /^preact(\/.*)?$/ }, (args) => {
            if (args.resolveDir.startsWith(APP_DIR) || args.pluginData === 'store') return undefined;
            return build.resolve(args.path, { kind: args.kind, resolveDir: APP_DIR, pluginData: 'store' });
          });
        },
      },
    ],
  });
  const files = new Map<string, BundleFile>();
  let script = '';
  let style = '';
  for (const out of result.outputFiles) {
    const name = path.basename(out.path);
    const ext = path.extname(name);
    files.set(name, { body: Buffer.from(out.contents), type: TYPES[ext] ?? 'application/octet-stream' });
    if (ext === '.js' && name.startsWith('admin-')) script = name;
    if (ext === '.css' && name.startsWith('admin-')) style = name;
  }
  if (!script) throw new Error('The admin bundle has no script.');
  return { files, script, style };
}

function extensionsModule(extensions: readonly AdminExtensionModule[]): string {
  const imports = extensions.map((e, i) => `import e${i} from ${JSON.stringify(e.entry)};`);
  const list = extensions.map((e, i) => `{ plugin: ${JSON.stringify(e.plugin)}, extension: e${i} }`);
  return `${imports.join('\n')}\nexport default [${list.join(', ')}];\n`;
}

/** One build per set of extension modules in a process (many stores in one test process share it). */
const builds = new Map<string, Promise<AdminBundle>>();
let building = 0;

export function adminBundle(extensions: readonly AdminExtensionModule[]): Promise<AdminBundle> {
  const key = createHash('sha256').update(JSON.stringify(extensions)).digest('hex');
  let build = builds.get(key);
  if (!build) {
    building++;
    build = buildAdminBundle(extensions).finally(stopWhenIdle);
    builds.set(key, build);
    build.catch(() => builds.delete(key));
  }
  return build;
}

/**
 * esbuild builds in a service process of its own, which stays up (about 22 MiB resident) until told to
 * stop: for a store, all its life after the one build at start. Stopped once no build is running; a
 * later build starts it again.
 */
function stopWhenIdle(): void {
  if (--building === 0) void esbuild.stop();
}
