import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SessionClient } from '../../../test/helpers/auth.ts';
import { eventsOf, expectStatus, ME, registerCustomer, sharedShop, uniqueEmail } from './helpers.ts';

const shop = sharedShop();

test('a new customer reads their profile: registration names, no phone, no marketing, no default addresses', async () => {
  const { store } = shop();
  const ada = await registerCustomer(store, { first_name: 'Ada', last_name: 'Lovelace' });
  const me = expectStatus(await ada.get(ME), 200);
  assert.deepEqual(Object.keys(me).sort(), [
    'accepts_marketing', 'created_at', 'default_billing_address_id', 'default_shipping_address_id', 'email', 'first_name', 'id', 'last_name', 'phone',
  ]);
  assert.equal(me.id, ada.id);
  assert.equal(me.email, ada.email);
  assert.equal(me.first_name, 'Ada');
  assert.equal(me.last_name, 'Lovelace');
  assert.equal(me.phone, null);
  assert.equal(me.accepts_marketing, false);
  assert.equal(me.default_shipping_address_id, null);
  assert.equal(me.default_billing_address_id, null);
  assert.match(me.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
});

test('a customer changes names, phone and marketing consent; customer.updated carries the result, once per real change', async () => {
  const { store } = shop();
  const ada = await registerCustomer(store, { first_name: 'Ada' });
  const before = (await eventsOf(store, 'customer.updated')).length;
  const patched = expectStatus(await ada.send('PATCH', ME, { first_name: '  Augusta ', last_name: 'King', phone: '+44 20 7946-0000', accepts_marketing: true }), 200);
  assert.equal(patched.first_name, 'Augusta', 'names are trimmed');
  assert.equal(patched.last_name, 'King');
  assert.equal(patched.phone, '+44 20 7946-0000');
  assert.equal(patched.accepts_marketing, true);
  assert.deepEqual(expectStatus(await ada.get(ME), 200), patched);
  const authMe = expectStatus(await ada.get('/api/v1/auth/me/'), 200);
  assert.equal(authMe.first_name, 'Augusta', 'names live in the account core-auth shows too');

  const events = (await eventsOf(store, 'customer.updated')).slice(before);
  assert.equal(events.length, 1);
  assert.equal(events[0].id, ada.id);
  assert.equal(events[0].first_name, 'Augusta');
  assert.equal(events[0].phone, '+44 20 7946-0000');
  assert.equal(events[0].is_active, true);

  expectStatus(await ada.send('PATCH', ME, { first_name: 'Augusta' }), 200);
  assert.equal((await eventsOf(store, 'customer.updated')).length, before + 1, 'a change that changes nothing emits nothing');

  const cleared = expectStatus(await ada.send('PATCH', ME, { phone: '' }), 200);
  assert.equal(cleared.phone, null, 'an empty phone clears it');
  expectStatus(await ada.send('PATCH', ME, { phone: '+44 20' }), 200);
  assert.equal(expectStatus(await ada.send('PATCH', ME, { phone: null }), 200).phone, null);
});

test('a bad profile change is a 400 naming every bad field, and changes nothing', async () => {
  const { store } = shop();
  const ada = await registerCustomer(store, { first_name: 'Ada' });
  const bad = await ada.send('PATCH', ME, { first_name: 'x'.repeat(151), accepts_marketing: 'yes', is_active: false, id: 99 });
  const body = expectStatus(bad, 400);
  assert.equal(body.code, 'invalid');
  assert.deepEqual(Object.keys(body.errors).sort(), ['accepts_marketing', 'first_name', 'id', 'is_active']);
  const phone = expectStatus(await ada.send('PATCH', ME, { phone: 'call me maybe' }), 400);
  assert.deepEqual(Object.keys(phone.errors), ['phone']);
  const me = expectStatus(await ada.get(ME), 200);
  assert.equal(me.first_name, 'Ada');
  assert.equal(me.phone, null);
});

test('changing the e-mail needs the right current password; a taken e-mail is 409 email_taken', async () => {
  const { store } = shop();
  const ada = await registerCustomer(store);
  const other = await registerCustomer(store);
  const newEmail = uniqueEmail('ada-new');

  const missing = expectStatus(await ada.send('PATCH', ME, { email: newEmail }), 400);
  assert.equal(missing.code, 'current_password_required');
  assert.ok(missing.errors.current_password);
  const wrong = expectStatus(await ada.send('PATCH', ME, { email: newEmail, current_password: 'not my password' }), 400);
  assert.equal(wrong.code, 'wrong_password');
  assert.ok(wrong.errors.current_password);
  assert.equal(expectStatus(await ada.get(ME), 200).email, ada.email, 'nothing changed');

  const taken = expectStatus(await ada.send('PATCH', ME, { email: other.email.toUpperCase(), current_password: ada.password }), 409);
  assert.equal(taken.code, 'email_taken');
  assert.ok(taken.errors.email);

  const same = expectStatus(await ada.send('PATCH', ME, { email: ada.email.toUpperCase(), first_name: 'Ada' }), 200);
  assert.equal(same.email, ada.email, 'the own e-mail in another case is no change and needs no password');

  const changed = expectStatus(await ada.send('PATCH', ME, { email: `  ${newEmail.toUpperCase()} `.trim(), current_password: ada.password }), 200);
  assert.equal(changed.email, newEmail, 'stored lower-cased');
  expectStatus(await ada.get(ME), 200);
  assert.equal((await new SessionClient(store).login(ada.email, ada.password)).statusCode, 401, 'the old e-mail no longer logs in');
  assert.equal((await new SessionClient(store).login(newEmail, ada.password)).statusCode, 200, 'the new one does');
  const event = (await eventsOf(store, 'customer.updated')).at(-1);
  assert.equal(event.email, newEmail);
});

test('a password change needs the current password and ends the other sessions of the customer, not this one', async () => {
  const { store } = shop();
  const ada = await registerCustomer(store);
  const laptop = new SessionClient(store);
  expectStatus(await laptop.login(ada.email, ada.password), 200);
  const phone = new SessionClient(store);
  expectStatus(await phone.login(ada.email, ada.password), 200);
  const bob = await registerCustomer(store);

  expectStatus(await ada.send('PATCH', ME, { new_password: 'a new secret 123' }), 400);
  const short = expectStatus(await ada.send('PATCH', ME, { new_password: 'short', current_password: ada.password }), 400);
  assert.ok(short.errors.new_password);
  expectStatus(await ada.send('PATCH', ME, { new_password: 'a new secret 123', current_password: 'wrong one!' }), 400);
  expectStatus(await laptop.request({ method: 'GET', url: ME }), 200);

  expectStatus(await ada.send('PATCH', ME, { new_password: 'a new secret 123', current_password: ada.password }), 200);
  expectStatus(await ada.get(ME), 200);
  expectStatus(await laptop.request({ method: 'GET', url: ME }), 401);
  expectStatus(await phone.request({ method: 'GET', url: '/api/v1/auth/me/' }), 401);
  expectStatus(await bob.get(ME), 200);
  assert.equal((await new SessionClient(store).login(ada.email, ada.password)).statusCode, 401, 'the old password is gone');
  assert.equal((await new SessionClient(store).login(ada.email, 'a new secret 123')).statusCode, 200);
  assert.equal((await eventsOf(store, 'customer.updated')).filter((e) => e.id === ada.id).length, 0, 'a new password is no change to the customer as shown');
});

test('wrong current passwords count like failed logins: the sixth guess is 429 and the account is locked', async () => {
  const { store } = shop();
  const ada = await registerCustomer(store);
  for (let i = 0; i < 5; i++) {
    expectStatus(await ada.send('PATCH', ME, { new_password: 'a new secret 123', current_password: `guess ${i}` }), 400);
  }
  const locked = await ada.send('PATCH', ME, { new_password: 'a new secret 123', current_password: ada.password });
  assert.equal(locked.statusCode, 429, locked.body);
  assert.ok(Number(locked.headers['retry-after']) > 0);
  assert.equal((await new SessionClient(store).login(ada.email, ada.password)).statusCode, 429);
  expectStatus(await ada.get(ME), 200);
});
