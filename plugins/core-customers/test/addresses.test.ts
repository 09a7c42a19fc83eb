import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Knex } from 'knex';
import { MAX_ADDRESSES } from '../errors.ts';
import type { CustomerService } from '../services/customers.ts';
import { addressBody, ADDRESSES, eventsOf, expectStatus, ME, registerCustomer, sharedShop } from './helpers.ts';

const shop = sharedShop();

test('a customer saves, reads, lists, changes and deletes an address', async () => {
  const { store } = shop();
  const ada = await registerCustomer(store);
  const res = await ada.send('POST', ADDRESSES, addressBody({ address_line_2: ' Hinterhaus ', company: 'Analytical Engines Ltd', state: '', phone: '+49 30 123456' }));
  const saved = expectStatus(res, 201);
  assert.equal(res.headers.location, `https://store.test${ADDRESSES}${saved.id}/`);
  assert.deepEqual(Object.keys(saved).sort(), [
    'address_line_1', 'address_line_2', 'city', 'company', 'country', 'created_at', 'first_name', 'id', 'is_default_billing',
    'is_default_shipping', 'last_name', 'phone', 'postal_code', 'state', 'updated_at',
  ]);
  assert.equal(saved.address_line_2, 'Hinterhaus', 'trimmed');
  assert.equal(saved.state, null, 'an empty optional field is null');
  assert.equal(saved.company, 'Analytical Engines Ltd');
  assert.equal(saved.phone, '+49 30 123456');

  assert.deepEqual(expectStatus(await ada.get(`${ADDRESSES}${saved.id}/`), 200), saved);
  const list = expectStatus(await ada.get(ADDRESSES), 200);
  assert.deepEqual(list, { count: 1, next: null, previous: null, results: [saved] });

  const patched = expectStatus(await ada.send('PATCH', `${ADDRESSES}${saved.id}/`, { city: 'Potsdam', postal_code: '14467', address_line_2: null, country: 'de' }), 200);
  assert.equal(patched.city, 'Potsdam');
  assert.equal(patched.postal_code, '14467');
  assert.equal(patched.address_line_2, null);
  assert.equal(patched.country, 'DE', 'the country code is stored upper-case');
  assert.equal(patched.first_name, 'Ada', 'what the PATCH leaves out stays');

  expectStatus(await ada.send('DELETE', `${ADDRESSES}${saved.id}/`), 204);
  expectStatus(await ada.get(`${ADDRESSES}${saved.id}/`), 404);
  expectStatus(await ada.send('DELETE', `${ADDRESSES}${saved.id}/`), 404);
  assert.equal(expectStatus(await ada.get(ADDRESSES), 200).count, 0);
});

test('the first address becomes both defaults; setting a default moves it; deleting a default unsets it', async () => {
  const { store } = shop();
  const ada = await registerCustomer(store);
  const home = expectStatus(await ada.send('POST', ADDRESSES, addressBody({ address_line_1: 'Home 1' })), 201);
  assert.equal(home.is_default_shipping, true, 'the first address is the default');
  assert.equal(home.is_default_billing, true);
  const office = expectStatus(await ada.send('POST', ADDRESSES, addressBody({ address_line_1: 'Office 2', is_default_billing: true })), 201);
  assert.equal(office.is_default_shipping, false, 'a later address is not a default unless asked');
  assert.equal(office.is_default_billing, true);
  let me = expectStatus(await ada.get(ME), 200);
  assert.equal(me.default_shipping_address_id, home.id);
  assert.equal(me.default_billing_address_id, office.id, 'setting a default unsets the previous one');
  assert.equal(expectStatus(await ada.get(`${ADDRESSES}${home.id}/`), 200).is_default_billing, false);

  const moved = expectStatus(await ada.send('PATCH', `${ADDRESSES}${office.id}/`, { is_default_shipping: true }), 200);
  assert.equal(moved.is_default_shipping, true);
  const defaults = expectStatus(await ada.get(ADDRESSES), 200).results.map((a: any) => [a.id, a.is_default_shipping, a.is_default_billing]);
  assert.deepEqual(defaults, [[home.id, false, false], [office.id, true, true]]);

  expectStatus(await ada.send('PATCH', `${ADDRESSES}${home.id}/`, { is_default_shipping: false }), 200);
  assert.equal(expectStatus(await ada.get(ME), 200).default_shipping_address_id, office.id, 'false on a non-default changes nothing');
  expectStatus(await ada.send('PATCH', `${ADDRESSES}${office.id}/`, { is_default_billing: false }), 200);
  me = expectStatus(await ada.get(ME), 200);
  assert.equal(me.default_billing_address_id, null, 'false on the default leaves none');

  expectStatus(await ada.send('DELETE', `${ADDRESSES}${office.id}/`), 204);
  me = expectStatus(await ada.get(ME), 200);
  assert.equal(me.default_shipping_address_id, null, 'deleting the default unsets it');
  const opted = expectStatus(await ada.send('POST', ADDRESSES, addressBody({ is_default_shipping: false })), 201);
  assert.equal(opted.is_default_shipping, false, 'an explicit false is kept even without a default');
  assert.equal(opted.is_default_billing, true, 'the customer has no billing default, so this one becomes it');

  const updates = (await eventsOf(store, 'customer.updated')).filter((e) => e.id === ada.id);
  assert.ok(updates.length >= 5, 'each moved default announces the customer');
  assert.equal(updates.at(-1).default_billing_address_id, opted.id);
});

