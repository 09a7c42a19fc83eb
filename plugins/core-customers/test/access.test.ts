import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { staffSession } from '../../../test/helpers/auth.ts';
import { addressBody, ADDRESSES, CUSTOMERS, expectStatus, ME, registerCustomer, sharedShop } from './helpers.ts';

const shop = sharedShop();

const ME_ROUTES: Array<[string, string, unknown?]> = [
  ['GET', ME],
  ['PATCH', ME, { first_name: 'X' }],
  ['GET', ADDRESSES],
  ['POST', ADDRESSES, addressBody()],
  ['GET', `${ADDRESSES}1/`],
  ['PATCH', `${ADDRESSES}1/`, { city: 'X' }],
  ['DELETE', `${ADDRESSES}1/`],
];

const STAFF_ROUTES: Array<[string, string, unknown?]> = [
  ['GET', CUSTOMERS],
  ['POST', CUSTOMERS, { email: 'someone@example.com' }],
  ['GET', `${CUSTOMERS}1/`],
  ['PATCH', `${CUSTOMERS}1/`, { is_active: false }],
];

test('anonymous callers get 401 on every customer route', async () => {
  const { store } = shop();
  for (const [method, url, payload] of [...ME_ROUTES, ...STAFF_ROUTES]) {
    const res = await store.inject({ method: method as any, url, ...(payload === undefined ? {} : { payload: payload as any }) });
    const body = expectStatus(res, 401);
    assert.equal(body.code, 'not_authenticated', `${method} ${url}`);
    assert.ok(body.detail);
  }
});

test('staff (session or API key) get 403 on the me routes: they are not customers', async () => {
  const { store, staffHeaders } = shop();
  const { client } = await staffSession(store);
  for (const [method, url, payload] of ME_ROUTES) {
    const withSession = await client.request({ method: method as any, url, ...(payload === undefined ? {} : { payload: payload as any }) });
    assert.equal(withSession.statusCode, 403, `staff session ${method} ${url}: ${withSession.body}`);
    assert.equal(withSession.json().code, 'permission_denied');
    const withKey = await store.inject({ method: method as any, url, headers: staffHeaders, ...(payload === undefined ? {} : { payload: payload as any }) });
    assert.equal(withKey.statusCode, 403, `API key ${method} ${url}`);
  }
  expectStatus(await client.request({ method: 'GET', url: CUSTOMERS }), 200);
});

test('customers get 403 on the staff routes, even for their own id', async () => {
  const { store } = shop();
  const ada = await registerCustomer(store);
  for (const [method, url, payload] of STAFF_ROUTES) {
    const res = await ada.send(method, url.replace('/1/', `/${ada.id}/`), payload);
    assert.equal(res.statusCode, 403, `${method} ${url}: ${res.body}`);
    assert.equal(res.json().code, 'permission_denied');
  }
  assert.equal(expectStatus(await ada.get(ME), 200).accepts_marketing, false, 'nothing changed');
});

test('state changes made with a customer session need X-CSRFToken', async () => {
  const { store } = shop();
  const ada = await registerCustomer(store, { first_name: 'Ada' });
  const saved = expectStatus(await ada.send('POST', ADDRESSES, addressBody()), 201);
  const attempts: Array<[string, string, unknown?]> = [
    ['POST', ADDRESSES, addressBody()],
    ['PATCH', ME, { first_name: 'Mallory' }],
    ['PATCH', `${ADDRESSES}${saved.id}/`, { city: 'Elsewhere' }],
    ['DELETE', `${ADDRESSES}${saved.id}/`],
  ];
  for (const [method, url, payload] of attempts) {
    for (const csrf of [false, 'forged-token'] as const) {
      const res = await ada.client.request({ method: method as any, url, csrf, ...(payload === undefined ? {} : { payload: payload as any }) });
      assert.equal(res.statusCode, 403, `${method} ${url} csrf=${csrf}: ${res.body}`);
      assert.equal(res.json().code, 'csrf_failed');
    }
  }
  assert.equal(expectStatus(await ada.get(ADDRESSES), 200).count, 1);
  assert.equal(expectStatus(await ada.get(ME), 200).first_name, 'Ada');
  assert.deepEqual(expectStatus(await ada.get(`${ADDRESSES}${saved.id}/`), 200), saved);
});

test('a method a path does not offer is 405 with Allow', async () => {
  const { store } = shop();
  const ada = await registerCustomer(store);
  const res = await ada.send('DELETE', ME);
  assert.equal(res.statusCode, 405);
  assert.equal(res.headers.allow, 'GET, PATCH, HEAD');
});

test('every customer route is in the OpenAPI document with its policy, and the document lints clean', async () => {
  const { store } = shop();
  const res = await store.inject({ method: 'GET', url: '/latest/openapi.json' });
  const doc = expectStatus(res, 200);
  const operations = Object.entries(doc.paths as Record<string, Record<string, any>>)
    .filter(([p]) => p.startsWith('/api/v1/customers/'))
    .flatMap(([p, ops]) => Object.entries(ops).map(([method, op]) => ({ route: `${method.toUpperCase()} ${p}`, op })));
  assert.deepEqual(operations.map((o) => o.route).sort(), [
    'DELETE /api/v1/customers/me/addresses/{id}/',
    'GET /api/v1/customers/',
    'GET /api/v1/customers/me/',
    'GET /api/v1/customers/me/addresses/',
    'GET /api/v1/customers/me/addresses/{id}/',
    'GET /api/v1/customers/{id}/',
    'PATCH /api/v1/customers/me/',
    'PATCH /api/v1/customers/me/addresses/{id}/',
    'PATCH /api/v1/customers/{id}/',
    'POST /api/v1/customers/',
    'POST /api/v1/customers/me/addresses/',
  ]);
  for (const { route, op } of operations) {
    assert.ok(op.summary, route);
    assert.ok(op.responses['401'] && op.responses['403'], `${route} documents 401/403`);
    const expected = route.includes('/me/') ? [{ session: [] }] : [{ Token: [] }, { session: [] }];
    assert.deepEqual(op.security, expected, route);
  }
  const config = await createConfig({ extends: ['recommended'], rules: { 'no-path-trailing-slash': 'off' } });
  const problems = await lintFromString({ source: res.body, absoluteRef: 'https://store.test/latest/openapi.json', config });
  assert.deepEqual(problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`), []);
});
