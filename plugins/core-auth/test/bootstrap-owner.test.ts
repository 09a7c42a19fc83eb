import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestStore, type TestStore } from '../../../test/helpers/store.ts';
import { SessionClient } from '../../../test/helpers/auth.ts';
import { createKernel } from '../../../kernel/kernel.ts';
import type { Config } from '../../../kernel/config.ts';

// Stops the store's kernel and starts another one on the same DATA_DIR and database, as a restart does.
async function restart(store: TestStore, config: Partial<Config> = {}) {
  await store.kernel.stop();
  const kernel = createKernel({ ...store.config, ...config }, { workers: false });
  await kernel.ready();
  return kernel;
}

test('an empty store gets an owner whose generated password is printed once, with the admin URL', async (t) => {
  const store = await startTestStore();
  t.after(() => store.close());
  assert.equal(store.notices.length, 1, store.notices.join('\n'));
  const notice = store.notices[0];
  assert.match(notice, /owner@storekeep\.local/);
  assert.ok(notice.includes('https://store.test/admin/'), notice);
  const password = /^\s*password: +(\S+)$/m.exec(notice)?.[1];
  assert.ok(password && password.length >= 24, notice);

  const owners = await store.kernel.knex('users').where({ kind: 'staff' });
  assert.equal(owners.length, 1);
  assert.equal(owners[0].email, 'owner@storekeep.local');
  assert.equal(owners[0].role, 'owner');
  assert.ok(!owners[0].password_hash.includes(password));

  const client = new SessionClient(store);
  const login = await client.login('owner@storekeep.local', password);
  assert.equal(login.statusCode, 200, login.body);
  assert.equal(login.json().user.role, 'owner');

  const kernel = await restart(store);
  t.after(() => kernel.stop());
  assert.equal(store.notices.length, 1, 'nothing is printed on later starts');
  assert.equal((await kernel.knex('users').where({ kind: 'staff' })).length, 1);
});

test('ADMIN_EMAIL and ADMIN_PASSWORD create that owner and print nothing', async (t) => {
  const store = await startTestStore({ env: { ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'first-admin-password' } });
  t.after(() => store.close());
  assert.deepEqual(store.notices, []);
  const staff = await store.kernel.knex('users').where({ kind: 'staff' });
  assert.deepEqual(staff.map((u) => [u.email, u.role]), [['boss@example.com', 'owner']]);
  assert.equal((await new SessionClient(store).login('boss@example.com', 'first-admin-password')).statusCode, 200);
});

test('a changed ADMIN_PASSWORD resets the owner password at the next start and ends old sessions', async (t) => {
  const store = await startTestStore({ env: { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'first-admin-password' } });
  t.after(() => store.close());
  await store.kernel.knex('users').where({ email: 'boss@example.com' }).update({ role: 'staff' });
  assert.equal((await new SessionClient(store).login('boss@example.com', 'first-admin-password')).statusCode, 200);
  const before = await store.kernel.knex('users').where({ email: 'boss@example.com' }).first();

  const kernel = await restart(store, { adminPassword: 'second-admin-password' });
  t.after(() => kernel.stop());
  const after = await kernel.knex('users').where({ email: 'boss@example.com' }).first();
  assert.notEqual(after.password_hash, before.password_hash);
  assert.equal(after.role, 'owner', 'the configured account is made an owner again');
  assert.equal((await kernel.knex('sessions').count({ n: '*' }).first() as any).n, 0);
  assert.equal((await kernel.knex('users').where({ kind: 'staff' })).length, 1);
  const inject = (payload: object, cookie: string) =>
    kernel.inject({ method: 'POST', url: '/api/v1/auth/login/', headers: { 'x-forwarded-proto': 'https', cookie: `csrftoken=${cookie}`, 'x-csrftoken': cookie }, payload });
  const token = 'c'.repeat(43);
  assert.equal((await inject({ email: 'boss@example.com', password: 'first-admin-password' }, token)).statusCode, 401);
  assert.equal((await inject({ email: 'boss@example.com', password: 'second-admin-password' }, token)).statusCode, 200);
  assert.equal(store.notices.length, 0);
});

test('an unchanged ADMIN_PASSWORD leaves the account alone', async (t) => {
  const store = await startTestStore({ env: { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'first-admin-password' } });
  t.after(() => store.close());
  const before = await store.kernel.knex('users').where({ email: 'boss@example.com' }).first();
  const kernel = await restart(store);
  t.after(() => kernel.stop());
  const after = await kernel.knex('users').where({ email: 'boss@example.com' }).first();
  assert.equal(after.password_hash, before.password_hash);
});

test('a store that already has staff creates no owner', async (t) => {
  const store = await startTestStore({ env: { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'first-admin-password' } });
  t.after(() => store.close());
  const kernel = await restart(store, { adminEmail: undefined, adminPassword: undefined });
  t.after(() => kernel.stop());
  assert.deepEqual(store.notices, []);
  assert.equal(await kernel.knex('users').where({ email: 'owner@storekeep.local' }).first(), undefined);
});

test('a too-short ADMIN_PASSWORD stops the start with a message', async (t) => {
  const store = await startTestStore({ env: { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'short' }, lazy: true });
  t.after(() => store.close());
  await assert.rejects(store.kernel.ready(), /ADMIN_PASSWORD must be 8 to 128 characters/);
});
