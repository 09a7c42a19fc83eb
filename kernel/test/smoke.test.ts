import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestStore } from '../../test/helpers/store.ts';

test('a fresh store answers health and readiness, and refuses plain HTTP with JSON', async (t) => {
  const store = await startTestStore();
  t.after(() => store.close());
  const health = await store.inject({ method: 'GET', url: '/healthz' });
  assert.equal(health.statusCode, 200);
  assert.deepEqual(health.json(), { status: 'ok' });
  const ready = await store.inject({ method: 'GET', url: '/readyz' });
  assert.equal(ready.statusCode, 200);
  const plain = await store.inject({ method: 'GET', url: '/healthz', plain: true });
  assert.equal(plain.statusCode, 403);
  assert.deepEqual(plain.json(), { detail: 'HTTPS is required.', code: 'https_required' });
});
