import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ShippingRate } from '../../core-checkout/contracts.ts';
import { address, expectStatus, sharedStore } from './helpers.ts';

const shared = sharedStore();
const url = '/api/v1/shipping-methods/';
const ids: Record<string, number> = {};

/** The rates the `checkout.collectShippingRates` hook offers, through the whole hook as a checkout calls it. */
async function rates(country: string, currency: string, subtotal: number, earlier: ShippingRate[] = []): Promise<ShippingRate[]> {
  const hook = shared().store.kernel.hooks.get('checkout').collectShippingRates;
  return hook.promise(earlier, { db: shared().store.kernel.knex, address: address(country), currency, subtotal_minor: subtotal, lines: [], total_weight: 0, lang: 'en' });
}

const priced = (list: ShippingRate[]) => list.map((r) => [r.name, r.price_minor, r.currency]);

test('setup: EUR default, USD at 1.1, JPY at 160.5; five methods', async () => {
  const { staff } = shared();
  expectStatus(await staff.patch('/api/v1/store/', { default_currency: 'EUR', currencies: ['EUR', 'USD', 'JPY'], exchange_rates: { USD: '1.1', JPY: '160.5' } }), 200);
  const make = async (body: Record<string, unknown>) => (ids[body.name as string] = expectStatus(await staff.post(url, body), 201).id);
  await make({ name: 'Standard', price: '4.90', countries: ['DE', 'AT'], free_above: '50.00', description: '2–3 days' });
  await make({ name: 'World', price: '19.99' });
  await make({ name: 'Closed', price: '1.00', active: false });
  await make({ name: 'US only', price: '7.00', currency: 'USD', countries: ['US'] });
  await make({ name: 'Japan', price: '1000', currency: 'JPY', countries: ['JP'], free_above: '10000' });
});

test('offers the active methods that ship to the country (or everywhere), with numeric ids, in the checkout currency', async () => {
  const de = await rates('DE', 'EUR', 1000);
  assert.deepEqual(de, [
    { id: ids.Standard, name: 'Standard', provider: 'shipping-flat', price_minor: 490, currency: 'EUR', description: '2–3 days' },
    { id: ids.World, name: 'World', provider: 'shipping-flat', price_minor: 1999, currency: 'EUR', description: null },
  ]);
  assert.deepEqual(priced(await rates('FR', 'EUR', 1000)), [['World', 1999, 'EUR']]);
  assert.deepEqual(priced(await rates('de', 'EUR', 1000)), priced(de));
});

test('shipping is free once the subtotal after discounts reaches free_above, not a cent before', async () => {
  assert.deepEqual(priced(await rates('AT', 'EUR', 4999)), [['Standard', 490, 'EUR'], ['World', 1999, 'EUR']]);
  assert.deepEqual(priced(await rates('AT', 'EUR', 5000)), [['Standard', 0, 'EUR'], ['World', 1999, 'EUR']]);
  assert.deepEqual(priced(await rates('JP', 'JPY', 9999)), [['World', 3208, 'JPY'], ['Japan', 1000, 'JPY']]);
  assert.deepEqual(priced(await rates('JP', 'JPY', 10000)), [['World', 3208, 'JPY'], ['Japan', 0, 'JPY']]);
});

test('converts prices and thresholds exactly through the default currency, half-up', async () => {
  // 4.90 EUR × 1.1 = 5.39 USD; 19.99 × 1.1 = 21.989 → 21.99; the 50.00 EUR threshold is 55.00 USD.
  assert.deepEqual(priced(await rates('DE', 'USD', 5499)), [['Standard', 539, 'USD'], ['World', 2199, 'USD']]);
  assert.deepEqual(priced(await rates('DE', 'USD', 5500)), [['Standard', 0, 'USD'], ['World', 2199, 'USD']]);
  // 7.00 USD ÷ 1.1 = 6.3636… → 6.36 EUR; into JPY in one step: 7.00 ÷ 1.1 × 160.5 = 1021.36… → 1021.
  assert.deepEqual(priced(await rates('US', 'EUR', 0)), [['World', 1999, 'EUR'], ['US only', 636, 'EUR']]);
  assert.deepEqual(priced(await rates('US', 'JPY', 0)), [['World', 3208, 'JPY'], ['US only', 1021, 'JPY']]);
  assert.deepEqual(priced(await rates('US', 'USD', 0)), [['World', 2199, 'USD'], ['US only', 700, 'USD']]);
  // 1000 JPY ÷ 160.5 = 6.2305… → 6.23 EUR; its 10000 JPY threshold is 62.31 EUR.
  assert.deepEqual(priced(await rates('JP', 'EUR', 6230)), [['World', 1999, 'EUR'], ['Japan', 623, 'EUR']]);
  assert.deepEqual(priced(await rates('JP', 'EUR', 6231)), [['World', 1999, 'EUR'], ['Japan', 0, 'EUR']]);
});

test('keeps the rates earlier providers offered and appends its own', async () => {
  const carrier: ShippingRate = { id: 'acme-express', name: 'Acme Express', provider: 'acme', price_minor: 1234, currency: 'EUR' };
  const list = await rates('FR', 'EUR', 0, [carrier]);
  assert.deepEqual(list.map((r) => r.id), ['acme-express', ids.World]);
});

test('a method in a currency the store stopped offering is left out, not an error', async () => {
  const { staff } = shared();
  expectStatus(await staff.patch('/api/v1/store/', { currencies: ['EUR', 'JPY'], exchange_rates: { JPY: '160.5' } }), 200);
  assert.deepEqual(priced(await rates('US', 'EUR', 0)), [['World', 1999, 'EUR']]);
  expectStatus(await staff.patch('/api/v1/store/', { currencies: ['EUR', 'USD', 'JPY'], exchange_rates: { USD: '1.1', JPY: '160.5' } }), 200);
  assert.deepEqual(priced(await rates('US', 'EUR', 0)), [['World', 1999, 'EUR'], ['US only', 636, 'EUR']]);
});

test('inactive and deleted methods are not offered; reactivating one offers it again', async () => {
  const { staff } = shared();
  expectStatus(await staff.patch(`${url}${ids.World}/`, { active: false }), 200);
  assert.deepEqual(priced(await rates('FR', 'EUR', 0)), []);
  expectStatus(await staff.patch(`${url}${ids.Closed}/`, { active: true }), 200);
  assert.deepEqual(priced(await rates('FR', 'EUR', 0)), [['Closed', 100, 'EUR']]);
  expectStatus(await staff.delete(`${url}${ids.Closed}/`), 204);
  assert.deepEqual(priced(await rates('FR', 'EUR', 0)), []);
});
