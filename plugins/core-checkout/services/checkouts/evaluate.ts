import type { Principal } from '../../../../kernel/http/principal.ts';
import type { Logger } from '../../../../kernel/logger.ts';
import { collectFromEachTap } from '../../../../kernel/hooks.ts';
import type { Address, Db, PricedLine, ShippingRate, Totals } from '../../contracts.ts';
import type { CartRecord } from '../carts/cart-rows.ts';
import { cartItemsForSale } from '../carts/line-stock.ts';
import type { CheckoutDeps, VariantForSale } from '../deps.ts';
import { priceItems, type PricedItems } from '../totals/lines.ts';
import { calculateTotals } from '../totals/totals.ts';
import type { CheckoutRecord } from './checkout-rows.ts';
import { shippingLines } from './shipping-lines.ts';

/** A checkout priced as it stands: its cart's lines, the rates for its address, the selection, totals. */
export interface Evaluation {
  priced: PricedItems;
  /** The lines that count (purchasable ones). */
  lines: PricedLine[];
  rates: ShippingRate[];
  selected: ShippingRate | null;
  totals: Totals;
  /** What the totals taps read (TotalsContext.reads), for another run of the totals on this evaluation. */
  reads: Map<string, unknown>;
}

export interface EvaluateOptions {
  principal: Principal;
  lang: string;
  /** The request's logger, for a shipping provider whose tap fails. */
  log?: Logger;
  placing?: boolean;
}

/**
 * The shipping rates providers offer for an address, in the cart's currency (a rate quoted in the
 * store's default currency is converted; others, or malformed ones, are left out and logged).
 */
export async function collectRates(deps: CheckoutDeps, db: Db, address: Address, totals: Totals, lang: string, variants: Map<number, VariantForSale>, log: Logger = deps.logger): Promise<ShippingRate[]> {
  // Each provider in isolation: one whose tap throws is logged and left out; the others still offer.
  const offered = await collectFromEachTap(deps.hooks.collectShippingRates, 'checkout.collectShippingRates', [], {
    db,
    address,
    currency: totals.currency,
    subtotal_minor: totals.subtotal_minor - totals.discount_minor,
    ...shippingLines(totals.lines, variants),
    lang,
  }, log);
  const defaultCurrency = deps.settings.get().default_currency;
  const rates: ShippingRate[] = [];
  for (const rate of offered ?? []) {
    if (!rate || (typeof rate.id !== 'number' && typeof rate.id !== 'string') || !Number.isSafeInteger(rate.price_minor) || rate.price_minor < 0) {
      deps.logger.warn({ rate }, 'a shipping rate was malformed and is not offered');
      continue;
    }
    if (rate.currency === totals.currency) rates.push(rate);
    else if (rate.currency === defaultCurrency) rates.push({ ...rate, price_minor: deps.exchange.fromDefault(rate.price_minor, totals.currency).minor, currency: totals.currency });
    else deps.logger.warn({ rate: rate.id, provider: rate.provider, currency: rate.currency }, `a shipping rate in ${rate.currency} is not offered for a ${totals.currency} checkout`);
  }
  return rates;
}

/** The rate of `rates` a selection (or an id a client sent) names, if still offered. */
export function findRate(rates: ShippingRate[], id: number | string, provider?: string): ShippingRate | undefined {
  return rates.find((r) => String(r.id) === String(id) && (provider === undefined || r.provider === provider));
}

// What the totals taps are given for a checkout: its cart, lines, e-mail and address, and the caller.
function totalsInput(db: Db, checkout: CheckoutRecord, cart: CartRecord, lines: PricedLine[], opts: EvaluateOptions, reads: Map<string, unknown>) {
  return {
    reads,
    db,
    cart: { id: cart.id, customer_id: cart.customer_id, email: checkout.email, currency: cart.currency },
    lines,
    address: checkout.shipping_address,
    principal: opts.principal,
    lang: opts.lang,
  };
}

/**
 * Prices a checkout: lines, totals without shipping (discounts may decide free shipping), the rates for
 * the address, then totals again with the selected rate. While placing, the last run says so.
 */
export async function evaluateCheckout(deps: CheckoutDeps, db: Db, checkout: CheckoutRecord, cart: CartRecord, opts: EvaluateOptions): Promise<Evaluation> {
  const { items, variants, counted } = await cartItemsForSale(deps, db, cart.id);
  const priced = await priceItems(deps, db, items, cart.currency, opts.lang, variants);
  const lines = priced.lines.filter((l) => l.purchasable).map((l) => l.line);
  const reads = new Map<string, unknown>(counted);
  const input = totalsInput(db, checkout, cart, lines, opts, reads);
  const base = await calculateTotals(deps, { ...input, shipping: null });
  const rates = await collectRates(deps, db, checkout.shipping_address, base, opts.lang, priced.variants, opts.log);
  const chosen = checkout.shipping_rate ? findRate(rates, checkout.shipping_rate.id, checkout.shipping_rate.provider) : undefined;
  const selected = chosen ?? null;
  const totals = selected || opts.placing ? await calculateTotals(deps, { ...input, shipping: selected, placing: opts.placing }) : base;
  return { priced, lines, rates, selected, totals, reads };
}

/**
 * `unselected` (an evaluation of `checkout` with no rate selected, not placing) with `rate` selected,
 * `rate` being one of its rates or null: the lines and the rates for the address stay, only the totals
 * are calculated again, as `evaluateCheckout` of the checkout with that selection would.
 */
export async function selectRate(deps: CheckoutDeps, db: Db, unselected: Evaluation, checkout: CheckoutRecord, cart: CartRecord, opts: EvaluateOptions, rate: ShippingRate | null): Promise<Evaluation> {
  if (!rate) return unselected;
  const totals = await calculateTotals(deps, { ...totalsInput(db, checkout, cart, unselected.lines, opts, unselected.reads), shipping: rate });
  return { ...unselected, selected: rate, totals };
}
