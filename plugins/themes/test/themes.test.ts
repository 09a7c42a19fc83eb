import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clientStore, expectStatus, openClientStore, Client } from '../../../test/helpers/client.ts';
import { startTestStore } from '../../../test/helpers/store.ts';
import { SessionClient, authHeader, staffApiKey } from '../../../test/helpers/auth.ts';
import type { ThemeRegistry } from '../theme-registry.ts';
import { statementsDuring } from '../../../test/helpers/statements.ts';
import { waitFor } from '../../../kernel/test/helpers.ts';

/** Theme folders in a temp folder: name → files (path → content; objects are written as JSON). */
function themeFolders(t: { after: (fn: () => void) => void }, themes: Record<string, Record<string, unknown>>): Record<string, string> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-themes-'));
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  const dirs: Record<string, string> = {};
  for (const [name, files] of Object.entries(themes)) {
    dirs[name] = path.join(root, name);
    for (const [file, content] of Object.entries(files)) {
      const target = path.join(root, name, file);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, typeof content === 'string' ? content : JSON.stringify(content));
    }
  }
  return dirs;
}

const manifest = (name: string, more: Record<string, unknown> = {}) => ({ name, version: '1.0.0', storeVersions: '>=0.1.0', ...more });

// A child of the bundled default theme: one file and one setting default of its own, one string more.
function childTheme(t: { after: (fn: () => void) => void }) {
  return themeFolders(t, {
    alpine: {
      'theme.json': manifest('alpine', { extends: 'default', settings: [{ id: 'hero_title', default: 'Welcome to the mountains' }, { id: 'show_snow', type: 'checkbox', label: 'Show snow', default: false }] }),
      'sections/hero.liquid': '<section class="alpine">{{ settings.hero_title }}</section>',
      'locales/de.json': { home: { featured_products: 'Bergprodukte' }, alpine: { peak: 'Gipfel' } },
    },
  });
}

test('staff list the installed themes; the bundled default is active with its settings schema', async (t) => {
  const { staff } = await clientStore(t);
  const body = expectStatus(await staff.get('/api/v1/themes/'), 200);
  assert.equal(body.count, 1);
  const [theme] = body.results;
  assert.equal(theme.name, 'default');
  assert.equal(theme.active, true);
  assert.equal(theme.usable, true);
  assert.equal(theme.reason, null);
  assert.equal(theme.parent, null);
  assert.equal(theme.source, 'THEMES_DIR');
  assert.equal(theme.settings_schema.properties.color_primary.pattern, '^#[0-9a-fA-F]{6}$');
  assert.deepEqual(theme.settings_schema.properties.product_grid_columns.enum, ['2', '3', '4']);
  assert.equal(theme.settings_schema.properties.featured_products_count.maximum, 24);
  assert.deepEqual(expectStatus(await staff.get('/api/v1/themes/default/'), 200), theme);
  const settings = expectStatus(await staff.get('/api/v1/themes/default/settings/'), 200);
  assert.equal(settings.theme, 'default');
  assert.equal(settings.settings.featured_products_count, 8);
  assert.equal(settings.settings.color_primary, '#1f4b99');
  const openapi = expectStatus(await staff.get('/latest/openapi.json'), 200);
  assert.ok(openapi.webhooks['theme.activated'] && openapi.webhooks['theme.updated'], 'webhook endpoints may subscribe to the theme events');
  assert.ok(openapi.paths['/api/v1/themes/{name}/settings/'].put);
});

test('only staff reach the themes: anonymous 401, a customer 403; unknown themes 404', async (t) => {
  const { store, staff, anon } = await clientStore(t);
  assert.equal(expectStatus(await anon.get('/api/v1/themes/'), 401).code, 'not_authenticated');
  const shopper = new SessionClient(store);
  assert.equal((await shopper.register({ email: 'shopper@example.com', password: 'correct horse battery' })).statusCode, 201);
  for (const [method, url, payload] of [['GET', '/api/v1/themes/'], ['POST', '/api/v1/themes/default/activate/'], ['PUT', '/api/v1/themes/default/settings/', { settings: {} }]] as const) {
    const res = await shopper.request({ method, url, ...(payload ? { payload } : {}) });
    assert.equal(res.statusCode, 403, `${method} ${url}`);
  }
  assert.equal(expectStatus(await anon.put('/api/v1/themes/default/settings/', { settings: { hero_title: 'x' } }), 401).code, 'not_authenticated');
  assert.equal(expectStatus(await staff.get('/api/v1/themes/nope/'), 404).code, 'not_found');
  assert.equal(expectStatus(await staff.post('/api/v1/themes/nope/activate/', {}), 404).code, 'not_found');
  assert.equal(expectStatus(await staff.put('/api/v1/themes/nope/settings/', { settings: {} }), 404).code, 'not_found');
  assert.equal(await store.kernel.knex('theme_states').count({ n: '*' }).first().then((r: any) => Number(r.n)), 0, 'nothing was stored');
});

