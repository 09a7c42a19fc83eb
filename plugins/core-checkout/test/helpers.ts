import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Knex } from 'knex';
import type { LightMyRequestResponse } from 'fastify';
import type { TestStoreOptions } from '../../../test/helpers/store.ts';
import type { SessionClient } from '../../../test/helpers/auth.ts';
import { Client, expectStatus, openCatalogStore, type CatalogTestStore } from '../../core-catalog/test/helpers.ts';
import { fakePlugins } from './fakes.ts';

export { Client, expectStatus };

export const BASE_URL = 'https://store.test';

export interface Shop extends CatalogTestStore {
  knex: Knex;
  /** A warehouse every stocked variant of the shop is held in. */
  warehouseId: number;
}

/** A fresh store with the fake gateway and shipping plugins, a staff API key and a warehouse. */
export async function openShop(opts: TestStoreOptions = {}): Promise<Shop> {
  const env = { ...opts.env, PLUGINS: [fakePlugins(), opts.env?.PLUGINS].filter(Boolean).join(',') };
  const ctx = await openCatalogStore({ ...opts, env });
  const warehouse = expectStatus(await ctx.staff.post('/api/v1/warehouses/', { name: 'Main', code: `MAIN-${process.pid}` }), 201);
  return { ...ctx, knex: ctx.store.kernel.knex, warehouseId: warehouse.id };
}

/** A fresh shop for one test, closed after it. */
export async function shopFor(t: { after: (fn: () => Promise<void>) => void }, opts: TestStoreOptions = {}): Promise<Shop> {
  const shop = await openShop(opts);
  t.after(() => shop.store.close());
  return shop;
}

/** One shop shared by the tests of a file. */
export function sharedShop(opts: TestStoreOptions = {}, setup?: (shop: Shop) => Promise<void>): () => Shop {
  let shop: Shop | undefined;
  before(async () => {
    shop = await openShop(opts);
    await setup?.(shop);
  });
  after(async () => {
    await shop?.store.close();
  });
  return () => shop!;
}

let sequence = 0;
const next = () => `${process.pid}-${++sequence}`;

export interface VariantSpec {
  name?: string;
  price?: string;
  prices?: Record<string, string>;
  /** Units in stock; null: not tracked. Default 100. */
  stock?: number | null;
  status?: 'active' | 'draft' | 'archived';
  options?: Record<string, string>;
  productOptions?: Array<{ name: string; values: string[] }>;
  translations?: Record<string, { name?: string }>;
  allow_backorder?: boolean;
}

/** A product with one variant, through the API, stocked in the shop's warehouse; returns the variant. */
export async function makeVariant(shop: Shop, spec: VariantSpec = {}): Promise<{ id: number; sku: string; product_id: number }> {
  const n = next();
  const product = expectStatus(
    await shop.staff.post('/api/v1/products/', {
      name: spec.name ?? `Product ${n}`,
      status: spec.status ?? 'active',
      ...(spec.productOptions ? { options: spec.productOptions } : {}),
      ...(spec.translations ? { translations: spec.translations } : {}),
    }),
    201,
  );
  const variant = expectStatus(
    await shop.staff.post(`/api/v1/products/${product.id}/variants/`, {
      sku: `SKU-${n}`,
      price: spec.price ?? '10.00',
      ...(spec.prices ? { prices: spec.prices } : {}),
      ...(spec.options ? { options: spec.options } : {}),
      track_inventory: spec.stock !== null,
      ...(spec.allow_backorder ? { allow_backorder: true } : {}),
    }),
    201,
  );
  if (spec.stock !== null) await setStock(shop, variant.id, spec.stock ?? 100);
  return { id: variant.id, sku: variant.sku, product_id: product.id };
}

/** Sets a variant's units on hand in the shop's warehouse. */
export async function setStock(shop: Shop, variantId: number, quantity: number): Promise<void> {
  const res = await shop.staff.post('/api/v1/inventory/', { variant_id: variantId, warehouse_id: shop.warehouseId, quantity });
  assert.ok(res.statusCode === 200 || res.statusCode === 201, `set stock answered ${res.statusCode}: ${res.body}`);
}

/** The stock record of a variant in the shop's warehouse. */
export async function stockOf(shop: Shop, variantId: number): Promise<{ quantity: number; reserved: number }> {
  const row = await shop.knex('inventory_levels').where({ variant_id: variantId, warehouse_id: shop.warehouseId }).first();
  return { quantity: Number(row.quantity), reserved: Number(row.reserved) };
}

/** A valid address (in `country`), with fields overridden. */
export function address(country = 'DE', over: Record<string, unknown> = {}): Record<string, unknown> {
  return { first_name: 'Ada', last_name: 'Lovelace', address_line_1: '1 Example Street', city: 'Berlin', postal_code: '10115', country, ...over };
}

