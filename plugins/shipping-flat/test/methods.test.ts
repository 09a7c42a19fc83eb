import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expectStatus, sharedStore } from './helpers.ts';

const shared = sharedStore();
const url = '/api/v1/shipping-methods/';

test('configures the store with EUR (default), USD and JPY', async () => {
  expectStatus(await shared().staff.patch('/api/v1/store/', { default_currency: 'EUR', currencies: ['EUR', 'USD', 'JPY'], exchange_rates: { USD: '1.1', JPY: '160.5' } }), 200);
});

test('creates a flat-rate method with defaults: the store currency, everywhere, active, no threshold', async () => {
  const res = await shared().staff.post(url, { name: 'Standard', price: '4.90' });
  const method = expectStatus(res, 201);
  assert.equal(res.headers.location, `https://store.test${url}${method.id}/`);
  assert.equal(typeof method.id, 'number');
  assert.deepEqual(
    { ...method, id: undefined, created_at: undefined, updated_at: undefined },
    {
      id: undefined,
      name: 'Standard',
      provider: 'flat_rate',
      description: null,
      price: { amount: '4.90', currency: 'EUR' },
      currency: 'EUR',
      countries: [],
      free_above: null,
      active: true,
      created_at: undefined,
      updated_at: undefined,
    },
  );
  assert.deepEqual(expectStatus(await shared().staff.get(`${url}${method.id}/`), 200), method);
});

test('countries are upper-cased, de-duplicated and sorted; amounts follow the currency', async () => {
  const m = expectStatus(
    await shared().staff.post(url, { name: 'Express', price: '9', currency: 'USD', countries: ['de', 'AT', 'DE'], free_above: '100', description: 'Next day', provider: 'flat_rate' }),
    201,
  );
  assert.deepEqual(m.countries, ['AT', 'DE']);
  assert.deepEqual(m.price, { amount: '9.00', currency: 'USD' });
  assert.deepEqual(m.free_above, { amount: '100.00', currency: 'USD' });
  assert.equal(m.description, 'Next day');
  const yen = expectStatus(await shared().staff.post(url, { name: 'Yen', price: '500', currency: 'JPY', countries: ['JP'] }), 201);
  assert.deepEqual(yen.price, { amount: '500', currency: 'JPY' });
});

test('refuses unknown countries, currencies the store does not offer and malformed amounts, naming each field', async () => {
  // What the schema states (two letters, a plain decimal) is refused by it, every field at once…
  const malformed = expectStatus(await shared().staff.post(url, { name: 'Bad', price: '1.00', countries: ['DE', 'D1'], free_above: '-5' }), 400);
  assert.deepEqual(Object.keys(malformed.errors).sort(), ['countries.1', 'free_above']);
  // …and what needs the store (an assigned code, the currency's decimals) by the service, also at once.
  const all = expectStatus(await shared().staff.post(url, { name: 'Bad', price: '12.345', countries: ['DE', 'XX'], free_above: '1.001' }), 400);
  assert.equal(all.code, 'invalid');
  assert.deepEqual(Object.keys(all.errors).sort(), ['countries.1', 'free_above', 'price']);
  assert.match(all.errors.price[0], /at most 2 decimals/);
  assert.match(all.errors['countries.1'][0], /ISO 3166-1/);
  for (const price of ['abc', '-1', '1e3', '', ' 1']) {
    const res = expectStatus(await shared().staff.post(url, { name: 'Bad', price }), 400);
    assert.ok(res.errors.price, `price ${JSON.stringify(price)}: ${JSON.stringify(res)}`);
  }
  const gbp = expectStatus(await shared().staff.post(url, { name: 'Bad', price: '1.00', currency: 'GBP' }), 400);
  assert.deepEqual(Object.keys(gbp.errors), ['currency']);
  assert.match(gbp.errors.currency[0], /EUR, USD, JPY/);
  const notIso = expectStatus(await shared().staff.post(url, { name: 'Bad', price: '1.00', currency: 'ABC' }), 400);
  assert.deepEqual(Object.keys(notIso.errors), ['currency']);
  const lower = expectStatus(await shared().staff.post(url, { name: 'Bad', price: '1.00', currency: 'eur' }), 400);
  assert.ok(lower.errors.currency);
  const yen = expectStatus(await shared().staff.post(url, { name: 'Bad', price: '5.5', currency: 'JPY' }), 400);
  assert.match(yen.errors.price[0], /JPY amounts allow no decimals/);
  expectStatus(await shared().staff.post(url, { name: 'Bad', price: '1.00', provider: 'ups' }), 400);
  expectStatus(await shared().staff.post(url, { name: 'Bad', price: '1.00', countries: 'DE' }), 400);
  expectStatus(await shared().staff.post(url, { name: 'Bad', price: '1.00', carrier: 'x' }), 400);
  const missing = expectStatus(await shared().staff.post(url, { countries: [] }), 400);
  assert.deepEqual(Object.keys(missing.errors).sort(), ['name', 'price']);
  const price = expectStatus(await shared().staff.post(url, { name: 'Bad', price: 4.9 }), 400);
  assert.ok(price.errors.price);
});

