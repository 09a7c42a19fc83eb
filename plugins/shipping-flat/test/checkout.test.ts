import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expectStatus, sharedStore } from './helpers.ts';
import { statementsDuring } from '../../../test/helpers/statements.ts';

const shared = sharedStore();
const methods: Record<string, any> = {};
let variant: any;

const address = (country: string) => ({ first_name: 'Ada', last_name: 'Lovelace', address_line_1: '1 Main Street', city: 'Town', postal_code: '12345', country });

/** A cart of `quantity` × 12.50 EUR (in `currency`), and a checkout on it to `country`. */
async function checkoutTo(country: string, opts: { currency?: string; quantity?: number } = {}): Promise<any> {
  const { anon } = shared();
  const cart = expectStatus(await anon.post(`/api/v1/cart/${opts.currency ? `?currency=${opts.currency}` : ''}`, {}), 201);
  expectStatus(await anon.post(`/api/v1/cart/${cart.id}/items/`, { variant_id: variant.id, quantity: opts.quantity ?? 1 }), 201);
  return expectStatus(await anon.post('/api/v1/checkout/', { cart_id: cart.id, email: 'shopper@example.com', shipping_address: address(country) }), 201);
}

const offered = (checkout: any) => checkout.shipping_methods.map((m: any) => [m.id, m.name, m.price]);

test('setup: EUR default, USD at 1.1; a product at 12.50; three methods', async () => {
  const { staff } = shared();
  expectStatus(await staff.patch('/api/v1/store/', { default_currency: 'EUR', currencies: ['EUR', 'USD'], exchange_rates: { USD: '1.1' } }), 200);
  const product = expectStatus(await staff.post('/api/v1/products/', { name: 'Mug', status: 'active' }), 201);
  variant = expectStatus(await staff.post(`/api/v1/products/${product.id}/variants/`, { sku: 'MUG-1', price: '12.50', track_inventory: false }), 201);
  for (const body of [
    { name: 'DACH', price: '4.90', countries: ['DE', 'AT', 'CH'], free_above: '50.00' },
    { name: 'Express DE', price: '9.90', countries: ['DE'] },
    { name: 'Paused', price: '1.00', active: false },
  ]) methods[body.name] = expectStatus(await staff.post('/api/v1/shipping-methods/', body), 201);
});

test('a checkout offers the methods that ship to its country, and none for a country nobody ships to', async () => {
  const de = await checkoutTo('DE');
  assert.deepEqual(offered(de), [
    [methods.DACH.id, 'DACH', { amount: '4.90', currency: 'EUR' }],
    [methods['Express DE'].id, 'Express DE', { amount: '9.90', currency: 'EUR' }],
  ]);
  assert.equal(de.shipping_methods[0].provider, 'shipping-flat');
  assert.deepEqual(offered(await checkoutTo('AT')).map((m: any[]) => m[1]), ['DACH']);
  const fr = await checkoutTo('FR');
  assert.deepEqual(fr.shipping_methods, []);
  expectStatus(await shared().anon.patch(`/api/v1/checkout/${fr.id}/`, { shipping_method_id: methods.DACH.id }), 400);
});

test('selecting a method adds its price to the totals; free above the threshold; converted for a USD cart', async () => {
  const { anon } = shared();
  const de = await checkoutTo('DE');
  const selected = expectStatus(await anon.patch(`/api/v1/checkout/${de.id}/`, { shipping_method_id: String(methods.DACH.id) }), 200);
  assert.equal(selected.shipping_method.id, methods.DACH.id);
  assert.deepEqual([selected.shipping, selected.total], [{ amount: '4.90', currency: 'EUR' }, { amount: '17.40', currency: 'EUR' }]);
  const four = await checkoutTo('DE', { quantity: 4 });
  assert.deepEqual(offered(four)[0], [methods.DACH.id, 'DACH', { amount: '0.00', currency: 'EUR' }]);
  // 4.90 EUR × 1.1 = 5.39 USD; the 50.00 EUR threshold is 55.00 USD (4 × 13.75 = 55.00: free).
  const usd = await checkoutTo('DE', { currency: 'USD' });
  assert.deepEqual(offered(usd)[0], [methods.DACH.id, 'DACH', { amount: '5.39', currency: 'USD' }]);
  const usdFour = await checkoutTo('DE', { currency: 'USD', quantity: 4 });
  assert.deepEqual(offered(usdFour)[0][2], { amount: '0.00', currency: 'USD' });
});

test('a method switched off is no longer offered to open checkouts, and is again once switched back on', async () => {
  const { anon, staff } = shared();
  const ch = await checkoutTo('CH');
  expectStatus(await anon.patch(`/api/v1/checkout/${ch.id}/`, { shipping_method_id: methods.DACH.id }), 200);
  expectStatus(await staff.patch(`/api/v1/shipping-methods/${methods.DACH.id}/`, { active: false }), 200);
  const after = expectStatus(await anon.get(`/api/v1/checkout/${ch.id}/`), 200);
  assert.deepEqual(after.shipping_methods, []);
  expectStatus(await staff.patch(`/api/v1/shipping-methods/${methods.DACH.id}/`, { active: true }), 200);
  assert.deepEqual(offered(expectStatus(await anon.get(`/api/v1/checkout/${ch.id}/`), 200)).map((m: any[]) => m[1]), ['DACH']);
});

test('the active methods are read once for a run of checkouts; a change made here is offered at once, another process\'s within two seconds', async () => {
  const { staff, store } = shared();
  const knex = store.kernel.knex;
  await checkoutTo('DE');
  const reads = (sent: Array<{ sql: string }>) => sent.filter((q) => /from [`"]shipping_methods[`"]/.test(q.sql)).length;
  const quiet = await statementsDuring(knex, async () => {
    for (let i = 0; i < 3; i++) await checkoutTo('DE');
  });
  assert.equal(reads(quiet), 0, 'three priced checkouts read no shipping method');

  // Made here: the next checkout offers it.
  const made = expectStatus(await staff.post('/api/v1/shipping-methods/', { name: 'Courier DE', price: '12.00', countries: ['DE'] }), 201);
  assert.ok(offered(await checkoutTo('DE')).some((m: any[]) => m[0] === made.id));
  // Changed by another process (a write not through this store's service): within two seconds.
  await knex('shipping_methods').where('id', made.id).update({ active: false });
  const started = Date.now();
  let still = true;
  while (still && Date.now() - started < 6000) {
    still = offered(await checkoutTo('DE')).some((m: any[]) => m[0] === made.id);
    if (still) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.equal(still, false);
  assert.ok(Date.now() - started < 4000, `seen after ${Date.now() - started} ms`);
  expectStatus(await staff.delete(`/api/v1/shipping-methods/${made.id}/`), 204);
});

test('a method changed in a transaction that rolls back is offered as it was', async () => {
  const { store } = shared();
  const service = store.kernel.container.resolve<any>('shippingMethodService');
  await checkoutTo('DE');
  await assert.rejects(
    store.kernel.knex.transaction(async (trx) => {
      await service.update(trx, methods['Express DE'].id, { active: false });
      // Inside the transaction its own change is what a read sees.
      assert.ok(!(await service.active(trx)).some((m: any) => m.id === methods['Express DE'].id));
      throw new Error('rolled back');
    }),
    /rolled back/,
  );
  assert.ok(offered(await checkoutTo('DE')).some((m: any[]) => m[0] === methods['Express DE'].id));
});
