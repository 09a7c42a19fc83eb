import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { startTestStore, type TestStore } from '../helpers/store.ts';
import { authHeader, staffApiKey } from '../helpers/auth.ts';
import { SecretBox } from '../../kernel/crypto/secret-box.ts';

// An answer that reveals a secret (a new API key, a webhook signing secret) is replayed for a repeated
// Idempotency-Key without that secret, and the secret is nowhere in idempotency_keys.
describe('idempotent replays of answers that carry a secret', () => {
  let store: TestStore;
  let admin: { authorization: string };
  before(async () => {
    store = await startTestStore();
    admin = authHeader(await staffApiKey(store, { name: 'admin' }));
  });
  after(() => store.close());

  const post = (url: string, key: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    store.inject({ method: 'POST', url, headers: { ...admin, 'idempotency-key': key, 'content-type': 'application/json' }, payload: JSON.stringify(payload ?? {}) });

  // Every stored column of every idempotency row, as text: the secret must be in none of them.
  async function storedText(): Promise<string> {
    return JSON.stringify(await store.kernel.knex('idempotency_keys').select('*'));
  }

  async function assertReplayWithout(url: string, key: string, payload: unknown, field: string, status: number): Promise<{ first: any; secret: string }> {
    const first = await post(url, key, payload);
    assert.equal(first.statusCode, status, first.body);
    const secret = first.json()[field];
    assert.equal(typeof secret, 'string', 'the first answer shows the secret');
    assert.ok(secret.length >= 32);

    const replay = await post(url, key, payload);
    assert.equal(replay.statusCode, status, replay.body);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.equal(replay.headers['idempotent-secrets-omitted'], field);
    assert.equal(replay.json()[field], null, 'the replay does not show the secret again');
    assert.ok(!replay.body.includes(secret));
    assert.deepEqual({ ...(replay.json() as object), [field]: undefined }, { ...(first.json() as object), [field]: undefined }, 'everything else is the first answer');

    const stored = await storedText();
    assert.ok(stored.includes(key), 'the key was recorded');
    assert.ok(!stored.includes(secret), 'the secret is not stored in idempotency_keys');
    return { first: first.json(), secret };
  }

  test('POST /api/v1/api-keys/: the replay has key null; the key from the first answer works', async () => {
    const { first, secret } = await assertReplayWithout('/api/v1/api-keys/', 'new-key-1', { name: 'Replayed' }, 'key', 201);
    assert.match(secret, /^sk_live_/);
    assert.ok(!(await storedText()).includes(secret.slice(8)), 'not even without its prefix');
    const withIt = await store.inject({ method: 'GET', url: `/api/v1/api-keys/${first.id}/`, headers: authHeader(secret) });
    assert.equal(withIt.statusCode, 200, 'the key shown once authenticates');
    const list = await store.inject({ method: 'GET', url: '/api/v1/api-keys/', headers: admin });
    assert.equal(list.json().results.filter((k: any) => k.name === 'Replayed').length, 1, 'the replay created no second key');
  });

  test('POST /api/v1/webhooks/: the replay has secret null; the first answer holds the signing secret', async () => {
    const { first, secret } = await assertReplayWithout('/api/v1/webhooks/', 'new-hook-1', { url: 'https://hooks.example.com/replayed', events: ['*'] }, 'secret', 201);
    const row = await store.kernel.knex('webhook_endpoints').where({ id: first.id }).first();
    assert.equal(new SecretBox(store.dataDir).open(row.secret_sealed), secret, 'the secret shown is the one deliveries are signed with');
    assert.equal(await store.kernel.knex('webhook_endpoints').where({ url: 'https://hooks.example.com/replayed' }).count({ n: '*' }).first().then((r: any) => Number(r.n)), 1);
  });

  test('POST /api/v1/webhooks/{id}/rotate-secret/: the replay has secret null and rotates nothing', async () => {
    const created = await post('/api/v1/webhooks/', 'hook-to-rotate', { url: 'https://hooks.example.com/rotated', events: ['*'] });
    const id = created.json().id;
    const { secret } = await assertReplayWithout(`/api/v1/webhooks/${id}/rotate-secret/`, 'rotate-1', undefined, 'secret', 200);
    const row = await store.kernel.knex('webhook_endpoints').where({ id }).first();
    assert.equal(new SecretBox(store.dataDir).open(row.secret_sealed), secret, 'the replay did not rotate again');
  });

  test('a password in the body is kept only as a slow salted hash: the fingerprint cannot be checked against guesses cheaply', async () => {
    const body = { email: 'fingerprint@example.com', password: 'Summer2026!' };
    const first = await post('/api/v1/customers/', 'customer-with-password', body);
    assert.equal(first.statusCode, 201, first.body);
    const row = await store.kernel.knex('idempotency_keys').where({ idempotency_key: 'customer-with-password' }).first();
    const plain = crypto.createHash('sha256').update(`POST /api/v1/customers/\n${JSON.stringify(body)}`).digest('hex');
    assert.notEqual(row.request_hash, plain, 'not a plain SHA-256 of the body with the password');
    assert.ok(!(await storedText()).includes(body.password));

    const replay = await post('/api/v1/customers/', 'customer-with-password', body);
    assert.equal(replay.statusCode, 201);
    assert.equal(replay.headers['idempotent-replayed'], 'true', 'the same body is still recognised');
    const other = await post('/api/v1/customers/', 'customer-with-password', { ...body, password: 'Winter2026!' });
    assert.equal(other.statusCode, 409, 'another password is another request');
    assert.equal(other.json().code, 'idempotency_key_reused');
  });

  test('the OpenAPI document says the secret fields are null in a replay', async () => {
    const doc = (await store.inject({ method: 'GET', url: '/latest/openapi.json' })).json();
    const keyField = doc.paths['/api/v1/api-keys/'].post.responses['201'].content['application/json'].schema.properties.key;
    assert.deepEqual(keyField.type, ['string', 'null']);
    assert.match(keyField.description, /Idempotent-Secrets-Omitted/);
    const secretField = doc.paths['/api/v1/webhooks/{id}/rotate-secret/'].post.responses['200'].content['application/json'].schema.properties.secret;
    assert.deepEqual(secretField.type, ['string', 'null']);
  });
});
