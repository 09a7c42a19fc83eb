import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, expectStatus } from '../../../test/helpers/client.ts';
import { startTestStore, type TestStore } from '../../../test/helpers/store.ts';
import { SessionClient, authHeader, staffApiKey, staffSession } from '../../../test/helpers/auth.ts';
import { captureLogs } from '../../../kernel/test/helpers.ts';

const HTML = { accept: 'text/html,application/xhtml+xml' };
const logs = captureLogs();
let store: TestStore;
let staff: Client;
let themesRoot: string;

// Two extra themes: one whose home template uses a filter that does not exist, one to preview.
function writeThemes(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-sf-themes-'));
  const files: Record<string, string> = {
    'broken/theme.json': JSON.stringify({ name: 'broken', version: '1.0.0', storeVersions: '>=0.1.0', extends: 'default' }),
    'broken/templates/home.liquid': '<p>{{ shop.name | no_such_filter }}</p>',
    'preview/theme.json': JSON.stringify({ name: 'preview', version: '1.0.0', storeVersions: '>=0.1.0', extends: 'default' }),
    'preview/sections/hero.liquid': '<section class="preview-hero"><h1>{{ settings.hero_title }}</h1></section>',
  };
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

const page = (url: string, headers: Record<string, string> = {}) => store.inject({ url, headers: { ...HTML, ...headers } });

function cookieOf(res: { cookies: Array<{ name: string; value: string }> }, name: string): string | undefined {
  return res.cookies.find((c) => c.name === name)?.value;
}

function formToken(html: string): string {
  const match = /name="csrf_token" value="([^"]+)"/.exec(html);
  assert.ok(match, 'the page has a form with a token');
  return match[1]!;
}

before(async () => {
  themesRoot = writeThemes();
  store = await startTestStore({
    env: { DEMO_DATA: 'true', LOG_LEVEL: 'info', THEMES: ['broken', 'preview'].map((n) => path.join(themesRoot, n)).join(',') },
    logStream: logs.logStream,
  });
  staff = new Client(store, authHeader(await staffApiKey(store)));
  expectStatus(await staff.patch('/api/v1/store/', { languages: ['en', 'de'], currencies: ['USD', 'EUR'], exchange_rates: { EUR: '0.9' } }), 200);
});

after(async () => {
  await store.close();
  fs.rmSync(themesRoot, { recursive: true, force: true });
});

test('the home page renders the active theme with its settings, security headers and hashed assets', async () => {
  expectStatus(await staff.put('/api/v1/themes/default/settings/', { settings: { featured_products_count: 3, hero_title: 'Spring <sale> & more' } }), 200);
  const res = await page('/');
  assert.equal(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /^text\/html/);
  const csp = String(res.headers['content-security-policy']);
  assert.match(csp, /script-src 'self'(;|$)/);
  assert.doesNotMatch(csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '', /unsafe-inline/);
  assert.equal(res.headers['x-frame-options'], 'DENY');
  assert.equal((res.body.match(/class="product-card"/g) ?? []).length, 3, 'as many featured products as the setting says');
  assert.ok(res.body.includes('<h1>Spring &lt;sale&gt; &amp; more</h1>'), 'settings are escaped');
  assert.equal((res.body.match(/<h1[ >]/g) ?? []).length, 1);
  assert.match(res.body, /<link rel="canonical" href="https:\/\/store\.test\/">/);
  assert.match(res.body, /hreflang="de" href="https:\/\/store\.test\/de\/"/);
  const css = /href="(\/assets\/default\/([0-9a-f]{12})\/theme\.css)"/.exec(res.body);
  assert.ok(css, 'the stylesheet has a content-hashed URL');
  const asset = await store.inject({ url: css[1]! });
  assert.equal(asset.statusCode, 200);
  assert.match(String(asset.headers['content-type']), /^text\/css/);
  assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
  const stale = await store.inject({ url: '/assets/default/000000000000/theme.css' });
  assert.equal(stale.statusCode, 200);
  assert.equal(stale.headers['cache-control'], 'public, max-age=300', 'an old hash gets the current file, briefly cached');
  for (const url of ['/assets/default/x/../theme.json', '/assets/default/x/%2e%2e/theme.json', '/assets/nope/x/theme.css', '/assets/default/x/missing.css']) {
    const refused = await store.inject({ url });
    assert.equal(refused.statusCode, 404, url);
  }
});

