// Takes the admin panel screenshots in docs/images/ (the README shows them) from a throwaway demo
// store: npx tsx scripts/admin-screenshots.ts. Needs Chromium at /usr/bin/chromium (or CHROME_PATH).
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startTestStore } from '../test/helpers/store.ts';
import { freePort, REPO_ROOT } from '../test/helpers/process.ts';
import { staffApiKey } from '../test/helpers/auth.ts';
import { guestCheckout } from '../packages/sdk/testing/guest-checkout.ts';

const OWNER = { email: 'owner@shop.example', password: 'a long owner password' };
const port = await freePort();
const base = `https://127.0.0.1:${port}`;
const store = await startTestStore({ lazy: true, workers: true, env: { DEMO_DATA: 'true', PORT: String(port), HOST: '127.0.0.1', ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, PLUGINS: path.join(REPO_ROOT, 'examples', 'payment-acme') }, config: { baseUrl: base } });
await store.kernel.start();
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const key = await staffApiKey(store);
  const products = (await store.inject({ method: 'GET', url: '/api/v1/products/?page_size=3', headers: { authorization: `Token ${key}` } })).json().results;
  let n = 0;
  const shopper = { inject: (o: any) => store.inject(o), staff: async () => key, unique: () => `shot${++n}` };
  for (const [i, product] of products.entries()) {
    await guestCheckout(shopper, { items: [{ variant_id: product.variants[0].id, quantity: i + 1 }], email: `buyer${i}@example.com` });
  }
  const page = await (await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 800 }, baseURL: base })).newPage();
  await page.goto('/admin/');
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  const shot = async (url: string, file: string, ready: string, fullPage = false) => {
    await page.goto(url);
    await page.locator(ready).first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(REPO_ROOT, 'docs', 'images', file), fullPage });
    console.log(`docs/images/${file}`);
  };
  await shot('/admin/', 'admin-dashboard.png', '[data-figure="orders-today"]');
  await shot('/admin/orders/', 'admin-orders.png', 'table');
  const order = (await store.inject({ method: 'GET', url: '/api/v1/orders/?page_size=1', headers: { authorization: `Token ${key}` } })).json().results[0];
  await shot(`/admin/orders/${order.id}/`, 'admin-order.png', '[data-zone="order.details"]', true);
  await shot(`/admin/products/${products[0].id}/`, 'admin-product.png', 'table.variants');
} finally {
  await browser.close();
  await store.close();
}
