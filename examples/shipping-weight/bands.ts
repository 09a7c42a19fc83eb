import {
  MoneyFormatError,
  badRequest,
  conflict,
  formatAmount,
  notFound,
  parseAmount,
  toIso,
  toMoney,
  type FieldErrors,
  type Knex,
  type Money,
} from '@storekeep-commerce/sdk';
import type { Db } from '@storekeep-commerce/sdk/checkout';

const TABLE = 'shipping_weight_bands';

/** The part of core-store's `storeSettings` service this plugin reads: the currencies the store sells in. */
export interface StoreCurrencies {
  get(): { currencies: string[] };
}

export interface WeightBand {
  id: number;
  name: string;
  country: string;
  currency: string;
  /** Grams, inclusive. */
  min_weight: number;
  /** Grams, exclusive; null: no upper bound. */
  max_weight: number | null;
  price_minor: number;
  created_at: string;
  updated_at: string;
}

/** A write as the API takes it: the price is a decimal string in the band's currency. */
export interface WeightBandInput {
  name?: string;
  country?: string;
  currency?: string;
  min_weight?: number;
  max_weight?: number | null;
  price?: string;
}

export function bandFromRow(row: any): WeightBand {
  return {
    id: Number(row.id),
    name: row.name,
    country: row.country,
    currency: row.currency,
    min_weight: Number(row.min_weight),
    max_weight: row.max_weight === null || row.max_weight === undefined ? null : Number(row.max_weight),
    price_minor: Number(row.price_minor),
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}

export function bandView(band: WeightBand): Omit<WeightBand, 'price_minor'> & { price: Money } {
  const { price_minor, ...rest } = band;
  return { ...rest, price: toMoney(price_minor, band.currency) };
}

/** True when a parcel of `weight` grams falls in the band. */
export function covers(band: WeightBand, weight: number): boolean {
  return weight >= band.min_weight && (band.max_weight === null || weight < band.max_weight);
}

const overlapping = (a: WeightBand, b: Pick<WeightBand, 'min_weight' | 'max_weight'>) =>
  (b.max_weight === null || a.min_weight < b.max_weight) && (a.max_weight === null || b.min_weight < a.max_weight);

/**
 * The weight bands: one price per destination country, currency and weight range. Bands of one
 * country and currency never overlap, so a parcel has at most one price there.
 */
export class WeightBandService {
  constructor(private readonly parts: { now: () => Date; store: StoreCurrencies }) {}

  listQuery(db: Db, filters: { country?: string; currency?: string } = {}): Knex.QueryBuilder {
    const query = db(TABLE).select('*');
    if (filters.country) query.where('country', filters.country.toUpperCase());
    if (filters.currency) query.where('currency', filters.currency);
    return query;
  }

  async get(db: Db, id: number): Promise<WeightBand> {
    const row = await db(TABLE).where('id', id).first();
    if (!row) throw notFound('No weight band with this id.');
    return bandFromRow(row);
  }

  /** The bands that price parcels to `country` in `currency`, lightest first: what the rates tap reads. */
  async forDestination(db: Db, country: string, currency: string): Promise<WeightBand[]> {
    const rows = await db(TABLE).where({ country: country.toUpperCase(), currency }).orderBy('min_weight');
    return rows.map(bandFromRow);
  }

  async create(trx: Knex.Transaction, input: WeightBandInput): Promise<WeightBand> {
    const band = await this.resolve(trx, input, undefined);
    const now = this.parts.now();
    const [id] = await trx(TABLE).insert({ ...band, created_at: now, updated_at: now });
    return this.get(trx, Number(id));
  }

  async update(trx: Knex.Transaction, id: number, input: WeightBandInput): Promise<WeightBand> {
    const before = await this.get(trx, id);
    const band = await this.resolve(trx, input, before);
    await trx(TABLE).where('id', id).update({ ...band, updated_at: this.parts.now() });
    return this.get(trx, id);
  }

  async remove(trx: Knex.Transaction, id: number): Promise<void> {
    await this.get(trx, id);
    await trx(TABLE).where('id', id).delete();
  }

  // The band's columns after the write, checked as a whole: a store currency, an amount exact in it,
  // a range that is not empty and that no other band of the same country and currency overlaps.
  private async resolve(trx: Knex.Transaction, input: WeightBandInput, before: WeightBand | undefined) {
    const errors: FieldErrors = {};
    const add = (field: string, message: string) => (errors[field] ??= []).push(message);
    const currency = input.currency ?? before!.currency;
    const { currencies } = this.parts.store.get();
    if (!currencies.includes(currency)) add('currency', `Not one of the store's currencies: ${currencies.join(', ')}.`);
    const band = {
      name: input.name?.trim() ?? before!.name,
      country: input.country ?? before!.country,
      currency,
      min_weight: input.min_weight ?? before?.min_weight ?? 0,
      max_weight: input.max_weight !== undefined ? input.max_weight : (before?.max_weight ?? null),
      price_minor: before?.price_minor ?? 0,
    };
    if (band.max_weight !== null && band.max_weight <= band.min_weight) add('max_weight', 'Must be greater than min_weight (or null for no upper bound).');
    // The price is re-read when it or the currency changes: "4.90" is exact in EUR, not in JPY.
    if (input.price !== undefined || (before && currency !== before.currency)) {
      try {
        band.price_minor = parseAmount(input.price ?? formatAmount(before!.price_minor, before!.currency), currency);
      } catch (err) {
        if (!(err instanceof MoneyFormatError)) throw err;
        add('price', err.message);
      }
    }
    if (Object.keys(errors).length > 0) throw badRequest(`Invalid input: ${Object.keys(errors).join(', ')}.`, errors);

    const others = (await this.forDestination(trx, band.country, band.currency)).filter((b) => b.id !== before?.id);
    const clash = others.find((other) => overlapping(other, band));
    if (clash) {
      const range = `${clash.min_weight}–${clash.max_weight ?? '∞'} g`;
      throw conflict('band_overlap', `The weights overlap band ${clash.id} "${clash.name}" (${range}) for ${band.country} in ${band.currency}.`, {
        min_weight: [`Overlaps band ${clash.id} (${range}).`],
      });
    }
    return band;
  }
}