test('settings are validated against the theme: every bad or unknown setting named; a good change is stored and emitted', async (t) => {
  const { store, staff } = await clientStore(t);
  const bad = expectStatus(await staff.put('/api/v1/themes/default/settings/', {
    settings: { color_primary: 'blue', featured_products_count: 25, product_grid_columns: '5', show_stock_level: 'yes', hero_image_url: 'javascript:alert(1)', sparkles: true },
  }), 400);
  assert.equal(bad.code, 'invalid');
  assert.deepEqual(Object.keys(bad.errors).sort(), ['settings.color_primary', 'settings.featured_products_count', 'settings.hero_image_url', 'settings.product_grid_columns', 'settings.show_stock_level', 'settings.sparkles']);
  assert.match(bad.errors['settings.featured_products_count'][0], /from 0 to 24/);
  assert.equal(expectStatus(await staff.put('/api/v1/themes/default/settings/', { settings: { featured_products_count: 2.5 } }), 400).errors['settings.featured_products_count'].length, 1, 'a range keeps to its step');
  assert.equal((await store.kernel.knex('events').where({ type: 'theme.updated' })).length, 0);

  const good = expectStatus(await staff.put('/api/v1/themes/default/settings/', { settings: { color_primary: '#000000', featured_products_count: 12, hero_image_url: 'https://cdn.example.com/hero.jpg' } }), 200);
  assert.equal(good.settings.color_primary, '#000000');
  assert.equal(good.settings.featured_products_count, 12);
  assert.equal(good.settings.hero_title, 'Welcome to our store', 'left out: the default');
  assert.deepEqual(expectStatus(await staff.get('/api/v1/themes/default/settings/'), 200), good);
  const [event] = await store.kernel.knex('events').where({ type: 'theme.updated' });
  assert.equal(JSON.parse(event.data).settings.featured_products_count, 12);

  // PUT replaces: what is left out goes back to its default.
  const reset = expectStatus(await staff.put('/api/v1/themes/default/settings/', { settings: { hero_title: 'Hello' } }), 200);
  assert.equal(reset.settings.color_primary, '#1f4b99');
  assert.equal(reset.settings.hero_title, 'Hello');
});

test('activation is stored: it survives a restart and is seen by a second instance; THEME is only the default', async (t) => {
  const dirs = childTheme(t);
  const first = await openClientStore({ env: { THEMES: dirs.alpine } });
  t.after(() => first.store.close());
  const generation = first.store.kernel.responseCache.generation;
  const activated = expectStatus(await first.staff.post('/api/v1/themes/alpine/activate/', {}), 200);
  assert.ok(first.store.kernel.responseCache.generation > generation, 'cached anonymous answers were dropped');
  assert.equal(activated.active, true);
  assert.equal(activated.parent, 'default');
  assert.equal(activated.source, dirs.alpine);
  const list = expectStatus(await first.staff.get('/api/v1/themes/'), 200).results;
  assert.deepEqual(list.map((th: any) => [th.name, th.active]), [['alpine', true], ['default', false]]);
  const [event] = await first.store.kernel.knex('events').where({ type: 'theme.activated' });
  assert.equal(JSON.parse(event.data).name, 'alpine');
  // The storefront and the mails ask for the active theme from memory: this instance's choice at once,
  // and without a read each time.
  const registry = first.store.kernel.container.resolve<ThemeRegistry>('themeRegistry');
  const reads = await statementsDuring(first.store.kernel.knex, async () => {
    for (let i = 0; i < 3; i++) assert.equal(await registry.activeName(), 'alpine');
  });
  assert.ok(reads.filter((q) => /theme_states/.test(q.sql)).length <= 1, JSON.stringify(reads));

  const second = await startTestStore({ shareWith: first.store, env: { THEMES: dirs.alpine, THEME: 'default' } });
  const staff = new Client(second, authHeader(await staffApiKey(second)));
  assert.equal(expectStatus(await staff.get('/api/v1/themes/alpine/'), 200).active, true);
  assert.equal(await second.kernel.container.resolve<ThemeRegistry>('themeRegistry').activeName(), 'alpine');
  expectStatus(await staff.post('/api/v1/themes/default/activate/', {}), 200);
  assert.equal(expectStatus(await first.staff.get('/api/v1/themes/default/'), 200).active, true, 'the first instance sees the second\'s choice');
  await waitFor(async () => (await registry.activeName()) === 'default', "the first instance's storefront and mails to follow within 2 s", 5_000);
  assert.equal((await first.store.kernel.knex('theme_states').where({ active: 1 })).length, 1, 'one active theme');
});

