import assert from 'node:assert/strict';
import path from 'node:path';
import { after, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { guestCheckout } from '../../packages/sdk/testing/guest-checkout.ts';
import { startReceiver, type Receiver } from '../../plugins/webhooks/test/receiver.ts';
import { browserShop, expectAccessible, expectNoSidewaysScroll } from '../helpers/browser.ts';
import { expectStatus } from '../helpers/client.ts';
import { staffApiKey } from '../helpers/auth.ts';
import { REPO_ROOT } from '../helpers/process.ts';

// The owner of `npm start` (ADMIN_*), the example gateway whose admin widget shows on the order page, the
// example theme to activate, and webhook deliveries to a receiver on loopback.
const OWNER = { email: 'owner@shop.example', password: 'a long owner password' };
const shop = browserShop({
  workers: true,
  env: {
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    PLUGINS: path.join(REPO_ROOT, 'examples', 'payment-acme'),
    THEMES: path.join(REPO_ROOT, 'examples', 'theme-alpine'),
    OUTBOUND_ALLOW_PRIVATE: 'true',
  },
});

let browser: BrowserContext;
let page: Page;
let receiver: Receiver;
const problems: string[] = [];

// The shop's own before hook has not run when a sibling one would: the first test opens the browser.
async function openPanel(): Promise<void> {
  receiver = await startReceiver();
  browser = await shop().context({ width: 1280, height: 900 });
  page = await browser.newPage();
  page.on('pageerror', (err) => problems.push(err.message));
}

after(async () => {
  await browser?.close();
  await receiver?.close();
});

/** Fills a field found by its label. */
const fill = (label: string | RegExp, value: string) => page.getByLabel(label, { exact: typeof label === 'string' }).fill(value);
const heading = (text: string) => page.getByRole('heading', { level: 1, name: text }).waitFor();

async function signIn(email: string, password: string): Promise<void> {
  await page.goto('/admin/');
  await fill('E-mail', email);
  await fill('Password', password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function eventually(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('the panel is one page with a strict CSP, and its bundle is cached by content hash', async () => {
  await openPanel();
  const { base } = shop();
  const res = await page.request.get(`${base}/admin/orders/?status=processing`);
  assert.equal(res.status(), 200);
  const csp = res.headers()['content-security-policy']!;
  assert.match(csp, /script-src 'self'(;|$)/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.doesNotMatch(csp, /unsafe-inline/);
  const html = await res.text();
  const script = /src="(\/admin\/assets\/admin-[A-Z0-9]+\.js)"/.exec(html)?.[1];
  assert.ok(script, html);
  const asset = await page.request.get(`${base}${script}`);
  assert.equal(asset.status(), 200);
  assert.match(asset.headers()['cache-control']!, /immutable/);
  assert.equal((await page.request.get(`${base}/admin/assets/admin-NOPE.js`)).status(), 404);
});

test('a customer account is refused at sign-in and left signed out', async () => {
  const { store } = shop();
  const customer = { email: 'shopper@example.com', password: 'a shopper password' };
  const csrf = 'c'.repeat(32);
  const reg = await store.inject({ method: 'POST', url: '/api/v1/auth/register/', headers: { cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf }, payload: customer });
  assert.equal(reg.statusCode, 201, reg.body);
  await signIn(customer.email, customer.password);
  await page.getByRole('alert').filter({ hasText: 'customer account' }).waitFor();
  const me = await page.request.get(`${shop().base}/api/v1/auth/me/`);
  assert.equal(me.status(), 401, 'the session the login made is gone');
});

test('wrong credentials show the API refusal; the owner signs in with ADMIN_* and sees the dashboard', async () => {
  await signIn(OWNER.email, 'not the password at all');
  await page.getByRole('alert').waitFor();
  await fill('Password', OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await heading('Dashboard');
  await page.getByText('orders', { exact: false }).first().waitFor();
  const cookies = await browser.cookies();
  const session = cookies.find((c) => c.name === 'sessionid')!;
  assert.equal(session.httpOnly, true);
  assert.equal(session.secure, true);
  await expectAccessible(page);
});

let productId = 0;

test('creates a product with two options, four variants and a German translation', async () => {
  const { staff } = shop();
  await page.getByRole('link', { name: 'Products' }).click();
  await heading('Products');
  await page.getByRole('link', { name: 'New product' }).click();
  await heading('New product');
  await fill('Name', 'Trail Jacket');
  await fill('Option 1 name', 'Colour');
  await fill('Option 1 values, comma-separated', 'Red, Blue');
  await page.getByRole('button', { name: 'Add option' }).click();
  await fill('Option 2 name', 'Size');
  await fill('Option 2 values, comma-separated', 'S, M');
  assert.equal(await page.locator('table.variants tbody tr').count(), 4);
  for (const v of ['Red / S', 'Red / M', 'Blue / S', 'Blue / M']) {
    await fill(`Price of ${v}`, v.startsWith('Red') ? '89.00' : '92.50');
    await fill(`Weight of ${v} in grams`, '850');
  }
  await fill('Price of Blue / M in EUR', '85.00');
  await fill('Name (de)', 'Wanderjacke');
  await page.getByLabel('Status').selectOption('active');
  // A refusal shows next to its field: an SKU used twice.
  await fill('SKU of Red / M', 'TRAIL-JACKET-RED-S');
  await page.getByRole('button', { name: 'Create product' }).click();
  await page.locator('[data-field-error^="variants"]').first().waitFor();
  await fill('SKU of Red / M', 'TRAIL-JACKET-RED-M');
  await page.getByRole('button', { name: 'Create product' }).click();
  await heading('Trail Jacket');
  productId = Number(/\/admin\/products\/(\d+)\//.exec(page.url())![1]);

  const product = expectStatus(await staff.get(`/api/v1/products/${productId}/`), 200);
  assert.equal(product.status, 'active');
  assert.deepEqual(product.options.map((o: any) => [o.name, o.values]), [['Colour', ['Red', 'Blue']], ['Size', ['S', 'M']]]);
  assert.equal(product.variants.length, 4);
  const blueM = product.variants.find((v: any) => v.options.Colour === 'Blue' && v.options.Size === 'M');
  assert.equal(blueM.price.amount, '92.50');
  assert.equal(blueM.prices.EUR.amount, '85.00');
  assert.equal(blueM.weight, 850);
  assert.equal(product.translations.de.name, 'Wanderjacke');
  await expectAccessible(page);
});

test('sets stock in two warehouses', async () => {
  const { staff } = shop();
  await page.getByRole('link', { name: 'Warehouses' }).click();
  await page.getByRole('link', { name: 'New warehouse' }).click();
  await fill('Name', 'Outlet');
  await fill('Code', 'OUTLET');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('link', { name: 'Outlet' }).waitFor();
  await page.goto(`/admin/products/${productId}/`);
  await page.getByRole('link', { name: 'Stock of Red / S' }).click();
  await page.getByRole('heading', { name: /Stock of TRAIL-JACKET-RED-S/ }).waitFor();
  const warehouses = expectStatus(await staff.get('/api/v1/warehouses/'), 200).results;
  assert.equal(warehouses.length, 2);
  for (const [i, w] of warehouses.entries()) await fill(`Set on hand in ${w.name}`, String(5 + i * 2));
  await page.getByRole('button', { name: 'Save stock' }).click();
  await page.getByRole('status').filter({ hasText: 'Stock saved.' }).waitFor();
  const variant = expectStatus(await staff.get('/api/v1/variants/?sku=TRAIL-JACKET-RED-S'), 200).results[0];
  const levels = expectStatus(await staff.get(`/api/v1/inventory/?variant_id=${variant.id}`), 200).results;
  assert.deepEqual(levels.map((l: any) => l.quantity).sort(), [5, 7]);
  assert.deepEqual(await page.locator('[data-on-hand]').allTextContents(), warehouses.map((_: unknown, i: number) => String(5 + i * 2)));
  // Adjust with a reason: the movements ledger records it.
  await fill(`Adjust in ${warehouses[0].name} by`, '-1');
  await fill('Reason for adjustments', 'damaged in store');
  await page.getByRole('button', { name: 'Save stock' }).click();
  await page.getByRole('cell', { name: 'damaged in store' }).waitFor();
  await expectAccessible(page);
});

test('an API key is created (shown once), works with Authorization: Token, and stops at once when revoked', async () => {
  const { store } = shop();
  await page.getByRole('link', { name: 'API keys' }).click();
  await heading('API keys');
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.locator('[data-field-error="name"]').waitFor();
  await fill('Name', 'ERP sync');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = await page.locator('[data-once-secret]').inputValue();
  assert.match(key, /^sk_live_/);
  const asKey = () => store.inject({ method: 'GET', url: '/api/v1/orders/', headers: { authorization: `Token ${key}` } });
  assert.equal((await asKey()).statusCode, 200);
  const row = page.locator('tr[data-key-name="ERP sync"]');
  assert.equal((await row.locator('code').textContent())!.slice(-4), key.slice(-4));
  await expectAccessible(page);

  // Gone from the page once the operator leaves it.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await heading('Dashboard');
  await page.goBack();
  await heading('API keys');
  assert.equal(await page.locator('[data-once-secret]').count(), 0);
  assert.equal(await page.getByText(key).count(), 0);

  await row.getByRole('button', { name: 'Revoke' }).click();
  await row.getByRole('button', { name: 'Yes, revoke' }).click();
  await row.getByText('revoked').waitFor();
  assert.equal((await asKey()).statusCode, 401);
});

test('a webhook endpoint created in the panel receives deliveries, shown in its log', async () => {
  const { staff } = shop();
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await heading('Webhooks');
  await fill('URL (HTTPS)', receiver.url);
  await page.getByRole('checkbox', { name: 'product.updated' }).check();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const secret = await page.locator('[data-once-secret]').inputValue();
  assert.ok(secret.length >= 16);
  expectStatus(await staff.patch(`/api/v1/products/${productId}/`, { description: 'Waterproof.' }), 200);
  await eventually(async () => receiver.received.some((r) => r.body?.type === 'product.updated'), 'the delivery');
  await page.getByRole('link', { name: receiver.url }).click();
  const delivery = page.locator('tr[data-event-type="product.updated"]').first();
  await eventually(async () => {
    await page.reload();
    await page.getByRole('heading', { name: 'Deliveries' }).waitFor();
    return (await delivery.count()) > 0 && /succeeded/.test((await delivery.textContent()) ?? '');
  }, 'the delivery in the log');
  assert.match((await delivery.textContent())!, /200/);
  await expectAccessible(page);
});

test('ships half of an order and refunds one line with restock; the stock levels show it; the plugin widget is on the order page', async () => {
  const { store, staff } = shop();
  const variants = expectStatus(await staff.get(`/api/v1/products/${productId}/`), 200).variants;
  const redS = variants.find((v: any) => v.sku === 'TRAIL-JACKET-RED-S');
  const redM = variants.find((v: any) => v.sku === 'TRAIL-JACKET-RED-M');
  const warehouses = expectStatus(await staff.get('/api/v1/warehouses/'), 200).results;
  expectStatus(await staff.post('/api/v1/inventory/bulk/', { records: [{ variant_id: redM.id, warehouse_id: warehouses[0].id, quantity: 3 }] }), 200);
  const before = async (id: number) => expectStatus(await staff.get(`/api/v1/inventory/?variant_id=${id}`), 200).results.reduce((s: number, l: any) => s + l.quantity, 0);
  const redMBefore = await before(redM.id);
  // Bank transfer is a live method: offered once the store leaves test mode.
  expectStatus(await staff.patch('/api/v1/store/', { test_mode: false }), 200);
  let n = 0;
  const { order } = await guestCheckout({ inject: (o) => store.inject(o), staff: () => staffApiKey(store), unique: () => `adm${++n}` }, {
    items: [{ variant_id: redS.id, quantity: 2 }, { variant_id: redM.id, quantity: 1 }],
    paymentMethod: 'manual_bank_transfer',
  });
  await page.goto('/admin/orders/');
  await heading('Orders');
  await page.getByRole('link', { name: order.order_number }).click();
  await heading(`Order ${order.order_number}`);
  await page.locator('[data-zone="order.details"][data-plugin="payment-acme"]').getByText('No Acme card payment on this order.').waitFor();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Capture' }).click();
  await page.getByRole('button', { name: 'Create shipment' }).waitFor();
  await page.getByRole('button', { name: 'Create shipment' }).click();
  await fill(/^Trail Jacket \(TRAIL-JACKET-RED-S\), up to 2$/, '1');
  await fill(/^Trail Jacket \(TRAIL-JACKET-RED-M\), up to 1$/, '0');
  await fill('Carrier', 'DHL');
  await fill('Tracking number', 'JD0001');
  await page.getByRole('button', { name: 'Ship', exact: true }).click();
  await page.getByText('Shipped with DHL, tracking JD0001').waitFor();

  await page.getByRole('button', { name: 'Refund' }).click();
  await fill(/^Trail Jacket \(TRAIL-JACKET-RED-M\), up to 1$/, '1');
  await fill('Reason', 'customer changed their mind');
  await page.getByRole('button', { name: 'Refund', exact: true }).last().click();
  await page.getByText(/customer changed their mind \(restocked\)/).first().waitFor();

  const after = expectStatus(await staff.get(`/api/v1/orders/${order.id}/?expand=items`), 200);
  assert.equal(after.fulfillment_status, 'partial');
  assert.equal(after.payment_status, 'partially_refunded');
  assert.equal(after.shipments.length, 1);
  assert.equal(after.refunds.length, 1);
  assert.equal(await before(redM.id), redMBefore, 'the refunded unit is back in stock (it never left)');
  const redMLevels = expectStatus(await staff.get(`/api/v1/inventory/?variant_id=${redM.id}`), 200).results;
  assert.equal(redMLevels.reduce((s: number, l: any) => s + l.reserved, 0), 0, 'its reservation is released');

  await page.goto(`/admin/inventory/?variant_id=${redS.id}`);
  await page.getByRole('heading', { name: /Stock of TRAIL-JACKET-RED-S/ }).waitFor();
  const onHand = (await page.locator('[data-on-hand]').allTextContents()).map(Number);
  assert.equal(onHand.reduce((a, b) => a + b, 0), 4 + 7 - 1, 'one shipped unit left the warehouse: 11 − 1 = 10 on hand');
  await page.getByRole('cell', { name: /ship/ }).first().waitFor();
});

test('changes the store’s currencies', async () => {
  const { staff } = shop();
  await page.getByRole('link', { name: 'Store', exact: true }).click();
  await heading('Store settings');
  await fill('Currencies (codes, comma-separated)', 'USD, EUR, GBP');
  await fill('Exchange rates from the default currency (one per line, EUR=0.92)', 'EUR=0.92\nGBP=0.79');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  const store = expectStatus(await staff.get('/api/v1/store/'), 200);
  assert.deepEqual(store.currencies, ['USD', 'EUR', 'GBP']);
  assert.equal(store.exchange_rates.GBP, '0.79');
  // A refusal names its field: an unknown currency.
  await fill('Currencies (codes, comma-separated)', 'USD, EUR, XXQ');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.locator('[data-field-error="currencies"]').waitFor();
  await expectAccessible(page);
});

test('activates a theme and changes its settings', async () => {
  const { staff } = shop();
  await page.getByRole('link', { name: 'Themes' }).click();
  await heading('Themes');
  await page.getByRole('button', { name: 'Activate alpine' }).click();
  await eventually(async () => expectStatus(await staff.get('/api/v1/themes/alpine/'), 200).active === true, 'alpine active');
  await page.getByRole('button', { name: 'Settings of alpine' }).click();
  await page.getByLabel(/badge above the title/).fill('Winter sale');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  assert.equal(expectStatus(await staff.get('/api/v1/themes/alpine/settings/'), 200).settings.hero_badge, 'Winter sale');
  await expectAccessible(page);
  expectStatus(await staff.post('/api/v1/themes/default/activate/', {}), 200);
});

test('a plugin\'s settings form comes from its schema: a secret is written, never shown, and a refusal names the field', async () => {
  const { staff } = shop();
  await page.getByRole('link', { name: 'Plugins' }).click();
  const row = page.locator('tr[data-plugin="payment-acme"]');
  await row.waitFor();
  await row.getByRole('button', { name: 'Settings' }).click();
  const secret = page.getByLabel('Webhook secret');
  assert.equal(await secret.getAttribute('type'), 'password');
  await secret.fill('too short');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.locator('[data-field-error="settings.webhook_secret"]').waitFor();
  await secret.fill('a signing secret of acme, long enough');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('button', { name: 'Save settings' }).waitFor({ state: 'detached' });
  const plugin = expectStatus(await staff.get('/api/v1/plugins/payment-acme/'), 200);
  assert.deepEqual(plugin.secrets_set, ['webhook_secret']);
  assert.equal(JSON.stringify(plugin.settings).includes('long enough'), false);
  await expectAccessible(page);
});

test('bulk unpublish from the product list; blocking a customer', async () => {
  const { staff } = shop();
  await page.goto('/admin/products/?search=Trail');
  await page.getByRole('checkbox', { name: 'Select Trail Jacket' }).check();
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await eventually(async () => expectStatus(await staff.get(`/api/v1/products/${productId}/`), 200).status === 'draft', 'the product a draft');
  await page.getByRole('link', { name: 'Customers' }).click();
  await heading('Customers');
  await page.getByRole('link', { name: 'shopper@example.com' }).click();
  await page.getByRole('button', { name: 'Block' }).click();
  await page.getByRole('button', { name: 'Yes, block' }).click();
  await page.getByRole('button', { name: 'Unblock' }).waitFor();
  const blocked = expectStatus(await staff.get('/api/v1/customers/?search=shopper'), 200).results[0];
  assert.equal(blocked.is_active, false);
  await expectAccessible(page);
});

test('every screen is accessible and fits a phone; plugins and lists page through the API', async () => {
  const phone = await shop().context({ width: 390, height: 844 });
  const small = await phone.newPage();
  await small.context().addCookies(await browser.cookies());
  const order = expectStatus(await shop().staff.get('/api/v1/orders/?page_size=1'), 200).results[0];
  const endpoint = expectStatus(await shop().staff.get('/api/v1/webhooks/'), 200).results[0];
  const screens = ['', 'orders/', `orders/${order.id}/`, `products/${productId}/`, 'products/new/', 'products/', 'inventory/', 'customers/', 'categories/', 'vouchers/new/', 'shipping/', 'pages/new/', 'warehouses/'];
  screens.push('settings/api-keys/', 'settings/webhooks/', `settings/webhooks/${endpoint.id}/`, 'settings/store/', 'settings/staff/', 'themes/', 'plugins/', 'no-such-screen/');
  for (const screen of screens) {
    await small.goto(`/admin/${screen}`);
    await small.locator('main h1').waitFor();
    await small.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(small);
    await expectAccessible(small);
  }
  await small.getByRole('button', { name: 'Menu' }).click();
  await small.getByRole('link', { name: 'Orders' }).click();
  await small.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  await phone.close();
  assert.deepEqual(problems, []);
});

test('the owner adds a staff member, who is mailed a link to choose a password', async () => {
  const { staff } = shop();
  await page.getByRole('link', { name: 'Staff' }).click();
  await heading('Staff');
  await fill('E-mail', 'packer@shop.example');
  await fill('First name', 'Pat');
  await page.getByRole('button', { name: 'Add member' }).click();
  await page.locator('tr[data-staff="packer@shop.example"]').waitFor();
  const member = expectStatus(await staff.get('/api/v1/staff/?search=packer'), 200).results[0];
  assert.equal(member.role, 'staff');
  assert.equal(member.first_name, 'Pat');
  const row = page.locator('tr[data-staff="packer@shop.example"]');
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await row.getByRole('button', { name: 'Yes, deactivate' }).click();
  await row.getByRole('button', { name: 'Reactivate' }).waitFor();
  assert.equal(expectStatus(await staff.get(`/api/v1/staff/${member.id}/`), 200).is_active, false);
  await expectAccessible(page);
});

test('signing out ends the session', async () => {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in to the admin panel' }).waitFor();
  assert.equal((await page.request.get(`${shop().base}/api/v1/auth/me/`)).status(), 401);
});
