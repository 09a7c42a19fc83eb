import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { PaymentGatewayRegistry } from '../../core-checkout/contracts.ts';
import { TestGateway } from '../gateway.ts';
import { PAGE_CSP } from '../page.ts';
import { offeredMethods, openShop, type Shop } from './helpers.ts';

let shop: Shop;
before(async () => {
  shop = await openShop();
});
after(() => shop?.store.close());

test('payment-test is a built-in payment plugin that comes after core-checkout and core-store', () => {
  const names = shop.store.kernel.plugins.map((p) => p.plugin.name);
  const loaded = shop.store.kernel.plugins.find((p) => p.plugin.name === 'payment-test');
  assert.ok(loaded);
  assert.equal(loaded.source, 'built-in');
  assert.deepEqual(loaded.plugin.kinds, ['payment']);
  assert.deepEqual(loaded.plugin.dependsOn, ['core-checkout', 'core-store']);
  assert.ok(names.indexOf('payment-test') > names.indexOf('core-checkout'));
});

test('the test gateway is registered with core-checkout under its identifier', () => {
  const gateways = shop.store.kernel.container.resolve<PaymentGatewayRegistry>('paymentGateways');
  assert.ok(gateways.get('test') instanceof TestGateway);
  assert.equal(gateways.get('test')!.identifier, 'test');
});

test('in a test context the test method is offered, and it is a test method of the test gateway', async () => {
  const methods = await offeredMethods(shop, { test: true });
  const mine = methods.filter((m) => m.gateway === 'test');
  assert.deepEqual(mine, [{ id: 'test', name: 'Test payment', description: mine[0]?.description, gateway: 'test', test: true }]);
  assert.ok(methods.every((m) => m.test), 'no built-in gateway offers a live method in test mode');
});

test('in a live context the test method is not offered', async () => {
  const methods = await offeredMethods(shop, { test: false });
  assert.ok(!methods.some((m) => m.id === 'test' || m.gateway === 'test'));
});

test('the hosted page of an unknown payment is a 404 page, for GET and for the form post alike', async () => {
  for (const url of ['/payments/test/999999/?token=tp_x', '/payments/test/999999/', '/payments/test/abc/', '/payments/test/0/']) {
    const page = await shop.store.inject({ method: 'GET', url });
    assert.equal(page.statusCode, 404, url);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.equal(page.headers['content-security-policy'], PAGE_CSP);
    assert.match(page.body, /Payment not found/);
    const post = await shop.store.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=succeeded' });
    assert.equal(post.statusCode, 404, url);
    assert.match(post.body, /Payment not found/);
  }
});

test('the hosted page routes stay out of the OpenAPI document', async () => {
  const doc = (await shop.store.inject({ method: 'GET', url: '/latest/openapi.json' })).json();
  assert.ok(!Object.keys(doc.paths).some((p) => p.startsWith('/payments/test/')));
});
