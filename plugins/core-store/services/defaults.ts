/** The store's settings document, as stored and as `GET /api/v1/store/` shows it (without id/timestamps). */
export interface StoreSettings {
  name: string;
  email: string | null;
  country: string | null;
  default_currency: string;
  currencies: string[];
  /** One unit of the default currency is worth this many units of the keyed currency. */
  exchange_rates: Record<string, string>;
  default_language: string;
  languages: string[];
  prices_include_tax: boolean;
  /** Percentages as decimal strings, per ISO 3166-1 country. */
  tax_rates: Array<{ country: string; rate: string }>;
  test_mode: boolean;
  branding: { logo_url?: string | null; primary_color?: string | null; accent_color?: string | null; tagline?: string | null };
  low_stock_threshold: number;
  unpaid_order_timeout_minutes: number;
  /** Hours an unpaid order keeps its stock when its payment method waits for money outside the store, per method id. */
  payment_hold_hours: Record<string, number>;
  /** Unpaid orders held that way one e-mail or one client address may have at once (0: no limit). */
  max_unpaid_orders: number;
  return_window_days: number;
  allow_unpaid_shipments: boolean;
}

/** A new store: one currency, one language, no tax, live mode. */
export const DEFAULT_SETTINGS: Readonly<StoreSettings> = Object.freeze({
  name: 'Storekeep',
  email: null,
  country: null,
  default_currency: 'USD',
  currencies: ['USD'],
  exchange_rates: {},
  default_language: 'en',
  languages: ['en'],
  prices_include_tax: false,
  tax_rates: [],
  test_mode: false,
  branding: {},
  low_stock_threshold: 5,
  unpaid_order_timeout_minutes: 30,
  // A bank transfer usually arrives within one or two business days: three days is enough without
  // letting abandoned orders sit on stock for a week. Cash-on-delivery orders leave the hold once
  // staff ship them, which takes a working day or two.
  payment_hold_hours: { manual_bank_transfer: 72, manual_cash_on_delivery: 48 },
  max_unpaid_orders: 3,
  return_window_days: 14,
  allow_unpaid_shipments: false,
});
