import { currencyExponent } from '../../../kernel/money/iso4217.ts';
import { multiplyRatio, parseRate } from '../../../kernel/money/money.ts';

/** The parts of core-store's `storeSettings` this plugin reads. */
export interface StoreSettingsReader {
  get(): { default_currency: string; currencies: string[] };
}

/** core-store's `exchange` service: `rateFor(c)` is how many units of `c` one default-currency unit buys. */
export interface ExchangeReader {
  rateFor(currency: string): string;
}

/**
 * Converts `minor` units of `from` into minor units of `to` through the store's default currency, in
 * integer arithmetic with a single half-up rounding at the end:
 *
 *   to_minor = round(from_minor × rate(to) × 10^exp(to) / (rate(from) × 10^exp(from)))
 *
 * where rate(x) is the store's exchange rate of x (units of x per unit of the default currency, "1" for
 * the default itself). From the default currency this is exactly core-store's `exchange.fromDefault`.
 * A currency the store no longer offers throws core-store's 400 `unsupported_currency`.
 */
export function convertVia(exchange: ExchangeReader, minor: number, from: string, to: string): number {
  if (from === to) return minor;
  const source = parseRate(exchange.rateFor(from));
  const target = parseRate(exchange.rateFor(to));
  const numerator = target.units * 10n ** BigInt(source.scale + currencyExponent(to));
  const denominator = source.units * 10n ** BigInt(target.scale + currencyExponent(from));
  return multiplyRatio(minor, numerator, denominator);
}
