import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { STORE_VERSION } from '../../kernel/plugin-compat.ts';
import type { SettingField } from './settings-schema.ts';

/** theme.json as read from disk, before `extends` is resolved. */
export interface ThemeManifest {
  name: string;
  version: string;
  storeVersions: string;
  extends?: string;
  settings: Array<Partial<SettingField>>;
}

/** A theme folder found on disk: its manifest, or why it cannot be used. */
export interface ThemePackage {
  name: string;
  dir: string;
  /** Where it came from: `THEMES_DIR`, or the THEMES entry (a folder path or npm package name). */
  source: string;
  manifest?: ThemeManifest;
  /** Its own locale files (`locales/<language>.json`), by language. */
  locales: Record<string, Record<string, unknown>>;
  problem?: string;
}

export const THEME_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;
const LANGUAGE_FILE = /^([A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*)\.json$/;

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

// theme.json's shape; the settings fields are checked once `extends` is resolved (a child may name
// only the id and a new default of a parent's field).
function manifestProblems(raw: any, storeVersion: string): string[] {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return ['theme.json must hold an object'];
  const problems: string[] = [];
  if (typeof raw.name !== 'string' || !THEME_NAME.test(raw.name)) problems.push('"name" must be letters, digits, "-" and "_"');
  if (typeof raw.version !== 'string' || !semver.valid(raw.version)) problems.push('"version" must be a semver version like "1.0.0"');
  if (typeof raw.storeVersions !== 'string' || semver.validRange(raw.storeVersions) === null) {
    problems.push('"storeVersions" must be a semver range of the store versions it supports, like ">=0.1.0 <1.0.0"');
  } else if (!semver.satisfies(storeVersion, raw.storeVersions, { includePrerelease: true })) {
    problems.push(`it supports Storekeep ${raw.storeVersions}, but this store is Storekeep ${storeVersion}`);
  }
  if (raw.extends !== undefined && (typeof raw.extends !== 'string' || !THEME_NAME.test(raw.extends))) problems.push('"extends" must be the name of another theme');
  if (raw.settings !== undefined && (!Array.isArray(raw.settings) || raw.settings.some((f: unknown) => !f || typeof f !== 'object'))) problems.push('"settings" must be a list of fields');
  return problems;
}

function readLocales(dir: string): Record<string, Record<string, unknown>> {
  const folder = path.join(dir, 'locales');
  const locales: Record<string, Record<string, unknown>> = {};
  if (!fs.existsSync(folder)) return locales;
  for (const file of fs.readdirSync(folder).sort()) {
    const match = LANGUAGE_FILE.exec(file);
    if (!match) continue;
    let value: unknown;
    try {
      value = readJson(path.join(folder, file));
    } catch (err) {
      throw new Error(`locales/${file} is not valid JSON: ${(err as Error).message}`);
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error(`locales/${file} must hold an object`);
    locales[match[1]] = value as Record<string, unknown>;
  }
  return locales;
}

/** Reads one theme folder; never throws: what is wrong becomes `problem`, naming the file. */
export function readThemePackage(dir: string, source: string, storeVersion = STORE_VERSION): ThemePackage {
  const fallbackName = path.basename(dir);
  const file = path.join(dir, 'theme.json');
  if (!fs.existsSync(file)) return { name: fallbackName, dir, source, locales: {}, problem: `no theme.json in ${dir}` };
  let raw: any;
  try {
    raw = readJson(file);
  } catch (err) {
    return { name: fallbackName, dir, source, locales: {}, problem: `theme.json is not valid JSON: ${(err as Error).message}` };
  }
  const name = typeof raw?.name === 'string' && THEME_NAME.test(raw.name) ? raw.name : fallbackName;
  const problems = manifestProblems(raw, storeVersion);
  if (problems.length) return { name, dir, source, locales: {}, problem: `theme.json: ${problems.join('; ')}` };
  let locales: ThemePackage['locales'];
  try {
    locales = readLocales(dir);
  } catch (err) {
    return { name, dir, source, locales: {}, problem: (err as Error).message };
  }
  const manifest: ThemeManifest = { name, version: raw.version, storeVersions: raw.storeVersions, extends: raw.extends, settings: raw.settings ?? [] };
  return { name, dir, source, manifest, locales };
}
