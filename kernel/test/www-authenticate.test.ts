import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestStore } from '../../test/helpers/store.ts';
import { createStaff, SessionClient } from '../../test/helpers/auth.ts';

const CHALLENGE = 'Token realm="storekeep", Session realm="storekeep"';

test('every 401 says how to authenticate (WWW-Authenticate: Token and Session), other statuses do not', async (t) => {
  const store = await startTestStore();
  t.after(() => store.close());
  const staff = await createStaff(store);
  const get = (url: string, headers: Record<string, string> = {}) => store.inject({ method: 'GET', url, headers });

  const anonymous = await get('/api/v1/orders/');
  assert.equal(anonymous.statusCode, 401);
  assert.equal(anonymous.json().code, 'not_authenticated');
  assert.equal(anonymous.headers['www-authenticate'], CHALLENGE);

  const badKey = await get('/api/v1/products/', { authorization: 'Token sk_live_nope' });
  assert.equal(badKey.statusCode, 401);
  assert.equal(badKey.headers['www-authenticate'], CHALLENGE);

  const badLogin = await new SessionClient(store).login(staff.email, 'wrong-password');
  assert.equal(badLogin.statusCode, 401);
  assert.equal(badLogin.headers['www-authenticate'], CHALLENGE);

  const fine = await get('/api/v1/products/');
  assert.equal(fine.statusCode, 200);
  assert.equal(fine.headers['www-authenticate'], undefined);
  const missing = await get('/api/v1/products/999999/');
  assert.equal(missing.statusCode, 404);
  assert.equal(missing.headers['www-authenticate'], undefined);
});
