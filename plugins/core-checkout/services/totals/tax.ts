import { allocate, multiplyRatio, percentOf } from '../../../../kernel/money/money.ts';
import type { Totals } from '../../contracts.ts';

/** The store's rate for a destination country ("19", "7.5"), or null: no tax there. */
export function taxRateFor(taxRates: Array<{ country: string; rate: string }>, country: string | null | undefined): string | null {
  if (!country) return null;
  const found = taxRates.find((r) => r.country.toUpperCase() === country.toUpperCase());
  return found ? found.rate : null;
}

// "7.5" → 75 / 10: the rate as an exact fraction of a percent.
function percentParts(rate: string): { units: bigint; scale: bigint } {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate);
  if (!match) throw new Error(`Tax rate "${rate}" is not a decimal percentage.`);
  const fraction = match[2] ?? '';
  return { units: BigInt(match[1]! + fraction), scale: 10n ** BigInt(fraction.length) };
}

/**
 * The tax in an amount at `rate` percent, in integer arithmetic with one half-up rounding:
 * exclusive prices: round(amount × rate / 100); inclusive prices (the amount is gross):
 * amount − round(amount × 100 / (100 + rate)).
 */
export function taxOf(amount: number, rate: string, inclusive: boolean): number {
  if (amount <= 0) return 0;
  if (!inclusive) return percentOf(amount, rate);
  const { units, scale } = percentParts(rate);
  return amount - multiplyRatio(amount, 100n * scale, 100n * scale + units);
}

/**
 * Makes line discounts agree with the declared discounts: a tap that only pushed an AppliedDiscount
 * gets it spread over the lines in proportion to their totals (largest remainder, exact); each line's
 * discount is kept within 0..its total.
 */
export function settleDiscounts(totals: Totals): void {
  for (const line of totals.lines) line.discount_minor = Math.min(Math.max(0, Math.trunc(line.discount_minor || 0)), line.total_minor);
  const declared = totals.discounts.reduce((sum, d) => sum + Math.max(0, d.amount_minor), 0);
  const onLines = totals.lines.reduce((sum, l) => sum + l.discount_minor, 0);
  if (onLines === 0 && declared > 0 && totals.lines.length > 0) {
    const weights = totals.lines.map((l) => l.total_minor);
    const capped = Math.min(declared, weights.reduce((a, b) => a + b, 0));
    if (capped > 0) allocate(capped, weights).forEach((part, i) => (totals.lines[i]!.discount_minor = part));
  }
}

/**
 * core-checkout's tax step (`checkout.calculateTotals`, stage 100): per line on its total after its
 * discount, and on shipping, at the destination's rate. No destination (a cart): no tax.
 */
export function applyTax(totals: Totals, rate: string | null): Totals {
  settleDiscounts(totals);
  const inclusive = totals.prices_include_tax;
  for (const line of totals.lines) {
    line.tax_rate = rate;
    line.tax_minor = rate === null ? 0 : taxOf(line.total_minor - line.discount_minor, rate, inclusive);
  }
  totals.shipping_tax_minor = rate === null ? 0 : taxOf(totals.shipping_minor, rate, inclusive);
  return totals;
}
