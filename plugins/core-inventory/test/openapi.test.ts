import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { expectStatus, openInventoryStore, type InventoryTestStore } from './helpers.ts';

let s: InventoryTestStore;
before(async () => {
  s = await openInventoryStore();
});
after(() => s.store.close());

test('every inventory route is in the OpenAPI document, staff-only, and the document lints clean', async () => {
  const res = await s.anon.get('/latest/openapi.json');
  const doc = expectStatus(res, 200);
  const operations = Object.entries(doc.paths as Record<string, Record<string, any>>)
    .filter(([p]) => p.startsWith('/api/v1/inventory/') || p.startsWith('/api/v1/warehouses/'))
    .flatMap(([p, ops]) => Object.entries(ops).map(([method, op]) => ({ route: `${method.toUpperCase()} ${p}`, op })));
  assert.deepEqual(operations.map((o) => o.route).sort(), [
    'DELETE /api/v1/warehouses/{id}/',
    'GET /api/v1/inventory/',
    'GET /api/v1/inventory/movements/',
    'GET /api/v1/inventory/{id}/',
    'GET /api/v1/warehouses/',
    'GET /api/v1/warehouses/{id}/',
    'PATCH /api/v1/warehouses/{id}/',
    'POST /api/v1/inventory/',
    'POST /api/v1/inventory/adjust/',
    'POST /api/v1/inventory/bulk/',
    'POST /api/v1/warehouses/',
    'PUT /api/v1/inventory/',
  ]);
  for (const { route, op } of operations) {
    assert.ok(op.summary, route);
    assert.ok(op.responses['401'] && op.responses['403'], `${route} documents 401/403`);
  }
  assert.ok(doc.paths['/api/v1/inventory/'].post.responses['201'] && doc.paths['/api/v1/inventory/'].post.responses['200'], 'POST documents 201 and 200');
  const config = await createConfig({ extends: ['recommended'], rules: { 'no-path-trailing-slash': 'off' } });
  const problems = await lintFromString({ source: res.body, absoluteRef: 'https://store.test/latest/openapi.json', config });
  assert.deepEqual(problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`), []);
});

test('wrong methods on inventory paths are a 405 with Allow', async () => {
  const res = await s.staff.request('DELETE', '/api/v1/inventory/bulk/');
  assert.equal(res.statusCode, 405);
  assert.equal(res.headers.allow, 'POST');
});
