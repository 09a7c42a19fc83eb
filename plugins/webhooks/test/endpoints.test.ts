import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { expectStatus, sharedClientStore } from '../../../test/helpers/client.ts';
import { SessionClient, staffSession } from '../../../test/helpers/auth.ts';
import { createEndpoint } from './helpers.ts';

const shared = sharedClientStore();

test('creating an endpoint answers its 64-hex secret once; reads never show it', async () => {
  const ctx = shared();
  const created = await createEndpoint(ctx.staff, 'https://hooks.example.com/storekeep', ['order.paid', 'order.created'], { description: 'ERP' });
  assert.match(created.secret, /^[0-9a-f]{64}$/);
  assert.deepEqual(created.events, ['order.paid', 'order.created']);
  assert.equal(created.active, true);
  assert.equal(created.description, 'ERP');
  const read = expectStatus(await ctx.staff.get(`/api/v1/webhooks/${created.id}/`), 200);
  assert.equal(read.secret, undefined);
  assert.equal(read.url, 'https://hooks.example.com/storekeep');
  const list = expectStatus(await ctx.staff.get('/api/v1/webhooks/'), 200);
  assert.ok(list.results.some((e: any) => e.id === created.id));
  assert.ok(list.results.every((e: any) => e.secret === undefined));
});

test('the secret is stored sealed, not in clear, and the key lives outside the database', async () => {
  const ctx = shared();
  const created = await createEndpoint(ctx.staff, 'https://sealed.example.com/');
  const row = await ctx.store.kernel.knex('webhook_endpoints').where({ id: created.id }).first();
  assert.ok(!JSON.stringify(row).includes(created.secret), 'the row does not hold the secret');
  assert.match(row.secret_sealed, /^v1:/);
  const keyFile = path.join(ctx.store.dataDir, 'webhook-secrets.key');
  assert.equal(fs.statSync(keyFile).mode & 0o777, 0o600);
});

test('rotate-secret replaces the secret and answers the new one', async () => {
  const ctx = shared();
  const created = await createEndpoint(ctx.staff, 'https://rotate.example.com/');
  const rotated = expectStatus(await ctx.staff.post(`/api/v1/webhooks/${created.id}/rotate-secret/`, undefined), 200);
  assert.match(rotated.secret, /^[0-9a-f]{64}$/);
  assert.notEqual(rotated.secret, created.secret);
  expectStatus(await ctx.staff.post('/api/v1/webhooks/999999/rotate-secret/', undefined), 404);
});

test('PATCH changes url, events, description and active; DELETE removes the endpoint', async () => {
  const ctx = shared();
  const created = await createEndpoint(ctx.staff, 'https://patch.example.com/');
  const patched = expectStatus(await ctx.staff.patch(`/api/v1/webhooks/${created.id}/`, { url: 'https://patched.example.com/in', events: ['inventory.low_stock'], active: false, description: 'later' }), 200);
  assert.equal(patched.url, 'https://patched.example.com/in');
  assert.deepEqual(patched.events, ['inventory.low_stock']);
  assert.equal(patched.active, false);
  const inactive = expectStatus(await ctx.staff.get('/api/v1/webhooks/?active=false'), 200);
  assert.ok(inactive.results.some((e: any) => e.id === created.id));
  expectStatus(await ctx.staff.delete(`/api/v1/webhooks/${created.id}/`), 204);
  expectStatus(await ctx.staff.get(`/api/v1/webhooks/${created.id}/`), 404);
  expectStatus(await ctx.staff.delete(`/api/v1/webhooks/${created.id}/`), 404);
});

test('refuses bad URLs, naming the field', async () => {
  const ctx = shared();
  const refused = [
    'not a url',
    '/relative/path',
    'ftp://files.example.com/',
    'http://hooks.example.com/plain-http',
    'http://10.0.0.5/plain-http-private',
    'https://169.254.169.254/latest/meta-data/',
    'https://[fd00:ec2::254]/',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://METADATA.GOOGLE.INTERNAL./',
    'https://169.254.10.20/',
    'https://[fe80::1]/',
    'https://0.0.0.0/',
    'https://224.0.0.1/',
    'https://[::]/',
    'https://[::ffff:169.254.169.254]/',
    'https://2852039166/',
    'https://user:pass@hooks.example.com/',
  ];
  for (const url of refused) {
    const body = expectStatus(await ctx.staff.post('/api/v1/webhooks/', { url, events: ['*'] }), 400);
    assert.equal(body.code, 'invalid', url);
    assert.ok(body.errors?.url?.length, `${url}: ${JSON.stringify(body)}`);
  }
  // Loopback and private targets: see outbound.test.ts (refused unless OUTBOUND_ALLOW_PRIVATE).
  for (const url of ['https://hooks.example.com:8443/in', 'https://93.184.215.14/', 'https://[2606:4700::1111]/']) {
    expectStatus(await ctx.staff.post('/api/v1/webhooks/', { url, events: ['*'] }), 201);
  }
});

