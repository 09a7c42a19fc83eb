// `npm run bench:lighthouse`: Lighthouse's mobile audit (performance, accessibility, best practices,
// SEO) of the storefront's home, category and product pages, on a demo store over HTTPS with Debian's
// Chromium. Lighthouse is fetched by npx at a pinned version (it is large, and the suite never needs it).
// See bench/README.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createKernel } from '../kernel/kernel.ts';
import { loadConfig } from '../kernel/config.ts';
import { freePort } from '../test/helpers/process.ts';

// 12.x: the newest line that runs on Node 20 (13 needs Node 22).
const LIGHTHOUSE = 'lighthouse@12.8.2';
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-lighthouse-'));
  const port = await freePort();
  const base = `https://127.0.0.1:${port}`;
  const config = loadConfig({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', BASE_URL: base, LOG_LEVEL: 'warn', DEMO_DATA: 'true' }, { notices: () => undefined });
  const kernel = createKernel(config, {});
  await kernel.start();
  try {
    const product = await (await fetchJson(`${base}/api/v1/products/?page_size=1`)).results[0];
    const category = await (await fetchJson(`${base}/api/v1/categories/?page_size=1`)).results[0];
    const pages = { home: '/', category: `/categories/${category.slug}`, product: `/products/${product.slug}` };
    const rows: string[] = [];
    for (const [name, pagePath] of Object.entries(pages)) {
      const out = path.join(dataDir, `${name}.json`);
      execFileSync('npx', ['-y', LIGHTHOUSE, base + pagePath, '--quiet', '--output=json', `--output-path=${out}`, '--form-factor=mobile', '--screenEmulation.mobile', `--only-categories=${CATEGORIES.join(',')}`, '--chrome-flags=--headless=new --no-sandbox --ignore-certificate-errors', '--max-wait-for-load=60000'], {
        env: { ...process.env, CHROME_PATH: CHROME },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const report = JSON.parse(fs.readFileSync(out, 'utf8'));
      const scores = CATEGORIES.map((c) => Math.round((report.categories[c]?.score ?? 0) * 100));
      const failing = Object.values(report.audits as Record<string, any>).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary').map((a) => a.id);
      rows.push(`| ${name} (\`${pagePath}\`) | ${scores.join(' | ')} | ${failing.join(', ') || '–'} |`);
    }
    console.log(`Lighthouse ${LIGHTHOUSE.split('@')[1]}, mobile, ${new Date().toISOString().slice(0, 10)}:\n`);
    console.log('| Page | Performance | Accessibility | Best practices | SEO | Failed audits |');
    console.log('|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    await kernel.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function fetchJson(url: string): Promise<any> {
  const { Agent, request } = await import('undici');
  const res = await request(url, { dispatcher: new Agent({ connect: { rejectUnauthorized: false } }) });
  return res.body.json();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
