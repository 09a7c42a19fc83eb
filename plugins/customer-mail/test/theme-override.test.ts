import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../../kernel/config.ts';
import { expectStatus, mailsAbout, mailShop, paidOrder, placeOrder, runBackground, STORE_NAME } from './helpers.ts';

/** A themes folder with one theme, `files` relative to its `mail/` folder; removed after the test. */
function themesDir(t: { after: (fn: () => void) => void }, files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-themes-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const theme = path.join(dir, 'harbour');
  fs.mkdirSync(path.join(theme, 'mail'), { recursive: true });
  fs.writeFileSync(path.join(theme, 'theme.json'), JSON.stringify({ name: 'harbour', version: '1.0.0', storeVersions: '>=0.1.0' }));
  for (const [name, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(theme, 'mail', name)), { recursive: true });
    fs.writeFileSync(path.join(theme, 'mail', name), body);
  }
  return dir;
}

test('the active theme overrides templates by file name: for every language at mail/, per language in mail/<lang>/', async (t) => {
  const dir = themesDir(t, {
    'order-confirmation.subject.liquid': 'Ahoy! {{ order.order_number }} from {{ store.name }}',
    'de/order-confirmation.text.liquid': 'Servus {{ customer_name }}, {{ order.total | money }} bezahlt.',
    'layout.html.liquid': '<main class="harbour">{{ store.name }}|{% block content %}{% endblock %}</main>',
  });
  const shop = await mailShop(t, { env: { THEMES_DIR: dir, THEME: 'harbour' }, settings: { languages: ['en', 'de'] } });
  const english = await paidOrder(shop, { language: 'en' });
  const german = await paidOrder(shop, { language: 'de', address: { first_name: '<i>Ada</i>' } });
  await runBackground(shop);

  const [en] = await mailsAbout(shop, english.order_number);
  assert.equal(en.subject, `Ahoy! ${english.order_number} from ${STORE_NAME}`);
  assert.match(en.text, /^Hello Ada Lovelace,/, 'the text part is still the default');
  assert.ok(en.html.includes('<main class="harbour">Kiosk &amp; Co|'), en.html);
  assert.ok(en.html.includes(`Order number: ${english.order_number}`), 'the default content inside the theme frame');

  const [de] = await mailsAbout(shop, german.order_number);
  assert.equal(de.subject, `Ahoy! ${german.order_number} from ${STORE_NAME}`);
  assert.equal(de.text.trim(), 'Servus <i>Ada</i> Lovelace, 25,00\u00a0$ bezahlt.');
  assert.ok(de.html.includes('<main class="harbour">'));
  assert.ok(de.html.includes('Hallo &lt;i&gt;Ada&lt;/i&gt; Lovelace,'), 'theme or not, HTML output is escaped');
});

test('a theme template that does not parse falls back to the default, and the mail still goes out', async (t) => {
  const dir = themesDir(t, { 'order-cancelled.html.liquid': '{% if %}broken' });
  const shop = await mailShop(t, { env: { THEMES_DIR: dir, THEME: 'harbour' } });
  const payment = await placeOrder(shop);
  expectStatus(await shop.staff.post(`/api/v1/orders/${payment.order.id}/cancel/`, {}), 200);
  await runBackground(shop);
  const [mail] = await mailsAbout(shop, payment.order.order_number);
  assert.equal(mail.subject, `Order ${payment.order.order_number} cancelled – ${STORE_NAME}`);
  assert.ok(mail.html.includes('has been cancelled'), mail.html);
  assert.ok(!mail.html.includes('broken'));
});

test('a store without the named theme uses the default templates; THEME must be a folder name', async (t) => {
  const shop = await mailShop(t, { env: { THEME: 'not-installed' } });
  const order = await paidOrder(shop);
  await runBackground(shop);
  const [mail] = await mailsAbout(shop, order.order_number);
  assert.equal(mail.subject, `Order ${order.order_number} confirmed – ${STORE_NAME}`);

  assert.equal(loadConfig({}).theme, 'default');
  assert.ok(fs.existsSync(path.join(loadConfig({}).themesDir, 'default', 'theme.json')), 'THEMES_DIR defaults to the bundled themes');
  for (const theme of ['../etc', 'a/b', '.hidden']) assert.throws(() => loadConfig({ THEME: theme }), ConfigError, theme);
});

test('mails follow the theme activated over the API, and a child theme uses its parent\'s mail templates', async (t) => {
  const dir = themesDir(t, { 'order-confirmation.subject.liquid': 'Harbour {{ order.order_number }}' });
  const child = path.join(dir, 'harbour-night');
  fs.mkdirSync(child);
  fs.writeFileSync(path.join(child, 'theme.json'), JSON.stringify({ name: 'harbour-night', version: '1.0.0', storeVersions: '>=0.1.0', extends: 'harbour' }));
  // THEME names a theme this folder does not hold: the default templates until staff activate one.
  const shop = await mailShop(t, { env: { THEMES_DIR: dir, THEME: 'default' } });
  const before = await paidOrder(shop);
  await runBackground(shop);
  assert.equal((await mailsAbout(shop, before.order_number))[0].subject, `Order ${before.order_number} confirmed – ${STORE_NAME}`);

  expectStatus(await shop.staff.post('/api/v1/themes/harbour-night/activate/', {}), 200);
  const after = await paidOrder(shop);
  await runBackground(shop);
  assert.equal((await mailsAbout(shop, after.order_number))[0].subject, `Harbour ${after.order_number}`);
});
