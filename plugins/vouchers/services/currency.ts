import type { ExchangeService } from '../../core-store/contracts.ts';

/** The parts of core-store's `storeSettings` this plugin reads. */
export interface StoreSettingsReader {
  get(): { default_currency: string; currencies: string[] };
}

/** core-store's `exchange` service: rates and exact conversion between the store's currencies. */
export type ExchangeReader = Pick<ExchangeService, 'rateFor' | 'convert'>;
