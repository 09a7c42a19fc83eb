import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { badName, namesOf } from './names.ts';
import { GITIGNORE, KINDS, TSCONFIG, packageJson, type Kind, type StoreInfo } from './common.ts';
import { paymentFiles } from './payment.ts';
import { shippingFiles } from './shipping.ts';
import { marketingFiles } from './marketing.ts';

const STORE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DESCRIPTIONS: Record<Kind, (title: string) => string> = {
  payment: (t) => `Storekeep payment gateway: ${t}.`,
  shipping: (t) => `Storekeep shipping provider: ${t}.`,
  marketing: (t) => `Storekeep marketing plugin: ${t}.`,
};

export const PLUGIN_NEW_USAGE = 'npx storekeep plugin new <name> --kind payment|shipping|marketing [--dir <folder>]';

export class ScaffoldError extends Error {}

function storeInfo(): StoreInfo {
  const pkg = JSON.parse(fs.readFileSync(path.join(STORE_ROOT, 'package.json'), 'utf8'));
  const all = { ...pkg.dependencies, ...pkg.devDependencies } as Record<string, string>;
  const devTools = Object.fromEntries(['@types/node', 'tsx', 'typescript'].filter((d) => all[d]).map((d) => [d, all[d]]));
  return { version: pkg.version, devTools };
}

/** The files of a new plugin package, by path inside its folder. */
export function pluginFiles(name: string, kind: Kind): Record<string, string> {
  const n = namesOf(name);
  const store = storeInfo();
  const byKind = { payment: paymentFiles, shipping: shippingFiles, marketing: marketingFiles }[kind](n, store);
  return { 'package.json': packageJson(n, kind, store, DESCRIPTIONS[kind](n.title)), 'tsconfig.json': TSCONFIG, '.gitignore': GITIGNORE, ...byKind };
}

/**
 * `plugin new <name> --kind … [--dir …]`: writes a plugin package into `--dir` (default `./<name>`,
 * from the working folder). Needs no database: the CLI runs it before it creates the kernel. Answers
 * the folder written; a bad name, kind or an existing non-empty folder is a ScaffoldError.
 */
export function pluginNew(args: string[], cwd = process.cwd()): { dir: string; files: string[] } {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { kind: { type: 'string' }, dir: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new ScaffoldError(`${(err as Error).message}\nUsage: ${PLUGIN_NEW_USAGE}`);
  }
  const [name, ...extra] = parsed.positionals;
  if (!name || extra.length > 0) throw new ScaffoldError(`Name exactly one plugin.\nUsage: ${PLUGIN_NEW_USAGE}`);
  const why = badName(name);
  if (why) throw new ScaffoldError(why);
  const kind = parsed.values.kind;
  if (!kind) throw new ScaffoldError(`--kind is required: one of ${KINDS.join(', ')}.\nUsage: ${PLUGIN_NEW_USAGE}`);
  if (!(KINDS as readonly string[]).includes(kind)) throw new ScaffoldError(`Unknown kind "${kind}": use one of ${KINDS.join(', ')}.`);
  const dir = path.resolve(cwd, parsed.values.dir ?? name);
  if (fs.existsSync(dir) && (!fs.statSync(dir).isDirectory() || fs.readdirSync(dir).length > 0)) {
    throw new ScaffoldError(`${dir} already exists and is not an empty folder: choose another --dir.`);
  }
  const files = pluginFiles(name, kind as Kind);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  return { dir, files: Object.keys(files).sort() };
}