test('PATCH re-reads both amounts in a new currency, and unsets the threshold with null', async () => {
  const m = expectStatus(await shared().staff.post(url, { name: 'Patchable', price: '4.90', free_above: '50.00' }), 201);
  const noPrice = expectStatus(await shared().staff.patch(`${url}${m.id}/`, { currency: 'JPY' }), 400);
  assert.deepEqual(Object.keys(noPrice.errors).sort(), ['free_above', 'price']);
  const noThreshold = expectStatus(await shared().staff.patch(`${url}${m.id}/`, { currency: 'JPY', price: '800' }), 400);
  assert.deepEqual(Object.keys(noThreshold.errors), ['free_above']);
  const yen = expectStatus(await shared().staff.patch(`${url}${m.id}/`, { currency: 'JPY', price: '800', free_above: '8000' }), 200);
  assert.deepEqual([yen.price, yen.free_above], [{ amount: '800', currency: 'JPY' }, { amount: '8000', currency: 'JPY' }]);
  const back = expectStatus(await shared().staff.patch(`${url}${m.id}/`, { currency: 'EUR' }), 200);
  assert.deepEqual([back.price, back.free_above], [{ amount: '800.00', currency: 'EUR' }, { amount: '8000.00', currency: 'EUR' }]);
  const unset = expectStatus(await shared().staff.patch(`${url}${m.id}/`, { free_above: null, active: false, countries: ['fr'], name: 'Renamed' }), 200);
  assert.deepEqual([unset.free_above, unset.active, unset.countries, unset.name], [null, false, ['FR'], 'Renamed']);
  assert.equal(unset.created_at, m.created_at);
  expectStatus(await shared().staff.patch(`${url}${m.id}/`, {}), 400);
  expectStatus(await shared().staff.patch(`${url}${m.id}/`, { countries: ['FR', 'ZZ'] }), 400);
  expectStatus(await shared().staff.patch(`${url}987654/`, { name: 'x' }), 404);
});

test('lists with filters (active, country) and ordering; staff only', async () => {
  const list = expectStatus(await shared().staff.get(`${url}?ordering=name`), 200);
  assert.ok(list.count >= 4);
  const names = list.results.map((m: any) => m.name);
  assert.deepEqual(names, [...names].sort());
  const inactive = expectStatus(await shared().staff.get(`${url}?active=false`), 200);
  assert.ok(inactive.results.length >= 1 && inactive.results.every((m: any) => m.active === false));
  const de = expectStatus(await shared().staff.get(`${url}?country=de`), 200);
  assert.ok(de.results.length >= 2);
  assert.ok(de.results.every((m: any) => m.countries.length === 0 || m.countries.includes('DE')));
  assert.ok(!de.results.some((m: any) => m.name === 'Yen'));
  expectStatus(await shared().staff.get(`${url}?ordering=price`), 400);
  expectStatus(await shared().staff.get(`${url}?country=DEU`), 400);
  expectStatus(await shared().anon.get(url), 401);
  expectStatus(await shared().anon.post(url, { name: 'Anon', price: '1.00' }), 401);
  expectStatus(await shared().anon.get(`${url}${list.results[0].id}/`), 401);
});

test('deletes a method; it is gone afterwards; every write emitted its event', async () => {
  const m = expectStatus(await shared().staff.post(url, { name: 'Short-lived', price: '1.00' }), 201);
  expectStatus(await shared().anon.delete(`${url}${m.id}/`), 401);
  expectStatus(await shared().staff.delete(`${url}${m.id}/`), 204);
  expectStatus(await shared().staff.get(`${url}${m.id}/`), 404);
  expectStatus(await shared().staff.delete(`${url}${m.id}/`), 404);
  const events = await shared().store.kernel.knex('events').where('type', 'like', 'shipping_method.%').select('type', 'data');
  const types = new Set(events.map((e: any) => e.type));
  assert.deepEqual([...types].sort(), ['shipping_method.created', 'shipping_method.deleted', 'shipping_method.updated']);
  const deleted = events.find((e: any) => e.type === 'shipping_method.deleted');
  assert.equal(JSON.parse(deleted.data).name, 'Short-lived');
});
