import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestStore, type TestStore } from '../../../test/helpers/store.ts';
import { authHeader, createStaff, SessionClient, staffApiKey, staffSession } from '../../../test/helpers/auth.ts';

let store: TestStore;
let owner: SessionClient;
before(async () => {
  store = await startTestStore();
  owner = (await staffSession(store, { role: 'owner' })).client;
});
after(() => store.close());

const body = (res: { statusCode: number; body: string }, status: number) => {
  assert.equal(res.statusCode, status, res.body);
  return JSON.parse(res.body || 'null');
};

test('the owner adds a staff member; without a password the member is mailed a reset link, and no hash is shown', async () => {
  const created = body(await owner.request({ method: 'POST', url: '/api/v1/staff/', payload: { email: 'Clerk@Shop.example', first_name: 'Cleo', last_name: 'Clerk' } }), 201);
  assert.equal(created.email, 'clerk@shop.example');
  assert.equal(created.role, 'staff');
  assert.equal(created.is_active, true);
  assert.equal(created.last_login_at, null);
  assert.equal('password_hash' in created, false);
  const reset = await store.kernel.knex('password_resets').where({ user_id: created.id }).count({ count: '*' });
  assert.equal(Number(reset[0]!.count), 1, 'a reset link was issued');
  const jobs = await store.kernel.knex('jobs').where('payload', 'like', '%clerk@shop.example%').count({ count: '*' });
  assert.equal(Number(jobs[0]!.count), 1, 'and its mail queued');

  const read = body(await owner.request({ method: 'GET', url: `/api/v1/staff/${created.id}/` }), 200);
  assert.deepEqual(read, created);
  const list = body(await owner.request({ method: 'GET', url: '/api/v1/staff/?search=cleo' }), 200);
  assert.deepEqual(list.results.map((s: any) => s.email), ['clerk@shop.example']);
});

test('with a password the member signs in at once; an e-mail in use is 409 email_taken; bad input is 400 naming fields', async () => {
  const created = body(await owner.request({ method: 'POST', url: '/api/v1/staff/', payload: { email: 'packer@shop.example', password: 'packer password 1', role: 'staff' } }), 201);
  const packer = new SessionClient(store);
  assert.equal((await packer.login('packer@shop.example', 'packer password 1')).statusCode, 200);
  assert.equal(body(await packer.request({ method: 'GET', url: '/api/v1/auth/me/' }), 200).id, created.id);

  const taken = body(await owner.request({ method: 'POST', url: '/api/v1/staff/', payload: { email: 'PACKER@shop.example' } }), 409);
  assert.equal(taken.code, 'email_taken');
  const bad = body(await owner.request({ method: 'POST', url: '/api/v1/staff/', payload: { email: 'not-an-address', role: 'boss', password: 'short' } }), 400);
  assert.deepEqual(Object.keys(bad.errors).sort(), ['email', 'password', 'role']);
  const unknown = body(await owner.request({ method: 'PATCH', url: '/api/v1/staff/999999/', payload: { role: 'owner' } }), 404);
  assert.equal(unknown.code, 'not_found');
  const empty = body(await owner.request({ method: 'PATCH', url: `/api/v1/staff/${created.id}/`, payload: {} }), 400);
  assert.equal(empty.code, 'invalid');
});

test('only the owner (or an API key) changes the team: staff get 403, customers 403, anonymous 401', async () => {
  const { client: clerk } = await staffSession(store);
  const refused = body(await clerk.request({ method: 'POST', url: '/api/v1/staff/', payload: { email: 'sneaky@shop.example', role: 'owner' } }), 403);
  assert.equal(refused.code, 'permission_denied');
  const target = await createStaff(store);
  body(await clerk.request({ method: 'PATCH', url: `/api/v1/staff/${target.id}/`, payload: { role: 'owner' } }), 403);
  assert.equal(body(await clerk.request({ method: 'GET', url: '/api/v1/staff/' }), 200).count > 0, true, 'staff may read the team');
  const viaKey = await store.inject({ method: 'POST', url: '/api/v1/staff/', headers: { ...authHeader(await staffApiKey(store)), 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'by-key@shop.example' }) });
  assert.equal(viaKey.statusCode, 201, viaKey.body);
  assert.equal((await store.inject({ method: 'GET', url: '/api/v1/staff/' })).statusCode, 401);
  const customer = new SessionClient(store);
  assert.equal((await customer.register({ email: 'buyer@example.com', password: 'buyer password 1' })).statusCode, 201);
  assert.equal((await customer.request({ method: 'GET', url: '/api/v1/staff/' })).statusCode, 403);
});

