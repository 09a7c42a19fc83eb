import fs from 'node:fs';
import type { FS } from 'liquidjs';

/** What the storefront needs from the themes plugin's `themeRegistry` service. */
export interface ThemeFileSource {
  resolveFile(theme: string, relativePath: string): string | undefined;
}

/**
 * LiquidJS's file system over one theme: template names are paths inside the theme
 * (`sections/header.liquid`), looked up along its `extends` chain by the themes plugin, which keeps
 * every lookup inside the theme folders. Files are read once per process (a theme's files change with
 * a deployment, not while it runs).
 */
export function themeFileSystem(source: ThemeFileSource, theme: string): FS {
  const texts = new Map<string, string | null>();
  const read = (file: string): string | null => {
    if (!texts.has(file)) {
      const found = source.resolveFile(theme, file);
      texts.set(file, found ? fs.readFileSync(found, 'utf8') : null);
    }
    return texts.get(file)!;
  };
  const text = (file: string): string => {
    const found = read(file);
    if (found === null) throw Object.assign(new Error(`The theme has no file "${file}".`), { code: 'ENOENT' });
    return found;
  };
  return {
    exists: async (file) => read(file) !== null,
    existsSync: (file) => read(file) !== null,
    readFile: async (file) => text(file),
    readFileSync: (file) => text(file),
    resolve: (dir, file, ext) => {
      const name = file.endsWith(ext) ? file : file + ext;
      return dir && dir !== '.' ? `${dir}/${name}` : name;
    },
    contains: async () => true,
    containsSync: () => true,
    sep: '/',
    dirname: (file) => file.split('/').slice(0, -1).join('/'),
  };
}
