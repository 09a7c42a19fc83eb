/**
 * The published types of core-store: its container services as other plugins call them
 * (`exchange` for prices in another currency, `storeSettings`). Other plugins import these and
 * nothing else of core-store.
 */
export type { ExchangeService } from './services/exchange.ts';
export type { StoreSettingsService } from './services/store-settings.ts';
