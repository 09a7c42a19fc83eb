import { before, after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { TestStore } from '../../test/helpers/store.ts';
import { exampleStore } from './helpers.ts';

// The repository's redocly.yaml: what `npx @redocly/cli lint` in a clone of the repository uses.
const REDOCLY_YAML = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../redocly.yaml');
const repositoryConfig = () => createConfig(fs.readFileSync(REDOCLY_YAML, 'utf8'), { configPath: REDOCLY_YAML });

describe('the OpenAPI document', () => {
  let store: TestStore;
  let doc: any;
  let raw: string;
  before(async () => {
    store = await exampleStore();
    const res = await store.inject({ method: 'GET', url: '/latest/openapi.json' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    raw = res.body;
    doc = res.json();
  });
  after(() => store.close());

  test('is OpenAPI 3.1 for this store', () => {
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(doc.info.title, 'Storekeep API');
    assert.deepEqual(doc.servers, [{ url: 'https://store.test' }]);
  });

  test('lints with no problem of any severity under the repository\'s redocly.yaml (recommended)', async () => {
    const problems = await lintFromString({ source: raw, absoluteRef: 'https://store.test/latest/openapi.json', config: await repositoryConfig() });
    assert.deepEqual(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`), []);
  });

  test('the lint would catch a broken document (the check above can fail)', async () => {
    const config = await repositoryConfig();
    const broken = JSON.parse(raw);
    broken.paths['/api/v1/hello/greetings/'].get.responses = {};
    broken.paths['/api/v1/hello/greetings/{id}/'].get.parameters = [];
    const problems = await lintFromString({ source: JSON.stringify(broken), absoluteRef: 'https://store.test/broken.json', config });
    assert.ok(problems.some((p) => p.severity === 'error'), 'errors found');
  });

  test('documents every registered route, and only those', () => {
    const routes = store.kernel.routes.list().filter((r) => !r.hidden);
    assert.ok(routes.some((r) => r.plugin === 'hello'), 'the example plugin routes are registered');
    const expected = routes.map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`).sort();
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, ops]) => Object.keys(ops).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m)).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    assert.deepEqual(documented, expected);
    const operationIds = documented.map((d) => {
      const [method, path] = d.split(' ');
      return doc.paths[path!][method!.toLowerCase()].operationId;
    });
    assert.equal(new Set(operationIds).size, operationIds.length, 'operationIds are unique');
  });

  test('describes bodies, parameters, responses and errors from the route schemas', () => {
    const create = doc.paths['/api/v1/hello/greetings/'].post;
    const body = create.requestBody.content['application/json'].schema;
    assert.deepEqual(body.required, ['name']);
    assert.equal(body.additionalProperties, false);
    assert.ok(create.responses['201']);
    assert.deepEqual(create.responses['400'].content['application/json'].schema, { $ref: '#/components/schemas/Error' });
    const list = doc.paths['/api/v1/hello/greetings/'].get;
    const params = Object.fromEntries(list.parameters.map((p: any) => [p.name, p]));
    assert.deepEqual(Object.keys(params).sort(), ['created_at__gte', 'created_at__lte', 'ordering', 'page', 'page_size', 'search']);
    assert.equal(params.page_size.schema.maximum, 100);
    assert.deepEqual(doc.components.schemas.Error.required, ['detail', 'code']);
    const detail = doc.paths['/api/v1/hello/greetings/{id}/'].get;
    assert.deepEqual(detail.parameters.map((p: any) => [p.in, p.name, p.required]), [['path', 'id', true]]);
  });

  test('declares the Token and session security schemes and uses them on protected routes', () => {
    const schemes = doc.components.securitySchemes;
    assert.deepEqual(schemes.Token, { type: 'apiKey', in: 'header', name: 'Authorization', description: schemes.Token.description });
    assert.deepEqual(schemes.session, { type: 'apiKey', in: 'cookie', name: 'sessionid', description: schemes.session.description });
    assert.deepEqual(doc.paths['/api/v1/hello/whoami/'].get.security, [{ Token: [] }, { session: [] }]);
    assert.deepEqual(doc.paths['/api/v1/hello/greetings/'].get.security, []);
    assert.ok(doc.paths['/api/v1/hello/whoami/'].get.responses['401']);
  });

  test('every operation has a summary and a description; every parameter a description', () => {
    for (const [p, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(item)) {
        assert.ok(op.summary && op.description, `${method} ${p}`);
        for (const param of op.parameters ?? []) assert.ok(param.$ref || param.description, `${method} ${p} ${param.name}`);
      }
    }
  });

  test('lists state their ordering allow-list and date bounds as schema', () => {
    const params = Object.fromEntries(doc.paths['/api/v1/hello/greetings/'].get.parameters.map((p: any) => [p.name, p]));
    const ordering = new RegExp(params.ordering.schema.pattern);
    for (const ok of ['name', '-created_at', 'name,-created_at', '']) assert.match(ok, ordering);
    for (const bad of ['message', 'name;', '--name']) assert.doesNotMatch(bad, ordering);
    assert.match(params.ordering.description, /name, -name, created_at, -created_at/);
    assert.deepEqual(params.created_at__gte.schema.anyOf.map((s: any) => s.format), ['date', 'date-time']);
  });

  test('every operation documents 429 and 503 through shared responses, and 401 (a bad credential) even when public', () => {
    assert.ok(doc.components.responses.ServiceUnavailable.headers['Retry-After']);
    assert.match(doc.components.responses.ServiceUnavailable.description, /busy.*database_unavailable/s);
    for (const item of Object.values(doc.paths as Record<string, Record<string, any>>)) {
      for (const op of Object.values(item)) {
        assert.deepEqual(op.responses['429'], { $ref: '#/components/responses/TooManyRequests' });
        assert.deepEqual(op.responses['503'], { $ref: '#/components/responses/ServiceUnavailable' });
        assert.ok(op.responses['401'], op.operationId);
      }
    }
    const create = doc.paths['/api/v1/hello/greetings/'].post;
    assert.deepEqual(create.responses['413'], { $ref: '#/components/responses/PayloadTooLarge' });
    assert.deepEqual(create.responses['415'], { $ref: '#/components/responses/UnsupportedMediaType' });
  });

  test('state changes document X-CSRFToken and the 403 csrf_failed; reads do not', () => {
    const create = doc.paths['/api/v1/hello/greetings/'].post;
    assert.ok(create.parameters.some((p: any) => p.$ref === '#/components/parameters/CSRFToken'));
    assert.match(create.responses['403'].description, /csrf_failed/);
    assert.equal(doc.components.parameters.CSRFToken.name, 'X-CSRFToken');
    assert.equal(doc.components.parameters.CSRFToken.in, 'header');
    const list = doc.paths['/api/v1/hello/greetings/'].get;
    assert.ok(!list.parameters.some((p: any) => p.$ref));
  });

  test('/docs serves the interactive reference as HTML', async () => {
    const res = await store.inject({ method: 'GET', url: '/docs' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.match(res.body, /<html/i);
    const asset = await store.inject({ method: 'GET', url: '/docs/static/swagger-ui.css' });
    assert.equal(asset.statusCode, 200, 'the assets ship with the package (no CDN)');
  });
});

test('a plugin contributes entries to the webhooks section; a reference to a missing component becomes a plain object', async (t) => {
  const { kernelStore, pluginSource, writePlugins } = await import('./helpers.ts');
  const body = `
    const docs = ctx.container.resolve('openApiWebhooks');
    const entry = (data) => ({ post: { operationId: 'hook_' + Math.random().toString(36).slice(2), summary: 'A hook', security: [],
      requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { data } } } } },
      responses: { '200': { description: 'Accepted.' } } } });
    docs.add('thing.happened', entry({ $ref: '#/components/schemas/Money' }));
    docs.add('other.happened', entry({ $ref: '#/components/schemas/NoSuchComponent' }));
    let refused = false;
    try { docs.add('thing.happened', entry({})); } catch { refused = true; }
    if (!refused) throw new Error('a second entry of one name must be refused');`;
  const tmp = writePlugins({ hooks: pluginSource('hooks', { body }) });
  t.after(() => tmp.remove());
  const store = await kernelStore({ env: { PLUGINS: tmp.dirs.hooks! } });
  t.after(() => store.close());
  const res = await store.inject({ method: 'GET', url: '/latest/openapi.json' });
  const doc = res.json();
  assert.deepEqual(Object.keys(doc.webhooks), ['other.happened', 'thing.happened']);
  const dataOf = (name: string) => doc.webhooks[name].post.requestBody.content['application/json'].schema.properties.data;
  assert.deepEqual(dataOf('thing.happened'), { $ref: '#/components/schemas/Money' });
  assert.deepEqual(dataOf('other.happened'), { type: 'object' });
  const problems = await lintFromString({ source: res.body, absoluteRef: 'https://store.test/latest/openapi.json', config: await repositoryConfig() });
  assert.deepEqual(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`), []);
  const bare = await kernelStore();
  t.after(() => bare.close());
  assert.equal((await bare.inject({ method: 'GET', url: '/latest/openapi.json' })).json().webhooks, undefined, 'no section without entries');
});