test('customerService.defaultAddress gives the checkout the default address in its Address shape', async () => {
  const { store } = shop();
  const ada = await registerCustomer(store);
  const service = store.kernel.container.resolve<CustomerService>('customerService');
  const knex = store.kernel.container.resolve<Knex>('knex');
  assert.equal(await service.defaultAddress(knex, ada.id, 'shipping'), null);
  const home = expectStatus(await ada.send('POST', ADDRESSES, addressBody({ state: 'BE' })), 201);
  const office = expectStatus(await ada.send('POST', ADDRESSES, addressBody({ address_line_1: 'Office 2', is_default_billing: true })), 201);
  assert.deepEqual(await service.defaultAddress(knex, ada.id, 'shipping'), {
    id: home.id, first_name: 'Ada', last_name: 'Lovelace', company: null, address_line_1: 'Unter den Linden 1', address_line_2: null,
    city: 'Berlin', state: 'BE', postal_code: '10117', country: 'DE', phone: null,
  });
  assert.equal((await service.defaultAddress(knex, ada.id, 'billing'))?.id, office.id);
  assert.equal((await service.get(knex, ada.id))?.email, ada.email);
  assert.equal((await service.addresses(knex, ada.id)).length, 2);
});

test('address validation names every missing field at once; a bad country or phone is a 400; blanks are refused', async () => {
  const { store } = shop();
  const ada = await registerCustomer(store);
  const empty = expectStatus(await ada.send('POST', ADDRESSES, {}), 400);
  assert.equal(empty.code, 'invalid');
  assert.deepEqual(Object.keys(empty.errors).sort(), ['address_line_1', 'city', 'country', 'first_name', 'last_name', 'postal_code']);
  const some = expectStatus(await ada.send('POST', ADDRESSES, { first_name: 'Ada', country: 'DE', city: 'Berlin' }), 400);
  assert.deepEqual(Object.keys(some.errors).sort(), ['address_line_1', 'last_name', 'postal_code']);

  const country = expectStatus(await ada.send('POST', ADDRESSES, addressBody({ country: 'XX' })), 400);
  assert.deepEqual(Object.keys(country.errors), ['country']);
  assert.match(country.errors.country[0], /ISO 3166-1/);
  expectStatus(await ada.send('POST', ADDRESSES, addressBody({ country: 'Germany' })), 400);
  const blanks = expectStatus(await ada.send('POST', ADDRESSES, addressBody({ first_name: '   ', city: ' ', country: 'Z1', phone: 'ring twice' })), 400);
  assert.deepEqual(Object.keys(blanks.errors).sort(), ['city', 'country', 'first_name', 'phone'], 'the service names every bad field at once too');
  const extra = expectStatus(await ada.send('POST', ADDRESSES, addressBody({ customer_id: 1 })), 400);
  assert.ok(extra.errors.customer_id, 'unknown fields are refused');
  assert.equal(expectStatus(await ada.get(ADDRESSES), 200).count, 0, 'nothing was saved');

  const saved = expectStatus(await ada.send('POST', ADDRESSES, addressBody()), 201);
  const patch = expectStatus(await ada.send('PATCH', `${ADDRESSES}${saved.id}/`, { last_name: '', country: 'Q1' }), 400);
  assert.deepEqual(Object.keys(patch.errors).sort(), ['country', 'last_name']);
  const nulled = expectStatus(await ada.send('PATCH', `${ADDRESSES}${saved.id}/`, { city: null }), 400);
  assert.ok(nulled.errors.city, 'a required field cannot be cleared');
  assert.deepEqual(expectStatus(await ada.get(`${ADDRESSES}${saved.id}/`), 200), saved);
});

