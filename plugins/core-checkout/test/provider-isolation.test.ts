import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { pluginSource, writePlugins } from '../../../kernel/test/helpers.ts';
import { clientStore, expectStatus } from '../../../test/helpers/client.ts';

// A third-party provider whose shipping-rate and payment-method taps throw on every call.
const broken = writePlugins({
  'broken-carrier': pluginSource('broken-carrier', {
    dependsOn: ['core-checkout'],
    body: `const hooks = ctx.hooks.get('checkout');
    hooks.collectShippingRates.tapPromise({ name: 'broken-carrier' }, async (rates) => { rates.push({ id: 'x', provider: 'broken-carrier', name: 'Half', price_minor: 1, currency: 'EUR' }); throw new Error('carrier API down'); });
    hooks.collectPaymentMethods.tapPromise({ name: 'broken-carrier' }, async () => { throw new Error('gateway API down'); });`,
  }),
});
process.on('exit', broken.remove);

const address = { first_name: 'Ada', last_name: 'Lovelace', address_line_1: '1 Main Street', city: 'Town', postal_code: '12345', country: 'DE' };

test('a provider whose taps throw is left out and logged; the other shipping and payment methods are still offered', async (t) => {
  const lines: any[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const { staff, anon } = await clientStore(t, { env: { PLUGINS: broken.dirs['broken-carrier'], LOG_LEVEL: 'error' }, logStream });
  expectStatus(await staff.patch('/api/v1/store/', { default_currency: 'EUR', currencies: ['EUR'], test_mode: true }), 200);
  const product = expectStatus(await staff.post('/api/v1/products/', { name: 'Mug', status: 'active' }), 201);
  const variant = expectStatus(await staff.post(`/api/v1/products/${product.id}/variants/`, { sku: 'MUG-1', price: '12.50', track_inventory: false }), 201);
  const flat = expectStatus(await staff.post('/api/v1/shipping-methods/', { name: 'DACH', price: '4.90', countries: ['DE'] }), 201);

  const cart = expectStatus(await anon.post('/api/v1/cart/', {}), 201);
  expectStatus(await anon.post(`/api/v1/cart/${cart.id}/items/`, { variant_id: variant.id, quantity: 1 }), 201);
  const checkout = expectStatus(await anon.post('/api/v1/checkout/', { cart_id: cart.id, email: 'shopper@example.com', shipping_address: address }), 201);
  // The rate the broken tap pushed before throwing is dropped with it.
  assert.deepEqual(checkout.shipping_methods.map((m: any) => [m.provider, m.id]), [['shipping-flat', flat.id]]);
  const selected = expectStatus(await anon.patch(`/api/v1/checkout/${checkout.id}/`, { shipping_method_id: flat.id }), 200);
  assert.equal(selected.shipping_method.id, flat.id);

  const shippingLog = lines.find((l) => l.hook === 'checkout.collectShippingRates');
  assert.ok(shippingLog, 'the failing shipping tap was logged');
  assert.equal(shippingLog.level, 50);
  assert.equal(shippingLog.plugin, 'broken-carrier');
  assert.equal(shippingLog.err.message, 'carrier API down');
  assert.equal(typeof shippingLog.reqId, 'string');

  const methods = expectStatus(await anon.get(`/api/v1/checkout/${checkout.id}/payment-methods/`), 200);
  assert.ok(methods.results.length > 0, 'the built-in test gateway still offers its methods');
  assert.ok(methods.results.every((m: any) => m.provider !== 'broken-carrier'));
  const paymentLog = lines.find((l) => l.hook === 'checkout.collectPaymentMethods');
  assert.ok(paymentLog, 'the failing payment tap was logged');
  assert.equal(paymentLog.plugin, 'broken-carrier');
  assert.equal(typeof paymentLog.reqId, 'string');
});
