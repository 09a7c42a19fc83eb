import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Knex } from 'knex';
import { kernelModule, waitFor, writePlugins } from '../../kernel/test/helpers.ts';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { staffSession } from '../helpers/auth.ts';
import { isMysql } from '../../kernel/db/dialect.ts';
import { ADDRESS, Client, expectStatus, localPath, methodIds, openCheckout, openShop, pay, type Shop } from '../../plugins/payment-test/test/helpers.ts';
import { registerCustomer } from '../../plugins/core-customers/test/helpers.ts';
import { DEVELOPMENT_SECRET, sign } from '../../examples/payment-acme/signature.ts';
import { definePlugin } from '../../kernel/plugin.ts';
import { SecretBox } from '../../kernel/crypto/secret-box.ts';
import { deliveryBody } from '../../plugins/webhooks/services/deliveries.ts';

// Secrets set through the API in these tests: none may be found anywhere but in the plugin's own hands.
const ACME_SECRET = 'whsec_acme_rotated_0123456789';
const CARRIER_KEY = 'ck_live_carrier_secret_42';
const ENV_KEY = 'ck_from_the_environment_7';

// A shipping-like plugin with settings: a required secret, an enum with an environment default, and a
// flag whose change its handler cannot take (it throws: the plugin goes `failed`).
const tmp = writePlugins({
  'carrier-x': `import { definePlugin } from ${JSON.stringify(kernelModule('plugin.ts'))};
globalThis.carrierChanges ??= [];
export default definePlugin({
  name: 'carrier-x',
  version: '2.0.0',
  description: 'A carrier with an account key.',
  kinds: ['shipping'],
  settings: {
    type: 'object',
    required: ['api_key'],
    properties: {
      api_key: { type: 'string', minLength: 8, writeOnly: true, 'x-env': 'CARRIER_X_API_KEY', description: 'The carrier account key.' },
      region: { type: 'string', enum: ['us', 'eu', 'ca'], default: 'us', 'x-env': 'CARRIER_X_REGION' },
      explode: { type: 'boolean', default: false },
    },
  },
  register(ctx) {
    globalThis.carrierRegistered ??= [];
    globalThis.carrierRegistered.push({ store: ctx.config.env.STORE_LABEL, region: ctx.settings.get().region });
    ctx.settings.onChange((next, previous) => {
      if (next.explode) throw new Error('the carrier refused the new settings');
      globalThis.carrierChanges.push({ store: ctx.config.env.STORE_LABEL, region: next.region, previousRegion: previous.region });
    });
    ctx.routes.add({
      method: 'GET', path: '/api/v1/carrier-x/', auth: 'public', summary: 'The carrier as it is configured.',
      schema: { response: { 200: { type: 'object', additionalProperties: true } } },
      handler: async () => ({ region: ctx.settings.get().region, key_length: String(ctx.settings.get().api_key ?? '').length }),
    });
  },
});
`,
});
process.on('exit', tmp.remove);

const PLUGINS = `examples/payment-acme,${tmp.dirs['carrier-x']}`;
const changes = () => (globalThis as any).carrierChanges as Array<{ store: string; region: string; previousRegion: string }>;

let shop: Shop;
let second: TestStore;
const logs: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logs.push(String(chunk));
    done();
  },
});

before(async () => {
  shop = await openShop({ env: { PLUGINS, STORE_LABEL: 'first', LOG_LEVEL: 'debug' }, logStream });
  // A second instance on the same database, with an environment default of its own.
  second = await startTestStore({ shareWith: shop.store, env: { PLUGINS, STORE_LABEL: 'second', CARRIER_X_REGION: 'eu', CARRIER_X_API_KEY: ENV_KEY, LOG_LEVEL: 'debug' }, logStream });
});
after(() => shop?.store.close());

const plugin = async (name: string, client: Client = shop.staff) => expectStatus(await client.get(`/api/v1/plugins/${name}/`), 200);
const patch = (name: string, body: unknown, client: Client = shop.staff) => client.patch(`/api/v1/plugins/${name}/`, body);