test('a child theme resolves files, settings and locales through its extends chain; paths never leave the themes', async (t) => {
  const dirs = childTheme(t);
  fs.symlinkSync('/etc', path.join(dirs.alpine, 'assets'));
  const { store, staff } = await clientStore(t, { env: { THEMES: dirs.alpine, THEME: 'alpine' } });
  const child = expectStatus(await staff.get('/api/v1/themes/alpine/'), 200);
  assert.equal(child.active, true, 'THEME is the active theme while none was activated');
  assert.equal(child.settings_schema.properties.hero_title.default, 'Welcome to the mountains', 'its own default');
  assert.equal(child.settings_schema.properties.hero_title['x-setting-type'], 'text', 'the parent\'s field otherwise');
  assert.equal(child.settings_schema.properties.show_snow.type, 'boolean');
  assert.equal(child.settings_schema.properties.color_primary.default, '#1f4b99', 'inherited');
  const settings = expectStatus(await staff.get('/api/v1/themes/alpine/settings/'), 200).settings;
  assert.equal(settings.hero_title, 'Welcome to the mountains');
  assert.equal(settings.featured_products_count, 8);
  assert.equal(settings.show_snow, false);
  expectStatus(await staff.put('/api/v1/themes/alpine/settings/', { settings: { show_snow: true } }), 200);
  assert.equal(expectStatus(await staff.get('/api/v1/themes/default/settings/'), 200).settings.show_snow, undefined, 'the parent keeps its own settings');

  const registry = store.kernel.container.resolve<ThemeRegistry>('themeRegistry');
  assert.equal(registry.resolveFile('alpine', 'sections/hero.liquid'), fs.realpathSync(path.join(dirs.alpine, 'sections/hero.liquid')));
  assert.equal(registry.resolveFile('alpine', 'locales/en.json'), fs.realpathSync(path.join(registry.get('default')!.dir, 'locales/en.json')), 'the parent\'s file');
  assert.equal(registry.resolveFile('alpine', 'templates/nothing.liquid'), undefined);
  for (const evil of ['../default/theme.json', 'sections/../../default/theme.json', '/etc/passwd', 'assets/passwd', '', '.', 'sections//hero.liquid', 'sections\\..\\theme.json', '%2e%2e/theme.json', 'sections/hero.liquid\0']) {
    assert.equal(registry.resolveFile('alpine', evil), undefined, evil);
  }
  const german = registry.locale('alpine', 'de') as any;
  assert.equal(german.home.featured_products, 'Bergprodukte', 'the child changes one string');
  assert.deepEqual(german.alpine, { peak: 'Gipfel' }, 'and adds its own');
  assert.equal(german.general.skip_to_content, 'Zum Inhalt springen', 'the parent\'s strings stay');
  assert.equal(german.cart.title, 'Warenkorb');
  assert.equal((registry.locale('alpine', 'en') as any).home.featured_products, 'Featured products');
});

test('broken themes are listed as unusable with their reason and refused with 409; the store still runs', async (t) => {
  const dirs = themeFolders(t, {
    loop_a: { 'theme.json': manifest('loop_a', { extends: 'loop_b' }) },
    loop_b: { 'theme.json': manifest('loop_b', { extends: 'loop_a' }) },
    orphan: { 'theme.json': manifest('orphan', { extends: 'missing' }) },
    broken: { 'theme.json': '{ "name": "broken", ' },
    future: { 'theme.json': manifest('future', { storeVersions: '>=9.0.0' }) },
    badset: { 'theme.json': manifest('badset', { settings: [{ id: 'mood', type: 'select', label: 'Mood', default: 'x' }] }) },
    baddefault: { 'theme.json': manifest('baddefault', { settings: [{ id: 'size', type: 'range', label: 'Size', min: 1, max: 5, default: 9 }] }) },
  });
  const { staff } = await clientStore(t, { env: { THEMES: Object.values(dirs).join(',') } });
  const byName = Object.fromEntries(expectStatus(await staff.get('/api/v1/themes/?page_size=100'), 200).results.map((th: any) => [th.name, th]));
  assert.equal(byName.default.usable, true);
  assert.match(byName.loop_a.reason, /extends chain is a cycle: loop_a → loop_b → loop_a/);
  assert.match(byName.loop_b.reason, /cycle/);
  assert.match(byName.orphan.reason, /extends "missing", which is not installed/);
  assert.match(byName.broken.reason, /theme\.json is not valid JSON/);
  assert.match(byName.future.reason, /supports Storekeep >=9\.0\.0, but this store is Storekeep/);
  assert.match(byName.badset.reason, /setting "mood": a select needs options/);
  assert.match(byName.baddefault.reason, /the default of "size" does not satisfy its own field/);
  for (const name of ['loop_a', 'orphan', 'broken', 'future', 'badset', 'baddefault']) {
    assert.equal(byName[name].usable, false, name);
    assert.equal(byName[name].settings_schema, null, name);
    const refused = expectStatus(await staff.post(`/api/v1/themes/${name}/activate/`, {}), 409);
    assert.equal(refused.code, 'theme_unusable');
    assert.match(refused.detail, new RegExp(`Theme "${name}" cannot be used`));
    assert.equal(expectStatus(await staff.put(`/api/v1/themes/${name}/settings/`, { settings: {} }), 409).code, 'theme_unusable');
  }
  assert.equal(expectStatus(await staff.get('/api/v1/themes/default/'), 200).active, true);
});

test('a THEMES entry that is neither a folder nor a package is listed as unusable', async (t) => {
  const { staff } = await clientStore(t, { env: { THEMES: '@acme/no-such-theme' } });
  const theme = expectStatus(await staff.get('/api/v1/themes/@acme%2Fno-such-theme/'), 200);
  assert.equal(theme.usable, false);
  assert.match(theme.reason, /neither a folder nor an installed npm package/);
});
