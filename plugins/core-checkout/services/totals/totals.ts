import { sumAmounts, toMoney, type Money } from '../../../../kernel/money/money.ts';
import type { Principal } from '../../../../kernel/http/principal.ts';
import type { Address, AppliedDiscount, Db, PricedLine, ShippingRate, Totals, TotalsContext } from '../../contracts.ts';
import type { CheckoutDeps } from '../deps.ts';
import { freshLines } from './lines.ts';
import { applyTax, settleDiscounts, taxRateFor } from './tax.ts';

export interface TotalsInput {
  db: Db;
  cart: TotalsContext['cart'];
  lines: PricedLine[];
  address: Address | null;
  shipping: ShippingRate | null;
  principal: Principal;
  lang: string;
  placing?: boolean;
  /** Shared by the totals runs of one evaluation (TotalsContext.reads). */
  reads?: Map<string, unknown>;
  /** The cart was created in this transaction (TotalsContext.newCart). */
  newCart?: boolean;
}

/**
 * Recomputes what the totals are made of, after every tap: subtotal, discount and tax from the lines;
 * total = subtotal − discount + shipping + (prices include tax ? 0 : tax + shipping tax).
 */
export function finalizeTotals(totals: Totals): Totals {
  settleDiscounts(totals);
  // Checked sums: beyond the safe integer range the answer is a 400 amount_out_of_range, never a wrong total.
  const sum = (f: (l: PricedLine) => number) => sumAmounts(totals.lines.map(f));
  totals.subtotal_minor = sum((l) => l.total_minor);
  totals.discount_minor = sum((l) => l.discount_minor);
  totals.tax_minor = sum((l) => l.tax_minor);
  const taxes = totals.prices_include_tax ? 0 : totals.tax_minor + totals.shipping_tax_minor;
  totals.total_minor = sumAmounts([totals.subtotal_minor, -totals.discount_minor, totals.shipping_minor, taxes]);
  return totals;
}

/**
 * The one totals pipeline of carts, checkouts and order placement: the priced lines, then the
 * `checkout.calculateTotals` waterfall (discount taps below stage 100, the tax step at 100), then the
 * invariant recomputed.
 */
export async function calculateTotals(deps: CheckoutDeps, input: TotalsInput): Promise<Totals> {
  const settings = deps.settings.get();
  const lines = freshLines(input.lines);
  const shipping = input.shipping?.price_minor ?? 0;
  const initial: Totals = finalizeTotals({
    currency: input.cart.currency,
    lines,
    subtotal_minor: 0,
    discount_minor: 0,
    shipping_minor: shipping,
    shipping_tax_minor: 0,
    tax_minor: 0,
    total_minor: 0,
    discounts: [],
    prices_include_tax: settings.prices_include_tax,
  });
  const context: TotalsContext = {
    db: input.db,
    cart: input.cart,
    address: input.address,
    shipping: input.shipping,
    principal: input.principal,
    lang: input.lang,
    placing: input.placing ?? false,
    reads: input.reads ?? new Map(),
    ...(input.newCart ? { newCart: true } : {}),
  };
  return finalizeTotals(await deps.hooks.calculateTotals.promise(initial, context));
}

/** The `checkout.calculateTotals` tap of core-checkout's own tax step (stage 100). */
export function taxStep(deps: Pick<CheckoutDeps, 'settings'>) {
  return async (totals: Totals, context: TotalsContext): Promise<Totals> => {
    const rate = taxRateFor(deps.settings.get().tax_rates, context.address?.country);
    return applyTax(totals, rate);
  };
}

export interface DiscountView {
  source: string;
  code: string;
  description: string | null;
  amount: Money;
}

/** Applied discounts as the API shows them (carts, checkouts, orders). */
export function discountsView(discounts: AppliedDiscount[], currency: string): DiscountView[] {
  return discounts.map((d) => ({ source: d.source, code: d.code, description: d.description ?? null, amount: toMoney(d.amount_minor, currency) }));
}

export interface TotalsView {
  subtotal: Money;
  discount: Money;
  shipping: Money;
  shipping_tax: Money;
  tax: Money;
  total: Money;
  prices_include_tax: boolean;
  discounts: DiscountView[];
}

/** Totals as the API shows them; `tax` is all tax (lines and shipping), included or added. */
export function totalsView(t: Totals): TotalsView {
  const money = (minor: number) => toMoney(minor, t.currency);
  return {
    subtotal: money(t.subtotal_minor),
    discount: money(t.discount_minor),
    shipping: money(t.shipping_minor),
    shipping_tax: money(t.shipping_tax_minor),
    tax: money(t.tax_minor + t.shipping_tax_minor),
    total: money(t.total_minor),
    prices_include_tax: t.prices_include_tax,
    discounts: discountsView(t.discounts, t.currency),
  };
}
