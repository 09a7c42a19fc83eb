import { gzipSync } from 'node:zlib';
import { call } from './http.ts';

/** The admin panel's bundle as a browser downloads it: raw and gzip bytes of its script and style sheet. */
export interface AdminBundleSize {
  script_bytes: number;
  script_gzip_bytes: number;
  style_bytes: number;
  style_gzip_bytes: number;
}

export async function measureAdminBundle(origin: string): Promise<AdminBundleSize | undefined> {
  const page = await call(origin, '/admin/');
  if (page.status !== 200) return undefined;
  const html = page.body.toString('utf8');
  const size = async (pattern: RegExp): Promise<[number, number]> => {
    const name = pattern.exec(html)?.[1];
    if (!name) return [0, 0];
    const file = await call(origin, name);
    return [file.body.length, gzipSync(file.body).length];
  };
  const [script_bytes, script_gzip_bytes] = await size(/src="(\/admin\/assets\/[^"]+\.js)"/);
  const [style_bytes, style_gzip_bytes] = await size(/href="(\/admin\/assets\/[^"]+\.css)"/);
  return { script_bytes, script_gzip_bytes, style_bytes, style_gzip_bytes };
}
