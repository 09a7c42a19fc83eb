import type { FieldErrors } from '../../../kernel/http/errors.ts';
import { MoneyFormatError, parseAmount, toMoney, type Money } from '../../../kernel/money/money.ts';
import { addError } from '../errors.ts';

/** The parts of core-store's `storeSettings` the catalogue reads. */
export interface StoreSettingsReader {
  get(): { default_currency: string; currencies: string[]; default_language: string; languages: string[] };
}

/** core-store's `exchange` service. */
export interface ExchangeReader {
  fromDefault(minor: number, currency: string): { minor: number; rate: string };
}

/** A variant's prices: `price` in the default currency, `prices` fixed per currency (minor units). */
export interface PricedVariant {
  price: number;
  prices: Record<string, number>;
}

/**
 * Catalogue prices: stored in minor units of the store's default currency, shown in any of the store's
 * currencies through its exchange rates (exact, half-up), unless a variant fixes its price there.
 */
export class CatalogPricing {
  constructor(
    private readonly settings: StoreSettingsReader,
    private readonly exchange: ExchangeReader,
  ) {}

  get defaultCurrency(): string {
    return this.settings.get().default_currency;
  }

  /**
   * Reads a decimal string in `currency` (the default one unless named) into minor units; a malformed,
   * negative or over-precise amount is recorded in `errors` under `field`. null stays null.
   */
  parse(errors: FieldErrors, field: string, value: string | null | undefined, currency = this.defaultCurrency): number | null | undefined {
    if (value === null || value === undefined) return value;
    try {
      return parseAmount(value, currency);
    } catch (err) {
      if (!(err instanceof MoneyFormatError)) throw err;
      addError(errors, field, err.message);
      return undefined;
    }
  }

  /** Reads fixed prices `{EUR: "17.50"}`: each currency one of the store's others, each amount exact. */
  parseFixed(errors: FieldErrors, field: string, input: Record<string, string> | undefined): Record<string, number> | undefined {
    if (input === undefined) return undefined;
    const s = this.settings.get();
    const result: Record<string, number> = {};
    for (const [currency, amount] of Object.entries(input).sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (currency === s.default_currency) {
        addError(errors, `${field}.${currency}`, `${currency} is the store's default currency: set it as "price".`);
      } else if (!s.currencies.includes(currency)) {
        addError(errors, `${field}.${currency}`, `Not one of the store's currencies: ${s.currencies.join(', ')}.`);
      } else {
        const minor = this.parse(errors, `${field}.${currency}`, amount, currency);
        if (typeof minor === 'number') result[currency] = minor;
      }
    }
    return result;
  }

  /** An amount of the default currency as Money in `currency` (converted exactly). */
  money(minor: number, currency: string): Money {
    return toMoney(this.exchange.fromDefault(minor, currency).minor, currency);
  }

  nullableMoney(minor: number | null, currency: string): Money | null {
    return minor === null ? null : this.money(minor, currency);
  }

  /**
   * A variant's price in `currency`: its fixed price there if it has one (rate null: nothing was
   * converted), else its default-currency price converted with the store's rate (which is returned so
   * that an order can record it).
   */
  priceIn(variant: PricedVariant, currency: string): { minor: number; rate: string | null } {
    const fixed = variant.prices[currency];
    if (fixed !== undefined && currency !== this.defaultCurrency) return { minor: fixed, rate: null };
    return this.exchange.fromDefault(variant.price, currency);
  }

  /** Fixed prices as Money, in currency-code order. */
  fixedMoney(prices: Record<string, number>): Record<string, Money> {
    return Object.fromEntries(Object.keys(prices).sort().map((c) => [c, toMoney(prices[c]!, c)]));
  }
}
