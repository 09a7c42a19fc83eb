import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { browserShop } from '../helpers/browser.ts';
import { expectStatus } from '../helpers/client.ts';
import { REPO_ROOT } from '../helpers/process.ts';

// The example child theme, installed from its folder as an operator would (THEMES).
const shop = browserShop({ env: { THEMES: path.join(REPO_ROOT, 'examples', 'theme-alpine') } });

const primaryColour = () => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim();

test('a theme installed from a folder is activated through the API and seen in the browser; its settings change on the next load', async () => {
  const { staff, context, base } = shop();
  const installed = expectStatus(await staff.get('/api/v1/themes/alpine/'), 200);
  assert.equal(installed.parent, 'default');
  assert.equal(installed.usable, true);
  const browser = await context({ width: 1280, height: 900 });
  const page = await browser.newPage();
  await page.goto('/');
  assert.equal(await page.locator('[data-alpine-badge]').count(), 0, 'the default theme is active at first');
  assert.equal(await page.evaluate(primaryColour), '#1f4b99');

  expectStatus(await staff.post('/api/v1/themes/alpine/activate/', {}), 200);
  await page.goto('/');
  assert.equal((await page.locator('[data-alpine-badge]').textContent())!.trim(), 'Fresh from the mountains', 'its own hero section');
  assert.equal(await page.evaluate(primaryColour), '#0b7285', 'its own default for a parent setting');
  assert.equal(await page.locator('a.product-card').count() > 0, true, 'the rest comes from the parent theme');
  assert.equal((await page.locator('a.alpine-cta').textContent())!.trim(), 'Browse everything');
  const css = await page.locator('link[rel=stylesheet]').getAttribute('href');
  assert.match(css!, /^\/assets\/alpine\/[0-9a-f]{12}\/theme\.css$/, 'inherited assets are served under the child theme');
  assert.equal((await page.request.get(`${base}${css}`)).status(), 200);

  expectStatus(await staff.put('/api/v1/themes/alpine/settings/', { settings: { hero_badge: 'New season', color_primary: '#5c940d', hero_title: 'Peak deals' } }), 200);
  await page.reload();
  assert.equal((await page.locator('[data-alpine-badge]').textContent())!.trim(), 'New season');
  assert.equal((await page.locator('h1').textContent())!.trim(), 'Peak deals');
  assert.equal(await page.evaluate(primaryColour), '#5c940d');
  await page.goto('/de/');
  assert.equal((await page.locator('a.alpine-cta').textContent())!.trim(), 'Alles ansehen');

  expectStatus(await staff.post('/api/v1/themes/default/activate/', {}), 200);
  await page.goto('/');
  assert.equal(await page.locator('[data-alpine-badge]').count(), 0);
  await browser.close();
});

test('staff signed in preview an inactive theme with ?preview_theme=; other visitors keep the active one', async () => {
  const { store, context } = shop();
  const staffBrowser = await context({ width: 1280, height: 900 });
  // A staff session in this browser: the login API sets the session cookie in its cookie jar.
  const { createStaff } = await import('../helpers/auth.ts');
  const account = await createStaff(store);
  const page = await staffBrowser.newPage();
  await page.goto('/');
  const csrf = (await staffBrowser.cookies()).find((c) => c.name === 'csrftoken')!.value;
  const login = await page.request.post('/api/v1/auth/login/', { data: { email: account.email, password: account.password }, headers: { 'x-csrftoken': csrf } });
  assert.equal(login.status(), 200);
  await page.goto('/?preview_theme=alpine');
  assert.equal(await page.locator('[data-alpine-badge]').count(), 1, 'staff see the preview');
  const shopper = await context();
  const other = await shopper.newPage();
  await other.goto('/?preview_theme=alpine');
  assert.equal(await other.locator('[data-alpine-badge]').count(), 0, 'a shopper does not');
  await other.goto('/');
  assert.equal(await other.locator('[data-alpine-badge]').count(), 0, 'nor is the preview cached for others');
  await staffBrowser.close();
  await shopper.close();
});
