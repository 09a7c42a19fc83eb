import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { startTestStore, type TestStore } from './helpers/store.ts';

/**
 * The served document of a store with every built-in plugin: it passes both linters with the
 * repository's own configuration (redocly.yaml, .spectral.yaml) with no error, warning or hint, and
 * states the constraints, headers and answers a generated client needs.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// CommonJS packages: their named exports arrive on the default export under tsx.
const { Spectral, Document } = ((spectralCore as any).Spectral ? spectralCore : (spectralCore as any).default) as typeof import('@stoplight/spectral-core');
const { Json, Yaml } = ((spectralParsers as any).Json ? spectralParsers : (spectralParsers as any).default) as typeof import('@stoplight/spectral-parsers');

let store: TestStore;
let raw: string;
let doc: any;
before(async () => {
  store = await startTestStore();
  const res = await store.inject({ method: 'GET', url: '/latest/openapi.json' });
  assert.equal(res.statusCode, 200);
  raw = res.body;
  doc = JSON.parse(raw);
});
after(() => store?.close());

async function redoclyProblems(source: string): Promise<string[]> {
  const config = await createConfig(fs.readFileSync(path.join(ROOT, 'redocly.yaml'), 'utf8'), { configPath: path.join(ROOT, 'redocly.yaml') });
  const problems = await lintFromString({ source, absoluteRef: 'https://store.test/latest/openapi.json', config });
  return problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
}

// .spectral.yaml, with `spectral:oas` resolved to the ruleset package (what the CLI does).
function spectralFromRepository(): InstanceType<typeof Spectral> {
  const file = Yaml.parse(fs.readFileSync(path.join(ROOT, '.spectral.yaml'), 'utf8')).data as { extends: string[]; rules?: Record<string, unknown> };
  assert.deepEqual(file.extends, ['spectral:oas']);
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [oas], rules: file.rules ?? {} } as any);
  return spectral;
}

async function spectralResults(source: string): Promise<string[]> {
  const results = await spectralFromRepository().run(new Document(source, Json, 'openapi.json'));
  return results.map((r) => `${r.severity} ${r.code}: ${r.message} at ${r.path.join('.')}`);
}

test('Redocly (recommended, as redocly.yaml configures it) finds nothing in the served document', async () => {
  assert.deepEqual(await redoclyProblems(raw), []);
});

test('Spectral (spectral:oas, as .spectral.yaml configures it) finds nothing in the served document', async () => {
  assert.deepEqual(await spectralResults(raw), []);
});

test('both linters do find problems in a document that has them (the checks above can fail)', async () => {
  const broken = JSON.parse(raw);
  const op = broken.paths['/api/v1/products/'].get;
  delete op.description;
  op.responses = {};
  broken.paths['/api/v1/products/{id}/'].get.operationId = op.operationId;
  const text = JSON.stringify(broken);
  assert.ok((await redoclyProblems(text)).length > 0);
  const spectral = await spectralResults(text);
  assert.ok(spectral.some((r) => r.includes('operation-description')), 'operation-description');
  assert.ok(spectral.some((r) => r.includes('operation-operationId-unique')), 'operation-operationId-unique');
});

const bodyOf = (p: string, method: string) => doc.paths[p][method].requestBody.content['application/json'].schema;
const paramsOf = (p: string, method: string) => Object.fromEntries(doc.paths[p][method].parameters.map((x: any) => [x.name, x]));

test('list parameters: ordering is an allow-list, created_at and updated_at bounds are dates, price bounds decimals', () => {
  const products = paramsOf('/api/v1/products/', 'get');
  assert.equal(products.ordering.schema.pattern, '^(?:\\s*-?(?:name|price|created_at)\\s*(?:,\\s*-?(?:name|price|created_at)\\s*)*)?$');
  assert.ok(products.created_at__gte.schema.anyOf.some((s: any) => s.format === 'date-time'));
  assert.match('12.50', new RegExp(products.price__gte.schema.pattern));
  assert.doesNotMatch('12,50', new RegExp(products.price__gte.schema.pattern));
  const inventory = paramsOf('/api/v1/inventory/', 'get');
  assert.ok(inventory.updated_at__lte.schema.anyOf.some((s: any) => s.format === 'date-time'));
  assert.match(paramsOf('/api/v1/orders/', 'get').ordering.schema.pattern, /order_number/);
});

test('bodies state required fields, codes and decimal patterns', () => {
  const checkout = bodyOf('/api/v1/checkout/', 'post');
  assert.deepEqual(checkout.required, ['cart_id', 'email', 'shipping_address']);
  assert.deepEqual(checkout.properties.shipping_address.required, ['first_name', 'last_name', 'address_line_1', 'city', 'postal_code', 'country']);
  assert.equal(checkout.properties.shipping_address.properties.country.pattern, '^[A-Za-z]{2}$');
  const bulk = bodyOf('/api/v1/products/bulk/', 'post').properties.products.items;
  assert.deepEqual(bulk.then.required, ['name']);
  const webhook = bodyOf('/api/v1/webhooks/', 'post');
  assert.equal(webhook.properties.events.minItems, 1);
  assert.equal(webhook.properties.url.format, 'uri');
  assert.match(webhook.properties.url.description, /https/);
  const variant = bodyOf('/api/v1/products/{id}/variants/', 'post');
  assert.equal(variant.properties.price.pattern, '^\\d+(\\.\\d+)?$');
  const store = bodyOf('/api/v1/store/', 'patch');
  assert.ok(store.properties.default_currency.enum.includes('EUR'));
  assert.ok(store.properties.languages.items.pattern);
  assert.match('1.25', new RegExp(store.properties.exchange_rates.additionalProperties.pattern));
  assert.equal(bodyOf('/api/v1/shipping-methods/', 'post').properties.currency.pattern, '^[A-Z]{3}$');
});

test('rules the schema cannot state are listed in the operation (x-rules and description)', () => {
  const op = doc.paths['/api/v1/products/'].post;
  assert.match(op['x-rules'].category_id, /existing/);
  assert.match(op['x-rules'].translations, /languages/);
  assert.match(op.description, /Refused with 400 beyond the schema:[\s\S]*`category_id`/);
  assert.match(doc.paths['/api/v1/products/'].get['x-rules'].unsupported_currency, /currencies/);
});

test('products and variants type available and in_stock', () => {
  for (const name of ['Product', 'Variant']) {
    const schema = doc.components.schemas[name];
    assert.deepEqual(schema.properties.available.type, ['integer', 'null']);
    assert.equal(schema.properties.in_stock.type, 'boolean');
  }
});

test('anonymous login, registration, password reset and cart items document X-CSRFToken and 403 csrf_failed, as the server answers', async () => {
  for (const p of ['/api/v1/auth/login/', '/api/v1/auth/register/', '/api/v1/auth/password-reset/', '/api/v1/auth/password-reset/confirm/', '/api/v1/cart/items/']) {
    const op = doc.paths[p].post;
    assert.ok(op.parameters.some((x: any) => x.$ref === '#/components/parameters/CSRFToken'), p);
    assert.match(op.responses['403'].description, /csrf_failed/, p);
    assert.match(op.description, /Always needs X-CSRFToken/, p);
  }
  const res = await store.inject({ method: 'POST', url: '/api/v1/auth/login/', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'a@example.com', password: 'whatever-123' }) });
  assert.equal(res.statusCode, 403);
  assert.equal(res.json().code, 'csrf_failed');
});

test('a public operation documents the 401 it answers to a bad credential', async () => {
  const res = await store.inject({ method: 'GET', url: '/api/v1/products/', headers: { authorization: 'Token sk_live_not-a-key' } });
  assert.equal(res.statusCode, 401);
  assert.match(doc.paths['/api/v1/products/'].get.responses['401'].description, /authentication_failed/);
});

test('no response field has an empty schema', () => {
  const empty: string[] = [];
  const walk = (s: any, at: string) => {
    if (!s || typeof s !== 'object') return;
    if (Object.keys(s).filter((k) => k !== 'description').length === 0) empty.push(at);
    for (const [k, v] of Object.entries(s.properties ?? {})) walk(v, `${at}.${k}`);
    if (s.items) walk(s.items, `${at}[]`);
    for (const k of ['anyOf', 'oneOf', 'allOf']) (s[k] ?? []).forEach((b: any, i: number) => walk(b, `${at}|${i}`));
  };
  for (const [name, schema] of Object.entries(doc.components.schemas)) walk(schema, name);
  assert.deepEqual(empty, []);
});
