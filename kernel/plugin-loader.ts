import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isPlugin, type Plugin } from './plugin.ts';
import { preparePluginImports } from './sdk-single-copy.ts';

export interface LoadedPlugin {
  plugin: Plugin;
  /** The plugin's folder: migrations and README live here. */
  dir: string;
  /** Where it came from: `built-in`, a folder path or an npm package name. */
  source: string;
  /** How it was installed: with the store, from a folder path, or as an npm package. */
  origin: 'built-in' | 'folder' | 'package';
}

export class PluginLoadError extends Error {}

export const BUILT_IN_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'plugins');
const ENTRY_FILES = ['index.ts', 'index.js', 'index.mjs'];

// The "." entry of a package.json "exports" field: a string, `{".": …}`, or conditions at the top level.
function exportsEntry(exports: unknown): string | undefined {
  const root = exports && typeof exports === 'object' && '.' in exports ? (exports as Record<string, unknown>)['.'] : exports;
  if (typeof root === 'string') return root;
  if (!root || typeof root !== 'object') return undefined;
  const conditions = root as Record<string, unknown>;
  const chosen = conditions.import ?? conditions.node ?? conditions.default;
  return typeof chosen === 'string' ? chosen : exportsEntry(chosen);
}

function entryOfFolder(dir: string): string | undefined {
  const pkgFile = path.join(dir, 'package.json');
  if (fs.existsSync(pkgFile)) {
    const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8'));
    const main = exportsEntry(pkg.exports) ?? pkg.main;
    if (main) return path.resolve(dir, main);
  }
  return ENTRY_FILES.map((f) => path.join(dir, f)).find((f) => fs.existsSync(f));
}

/**
 * Where a PLUGINS or THEMES entry lives: a folder path (starts with . or / or exists on disk) or an
 * npm package name looked up along node_modules from `cwd`. `what` names the kind in errors ("Plugin", "Theme").
 */
export function resolvePackageFolder(spec: string, cwd: string, what = 'Plugin'): { path: string; origin: 'folder' | 'package' } {
  const asPath = path.resolve(cwd, spec);
  if (spec.startsWith('.') || path.isAbsolute(spec) || fs.existsSync(asPath)) {
    if (!fs.existsSync(asPath)) throw new PluginLoadError(`${what} folder "${spec}" does not exist (resolved to ${asPath}).`);
    return { path: asPath, origin: 'folder' };
  }
  // The package's folder is looked up along node_modules like require() does, but without resolving
  // `<name>/package.json`, which a package with an "exports" map need not export.
  const lookup = createRequire(path.join(cwd, 'package.json')).resolve.paths(spec) ?? [];
  const dir = lookup.map((modules) => path.join(modules, spec)).find((d) => fs.existsSync(path.join(d, 'package.json')));
  if (!dir) throw new PluginLoadError(`${what} "${spec}" is neither a folder nor an installed npm package (npm install ${spec}).`);
  return { path: dir, origin: 'package' };
}

function resolveEntry(spec: string, cwd: string): { entry: string; dir: string; origin: 'folder' | 'package' } {
  const found = resolvePackageFolder(spec, cwd);
  if (found.origin === 'folder') {
    const stat = fs.statSync(found.path);
    const entry = stat.isDirectory() ? entryOfFolder(found.path) : found.path;
    if (!entry) throw new PluginLoadError(`Plugin folder "${spec}" has no package.json entry and no index.ts or index.js.`);
    return { entry, dir: stat.isDirectory() ? found.path : path.dirname(found.path), origin: 'folder' };
  }
  const entry = entryOfFolder(found.path);
  if (!entry) throw new PluginLoadError(`npm package "${spec}" has no entry point.`);
  return { entry, dir: found.path, origin: 'package' };
}

// Names a plugin in errors: its folder for built-ins, what PLUGINS said for the others.
function label(dir: string, source: string): string {
  return source === 'built-in' ? `"${path.basename(dir)}" (built-in)` : `"${source}"`;
}

async function importPlugin(entry: string, dir: string, source: string, origin: LoadedPlugin['origin']): Promise<LoadedPlugin> {
  let mod: any;
  try {
    mod = await import(pathToFileURL(entry).href);
  } catch (err) {
    throw new PluginLoadError(`Plugin ${label(dir, source)} could not be imported: ${(err as Error).message}`, { cause: err });
  }
  const plugin = mod.default ?? mod.plugin;
  if (!isPlugin(plugin)) {
    throw new PluginLoadError(`Plugin ${label(dir, source)} does not export a definePlugin(...) result as its default export.`);
  }
  return { plugin, dir, source, origin };
}

/** Finds the built-in plugins (every `plugins/<name>/index.ts`) and the extra ones named in PLUGINS. */
export async function discoverPlugins(extra: string[], cwd = process.cwd(), builtInDir = BUILT_IN_DIR): Promise<LoadedPlugin[]> {
  const found: LoadedPlugin[] = [];
  if (fs.existsSync(builtInDir)) {
    for (const name of fs.readdirSync(builtInDir).sort()) {
      const dir = path.join(builtInDir, name);
      const entry = fs.statSync(dir).isDirectory() ? entryOfFolder(dir) : undefined;
      if (entry) found.push(await importPlugin(entry, dir, 'built-in', 'built-in'));
    }
  }
  // Plugins from folders and packages import the SDK by name: this store's copy answers, never a nested one.
  if (extra.length > 0) await preparePluginImports();
  for (const spec of extra) {
    const { entry, dir, origin } = resolveEntry(spec, cwd);
    found.push(await importPlugin(entry, dir, spec, origin));
  }
  const seen = new Map<string, LoadedPlugin>();
  for (const p of found) {
    const twin = seen.get(p.plugin.name);
    if (twin) throw new PluginLoadError(`Two plugins are named "${p.plugin.name}": ${twin.source} and ${p.source}.`);
    seen.set(p.plugin.name, p);
  }
  return found;
}

/**
 * Orders plugins so each comes after everything it depends on (stable otherwise); refuses a missing
 * dependency or a cycle with a message naming the plugins involved.
 */
export function orderPlugins(plugins: LoadedPlugin[]): LoadedPlugin[] {
  const byName = new Map(plugins.map((p) => [p.plugin.name, p]));
  for (const p of plugins) {
    for (const dep of p.plugin.dependsOn ?? []) {
      if (!byName.has(dep)) throw new PluginLoadError(`Plugin "${p.plugin.name}" depends on "${dep}", which is not installed.`);
    }
  }
  const ordered: LoadedPlugin[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (p: LoadedPlugin, trail: string[]) => {
    const name = p.plugin.name;
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') {
      const cycle = [...trail.slice(trail.indexOf(name)), name];
      throw new PluginLoadError(`Plugin dependency cycle: ${cycle.join(' → ')}.`);
    }
    state.set(name, 'visiting');
    for (const dep of p.plugin.dependsOn ?? []) visit(byName.get(dep)!, [...trail, name]);
    state.set(name, 'done');
    ordered.push(p);
  };
  for (const p of plugins) visit(p, []);
  return ordered;
}
