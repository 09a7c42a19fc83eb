import fs from 'node:fs/promises';
import path from 'node:path';
import type { FS } from 'liquidjs';

// Template folders hold a handful of small files; these bounds only stop a misplaced folder (a theme
// whose mail/ links to a large tree) from being read whole.
const MAX_DEPTH = 4;
const MAX_FILES = 500;
const MAX_FILE_BYTES = 256 * 1024;

/** The `.liquid` files of a set of template folders, read into memory: absolute path → text. */
export type TemplateFiles = ReadonlyMap<string, string>;

/**
 * Reads every `.liquid` file under `dirs` (their sub-folders too), asynchronously. A folder that does
 * not exist holds nothing. A file whose real path lies outside the folder it was found in (a symbolic
 * link out of a theme) is left out, as LiquidJS's own file lookup leaves it out.
 */
export async function readTemplateFiles(dirs: string[]): Promise<TemplateFiles> {
  const files = new Map<string, string>();
  for (const dir of new Set(dirs.map((d) => path.resolve(d)))) {
    const realDir = await fs.realpath(dir).catch(() => undefined);
    if (realDir) await readFolder(dir, withSep(realDir), 0, files);
  }
  return files;
}

async function readFolder(dir: string, realRoot: string, depth: number, files: Map<string, string>): Promise<void> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (files.size >= MAX_FILES) return;
    const file = path.join(dir, entry.name);
    const linked = entry.isSymbolicLink();
    if (!linked && !entry.isDirectory() && !(entry.isFile() && entry.name.endsWith('.liquid'))) continue;
    // A link must lead to somewhere inside the folder read (a plain sub-folder is inside it).
    if (linked) {
      const real = await fs.realpath(file).catch(() => undefined);
      if (!real || !real.startsWith(realRoot)) continue;
    }
    const stat = await fs.stat(file).catch(() => undefined);
    if (stat?.isDirectory()) {
      if (depth < MAX_DEPTH) await readFolder(file, realRoot, depth + 1, files);
      continue;
    }
    if (!stat?.isFile() || !entry.name.endsWith('.liquid') || files.has(file) || stat.size > MAX_FILE_BYTES) continue;
    const text = await fs.readFile(file, 'utf8').catch(() => undefined);
    if (text !== undefined) files.set(file, text);
  }
}

function withSep(dir: string): string {
  return dir.endsWith(path.sep) ? dir : dir + path.sep;
}

/**
 * LiquidJS's file system over files already in memory: finding, reading and the containment check
 * cost no system call, so a mail renders synchronously (`renderFileSync`) with nothing on disk read
 * while it renders.
 */
export function memoryFs(files: TemplateFiles): FS {
  const read = (file: string): string => {
    const text = files.get(file);
    if (text === undefined) throw Object.assign(new Error(`ENOENT: no template ${file}`), { code: 'ENOENT' });
    return text;
  };
  const contains = (root: string, file: string): boolean => file.startsWith(withSep(path.resolve(root))) && files.has(file);
  return {
    exists: async (file) => files.has(file),
    existsSync: (file) => files.has(file),
    readFile: async (file) => read(file),
    readFileSync: read,
    resolve: (root, file, ext) => path.resolve(root, path.extname(file) ? file : file + ext),
    contains: async (root, file) => contains(root, file),
    containsSync: contains,
    dirname: (file) => path.dirname(file),
    sep: path.sep,
  };
}
