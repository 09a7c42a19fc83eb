import { convert, multiplyRatio, parseRate } from '../../../kernel/money/money.ts';
import { currencyExponent } from '../../../kernel/money/iso4217.ts';
import { AppError } from '../../../kernel/http/errors.ts';
import type { StoreSettingsService } from './store-settings.ts';

/**
 * Converts amounts from the store's default currency with the store's exchange rates, exactly
 * (integer minor units, half-up). The rate used is returned so that orders can record it.
 */
export class ExchangeService {
  constructor(private readonly storeSettings: StoreSettingsService) {}

  /** The rate from the default currency to `currency` ("1" for the default itself). */
  rateFor(currency: string): string {
    const s = this.storeSettings.get();
    if (currency === s.default_currency) return '1';
    const rate = s.exchange_rates[currency];
    if (!rate) throw new AppError(400, 'unsupported_currency', `Currency "${currency}" is not offered by this store.`, { currency: ['Not one of the store\'s currencies.'] });
    return rate;
  }

  /** `minor` units of the default currency expressed in `currency`. */
  fromDefault(minor: number, currency: string): { minor: number; rate: string } {
    const s = this.storeSettings.get();
    const rate = this.rateFor(currency);
    return { minor: rate === '1' ? minor : convert(minor, s.default_currency, currency, rate), rate };
  }

  /**
   * `minor` units of `from` in `to`, through the default currency, in integer arithmetic with a single
   * half-up rounding at the end:
   *   to_minor = round(from_minor × rate(to) × 10^exp(to) / (rate(from) × 10^exp(from)))
   * From the default currency this equals `fromDefault`. A currency the store does not offer is a 400.
   */
  convert(minor: number, from: string, to: string): number {
    if (from === to) return minor;
    const source = parseRate(this.rateFor(from));
    const target = parseRate(this.rateFor(to));
    const numerator = target.units * 10n ** BigInt(source.scale + currencyExponent(to));
    const denominator = source.units * 10n ** BigInt(target.scale + currencyExponent(from));
    return multiplyRatio(minor, numerator, denominator);
  }
}
