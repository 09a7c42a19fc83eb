import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestStore } from '../../../test/helpers/store.ts';
import { authHeader, createStaff, SessionClient, staffApiKey } from '../../../test/helpers/auth.ts';

test('logs at info never hold a full API key, a password or a session token; at most … and the last 4', async (t) => {
  const lines: string[] = [];
  const store = await startTestStore({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line: string) => void lines.push(line) } });
  t.after(() => store.close());
  const ownerPassword = /^\s*password: +(\S+)$/m.exec(store.notices.join('\n'))?.[1];
  assert.ok(ownerPassword);

  const key = await staffApiKey(store);
  assert.equal((await store.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: authHeader(key) })).statusCode, 200);
  const revoked = await staffApiKey(store);
  const id = (await store.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: authHeader(revoked) })).json().id;
  await store.inject({ method: 'DELETE', url: `/api/v1/api-keys/${id}/`, headers: authHeader(key) });
  assert.equal((await store.inject({ method: 'GET', url: '/api/v1/store/', headers: authHeader(revoked) })).statusCode, 401);

  const staff = await createStaff(store, { password: 'a-secret-password-9' });
  const client = new SessionClient(store);
  assert.equal((await client.login(staff.email, 'a-wrong-password-7')).statusCode, 401);
  assert.equal((await client.login(staff.email, staff.password)).statusCode, 200);
  const sessionToken = client.cookies.get('sessionid')!;
  assert.equal((await client.request({ method: 'GET', url: '/api/v1/auth/me/' })).statusCode, 200);
  assert.equal((await client.request({ method: 'PATCH', url: '/api/v1/store/', payload: { name: 'Logged' } })).statusCode, 200);
  const shopper = new SessionClient(store);
  assert.equal((await shopper.register({ email: 'logged@example.com', password: 'shopper-secret-5' })).statusCode, 201);
  const shopperToken = shopper.cookies.get('sessionid')!;
  await shopper.logout();

  const output = lines.join('');
  assert.ok(lines.length > 10, 'requests were logged at info');
  const secrets = { key, revoked, 'key body': key.slice(8), ownerPassword, 'staff password': staff.password, 'wrong password': 'a-wrong-password-7', 'shopper password': 'shopper-secret-5', sessionToken, shopperToken };
  for (const [what, secret] of Object.entries(secrets)) assert.ok(!output.includes(secret), `the ${what} appears in the log`);
  assert.ok(output.includes(`…${key.slice(-4)}`), 'the masked key (… and the last 4) may appear, so requests can be told apart');
});