/** A notification from Acme about a payment, signed with `secret`. */
function notify(note: unknown, secret: string) {
  const body = JSON.stringify(note);
  return shop.store.inject({ method: 'POST', url: '/api/v1/payments/notify/acme/', headers: { 'content-type': 'application/json', 'x-acme-signature': sign(body, secret) }, payload: body });
}

// Every text column of every table, as one string: a secret set through the API must not be in it.
async function databaseDump(knex: Knex): Promise<string> {
  const tables: string[] = isMysql(knex)
    ? (await knex.raw('select table_name as name from information_schema.tables where table_schema = database()'))[0].map((r: any) => r.name ?? r.NAME ?? r.TABLE_NAME)
    : (await knex('sqlite_master').where({ type: 'table' }).select('name')).map((r: any) => r.name);
  const rows = await Promise.all(tables.map((t) => knex(t).select()));
  return JSON.stringify(rows);
}

test('the list shows every installed plugin with its source, state and settings schema, staff only', async () => {
  const page = expectStatus(await shop.staff.get('/api/v1/plugins/?page_size=100'), 200);
  assert.equal(page.count, page.results.length);
  assert.equal(page.next, null);
  const byName = new Map(page.results.map((p: any) => [p.name, p]));
  assert.deepEqual(
    { ...(byName.get('core-checkout') as any), settings_schema: undefined, version: undefined, description: undefined, updated_at: undefined },
    { name: 'core-checkout', kinds: (byName.get('core-checkout') as any).kinds, source: 'built-in', enabled: true, state: 'active', reason: null, settings: {}, secrets_set: [], settings_schema: undefined, version: undefined, description: undefined, updated_at: undefined },
  );
  const acme: any = byName.get('payment-acme');
  assert.equal(acme.source, 'folder');
  assert.deepEqual(acme.kinds, ['payment']);
  assert.equal(acme.settings_schema.properties.webhook_secret.writeOnly, true);
  assert.equal(acme.settings_schema.properties.webhook_secret['x-env'], 'ACME_WEBHOOK_SECRET');
  assert.deepEqual(acme.settings, {});
  assert.deepEqual(acme.secrets_set, []);
  const carrier: any = byName.get('carrier-x');
  assert.equal(carrier.state, 'needs_configuration');
  assert.match(carrier.reason, /Required setting "api_key" is not set.*CARRIER_X_API_KEY/);
  assert.deepEqual(carrier.settings, { region: 'us', explode: false });

  // The second instance has the key in its environment: configured there, without anything stored.
  const elsewhere = expectStatus(await new Client(second, shop.staff.headers).get('/api/v1/plugins/carrier-x/'), 200);
  assert.equal(elsewhere.state, 'active');
  assert.deepEqual(elsewhere.secrets_set, ['api_key']);
  assert.deepEqual(elsewhere.settings, { region: 'eu', explode: false });
  assert.deepEqual(expectStatus(await second.inject({ method: 'GET', url: '/api/v1/carrier-x/' }), 200), { region: 'eu', key_length: ENV_KEY.length });

  const names = page.results.map((p: any) => p.name);
  assert.deepEqual(names, [...names].sort(), 'ordered by name');
  const small = expectStatus(await shop.staff.get('/api/v1/plugins/?page_size=2&page=2'), 200);
  assert.deepEqual(small.results.map((p: any) => p.name), names.slice(2, 4));
});

