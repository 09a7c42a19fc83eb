import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { startTestStore, type TestStore, type TestStoreOptions } from '../../../test/helpers/store.ts';
import { authHeader, staffApiKey } from '../../../test/helpers/auth.ts';
import type { PricedLine, Totals, TotalsContext } from '../../core-checkout/contracts.ts';
import type {} from '../../core-checkout/hooks.ts';

export type Headers = Record<string, string>;

/** A small JSON client over `store.inject` with fixed headers (an API key, or none). */
export class Client {
  constructor(
    readonly store: TestStore,
    readonly headers: Headers = {},
  ) {}

  request(method: string, url: string, body?: unknown, headers: Headers = {}): Promise<LightMyRequestResponse> {
    return this.store.inject({
      method: method as any,
      url,
      headers: { ...this.headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
  }
  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, body: unknown) {
    return this.request('POST', url, body);
  }
  patch(url: string, body: unknown) {
    return this.request('PATCH', url, body);
  }
  delete(url: string) {
    return this.request('DELETE', url);
  }
}

export interface VoucherTestStore {
  store: TestStore;
  staff: Client;
  anon: Client;
}

/** A fresh store with a staff API key and an anonymous client; the caller closes it. */
export async function openStore(opts: TestStoreOptions = {}): Promise<VoucherTestStore> {
  const store = await startTestStore(opts);
  const key = await staffApiKey(store);
  return { store, staff: new Client(store, authHeader(key)), anon: new Client(store) };
}

/** One store shared by the tests of a file. */
export function sharedStore(opts: TestStoreOptions = {}): () => VoucherTestStore {
  let ctx: VoucherTestStore | undefined;
  before(async () => {
    ctx = await openStore(opts);
  });
  after(async () => {
    await ctx?.store.close();
  });
  return () => ctx!;
}

/** Asserts a status, showing the body when it differs; returns the parsed body. */
export function expectStatus(res: LightMyRequestResponse, status: number): any {
  assert.equal(res.statusCode, status, `expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.body ? res.json() : undefined;
}

let lineId = 0;

/** A priced cart line of `quantity` × `unit` minor units, as core-checkout hands lines to the totals taps. */
export function line(unit: number, quantity = 1): PricedLine {
  const id = ++lineId;
  return {
    id,
    variant_id: id,
    product_id: id,
    sku: `SKU-${id}`,
    name: `Item ${id}`,
    options: {},
    quantity,
    unit_price_minor: unit,
    total_minor: unit * quantity,
    discount_minor: 0,
    tax_minor: 0,
    tax_rate: null,
  };
}

/** Hand-built totals of these lines before any discount. */
export function totalsOf(currency: string, lines: PricedLine[], shipping = 0): Totals {
  const subtotal = lines.reduce((s, l) => s + l.total_minor, 0);
  return {
    currency,
    lines,
    subtotal_minor: subtotal,
    discount_minor: 0,
    shipping_minor: shipping,
    shipping_tax_minor: 0,
    tax_minor: 0,
    total_minor: subtotal + shipping,
    discounts: [],
    prices_include_tax: false,
  };
}

/** Prices totals through the whole `checkout.calculateTotals` hook, as a cart of `cart` would be. */
export async function priceThrough(store: TestStore, totals: Totals, cart: Partial<TotalsContext['cart']> & { id: string }, placing = false): Promise<Totals> {
  const hook = store.kernel.hooks.get('checkout').calculateTotals;
  return hook.promise(totals, {
    db: store.kernel.knex,
    cart: { customer_id: null, email: null, currency: totals.currency, ...cart },
    address: null,
    shipping: null,
    principal: { kind: 'anonymous' },
    lang: 'en',
    placing,
  });
}
