import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import type { TestStoreOptions } from '../../../test/helpers/store.ts';
import { Client, expectStatus, openCatalogStore, type CatalogTestStore } from '../../core-catalog/test/helpers.ts';
import type { PaymentMethod, PaymentMethodContext } from '../../core-checkout/contracts.ts';
import type {} from '../../core-checkout/hooks.ts';

export { Client, expectStatus };

/**
 * A store ready to sell, for the payment plugins' end-to-end tests: a staff API key, an anonymous
 * shopper, one active variant with stock in a warehouse and a flat shipping rate (5.00) to everywhere.
 */
export interface Shop extends CatalogTestStore {
  variantId: number;
}

let sequence = 0;
const next = () => `${process.pid}-${++sequence}`;

/** Opens a store with something to sell (10 in stock at 20.00 unless told), through the API; the caller closes it. */
export async function openShop(opts: TestStoreOptions & { price?: string; stock?: number } = {}): Promise<Shop> {
  const ctx = await openCatalogStore(opts);
  const { staff } = ctx;
  const n = next();
  const product = expectStatus(await staff.post('/api/v1/products/', { name: `Mug ${n}`, status: 'active' }), 201);
  const variant = expectStatus(await staff.post(`/api/v1/products/${product.id}/variants/`, { sku: `PAY-${n}`, price: opts.price ?? '20.00' }), 201);
  const warehouse = expectStatus(await staff.post('/api/v1/warehouses/', { name: `Warehouse ${n}`, code: `WH-${n}` }), 201);
  const stock = await staff.post('/api/v1/inventory/', { variant_id: variant.id, warehouse_id: warehouse.id, quantity: opts.stock ?? 10 });
  assert.ok(stock.statusCode === 200 || stock.statusCode === 201, `set stock answered ${stock.statusCode}: ${stock.body}`);
  expectStatus(await staff.post('/api/v1/shipping-methods/', { name: 'Standard', price: '5.00' }), 201);
  return { ...ctx, variantId: variant.id };
}

/** Turns the store's test mode on or off (staff). */
export async function setTestMode(shop: Shop, on: boolean): Promise<void> {
  expectStatus(await shop.staff.patch('/api/v1/store/', { test_mode: on }), 200);
}

export const ADDRESS = { first_name: 'Ada', last_name: 'Lovelace', address_line_1: '1 Main St', city: 'Berlin', postal_code: '10115', country: 'DE' };

/** A guest's checkout of `quantity` of the shop's variant, with the first shipping method chosen; returns it. */
export async function openCheckout(shop: Shop, shopper: Client = shop.anon, quantity = 1): Promise<any> {
  const cart = expectStatus(await shopper.post('/api/v1/cart/', {}), 201);
  expectStatus(await shopper.post(`/api/v1/cart/${cart.id}/items/`, { variant_id: shop.variantId, quantity }), 201);
  const checkout = expectStatus(await shopper.post('/api/v1/checkout/', { cart_id: cart.id, email: 'ada@example.com', shipping_address: ADDRESS }), 201);
  assert.ok(checkout.shipping_methods.length > 0, 'a shipping method is offered');
  return expectStatus(await shopper.patch(`/api/v1/checkout/${checkout.id}/`, { shipping_method_id: checkout.shipping_methods[0].id }), 200);
}

/** The ids of the payment methods a checkout offers (GET …/payment-methods/, the list envelope). */
export async function methodIds(shopper: Client, checkoutId: string): Promise<string[]> {
  const page = expectStatus(await shopper.get(`/api/v1/checkout/${checkoutId}/payment-methods/`), 200);
  assert.equal(page.count, page.results.length);
  return page.results.map((m: { id: string }) => m.id);
}

/** POST …/pay/ with a method; the raw response. */
export function pay(shopper: Client, checkoutId: string, methodId: string): Promise<LightMyRequestResponse> {
  return shopper.post(`/api/v1/checkout/${checkoutId}/pay/`, { payment_method_id: methodId });
}

/** The path and query of an absolute URL of the test store (`https://store.test/...`), for inject. */
export function localPath(url: string): string {
  const u = new URL(url);
  assert.equal(u.origin, 'https://store.test', `${url} is a URL of the store`);
  return u.pathname + u.search;
}

/** A form post of `outcome` to a hosted page URL, as a browser sends it. */
export function postOutcome(shop: Shop, url: string, outcome: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return shop.store.inject({
    method: 'POST',
    url: localPath(url),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ outcome }).toString(),
  });
}

/** An order as staff see it. */
export async function order(shop: Shop, orderId: number): Promise<any> {
  return expectStatus(await shop.staff.get(`/api/v1/orders/${orderId}/`), 200);
}

/** The events of a type the store emitted, oldest first (read from the outbox table). */
export async function events(shop: Shop, type: string): Promise<Array<{ type: string; data: any }>> {
  const rows = await shop.store.kernel.knex('events').where({ type }).orderBy('id');
  return rows.map((r: any) => ({ type: r.type, data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data }));
}

/** The payment methods `checkout.collectPaymentMethods` yields for a context, straight from the hook. */
export async function offeredMethods(shop: { store: CatalogTestStore['store'] }, context: Partial<PaymentMethodContext>): Promise<PaymentMethod[]> {
  const hooks = shop.store.kernel.hooks.get('checkout');
  return hooks.collectPaymentMethods.promise([], { db: shop.store.kernel.knex, currency: 'USD', total_minor: 2500, address: ADDRESS, test: false, lang: 'en', ...context });
}
