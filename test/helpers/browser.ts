import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { Client } from './client.ts';
import { authHeader, staffApiKey } from './auth.ts';
import { freePort } from './process.ts';
import { startTestStore, type TestStore, type TestStoreOptions } from './store.ts';

// Debian's Chromium, installed by .ci/run; playwright never downloads a browser here.
export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

export interface BrowserShop {
  store: TestStore;
  /** `https://127.0.0.1:<port>`: the store serving on a real port with its self-signed certificate. */
  base: string;
  staff: Client;
  browser: Browser;
  /** A fresh browser profile (cookies of its own), at the phone size unless asked otherwise. */
  context(opts?: { width?: number; height?: number }): Promise<BrowserContext>;
}

/**
 * One store on a real HTTPS port and one Chromium for a whole test file (both closed after it). The
 * demo catalogue is seeded (English and German, dollars and euros, test mode), so the shop is what a
 * first `npm start` shows.
 */
export function browserShop(opts: TestStoreOptions = {}): () => BrowserShop {
  let shop: BrowserShop | undefined;
  before(async () => {
    const port = await freePort();
    const base = `https://127.0.0.1:${port}`;
    const store = await startTestStore({
      ...opts,
      lazy: true,
      env: { DEMO_DATA: 'true', PORT: String(port), HOST: '127.0.0.1', ...opts.env },
      config: { baseUrl: base, ...opts.config },
    });
    await store.kernel.start();
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    const staff = new Client(store, authHeader(await staffApiKey(store)));
    shop = {
      store,
      base,
      staff,
      browser,
      context: ({ width = 390, height = 844 } = {}) => browser.newContext({ ignoreHTTPSErrors: true, viewport: { width, height }, baseURL: base }),
    };
  });
  after(async () => {
    await shop?.browser.close();
    await shop?.store.close();
  });
  return () => shop!;
}

/** The page does not scroll sideways (nothing wider than the viewport). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, width: window.innerWidth }));
  assert.ok(scroll <= width, `${page.url()} is ${scroll}px wide in a ${width}px viewport`);
}

/** axe finds no serious or critical accessibility violation on the page. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const described = bad.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('\n  ')}`).join('\n');
  assert.equal(bad.length, 0, `${page.url()}:\n${described}`);
}

/** Fills the checkout's contact and address step (a German address) and continues. */
export async function fillCheckoutAddress(page: Page, email: string, street = 'Unter den Linden 1'): Promise<void> {
  await page.fill('input[name=email]', email);
  await page.fill('input[name=first_name]', 'Ada');
  await page.fill('input[name=last_name]', 'Lovelace');
  await page.fill('input[name=address_line_1]', street);
  await page.fill('input[name=postal_code]', '10117');
  await page.fill('input[name=city]', 'Berlin');
  await page.selectOption('select[name=country]', 'DE');
  await page.click('button[name=continue]');
}