test('/de/ shows the German strings; an unknown language prefix is the theme 404 page', async () => {
  const de = await page('/de/');
  assert.equal(de.statusCode, 200);
  assert.match(de.body, /<html lang="de">/);
  assert.ok(de.body.includes('Zum Inhalt springen'));
  assert.match(de.body, /<a href="\/de\/cart">Warenkorb/);
  assert.match(de.body, /<link rel="canonical" href="https:\/\/store\.test\/de\/">/);
  const unknown = await page('/xx/');
  assert.equal(unknown.statusCode, 404);
  assert.match(unknown.body, /Page not found/);
  assert.match(unknown.body, /<meta name="robots" content="noindex">/);
});

test('an unknown path is the theme 404 page for browsers and the JSON 404 for the API', async () => {
  const missing = await page('/no/such/page');
  assert.equal(missing.statusCode, 404);
  assert.match(String(missing.headers['content-type']), /^text\/html/);
  assert.match(missing.body, /Page not found/);
  const german = await page('/de/no/such/page');
  assert.equal(german.statusCode, 404);
  assert.match(german.body, /Seite nicht gefunden/);
  const api = await page('/api/v1/no-such-thing/');
  assert.equal(api.statusCode, 404);
  assert.deepEqual(api.json(), { detail: 'Not found.', code: 'not_found' });
  const json = await store.inject({ url: '/no/such/page', headers: { accept: 'application/json' } });
  assert.equal(json.statusCode, 404);
  assert.equal(json.json().code, 'not_found');
});

test('the currency switcher remembers the currency with a valid form token and never redirects off the store', async () => {
  const first = await page('/');
  const token = cookieOf(first, 'csrftoken');
  assert.ok(token, 'the first page issues the form token cookie');
  assert.equal(formToken(first.body), token);
  const post = (form: Record<string, string>, cookie: string) =>
    store.inject({ method: 'POST', url: '/currency', headers: { ...HTML, 'content-type': 'application/x-www-form-urlencoded', cookie }, payload: new URLSearchParams(form).toString() });
  const refused = await post({ currency: 'EUR', return_to: '/', csrf_token: 'wrong' }, `csrftoken=${token}`);
  assert.equal(refused.statusCode, 303);
  assert.equal(cookieOf(refused, 'currency'), undefined, 'a wrong token changes nothing');
  const chosen = await post({ currency: 'EUR', return_to: '//evil.example/x', csrf_token: token! }, `csrftoken=${token}`);
  assert.equal(chosen.statusCode, 303);
  assert.equal(chosen.headers.location, '/');
  assert.equal(cookieOf(chosen, 'currency'), 'EUR');
  const inEuro = await page('/', { cookie: `csrftoken=${token}; currency=EUR` });
  assert.match(inEuro.body, /€/);
  assert.doesNotMatch(inEuro.body, /\$\d/);
  assert.match(inEuro.body, /<option value="EUR" selected>/);
  const back = await post({ currency: 'usd', return_to: '/de/', csrf_token: token! }, `csrftoken=${token}`);
  assert.equal(back.headers.location, '/de/');
  assert.equal(cookieOf(back, 'currency'), 'USD');
});