test('deactivating ends the member\'s sessions at once; the last active owner cannot be demoted or deactivated', async () => {
  const { client: member, staff } = await staffSession(store);
  assert.equal((await member.request({ method: 'GET', url: '/api/v1/auth/me/' })).statusCode, 200);
  const off = body(await owner.request({ method: 'PATCH', url: `/api/v1/staff/${staff.id}/`, payload: { is_active: false, last_name: 'Gone' } }), 200);
  assert.equal(off.is_active, false);
  assert.equal(off.last_name, 'Gone');
  assert.equal((await member.request({ method: 'GET', url: '/api/v1/auth/me/' })).statusCode, 401);
  assert.equal((await new SessionClient(store).login(staff.email, staff.password)).statusCode, 401, 'and it cannot sign in');

  // Every other owner steps down (the store's first owner included) until this session's is the last.
  const me = body(await owner.request({ method: 'GET', url: '/api/v1/auth/me/' }), 200).id;
  const owners = body(await owner.request({ method: 'GET', url: '/api/v1/staff/?page_size=100' }), 200).results.filter((s: any) => s.role === 'owner' && s.is_active);
  for (const other of owners.filter((o: any) => o.id !== me)) body(await owner.request({ method: 'PATCH', url: `/api/v1/staff/${other.id}/`, payload: { role: 'staff' } }), 200);
  const last = body(await owner.request({ method: 'PATCH', url: `/api/v1/staff/${me}/`, payload: { role: 'staff' } }), 409);
  assert.equal(last.code, 'last_owner');
  body(await owner.request({ method: 'PATCH', url: `/api/v1/staff/${me}/`, payload: { is_active: false } }), 409);
  // With a second owner, this one may step down, and the second may promote it again.
  const second = await createStaff(store, { role: 'owner' });
  assert.equal(body(await owner.request({ method: 'PATCH', url: `/api/v1/staff/${me}/`, payload: { role: 'staff' } }), 200).role, 'staff');
  const secondOwner = new SessionClient(store);
  await secondOwner.login(second.email, second.password);
  assert.equal(body(await secondOwner.request({ method: 'PATCH', url: `/api/v1/staff/${me}/`, payload: { role: 'owner' } }), 200).role, 'owner');
});

test('two owners demoting each other at once: one succeeds, the other is 409 last_owner (the store keeps an owner)', async () => {
  const fresh = await startTestStore();
  try {
    const a = await staffSession(fresh, { role: 'owner' });
    const b = await staffSession(fresh, { role: 'owner' });
    // The store's first owner steps down first, leaving exactly these two.
    const others = JSON.parse((await a.client.request({ method: 'GET', url: '/api/v1/staff/?page_size=100' })).body).results.filter((s: any) => s.role === 'owner' && s.id !== a.staff.id && s.id !== b.staff.id);
    for (const o of others) body(await a.client.request({ method: 'PATCH', url: `/api/v1/staff/${o.id}/`, payload: { role: 'staff' } }), 200);
    const [ab, ba] = await Promise.all([
      a.client.request({ method: 'PATCH', url: `/api/v1/staff/${b.staff.id}/`, payload: { is_active: false } }),
      b.client.request({ method: 'PATCH', url: `/api/v1/staff/${a.staff.id}/`, payload: { is_active: false } }),
    ]);
    const statuses = [ab.statusCode, ba.statusCode].sort();
    assert.ok(statuses[0] === 200 && (statuses[1] === 409 || statuses[1] === 401), `${ab.statusCode} ${ab.body} / ${ba.statusCode} ${ba.body}`);
    const left = await fresh.kernel.knex('users').where({ kind: 'staff', role: 'owner', is_active: 1 }).count({ count: '*' });
    assert.equal(Number(left[0]!.count), 1);
  } finally {
    await fresh.close();
  }
});