test('refusals: unknown plugin 404, invalid settings 400 by field, a core plugin cannot be disabled 409, non-staff 401/403', async () => {
  expectStatus(await shop.staff.get('/api/v1/plugins/no-such-plugin/'), 404);
  const unknown = expectStatus(await patch('no-such-plugin', { enabled: false }), 404);
  assert.equal(unknown.code, 'not_found');

  const invalid = expectStatus(await patch('carrier-x', { settings: { region: 'mars', api_key: 'short', nope: 1 } }), 400);
  assert.equal(invalid.code, 'invalid');
  assert.deepEqual(Object.keys(invalid.errors).sort(), ['settings.api_key', 'settings.nope', 'settings.region']);
  assert.match(invalid.errors['settings.region'][0], /us, eu, ca/);
  assert.ok(!JSON.stringify(invalid).includes('short'), 'a refused secret is not echoed');
  const typed = expectStatus(await patch('payment-acme', { settings: 'yes' }), 400);
  assert.ok(typed.errors.settings, JSON.stringify(typed));
  expectStatus(await patch('payment-manual', { settings: { anything: 1 } }), 400);

  const core = expectStatus(await patch('core-checkout', { enabled: false }), 409);
  assert.equal(core.code, 'core_plugin');
  assert.match(core.detail, /core-checkout/);
  // A plugin a core plugin depends on is core too; a refused change leaves the plugin as it was.
  assert.equal((await plugin('core-store')).enabled, true);
  expectStatus(await patch('core-store', { enabled: false }), 409);
  await shop.store.kernel.installedPlugins.poll();
  const untouched = await plugin('carrier-x');
  assert.equal(untouched.updated_at, null, 'the refused change wrote nothing');
  assert.deepEqual(untouched.settings, { region: 'us', explode: false });

  expectStatus(await shop.anon.get('/api/v1/plugins/'), 401);
  expectStatus(await patch('payment-acme', { enabled: false }, shop.anon), 401);
  const customer = await registerCustomer(shop.store);
  expectStatus(await customer.get('/api/v1/plugins/'), 403);
  expectStatus(await customer.send('PATCH', '/api/v1/plugins/payment-acme/', { enabled: false }), 403);
  // A staff session needs the CSRF token to change a plugin.
  const { client } = await staffSession(shop.store);
  const noCsrf = await client.request({ method: 'PATCH', url: '/api/v1/plugins/payment-acme/', payload: { enabled: false }, csrf: false });
  assert.equal(noCsrf.statusCode, 403, noCsrf.body);
  assert.equal((await plugin('payment-acme')).enabled, true);
  const withCsrf = await client.request({ method: 'PATCH', url: '/api/v1/plugins/payment-acme/', payload: { enabled: true } });
  assert.equal(withCsrf.statusCode, 200, withCsrf.body);
});

test('a gateway is disabled, configured and enabled without a restart: its method leaves and joins a real checkout, its secret applies to the next notification', async () => {
  const checkout = await openCheckout(shop);
  assert.ok((await methodIds(shop.anon, checkout.id)).includes('acme_card'));
  const started = expectStatus(await pay(shop.anon, checkout.id, 'acme_card'), 201);

  // An anonymous answer is cached; the change clears the cache (the methods offered may differ). The
  // payment's events, and what their dispatch commits after the answer, clear it too, so the read is
  // asked until its answer stays.
  const cache = shop.store.kernel.responseCache;
  await waitFor(async () => {
    expectStatus(await shop.anon.get('/api/v1/categories/'), 200);
    return cache.size > 0;
  }, 'an anonymous answer to be cached');
  const disabled = expectStatus(await patch('payment-acme', { enabled: false }), 200);
  assert.equal(cache.size, 0, 'the change cleared the response cache');
  assert.equal(disabled.state, 'disabled');
  assert.equal(disabled.reason, 'Disabled by an operator.');
  assert.equal(disabled.enabled, false);
  const ids = await methodIds(shop.anon, checkout.id);
  assert.ok(!ids.includes('acme_card'), ids.join());
  assert.ok(ids.includes('manual_bank_transfer'), 'other gateways stay');
  expectStatus(await pay(shop.anon, checkout.id, 'acme_card'), 400);
  // Its own routes (the hosted page) are gone too.
  expectStatus(await shop.store.inject({ method: 'GET', url: localPath(started.redirect_url) }), 404);

  const configured = expectStatus(await patch('payment-acme', { enabled: true, settings: { webhook_secret: ACME_SECRET } }), 200);
  assert.equal(configured.state, 'active');
  assert.equal(configured.reason, null);
  assert.deepEqual(configured.secrets_set, ['webhook_secret']);
  assert.deepEqual(configured.settings, {});
  assert.ok((await methodIds(shop.anon, checkout.id)).includes('acme_card'));

  const note = { event: 'payment.succeeded', payment_id: started.id, reference: new URL(started.redirect_url).searchParams.get('token') };
  expectStatus(await notify(note, DEVELOPMENT_SECRET), 400);
  const settled = expectStatus(await notify(note, ACME_SECRET), 200);
  assert.equal(settled.status, 'succeeded');

  const read = await plugin('payment-acme');
  assert.deepEqual(read.secrets_set, ['webhook_secret']);
  assert.ok(!JSON.stringify(read).includes(ACME_SECRET));
  const listed = expectStatus(await shop.staff.get('/api/v1/plugins/?page_size=100'), 200);
  assert.ok(!JSON.stringify(listed).includes(ACME_SECRET));
});

