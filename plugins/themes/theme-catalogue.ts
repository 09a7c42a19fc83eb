import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { byCodeUnits } from '../../kernel/code-unit-order.ts';
import { resolvePackageFolder } from '../../kernel/plugin-loader.ts';
import { readThemePackage, type ThemePackage } from './theme-package.ts';
import { fieldProblems, settingsJsonSchema, type SettingField } from './settings-schema.ts';

/** An installed theme with its `extends` chain resolved. */
export interface InstalledTheme {
  name: string;
  version: string | null;
  parent: string | null;
  source: string;
  dir: string;
  usable: boolean;
  /** Why it cannot be used (invalid theme.json, missing parent, cycle, …); null when usable. */
  reason: string | null;
  /** The theme's folders, itself first, then its parent's, up the chain. */
  chain: string[];
  fields: SettingField[];
  settingsSchema: Record<string, unknown> | null;
  validateSettings?: ValidateFunction;
  /** `locales/<language>.json` merged along the chain (the child's strings win). */
  locales: Record<string, Record<string, unknown>>;
}

// multipleOfPrecision: a range with step 0.1 accepts 0.3 (binary floating point would refuse it).
const ajv = new Ajv({ allErrors: true, strict: false, multipleOfPrecision: 9 });

function isObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = isObject(value) && isObject(out[key]) ? deepMerge(out[key] as Record<string, unknown>, value) : value;
  return out;
}

/** Finds theme folders: every folder of THEMES_DIR holding a theme.json, then each THEMES entry. */
export function discoverThemes(themesDir: string, extra: string[], cwd: string): ThemePackage[] {
  const found: ThemePackage[] = [];
  if (fs.existsSync(themesDir)) {
    for (const entry of fs.readdirSync(themesDir, { withFileTypes: true }).sort((a, b) => byCodeUnits(a.name, b.name))) {
      if (entry.isDirectory() && fs.existsSync(path.join(themesDir, entry.name, 'theme.json'))) found.push(readThemePackage(path.join(themesDir, entry.name), 'THEMES_DIR'));
    }
  }
  for (const spec of extra) {
    try {
      found.push(readThemePackage(resolvePackageFolder(spec, cwd, 'Theme').path, spec));
    } catch (err) {
      found.push({ name: spec, dir: '', source: spec, locales: {}, problem: (err as Error).message });
    }
  }
  return found;
}

/**
 * The installed themes, each with its `extends` chain resolved: a missing or unusable parent and a cycle
 * make a theme unusable (with the reason), never stop the store. Settings fields merge along the chain
 * by id: a child's field replaces its parent's, and a child may give only `{id, default}` to change a default.
 */
export function resolveThemes(packages: ThemePackage[]): Map<string, InstalledTheme> {
  const byName = new Map<string, ThemePackage>();
  const duplicates = new Map<string, string>();
  for (const p of packages) {
    const twin = byName.get(p.name);
    if (twin) duplicates.set(p.name, `two themes are named "${p.name}": ${twin.source} (${twin.dir}) and ${p.source} (${p.dir})`);
    else byName.set(p.name, p);
  }
  const resolved = new Map<string, InstalledTheme>();
  const resolve = (name: string, trail: string[]): InstalledTheme => {
    const done = resolved.get(name);
    if (done) return done;
    const pkg = byName.get(name)!;
    const base: InstalledTheme = {
      name, version: pkg.manifest?.version ?? null, parent: pkg.manifest?.extends ?? null, source: pkg.source, dir: pkg.dir,
      usable: false, reason: null, chain: [pkg.dir], fields: [], settingsSchema: null, locales: {},
    };
    const unusable = (reason: string) => {
      const theme = { ...base, reason };
      resolved.set(name, theme);
      return theme;
    };
    if (duplicates.has(name)) return unusable(duplicates.get(name)!);
    if (pkg.problem) return unusable(pkg.problem);
    let chain = [pkg.dir];
    let fields: Array<Partial<SettingField>> = [];
    let locales: InstalledTheme['locales'] = {};
    const parentName = pkg.manifest!.extends;
    if (parentName) {
      if (trail.includes(parentName) || parentName === name) return unusable(`its extends chain is a cycle: ${[...trail, name, parentName].join(' → ')}`);
      if (!byName.has(parentName)) return unusable(`it extends "${parentName}", which is not installed`);
      const parent = resolve(parentName, [...trail, name]);
      if (!parent.usable) return unusable(`it extends "${parentName}", which cannot be used: ${parent.reason}`);
      chain = [pkg.dir, ...parent.chain];
      fields = parent.fields.map((f) => ({ ...f }));
      locales = parent.locales;
    }
    for (const own of pkg.manifest!.settings) {
      const at = fields.findIndex((f) => f.id === own.id);
      if (at === -1) fields.push({ ...own });
      // Only an override of the default keeps the parent's field; anything else replaces it.
      else fields[at] = Object.keys(own).every((k) => k === 'id' || k === 'default') ? { ...fields[at], ...own } : { ...own };
    }
    const problems = fields.flatMap(fieldProblems);
    const ids = fields.map((f) => f.id);
    if (new Set(ids).size !== ids.length) problems.push('a setting id appears twice');
    if (problems.length) return unusable(`theme.json: ${problems.join('; ')}`);
    const schema = settingsJsonSchema(fields as SettingField[]);
    const validate = ajv.compile(schema);
    const badDefaults = (fields as SettingField[]).filter((f) => !validate({ [f.id]: f.default }));
    if (badDefaults.length) return unusable(`theme.json: the default of ${badDefaults.map((f) => `"${f.id}"`).join(', ')} does not satisfy its own field`);
    for (const [language, strings] of Object.entries(pkg.locales)) locales = { ...locales, [language]: deepMerge(locales[language] ?? {}, strings) };
    const theme: InstalledTheme = { ...base, usable: true, chain, fields: fields as SettingField[], settingsSchema: schema, validateSettings: validate, locales };
    resolved.set(name, theme);
    return theme;
  };
  for (const name of byName.keys()) resolve(name, []);
  return new Map([...resolved.entries()].sort(([a], [b]) => byCodeUnits(a, b)));
}

const SAFE_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/**
 * The file a theme uses for `relativePath` ("templates/product.liquid"): its own, else its parent's, up
 * the chain; undefined when none has it. Only plain relative paths of ordinary segments are looked up
 * (no "..", no absolute paths, no hidden files), and a symbolic link leading outside the theme is not
 * followed, so nothing outside the theme folders can be reached.
 */
export function resolveThemeFile(theme: InstalledTheme, relativePath: string): string | undefined {
  if (typeof relativePath !== 'string' || relativePath.length > 500) return undefined;
  const segments = relativePath.split('/');
  if (!segments.every((s) => SAFE_SEGMENT.test(s))) return undefined;
  for (const dir of theme.chain) {
    const candidate = path.join(dir, ...segments);
    try {
      const real = fs.realpathSync(candidate);
      const root = fs.realpathSync(dir);
      if (!real.startsWith(root + path.sep) || !fs.statSync(real).isFile()) continue;
      return real;
    } catch {
      continue;
    }
  }
  return undefined;
}
