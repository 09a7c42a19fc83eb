import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SessionClient } from '../../../test/helpers/auth.ts';
import { toDate } from '../../../kernel/db/dialect.ts';
import { addressBody, ADDRESSES, CUSTOMERS, eventsOf, expectStatus, ME, registerCustomer, sharedShop, uniqueEmail } from './helpers.ts';

const shop = sharedShop();

test('staff list customers (never staff accounts) in the list envelope, newest first by default', async () => {
  const { store, staff } = shop();
  const first = await registerCustomer(store, { first_name: 'Ada', last_name: 'Lovelace' });
  const second = await registerCustomer(store, { first_name: 'Grace', last_name: 'Hopper' });
  const list = expectStatus(await staff('GET', CUSTOMERS), 200);
  assert.deepEqual(Object.keys(list).sort(), ['count', 'next', 'previous', 'results']);
  const ids = list.results.map((c: any) => c.id);
  assert.ok(ids.indexOf(second.id) < ids.indexOf(first.id), 'newest first');
  const staffIds = (await store.kernel.knex('users').where({ kind: 'staff' }).select('id')).map((r: any) => Number(r.id));
  assert.ok(staffIds.length > 0 && ids.every((id: number) => !staffIds.includes(id)), 'staff accounts are not customers');
  const ada = list.results.find((c: any) => c.id === first.id);
  assert.deepEqual(Object.keys(ada).sort(), [
    'accepts_marketing', 'created_at', 'default_billing_address_id', 'default_shipping_address_id', 'email', 'first_name', 'id', 'is_active',
    'last_login_at', 'last_name', 'phone',
  ]);
  assert.equal(ada.is_active, true);
  assert.match(ada.last_login_at, /Z$/, 'registration logs the customer in');

  const paged = expectStatus(await staff('GET', `${CUSTOMERS}?page_size=1`), 200);
  assert.equal(paged.results.length, 1);
  // The next page by number, and the position after this page's customer (read from there on).
  assert.match(paged.next, /^https:\/\/store\.test\/api\/v1\/customers\/\?page_size=1&page=2&after=[A-Za-z0-9_-]+$/);
  const nextPage = expectStatus(await staff('GET', paged.next.replace('https://store.test', '')), 200);
  assert.equal(nextPage.results.length, 1);
  assert.notEqual(nextPage.results[0].id, paged.results[0].id);
  expectStatus(await staff('GET', `${CUSTOMERS}?page_size=101`), 400);
  expectStatus(await staff('GET', `${CUSTOMERS}?page=999`), 404);
  const badOrdering = expectStatus(await staff('GET', `${CUSTOMERS}?ordering=password_hash`), 400);
  assert.ok(badOrdering.errors.ordering);
  assert.ok(!JSON.stringify(list).includes('scrypt'), 'never a password hash');
});

test('staff search over e-mail and names (wildcards are literal), order by email or last_name, and bound created_at', async () => {
  const { store, staff } = shop();
  const tag = `zq${process.pid}`;
  const a = await registerCustomer(store, { email: `${tag}.a.x@example.com`, first_name: 'Zelda', last_name: `${tag}Brown` });
  const b = await registerCustomer(store, { email: `${tag}.b_y@example.com`, first_name: 'Yann', last_name: `${tag}Adams` });
  const c = await registerCustomer(store, { email: `other-${process.pid}@example.com`, first_name: `${tag}Cara`, last_name: 'Young' });
  const ids = async (query: string) => expectStatus(await staff('GET', `${CUSTOMERS}?${query}`), 200).results.map((r: any) => r.id);

  assert.deepEqual(new Set(await ids(`search=${tag}`)), new Set([a.id, b.id, c.id]), 'e-mail, first or last name');
  assert.deepEqual(await ids(`search=${tag.toUpperCase()}BROWN`), [a.id], 'case-insensitive, on the last name');
  assert.deepEqual(await ids(`search=zelda%20${tag}`), [a.id], 'every word must match one of the fields');
  assert.deepEqual(await ids(`search=${encodeURIComponent(`${tag}.b_`)}`), [b.id]);
  assert.deepEqual(await ids(`search=${encodeURIComponent(`${tag}.a_`)}`), [], 'an underscore is literal, not a wildcard');
  assert.deepEqual(await ids(`search=${encodeURIComponent('%')}`), [], 'a percent sign is literal');
  assert.deepEqual(await ids(`search=${tag}&ordering=email`), [c.id, a.id, b.id]);
  assert.deepEqual(await ids(`search=${tag}&ordering=-email`), [b.id, a.id, c.id]);
  assert.deepEqual(await ids(`search=${tag}&ordering=last_name`), [c.id, b.id, a.id]);
  assert.deepEqual(await ids(`search=${tag}&ordering=created_at`), [a.id, b.id, c.id]);

  const at = toDate((await store.kernel.knex('users').where({ id: b.id }).first()).created_at)!.toISOString();
  assert.deepEqual(await ids(`search=${tag}&ordering=created_at&created_at__gte=${at}`), [b.id, c.id]);
  assert.deepEqual(await ids(`search=${tag}&ordering=created_at&created_at__lte=${at}`), [a.id, b.id]);
  assert.deepEqual(await ids(`search=${tag}&created_at__lte=2000-01-01`), []);
  const bad = expectStatus(await staff('GET', `${CUSTOMERS}?created_at__gte=yesterday&ordering=nope`), 400);
  assert.deepEqual(Object.keys(bad.errors).sort(), ['created_at__gte', 'ordering']);
});

