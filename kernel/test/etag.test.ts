import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { exampleStore, portOf, postJson, wire } from './helpers.ts';

const REAL_PORT = { PORT: '0', HOST: '127.0.0.1' };
const LIST = '/api/v1/hello/greetings/';

// The tag @fastify/etag would give this body: what a client could send back to turn it into a 304.
const tagOf = (body: string) => `W/"${crypto.createHash('sha1').update(body).digest('base64')}"`;

test('a GET carries a weak ETag; the same body the same tag; If-None-Match gets 304 with no body; new data a new tag', async (t) => {
  const store = await exampleStore({ lazy: true, env: REAL_PORT });
  t.after(() => store.close());
  await store.kernel.start();
  const url = `https://127.0.0.1:${portOf(store)}${LIST}`;

  const first = await wire(url);
  assert.equal(first.status, 200);
  const etag = first.headers.etag!;
  assert.match(etag, /^W\/".+"$/);
  const again = await wire(url);
  assert.equal(again.headers.etag, etag);
  assert.equal(again.body, first.body);

  const notModified = await wire(url, { headers: { 'if-none-match': etag } });
  assert.equal(notModified.status, 304);
  assert.equal(notModified.body, '');
  assert.equal(notModified.headers['content-length'], undefined, 'a 304 claims no length');
  assert.equal(notModified.headers.etag, etag);
  // The strong form of the same tag matches too (weak comparison).
  assert.equal((await wire(url, { headers: { 'if-none-match': etag.slice(2) } })).status, 304);

  const created = await wire(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ada' }) });
  assert.equal(created.status, 201);
  assert.equal(created.headers.etag, undefined, 'only GET and HEAD are tagged');

  const changed = await wire(url, { headers: { 'if-none-match': etag } });
  assert.equal(changed.status, 200);
  assert.notEqual(changed.headers.etag, etag);
  assert.equal(changed.json().count, 1);
  assert.equal((await wire(url, { headers: { 'if-none-match': changed.headers.etag! } })).status, 304);
});

test('HEAD is tagged like GET and revalidates the same way', async (t) => {
  const store = await exampleStore();
  t.after(() => store.close());
  const get = await store.inject({ method: 'GET', url: LIST });
  const head = await store.inject({ method: 'HEAD', url: LIST });
  assert.equal(head.statusCode, 200);
  assert.equal(head.headers.etag, get.headers.etag);
  const notModified = await store.inject({ method: 'HEAD', url: LIST, headers: { 'if-none-match': String(get.headers.etag) } });
  assert.equal(notModified.statusCode, 304);
});

test('errors and other statuses are left alone, even when If-None-Match names their body', async (t) => {
  const store = await exampleStore();
  t.after(() => store.close());

  const missing = await store.inject({ method: 'GET', url: `${LIST}999/` });
  assert.equal(missing.statusCode, 404);
  assert.equal(missing.headers.etag, undefined);
  const missingAgain = await store.inject({ method: 'GET', url: `${LIST}999/`, headers: { 'if-none-match': tagOf(missing.body) } });
  assert.equal(missingAgain.statusCode, 404);
  assert.deepEqual(missingAgain.json(), missing.json());

  const unauthenticated = await store.inject({ method: 'GET', url: '/api/v1/hello/whoami/' });
  assert.equal(unauthenticated.statusCode, 401);
  assert.equal(unauthenticated.headers.etag, undefined);

  const invalid = await store.inject({ method: 'GET', url: `${LIST}?page_size=1000` });
  assert.equal(invalid.statusCode, 400);
  assert.equal(invalid.headers.etag, undefined);
  assert.equal((await store.inject({ method: 'GET', url: `${LIST}?page_size=1000`, headers: { 'if-none-match': tagOf(invalid.body) } })).statusCode, 400);

  const created = await postJson(store, LIST, { name: 'Grace' }, { 'if-none-match': '*' });
  assert.equal(created.statusCode, 201);
  assert.equal(created.headers.etag, undefined);
  const createdBody = created.body;
  const repeat = await postJson(store, LIST, { name: 'Grace' }, { 'if-none-match': tagOf(createdBody) });
  assert.equal(repeat.statusCode, 201);
  assert.notEqual(repeat.body, '');

  const wrongMethod = await store.inject({ method: 'PATCH', url: LIST, headers: { 'content-type': 'application/json' }, payload: '{}' });
  assert.equal(wrongMethod.statusCode, 405);
  assert.equal(wrongMethod.headers.etag, undefined);
});
