import { before } from 'node:test';
import type { TestStore } from '../../../test/helpers/store.ts';
import type { PricedLine, Totals, TotalsContext } from '../../core-checkout/contracts.ts';
import type {} from '../../core-checkout/hooks.ts';

import { Client, expectStatus, openClientStore, sharedClientStore, type ClientStore } from '../../../test/helpers/client.ts';

export { Client, expectStatus, type Headers } from '../../../test/helpers/client.ts';

export type VoucherTestStore = ClientStore;
/** A fresh store with a staff API key and an anonymous client; the caller closes it. */
export const openStore = openClientStore;
/** One store shared by the tests of a file. */
export const sharedStore = sharedClientStore;

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