test('a shared page is cached, yet each visitor gets their own form token', async () => {
  const a = await page('/');
  const b = await page('/');
  const ta = cookieOf(a, 'csrftoken');
  const tb = cookieOf(b, 'csrftoken');
  assert.ok(ta && tb && ta !== tb);
  assert.equal(formToken(a.body), ta);
  assert.equal(formToken(b.body), tb);
  const again = await page('/', { cookie: `csrftoken=${ta}` });
  assert.equal(formToken(again.body), ta);
  assert.equal(cookieOf(again, 'csrftoken'), undefined, 'a visitor with a token keeps it');
  // A change through the API shows on the next page load.
  expectStatus(await staff.put('/api/v1/themes/default/settings/', { settings: { hero_title: 'After the change' } }), 200);
  assert.match((await page('/')).body, /<h1>After the change<\/h1>/);
});

test('a page asked with Cache-Control: no-cache is computed whole: its catalogue reads skip the cache too', async () => {
  const product = expectStatus(await staff.post('/api/v1/products/', { name: 'Fresh kettle', slug: 'fresh-kettle', status: 'active', price: '20.00' }), 201);
  assert.match((await page('/products/fresh-kettle')).body, /Fresh kettle/);
  // Changed behind the response caches' back (no event clears them; the new revision tells the kept
  // product JSON): only a page computed whole can show it.
  await store.kernel.knex('products').where('id', product.id).update({ name: 'Renamed kettle', revision: store.kernel.knex.raw('revision + 1') });
  assert.match((await page('/products/fresh-kettle')).body, /Fresh kettle/, 'the kept page');
  const fresh = await page('/products/fresh-kettle', { 'cache-control': 'no-cache' });
  assert.equal(fresh.statusCode, 200);
  assert.match(fresh.body, /Renamed kettle/);
  expectStatus(await staff.delete(`/api/v1/products/${product.id}/`), 204);
});

test('a broken template answers with the theme error page and a log line naming theme and template', async () => {
  expectStatus(await staff.post('/api/v1/themes/broken/activate/', {}), 200);
  try {
    const res = await page('/');
    assert.equal(res.statusCode, 500);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.match(res.body, /Something went wrong/);
    assert.doesNotMatch(res.body, /no_such_filter|at .*\.ts:\d+/, 'no template source or stack trace reaches the shopper');
    const line = logs.lines.find((l) => l.theme === 'broken' && l.template === 'home');
    assert.ok(line, 'the log names the theme and the template');
    assert.equal((await page('/no/such/page')).statusCode, 404, 'the other templates still work');
  } finally {
    expectStatus(await staff.post('/api/v1/themes/default/activate/', {}), 200);
  }
});

test('staff preview another theme with ?preview_theme=; anonymous visitors and customers do not', async () => {
  const anonymous = await page('/?preview_theme=preview');
  assert.equal(anonymous.statusCode, 200);
  assert.doesNotMatch(anonymous.body, /preview-hero/);
  const { client } = await staffSession(store);
  const previewed = await client.request({ url: '/?preview_theme=preview', headers: HTML });
  assert.equal(previewed.statusCode, 200);
  assert.match(previewed.body, /class="preview-hero"/);
  assert.doesNotMatch((await page('/')).body, /preview-hero/, 'the preview is never cached for others');
  const customer = new SessionClient(store);
  expectStatus(await customer.register({ email: 'preview@example.com', password: 'correct horse battery' }), 201);
  assert.doesNotMatch((await customer.request({ url: '/?preview_theme=preview', headers: HTML })).body, /preview-hero/);
  const unknown = await client.request({ url: '/?preview_theme=nope', headers: HTML });
  assert.equal(unknown.statusCode, 200, 'an unknown theme to preview shows the active one');
});

test('the store name a merchant types is escaped everywhere it shows', async () => {
  expectStatus(await staff.patch('/api/v1/store/', { name: 'Bob\'s <script>alert(1)</script> "Shop"' }), 200);
  const res = await page('/');
  assert.doesNotMatch(res.body, /<script>alert/);
  assert.ok(res.body.includes('Bob&#39;s &lt;script&gt;alert(1)&lt;/script&gt; &#34;Shop&#34;'));
});