test('a disabled shipping plugin\'s methods leave checkout; enabled again, they are back', async () => {
  const cart = expectStatus(await shop.anon.post('/api/v1/cart/', {}), 201);
  expectStatus(await shop.anon.post(`/api/v1/cart/${cart.id}/items/`, { variant_id: shop.variantId, quantity: 1 }), 201);
  const open = { cart_id: cart.id, email: 'ada@example.com', shipping_address: ADDRESS };
  const offered = expectStatus(await shop.anon.post('/api/v1/checkout/', open), 201);
  assert.ok(offered.shipping_methods.length > 0);

  assert.equal(expectStatus(await patch('shipping-flat', { enabled: false }), 200).state, 'disabled');
  const cart2 = expectStatus(await shop.anon.post('/api/v1/cart/', {}), 201);
  expectStatus(await shop.anon.post(`/api/v1/cart/${cart2.id}/items/`, { variant_id: shop.variantId, quantity: 1 }), 201);
  const none = expectStatus(await shop.anon.post('/api/v1/checkout/', { ...open, cart_id: cart2.id }), 201);
  assert.deepEqual(none.shipping_methods, []);
  // Its staff routes are gone too.
  expectStatus(await shop.staff.get('/api/v1/shipping-methods/'), 404);

  assert.equal(expectStatus(await patch('shipping-flat', { enabled: true }), 200).state, 'active');
  const back = expectStatus(await shop.anon.get(`/api/v1/checkout/${none.id}/`), 200);
  assert.ok(back.shipping_methods.length > 0, JSON.stringify(back.shipping_methods));
});

test('a missing required setting makes a plugin needs_configuration; supplying it makes it active live, resetting it to null turns it off again', async () => {
  expectStatus(await shop.anon.get('/api/v1/carrier-x/'), 404);
  const before = changes().length;
  const active = expectStatus(await patch('carrier-x', { settings: { api_key: CARRIER_KEY } }), 200);
  assert.equal(active.state, 'active');
  assert.deepEqual(active.secrets_set, ['api_key']);
  assert.ok(!JSON.stringify(active).includes(CARRIER_KEY), 'the answer does not echo the secret');
  assert.deepEqual(expectStatus(await shop.anon.get('/api/v1/carrier-x/'), 200), { region: 'us', key_length: CARRIER_KEY.length }, 'the plugin reads the opened secret');
  assert.ok(changes().slice(before).some((c) => c.store === 'first'), 'onChange was told on this instance');

  const row = await shop.store.kernel.knex('plugin_settings').where({ name: 'carrier-x' }).first();
  assert.ok(!JSON.stringify(row).includes(CARRIER_KEY), 'stored sealed');
  assert.match(row.secrets_sealed, /^v1:/);

  const reset = expectStatus(await patch('carrier-x', { settings: { api_key: null } }), 200);
  assert.equal(reset.state, 'needs_configuration');
  assert.deepEqual(reset.secrets_set, []);
  expectStatus(await shop.anon.get('/api/v1/carrier-x/'), 404);
  expectStatus(await patch('carrier-x', { settings: { api_key: CARRIER_KEY } }), 200);
});