test('refuses unknown event types, an empty list, "*" with others and unknown fields', async () => {
  const ctx = shared();
  const unknown = expectStatus(await ctx.staff.post('/api/v1/webhooks/', { url: 'https://x.example.com/', events: ['order.paid', 'order.exploded'] }), 400);
  assert.match(unknown.errors.events.join(' '), /order\.exploded/);
  const empty = expectStatus(await ctx.staff.post('/api/v1/webhooks/', { url: 'https://x.example.com/', events: [] }), 400);
  assert.ok(empty.errors.events.length);
  const mixed = expectStatus(await ctx.staff.post('/api/v1/webhooks/', { url: 'https://x.example.com/', events: ['*', 'order.paid'] }), 400);
  assert.ok(mixed.errors.events.length);
  const extra = expectStatus(await ctx.staff.post('/api/v1/webhooks/', { url: 'https://x.example.com/', events: ['*'], secret: 'mine' }), 400);
  assert.equal(extra.code, 'invalid');
  const both = expectStatus(await ctx.staff.post('/api/v1/webhooks/', { url: 'http://example.com/', events: ['nope.never'] }), 400);
  assert.deepEqual(Object.keys(both.errors).sort(), ['events', 'url'], 'every bad field at once');
  expectStatus(await ctx.staff.post('/api/v1/webhooks/', { events: ['*'] }), 400);
  expectStatus(await ctx.staff.post('/api/v1/webhooks/', { url: 'https://x.example.com/', events: 'order.paid' }), 400);
  const created = await createEndpoint(ctx.staff, 'https://x.example.com/');
  const patch = expectStatus(await ctx.staff.patch(`/api/v1/webhooks/${created.id}/`, { events: ['order.unknown'] }), 400);
  assert.match(patch.errors.events.join(' '), /order\.unknown/);
  expectStatus(await ctx.staff.patch(`/api/v1/webhooks/${created.id}/`, {}), 400);
  const count = await ctx.store.kernel.knex('webhook_endpoints').where({ url: 'http://example.com/' }).count({ n: '*' });
  assert.equal(Number(count[0]!.n), 0, 'nothing refused was stored');
});

test('staff only: anonymous is 401, a customer 403; a staff session works with CSRF', async () => {
  const ctx = shared();
  expectStatus(await ctx.anon.get('/api/v1/webhooks/'), 401);
  expectStatus(await ctx.anon.post('/api/v1/webhooks/', { url: 'https://x.example.com/', events: ['*'] }), 401);
  expectStatus(await ctx.anon.get('/api/v1/events/'), 401);
  const customer = new SessionClient(ctx.store);
  expectStatus(await customer.register({ email: 'shopper@example.com', password: 'customer-password-1' }), 201);
  expectStatus(await customer.request({ method: 'GET', url: '/api/v1/webhooks/' }), 403);
  expectStatus(await customer.request({ method: 'GET', url: '/api/v1/events/' }), 403);
  const { client } = await staffSession(ctx.store);
  const res = await client.request({ method: 'POST', url: '/api/v1/webhooks/', payload: { url: 'https://session.example.com/', events: ['*'] } });
  assert.equal(res.statusCode, 201, res.body);
  const noCsrf = await client.request({ method: 'POST', url: '/api/v1/webhooks/', payload: { url: 'https://session.example.com/', events: ['*'] }, csrf: false });
  assert.equal(noCsrf.statusCode, 403);
});

test('the OpenAPI document lists the event catalogue under webhooks and lints clean', async () => {
  const ctx = shared();
  const res = await ctx.anon.get('/latest/openapi.json');
  const doc = expectStatus(res, 200);
  const config = await createConfig({ extends: ['recommended'], rules: { 'no-path-trailing-slash': 'off' } });
  const problems = await lintFromString({ source: res.body, absoluteRef: 'https://store.test/latest/openapi.json', config });
  assert.deepEqual(problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`), []);
  const catalogue = ctx.store.kernel.container.resolve<{ list(): Array<{ type: string }> }>('webhookEventCatalogue').list();
  assert.deepEqual(Object.keys(doc.webhooks), catalogue.map((e) => e.type), 'every catalogue entry, sorted');
  for (const type of ['order.created', 'order.paid', 'order.shipped', 'refund.created', 'shipment.created', 'inventory.low_stock', 'customer.created', 'product.deleted']) {
    assert.ok(doc.webhooks[type]?.post, type);
  }
  const order = doc.webhooks['order.paid'].post;
  assert.deepEqual(order.requestBody.content['application/json'].schema.properties.data, { $ref: '#/components/schemas/Order' });
  assert.ok(order.parameters.some((p: any) => p.name === 'X-Service-Signature'));
  assert.ok(doc.components.schemas.Order, 'the referenced component exists');
});
