import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestStore } from '../../../test/helpers/store.ts';
import { authHeader, createStaff, SessionClient, staffApiKey, staffSession } from '../../../test/helpers/auth.ts';
import { ManualClock } from '../../../kernel/clock.ts';
import { toDate } from '../../../kernel/db/dialect.ts';

test('register creates a logged-in customer and records customer.created without the hash', async (t) => {
  const store = await startTestStore();
  t.after(() => store.close());
  const client = new SessionClient(store);
  const res = await client.register({ email: 'Shopper@Example.com', password: 'correct horse battery', first_name: 'Ada', last_name: 'Lovelace' });
  assert.equal(res.statusCode, 201, res.body);
  const user = res.json().user;
  assert.equal(user.email, 'shopper@example.com');
  assert.equal(user.kind, 'customer');
  assert.equal(user.role, undefined);
  assert.equal(user.first_name, 'Ada');
  assert.equal(user.last_name, 'Lovelace');
  assert.match(user.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  assert.ok(client.cookies.get('sessionid'), 'registration logs the customer in');

  const me = await client.request({ method: 'GET', url: '/api/v1/auth/me/' });
  assert.equal(me.statusCode, 200);
  assert.deepEqual(me.json(), { kind: 'customer', id: user.id, email: 'shopper@example.com', first_name: 'Ada', last_name: 'Lovelace' });

  const events = await store.kernel.knex('events').where({ type: 'customer.created' });
  assert.equal(events.length, 1);
  const data = JSON.parse(events[0].data);
  assert.deepEqual(data, user);
  assert.ok(!events[0].data.includes('scrypt'), 'the event never carries the password hash');

  const row = await store.kernel.knex('users').where({ id: user.id }).first();
  assert.match(row.password_hash, /^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
  assert.ok(!row.password_hash.includes('correct horse battery'));
});

test('register refuses a taken e-mail (any case) with 409 email_taken and leaves no trace', async (t) => {
  const store = await startTestStore();
  t.after(() => store.close());
  assert.equal((await new SessionClient(store).register({ email: 'taken@example.com', password: 'password-one' })).statusCode, 201);
  const again = new SessionClient(store);
  const res = await again.register({ email: 'TAKEN@example.com', password: 'password-two' });
  assert.equal(res.statusCode, 409, res.body);
  assert.equal(res.json().code, 'email_taken');
  assert.ok(res.json().errors.email);
  assert.equal(again.cookies.get('sessionid'), undefined);
  assert.equal((await store.kernel.knex('events').where({ type: 'customer.created' })).length, 1);
  const staff = await createStaff(store, { email: 'clerk@example.com' });
  const clash = await new SessionClient(store).register({ email: staff.email, password: 'password-two' });
  assert.equal(clash.statusCode, 409, 'staff and customers share one e-mail space');
});

test('register names every bad field: e-mail, short or long password, unknown fields', async (t) => {
  const store = await startTestStore();
  t.after(() => store.close());
  const client = new SessionClient(store);
  const bad = await client.register({ email: 'not-an-email', password: 'short' });
  assert.equal(bad.statusCode, 400, bad.body);
  assert.equal(bad.json().code, 'invalid');
  assert.ok(bad.json().errors.email, bad.body);
  assert.ok(bad.json().errors.password, bad.body);
  const long = await client.register({ email: 'a@example.com', password: 'x'.repeat(129) });
  assert.equal(long.statusCode, 400);
  assert.ok(long.json().errors.password);
  const extra = await client.request({ method: 'POST', url: '/api/v1/auth/register/', payload: { email: 'a@example.com', password: 'long enough', is_staff: true } });
  assert.equal(extra.statusCode, 400);
  assert.ok(extra.json().errors.is_staff);
  assert.equal((await store.kernel.knex('users').count({ n: '*' }).first() as any).n, 1, 'only the bootstrapped owner exists');
});

test('me describes each kind of principal, and refuses anonymous callers with a detail', async (t) => {
  const store = await startTestStore();
  t.after(() => store.close());
  const { client, staff } = await staffSession(store, { role: 'owner' });
  const asStaff = await client.request({ method: 'GET', url: '/api/v1/auth/me/' });
  assert.deepEqual(asStaff.json(), { kind: 'staff', id: staff.id, email: staff.email, role: 'owner', first_name: '', last_name: '' });
  const key = await staffApiKey(store, { name: 'ERP sync' });
  const asKey = await store.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: authHeader(key) });
  assert.equal(asKey.statusCode, 200);
  assert.deepEqual(asKey.json(), { kind: 'api_key', id: asKey.json().id, name: 'ERP sync', mode: 'live', scopes: [] });
  const anonymous = await store.inject({ method: 'GET', url: '/api/v1/auth/me/' });
  assert.equal(anonymous.statusCode, 401);
  assert.equal(anonymous.json().code, 'not_authenticated');
  assert.equal(typeof anonymous.json().detail, 'string');
});

test('sessions slide: used within 14 days they live on, unused for 14 days they end', async (t) => {
  const clock = new ManualClock(Date.parse('2026-03-01T10:00:00.000Z'));
  const store = await startTestStore({ clock });
  t.after(() => store.close());
  const { client } = await staffSession(store);
  const expiry = async () => toDate((await store.kernel.knex('sessions').first('expires_at')).expires_at)!.toISOString();
  assert.equal(await expiry(), '2026-03-15T10:00:00.000Z');
  clock.advance(3 * 86_400_000);
  assert.equal((await client.request({ method: 'GET', url: '/api/v1/auth/me/' })).statusCode, 200);
  assert.equal(await expiry(), '2026-03-15T10:00:00.000Z', 'more than half remains: no write');
  clock.advance(5 * 86_400_000);
  assert.equal((await client.request({ method: 'GET', url: '/api/v1/auth/me/' })).statusCode, 200);
  assert.equal(await expiry(), '2026-03-23T10:00:00.000Z', 'less than half remained: extended by 14 days from now');
  clock.advance(14 * 86_400_000 + 1);
  assert.equal((await client.request({ method: 'GET', url: '/api/v1/auth/me/' })).statusCode, 401);
});