test('a plugin whose change handler throws is failed with the reason, the store keeps serving, and the next change revives it', async () => {
  const failed = expectStatus(await patch('carrier-x', { settings: { explode: true } }), 200);
  assert.equal(failed.state, 'failed');
  assert.match(failed.reason, /settings change handler failed: the carrier refused the new settings/);
  expectStatus(await shop.anon.get('/api/v1/carrier-x/'), 404);
  expectStatus(await shop.anon.get('/api/v1/products/'), 200);
  assert.ok(logs.some((l) => l.includes('"plugin":"carrier-x"') && l.includes('the carrier refused')), 'logged with the plugin name');

  const revived = expectStatus(await patch('carrier-x', { settings: { explode: null } }), 200);
  assert.equal(revived.state, 'active');
  expectStatus(await shop.anon.get('/api/v1/carrier-x/'), 200);
});

test('another instance on the same database applies a change within a couple of seconds; stored settings win over its environment', async () => {
  const remote = new Client(second, shop.staff.headers);
  const seen = await plugin('carrier-x', remote);
  assert.equal(seen.settings.region, 'eu', 'its own environment gives the default');
  assert.equal((await plugin('carrier-x')).settings.region, 'us');

  const started = Date.now();
  expectStatus(await patch('carrier-x', { settings: { region: 'ca' } }), 200);
  await waitFor(async () => (await plugin('carrier-x', remote)).settings.region === 'ca', 'the second instance sees the new region', 3000);
  assert.ok(Date.now() - started < 3000);
  await waitFor(() => changes().some((c) => c.store === 'second' && c.region === 'ca' && c.previousRegion === 'eu'), 'onChange was told on the second instance', 3000);
  assert.deepEqual(expectStatus(await second.inject({ method: 'GET', url: '/api/v1/carrier-x/' }), 200).region, 'ca');

  // A restart: register already reads the stored settings.
  const third = await startTestStore({ shareWith: shop.store, env: { PLUGINS, STORE_LABEL: 'third' } });
  assert.deepEqual((globalThis as any).carrierRegistered.filter((r: any) => r.store === 'third'), [{ store: 'third', region: 'ca' }]);
  await third.close();

  expectStatus(await patch('payment-acme', { enabled: false }), 200);
  await waitFor(async () => (await plugin('payment-acme', remote)).state === 'disabled', 'the second instance disables acme', 3000);
  expectStatus(await patch('payment-acme', { enabled: true }), 200);
  await waitFor(async () => (await plugin('payment-acme', remote)).state === 'active', 'the second instance enables acme', 3000);
});

test('plugin.updated carries the resource without secrets; webhooks may subscribe to it; secrets are in no column, no log line, no kept request', async () => {
  const events = await shop.store.kernel.knex('events').where({ type: 'plugin.updated' }).orderBy('id');
  assert.ok(events.length >= 5);
  const last = JSON.parse(events.at(-1).data);
  assert.equal(last.name, 'payment-acme');
  assert.equal(last.state, 'active');
  assert.deepEqual(last.secrets_set, ['webhook_secret']);

  const endpoint = await shop.staff.post('/api/v1/webhooks/', { url: 'https://hooks.example.com/in', events: ['plugin.updated'] });
  assert.equal(endpoint.statusCode, 201, endpoint.body);

  // A PATCH with an Idempotency-Key is not kept (the layer keeps POSTs only): nothing of its body lands in the table.
  expectStatus(await shop.staff.request('PATCH', '/api/v1/plugins/carrier-x/', { settings: { api_key: CARRIER_KEY } }, { 'idempotency-key': 'plugins-1' }), 200);
  assert.equal((await shop.store.kernel.knex('idempotency_keys').where({ idempotency_key: 'plugins-1' })).length, 0);

  // The endpoint gets a delivery of that change; its body (what the receiver gets) has no secret either.
  await shop.store.kernel.events.dispatchDue();
  const delivery = await shop.store.kernel.knex('webhook_deliveries').where({ endpoint_id: endpoint.json().id, event_type: 'plugin.updated' }).orderBy('event_id', 'desc').first();
  assert.ok(delivery, 'a plugin.updated delivery was queued');
  const event = await shop.store.kernel.knex('events').where({ id: delivery.event_id }).first();
  const body = deliveryBody({ id: Number(event.id), type: event.type, created_at: new Date(), data: JSON.parse(event.data) });
  assert.equal(JSON.parse(body).data.name, 'carrier-x');
  assert.deepEqual(JSON.parse(body).data.secrets_set, ['api_key']);
  assert.ok(!body.includes(CARRIER_KEY));

  const dump = await databaseDump(shop.store.kernel.knex);
  for (const secret of [ACME_SECRET, CARRIER_KEY, ENV_KEY]) {
    assert.ok(!dump.includes(secret), 'no column holds the secret in clear');
    assert.ok(!logs.join('').includes(secret), 'no log line holds the secret');
  }
  assert.ok(logs.length > 10, 'the log stream was captured');
});

