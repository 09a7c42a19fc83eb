import { convert } from '../../../kernel/money/money.ts';
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
}
