import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ThemeFileSource } from './theme-files.ts';

const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const ASSET_PATH = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export interface ThemeAsset {
  hash: string;
  body: Buffer;
  type: string;
}

/**
 * A theme's assets under content-hashed URLs (`/assets/default/3f9a1c2e7b/theme.css`): the URL changes
 * when the file does, so browsers may keep each one for a year. Files are read and hashed once.
 */
export class ThemeAssets {
  private readonly files = new Map<string, ThemeAsset | null>();

  constructor(private readonly source: ThemeFileSource) {}

  /** The asset of a theme at `relative` (inside its `assets/`), along its extends chain. */
  get(theme: string, relative: string): ThemeAsset | undefined {
    if (!ASSET_PATH.test(relative) || relative.split('/').some((p) => p.startsWith('.'))) return undefined;
    const key = `${theme}\n${relative}`;
    if (!this.files.has(key)) {
      const file = this.source.resolveFile(theme, `assets/${relative}`);
      let asset: ThemeAsset | null = null;
      if (file) {
        const body = fs.readFileSync(file);
        const hash = crypto.createHash('sha256').update(body).digest('hex').slice(0, 12);
        asset = { hash, body, type: TYPES[path.extname(relative).toLowerCase()] ?? 'application/octet-stream' };
      }
      this.files.set(key, asset);
    }
    return this.files.get(key) ?? undefined;
  }

  /** The URL a page links: hashed when the file exists; a missing one still gets a URL (it answers 404). */
  url(theme: string, relative: string): string {
    const clean = relative.replace(/^\/+/, '');
    const asset = this.get(theme, clean);
    return `/assets/${encodeURIComponent(theme)}/${asset?.hash ?? 'missing'}/${clean}`;
  }
}