/** A new cart (in `currency` if given) holding these lines; returns its body. */
export async function cartWith(client: Client, lines: Array<[number, number]>, currency?: string): Promise<any> {
  let cart = expectStatus(await client.post(`/api/v1/cart/${currency ? `?currency=${currency}` : ''}`, undefined), 201);
  for (const [variant_id, quantity] of lines) {
    const res = await client.post(`/api/v1/cart/${cart.id}/items/`, { variant_id, quantity });
    assert.ok(res.statusCode === 200 || res.statusCode === 201, `add item answered ${res.statusCode}: ${res.body}`);
    cart = res.json();
  }
  return cart;
}

/** POST /api/v1/checkout/ for a cart (201 expected); returns its body. */
export async function openCheckout(client: Client, cartId: string, country = 'DE', extra: Record<string, unknown> = {}): Promise<any> {
  return expectStatus(await client.post('/api/v1/checkout/', { cart_id: cartId, email: 'ada@example.com', shipping_address: address(country), ...extra }), 201);
}

/** PATCHes the shipping method (200 expected); returns the checkout. */
export async function selectShipping(client: Client, checkoutId: string, id: number | string): Promise<any> {
  return expectStatus(await client.patch(`/api/v1/checkout/${checkoutId}/`, { shipping_method_id: id }), 200);
}

/** POST …/pay/ with a method. */
export function pay(client: Client, checkoutId: string, method: string, headers?: Record<string, string>): Promise<LightMyRequestResponse> {
  return client.post(`/api/v1/checkout/${checkoutId}/pay/`, { payment_method_id: method }, headers);
}

/** A cart of these lines through to a checkout with Standard shipping selected (to DE by default). */
export async function readyCheckout(client: Client, lines: Array<[number, number]>, opts: { country?: string; currency?: string } = {}): Promise<any> {
  const cart = await cartWith(client, lines, opts.currency);
  const checkout = await openCheckout(client, cart.id, opts.country ?? 'DE');
  return selectShipping(client, checkout.id, 1);
}

/** An absolute URL of this store as a path for inject. */
export function pathOf(url: string): string {
  assert.ok(url.startsWith(BASE_URL), `${url} is not a URL of this store`);
  return url.slice(BASE_URL.length);
}

/** Posts a form (application/x-www-form-urlencoded). */
export function postForm(shop: Shop, url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return shop.store.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: new URLSearchParams(fields).toString() });
}

/** The events of a type the store emitted, oldest first (data parsed). */
export async function eventsOf(shop: Shop, type: string): Promise<any[]> {
  const rows = await shop.knex('events').where('type', type).orderBy('id');
  return rows.map((r: any) => (typeof r.data === 'string' ? JSON.parse(r.data) : r.data));
}

/** The amount of a Money. */
export const amount = (m: { amount: string }) => m.amount;

/** An order of these lines placed by a guest with `method` (fake_instant: paid at once); the order as staff see it, items included. */
export async function placedOrder(shop: Shop, lines: Array<[number, number]>, method = 'fake_instant', opts: { country?: string; currency?: string } = {}): Promise<any> {
  const checkout = await readyCheckout(shop.anon, lines, opts);
  const paid = expectStatus(await pay(shop.anon, checkout.id, method), 201);
  return expectStatus(await shop.staff.get(`/api/v1/orders/${paid.order.id}/?expand=items`), 200);
}

/** The order as staff see it now, items included. */
export async function orderNow(shop: Shop, id: number): Promise<any> {
  return expectStatus(await shop.staff.get(`/api/v1/orders/${id}/?expand=items`), 200);
}

/** The JSON headers and body of an `inject` or session request carrying `payload`. */
export const json = (payload: unknown) => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

/** A customer who buys one variant through the API with their session (cart, checkout, shipping 1, pay); returns the order id. */
export async function buyAs(client: SessionClient, variantId: number, quantity: number, method = 'fake_instant'): Promise<number> {
  const cart = expectStatus(await client.request({ method: 'POST', url: '/api/v1/cart/' }), 201);
  expectStatus(await client.request({ method: 'POST', url: `/api/v1/cart/${cart.id}/items/`, ...json({ variant_id: variantId, quantity }) }), 201);
  const address = { first_name: 'C', last_name: 'D', address_line_1: 'E', city: 'F', postal_code: 'G', country: 'DE' };
  const checkout = expectStatus(await client.request({ method: 'POST', url: '/api/v1/checkout/', ...json({ cart_id: cart.id, email: 'c@example.com', shipping_address: address }) }), 201);
  expectStatus(await client.request({ method: 'PATCH', url: `/api/v1/checkout/${checkout.id}/`, ...json({ shipping_method_id: 1 }) }), 200);
  return expectStatus(await client.request({ method: 'POST', url: `/api/v1/checkout/${checkout.id}/pay/`, ...json({ payment_method_id: method }) }), 201).order.id;
}