test(`a customer can save at most ${MAX_ADDRESSES} addresses: the next one is 409 address_limit_reached`, async () => {
  const { store } = shop();
  const ada = await registerCustomer(store);
  const knex = store.kernel.knex;
  const now = new Date();
  const rows = Array.from({ length: MAX_ADDRESSES - 1 }, (_, i) => ({
    customer_id: ada.id, first_name: 'Ada', last_name: 'Lovelace', address_line_1: `Street ${i}`, city: 'Berlin', postal_code: '10117', country: 'DE', created_at: now, updated_at: now,
  }));
  await knex('customer_addresses').insert(rows);
  expectStatus(await ada.send('POST', ADDRESSES, addressBody({ address_line_1: 'The fiftieth' })), 201);
  const refused = expectStatus(await ada.send('POST', ADDRESSES, addressBody({ address_line_1: 'The fifty-first' })), 409);
  assert.equal(refused.code, 'address_limit_reached');
  const list = expectStatus(await ada.get(`${ADDRESSES}?page_size=100`), 200);
  assert.equal(list.count, MAX_ADDRESSES);
  expectStatus(await ada.send('DELETE', `${ADDRESSES}${list.results[0].id}/`), 204);
  expectStatus(await ada.send('POST', ADDRESSES, addressBody({ address_line_1: 'Room again' })), 201);
});

test("another customer's address is a 404 for every method, and stays as it was", async () => {
  const { store } = shop();
  const ada = await registerCustomer(store);
  const bob = await registerCustomer(store);
  const adas = expectStatus(await ada.send('POST', ADDRESSES, addressBody()), 201);
  const url = `${ADDRESSES}${adas.id}/`;
  const notFound = expectStatus(await bob.get(url), 404);
  assert.equal(notFound.code, 'not_found');
  expectStatus(await bob.send('PATCH', url, { city: 'Hamburg', is_default_shipping: true }), 404);
  expectStatus(await bob.send('DELETE', url), 404);
  assert.equal(expectStatus(await bob.get(ADDRESSES), 200).count, 0, "Bob's list does not show Ada's address");
  assert.equal(expectStatus(await bob.get(ME), 200).default_shipping_address_id, null);
  assert.deepEqual(expectStatus(await ada.get(url), 200), adas);
  expectStatus(await ada.get(`${ADDRESSES}999999999/`), 404);
});

test('concurrent saves cannot pass the limit together: the last slots go to exactly as many requests', async () => {
  const { store } = shop();
  const ada = await registerCustomer(store);
  const now = new Date();
  const rows = Array.from({ length: MAX_ADDRESSES - 3 }, (_, i) => ({
    customer_id: ada.id, first_name: 'Ada', last_name: 'Lovelace', address_line_1: `Street ${i}`, city: 'Berlin', postal_code: '10117', country: 'DE', created_at: now, updated_at: now,
  }));
  await store.kernel.knex('customer_addresses').insert(rows);
  const results = await Promise.all(Array.from({ length: 8 }, (_, i) => ada.send('POST', ADDRESSES, addressBody({ address_line_1: `Race ${i}`, is_default_shipping: true }))));
  const statuses = results.map((r) => r.statusCode).sort();
  assert.deepEqual(statuses, [201, 201, 201, 409, 409, 409, 409, 409], results.map((r) => r.body).join('\n'));
  assert.equal(expectStatus(await ada.get(ADDRESSES), 200).count, MAX_ADDRESSES);
  const winner = results.filter((r) => r.statusCode === 201).map((r) => r.json().id);
  assert.ok(winner.includes(expectStatus(await ada.get(ME), 200).default_shipping_address_id), 'the default is one of the saved ones');
});
