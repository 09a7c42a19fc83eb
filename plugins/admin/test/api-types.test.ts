import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, test } from 'node:test';
import { startTestStore, type TestStore } from '../../../test/helpers/store.ts';
import { API_TYPES_FILE, apiTypesFor } from '../api-types.ts';

let store: TestStore;
before(async () => {
  store = await startTestStore();
});
after(() => store.close());

test('the panel\'s API types match the OpenAPI document of a store with the built-in plugins (npm run admin:api-types)', async () => {
  const res = await store.inject({ method: 'GET', url: '/latest/openapi.json' });
  assert.equal(res.statusCode, 200);
  const expected = await apiTypesFor(res.json());
  const committed = fs.readFileSync(API_TYPES_FILE, 'utf8');
  assert.ok(committed === expected, 'plugins/admin/app/api/schema.d.ts is stale: run npm run admin:api-types');
});

test('the check can fail: a changed document gives other types', async () => {
  const doc = (await store.inject({ method: 'GET', url: '/latest/openapi.json' })).json();
  doc.paths['/api/v1/api-keys/'].post.summary = 'Changed.';
  delete doc.paths['/api/v1/api-keys/{id}/'];
  assert.notEqual(await apiTypesFor(doc), fs.readFileSync(API_TYPES_FILE, 'utf8'));
});
