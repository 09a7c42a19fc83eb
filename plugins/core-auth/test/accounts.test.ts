import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Knex } from 'knex';
import { startTestStore } from '../../../test/helpers/store.ts';
import type { SessionService } from '../services/sessions.ts';
import type { UserService } from '../services/users.ts';

async function setUp(t: { after(fn: () => unknown): void }) {
  const store = await startTestStore();
  t.after(() => store.close());
  const container = store.kernel.container;
  return { knex: container.resolve<Knex>('knex'), users: container.resolve<UserService>('userService'), sessions: container.resolve<SessionService>('sessionService') };
}

test('userService.query lists accounts without hashes, by kind, activity and a search whose wildcards are literal', async (t) => {
  const { knex, users } = await setUp(t);
  const ada = await users.create(knex, { kind: 'customer', email: 'ada_l@example.com', password: 'password-one', first_name: 'Ada', last_name: 'Lovelace' });
  const adx = await users.create(knex, { kind: 'customer', email: 'adaxl@example.com', password: 'password-one', first_name: 'Adx', last_name: 'Other' });
  const clerk = await users.create(knex, { kind: 'staff', email: 'clerk@example.com', password: 'password-one', first_name: 'Ada', last_name: 'Clerk' });
  await users.update(knex, adx.id, { is_active: false });
  const ids = async (filters: Parameters<UserService['query']>[1]) => (await users.query(knex, filters).orderBy('id')).map((r: any) => Number(r.id));

  assert.deepEqual(await ids({ kind: 'customer' }), [ada.id, adx.id]);
  assert.deepEqual(await ids({ search: 'ada' }), [ada.id, adx.id, clerk.id], 'e-mail or names');
  assert.deepEqual(await ids({ search: 'ADA lovelace' }), [ada.id], 'every word, any case');
  assert.deepEqual(await ids({ search: 'ada_' }), [ada.id], 'an underscore is no wildcard');
  assert.deepEqual(await ids({ search: '100%' }), []);
  assert.deepEqual(await ids({ kind: 'customer', is_active: false }), [adx.id]);
  assert.deepEqual(await ids({ kind: 'customer', is_active: true }), [ada.id]);

  const rows = await users.query(knex, { kind: 'customer' }).orderBy('id');
  assert.ok(rows.every((r: any) => !('password_hash' in r)), 'the list query never selects the hash');
  const [account] = users.accountsFromRows(rows);
  assert.equal(account.id, ada.id);
  assert.equal(account.is_active, true);
  assert.ok(account.created_at instanceof Date);
  assert.ok(!('password_hash' in account));
});

test('userService.changeEmail normalises, refuses an e-mail of another account with 409 email_taken, and accepts its own', async (t) => {
  const { knex, users } = await setUp(t);
  const ada = await users.create(knex, { kind: 'customer', email: 'ada@example.com', password: 'password-one' });
  await users.create(knex, { kind: 'staff', email: 'clerk@example.com', password: 'password-one' });
  await assert.rejects(users.changeEmail(knex, ada.id, 'Clerk@Example.com'), (err: any) => err.status === 409 && err.code === 'email_taken');
  await users.changeEmail(knex, ada.id, 'ADA@example.com');
  await users.changeEmail(knex, ada.id, ' Countess@Example.com ');
  assert.equal((await users.get(knex, ada.id))?.email, 'countess@example.com');
  assert.equal(await users.findByEmail(knex, 'ada@example.com'), undefined);
});

test('sessionService.destroyOthersForUser ends every session of the user but the one kept', async (t) => {
  const { knex, users, sessions } = await setUp(t);
  const ada = await users.create(knex, { kind: 'customer', email: 'ada@example.com', password: 'password-one' });
  const bob = await users.create(knex, { kind: 'customer', email: 'bob@example.com', password: 'password-one' });
  const keep = await sessions.create(knex, { userId: ada.id });
  const other = await sessions.create(knex, { userId: ada.id });
  const bobs = await sessions.create(knex, { userId: bob.id });
  assert.equal(await sessions.destroyOthersForUser(knex, ada.id, keep.id), 1);
  assert.ok(await sessions.resolve(knex, keep.token));
  assert.equal(await sessions.resolve(knex, other.token), undefined);
  assert.ok(await sessions.resolve(knex, bobs.token), "another user's sessions stay");
});