test('the OpenAPI document describes the plugins routes, the Plugin schema and the plugin.updated webhook', async () => {
  const doc = expectStatus(await shop.anon.get('/latest/openapi.json'), 200);
  assert.ok(doc.paths['/api/v1/plugins/'].get);
  assert.ok(doc.paths['/api/v1/plugins/{name}/'].patch);
  assert.ok(doc.components.schemas.Plugin.properties.secrets_set);
  assert.ok(doc.webhooks['plugin.updated'], Object.keys(doc.webhooks ?? {}).join());
});

test('definePlugin refuses a settings schema that is not the JSON Schema of an object, naming the plugin', () => {
  const define = (settings: any) => () => definePlugin({ name: 'bad-settings', version: '1.0.0', settings, register() {} });
  assert.throws(define({ type: 'array' }), /Plugin "bad-settings": settings must be the JSON Schema of an object/);
  assert.throws(define({ type: 'object', properties: { a: { type: 'strin' } } }), /Plugin "bad-settings": its settings schema is not a valid JSON Schema/);
  assert.throws(define({ type: 'object', properties: {}, required: ['key'] }), /required setting "key" is not among its properties/);
  assert.throws(define({ type: 'object', properties: { key: { type: 'string', 'x-env': 'not a name' } } }), /x-env that is not an environment variable name/);
  assert.doesNotThrow(define({ type: 'object', properties: { key: { type: 'string', writeOnly: true, 'x-env': 'BAD_SETTINGS_KEY' } }, required: ['key'] }));
});

test('secrets sealed under another key (a replaced DATA_DIR key file): the plugin is failed, a change must set every secret again, then it serves', async (t) => {
  const knex = shop.store.kernel.knex;
  expectStatus(await patch('carrier-x', { enabled: true, settings: { api_key: CARRIER_KEY, explode: null } }), 200);
  const otherKeyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-other-key-'));
  t.after(() => fs.rmSync(otherKeyDir, { recursive: true, force: true }));
  await knex('plugin_settings').where({ name: 'carrier-x' }).update({ secrets_sealed: new SecretBox(otherKeyDir).seal(JSON.stringify({ api_key: 'sealed-elsewhere' })) });
  await shop.store.kernel.installedPlugins.refresh();
  const failed = await plugin('carrier-x');
  assert.equal(failed.state, 'failed');
  assert.match(failed.reason, /stored settings could not be read/);

  const region = failed.settings.region;
  const wanted = region === 'eu' ? 'ca' : 'eu';
  const refused = await patch('carrier-x', { settings: { region: wanted } });
  assert.equal(refused.statusCode, 409, refused.body);
  assert.equal(refused.json().code, 'secrets_unreadable');
  assert.match(refused.json().detail, /Set "api_key" again in this change/);
  assert.equal((await plugin('carrier-x')).settings.region, region, 'nothing was written');

  const fixed = expectStatus(await patch('carrier-x', { settings: { api_key: 'ck_new_key_after_rotation', region: wanted } }), 200);
  assert.equal(fixed.state, 'active');
  assert.deepEqual(fixed.secrets_set, ['api_key']);
  const served = expectStatus(await shop.anon.get('/api/v1/carrier-x/'), 200);
  assert.deepEqual(served, { region: wanted, key_length: 'ck_new_key_after_rotation'.length });
});