test('staff read one customer with their addresses; an unknown id or a staff account is 404', async () => {
  const { store, staff } = shop();
  const ada = await registerCustomer(store, { first_name: 'Ada' });
  const home = expectStatus(await ada.send('POST', ADDRESSES, addressBody()), 201);
  const detail = expectStatus(await staff('GET', `${CUSTOMERS}${ada.id}/`), 200);
  assert.equal(detail.id, ada.id);
  assert.equal(detail.first_name, 'Ada');
  assert.equal(detail.default_shipping_address_id, home.id);
  assert.deepEqual(detail.addresses, [home]);
  expectStatus(await staff('GET', `${CUSTOMERS}999999999/`), 404);
  const staffUser = await store.kernel.knex('users').where({ kind: 'staff' }).first('id');
  expectStatus(await staff('GET', `${CUSTOMERS}${staffUser.id}/`), 404);
  expectStatus(await staff('PATCH', `${CUSTOMERS}${staffUser.id}/`, { is_active: false }), 404);
  expectStatus(await staff('GET', `${CUSTOMERS}abc/`), 400);
});

test('staff create a customer with or without a password; customer.created is emitted once; a taken e-mail is 409', async () => {
  const { store, staff } = shop();
  const email = uniqueEmail('walk-in');
  const before = (await eventsOf(store, 'customer.created')).length;
  const res = await staff('POST', CUSTOMERS, { email: email.toUpperCase(), first_name: ' Charles ', last_name: 'Babbage', phone: '+44 1', accepts_marketing: true });
  const created = expectStatus(res, 201);
  assert.equal(res.headers.location, `https://store.test${CUSTOMERS}${created.id}/`);
  assert.equal(created.email, email);
  assert.equal(created.first_name, 'Charles');
  assert.equal(created.phone, '+44 1');
  assert.equal(created.accepts_marketing, true);
  assert.equal(created.is_active, true);
  assert.equal(created.last_login_at, null);
  assert.deepEqual(created.addresses, []);
  const events = (await eventsOf(store, 'customer.created')).slice(before);
  assert.equal(events.length, 1);
  assert.deepEqual(events[0], { id: created.id, email, kind: 'customer', first_name: 'Charles', last_name: 'Babbage', created_at: created.created_at });
  assert.deepEqual(expectStatus(await staff('GET', `${CUSTOMERS}${created.id}/`), 200), created);
  const row = await store.kernel.knex('users').where({ id: created.id }).first();
  assert.match(row.password_hash, /^scrypt\$/, 'a random password nobody knows: the account waits for a password reset');

  const withPassword = expectStatus(await staff('POST', CUSTOMERS, { email: uniqueEmail('phone-order'), password: 'given by phone 1' }), 201);
  const client = new SessionClient(store);
  expectStatus(await client.login(withPassword.email, 'given by phone 1'), 200);
  assert.equal(expectStatus(await client.request({ method: 'GET', url: ME }), 200).id, withPassword.id);

  const taken = expectStatus(await staff('POST', CUSTOMERS, { email: email }), 409);
  assert.equal(taken.code, 'email_taken');
  const invalid = expectStatus(await staff('POST', CUSTOMERS, { email: 'nope', password: 'short', is_active: false }), 400);
  assert.deepEqual(Object.keys(invalid.errors).sort(), ['email', 'is_active', 'password']);
  assert.equal((await eventsOf(store, 'customer.created')).length, before + 2);
});

test('staff edit names and phone, and block a customer: their sessions end and they cannot log in until unblocked', async () => {
  const { store, staff } = shop();
  const ada = await registerCustomer(store, { first_name: 'Ada' });
  const second = new SessionClient(store);
  expectStatus(await second.login(ada.email, ada.password), 200);

  const edited = expectStatus(await staff('PATCH', `${CUSTOMERS}${ada.id}/`, { first_name: 'Augusta Ada', phone: '030 123' }), 200);
  assert.equal(edited.first_name, 'Augusta Ada');
  assert.equal(edited.phone, '030 123');
  assert.equal(expectStatus(await ada.get(ME), 200).first_name, 'Augusta Ada');
  const refused = expectStatus(await staff('PATCH', `${CUSTOMERS}${ada.id}/`, { email: 'x@example.com', accepts_marketing: true }), 400);
  assert.deepEqual(Object.keys(refused.errors).sort(), ['accepts_marketing', 'email'], 'staff cannot change the e-mail or the consent');

  const blocked = expectStatus(await staff('PATCH', `${CUSTOMERS}${ada.id}/`, { is_active: false }), 200);
  assert.equal(blocked.is_active, false);
  expectStatus(await ada.get(ME), 401);
  expectStatus(await second.request({ method: 'GET', url: ME }), 401);
  assert.equal(await store.kernel.knex('sessions').where({ user_id: ada.id }).first(), undefined, 'the sessions are gone');
  expectStatus(await new SessionClient(store).login(ada.email, ada.password), 401);
  const updated = (await eventsOf(store, 'customer.updated')).filter((e) => e.id === ada.id);
  assert.equal(updated.at(-1).is_active, false);
  assert.deepEqual(expectStatus(await staff('GET', `${CUSTOMERS}?is_active=false`), 200).results.map((c: any) => c.id), [ada.id]);

  expectStatus(await staff('PATCH', `${CUSTOMERS}${ada.id}/`, { is_active: true }), 200);
  const again = new SessionClient(store);
  expectStatus(await again.login(ada.email, ada.password), 200);
  expectStatus(await again.request({ method: 'GET', url: ME }), 200);
});
