import type { Knex } from 'knex';
import type { Clock } from '../../../kernel/clock.ts';
import type { EventBus } from '../../../kernel/events.ts';
import type { FieldErrors } from '../../../kernel/http/errors.ts';
import { parseJson, toBool, toIso } from '../../../kernel/db/dialect.ts';
import { KeptRead } from '../../../kernel/db/kept-read.ts';
import { isCountryCode } from '../../../kernel/geo/countries.ts';
import { formatAmount, MoneyFormatError, parseAmount, toMoney, type Money } from '../../../kernel/money/money.ts';
import { addError, ShippingErrors, throwIfInvalid } from '../errors.ts';
import type { StoreSettingsReader } from './currency.ts';

export type Db = Knex | Knex.Transaction;

/** The one provider this plugin implements; carrier plugins offer their rates under their own names. */
export const FLAT_RATE = 'flat_rate';

export interface ShippingMethodRecord {
  id: number;
  name: string;
  provider: string;
  description: string | null;
  price_minor: number;
  currency: string;
  /** ISO 3166-1 alpha-2 codes, sorted; empty means everywhere. */
  countries: string[];
  free_above_minor: number | null;
  active: boolean;
  created_at: string;
  updated_at: string;
}

/** A shipping method as the API shows it. */
export interface ShippingMethodView {
  id: number;
  name: string;
  provider: string;
  description: string | null;
  price: Money;
  currency: string;
  countries: string[];
  free_above: Money | null;
  active: boolean;
  created_at: string;
  updated_at: string;
}

/** A write as the API takes it: amounts are decimal strings in `currency`. */
export interface ShippingMethodInput {
  name?: string;
  provider?: string;
  description?: string | null;
  price?: string;
  currency?: string;
  countries?: string[];
  free_above?: string | null;
  active?: boolean;
}

export function methodFromRow(row: any): ShippingMethodRecord {
  return {
    id: Number(row.id),
    name: row.name,
    provider: row.provider,
    description: row.description ?? null,
    price_minor: Number(row.price_minor),
    currency: row.currency,
    countries: parseJson<string[]>(row.countries, []),
    free_above_minor: row.free_above_minor === null || row.free_above_minor === undefined ? null : Number(row.free_above_minor),
    active: toBool(row.active),
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}

export function methodView(m: ShippingMethodRecord): ShippingMethodView {
  return {
    id: m.id,
    name: m.name,
    provider: m.provider,
    description: m.description,
    price: toMoney(m.price_minor, m.currency),
    currency: m.currency,
    countries: m.countries,
    free_above: m.free_above_minor === null ? null : toMoney(m.free_above_minor, m.currency),
    active: m.active,
    created_at: m.created_at,
    updated_at: m.updated_at,
  };
}

// An amount in `currency`; a malformed, negative or over-precise one is recorded under `field`.
function amount(errors: FieldErrors, field: string, value: string, currency: string): number | undefined {
  try {
    return parseAmount(value, currency);
  } catch (err) {
    if (!(err instanceof MoneyFormatError)) throw err;
    addError(errors, field, err.message);
    return undefined;
  }
}

// Upper-cased, de-duplicated and sorted; every code that is not ISO 3166-1 alpha-2 is named.
function countriesOf(errors: FieldErrors, input: string[]): string[] {
  const result = new Set<string>();
  input.forEach((raw, i) => {
    const code = raw.trim().toUpperCase();
    if (isCountryCode(code)) result.add(code);
    else addError(errors, `countries.${i}`, `"${raw}" is not an ISO 3166-1 alpha-2 country code.`);
  });
  return [...result].sort();
}

/**
 * Flat-rate shipping methods: a price in one of the store's currencies, the countries they ship to and an
 * optional free-shipping threshold. Writes take the request's transaction and emit
 * `shipping_method.created/updated/deleted` in it.
 */
export class ShippingMethodService {
  // Every priced checkout asks for the active methods; staff change them rarely (kernel/db/kept-read.ts).
  private readonly activeMethods: KeptRead<ShippingMethodRecord[]>;

  constructor(private readonly parts: { knex: Knex; clock: Clock; events: EventBus; settings: StoreSettingsReader }) {
    this.activeMethods = new KeptRead(parts.knex, async (db) => (await db('shipping_methods').where('active', true).orderBy('id')).map(methodFromRow));
  }

  /** The base query of the list: `active` and `country` (methods shipping there) narrow it. */
  listQuery(db: Db, filters: { active?: boolean; country?: string } = {}): Knex.QueryBuilder {
    const query = db('shipping_methods').select('*');
    if (filters.active !== undefined) query.where('active', filters.active);
    if (filters.country) {
      const code = filters.country.toUpperCase();
      query.where((q) => q.where('countries', '[]').orWhere('countries', 'like', `%"${code}"%`));
    }
    return query;
  }

  async get(db: Db, id: number): Promise<ShippingMethodRecord> {
    const row = await db('shipping_methods').where('id', id).first();
    if (!row) throw ShippingErrors.methodNotFound();
    return methodFromRow(row);
  }

  /**
   * Every active method, oldest first: what the rates tap offers from. Kept in memory: a change here is
   * seen at once, another instance's within two seconds, as the store's settings are.
   */
  active(db: Db): Promise<ShippingMethodRecord[]> {
    return this.activeMethods.get(db as Knex);
  }

  async create(trx: Knex.Transaction, input: ShippingMethodInput): Promise<ShippingMethodRecord> {
    const fields = this.resolve(input, undefined);
    const now = this.parts.clock.now();
    this.activeMethods.changed(trx);
    const [id] = await trx('shipping_methods').insert({ ...fields, created_at: now, updated_at: now });
    const method = await this.get(trx, Number(id));
    await this.parts.events.emit(trx, 'shipping_method.created', methodView(method));
    return method;
  }

  /** Changes the given fields; amounts are re-read in the resulting currency. */
  async update(trx: Knex.Transaction, id: number, input: ShippingMethodInput): Promise<ShippingMethodRecord> {
    const before = await this.get(trx, id);
    const fields = this.resolve(input, before);
    this.activeMethods.changed(trx);
    await trx('shipping_methods').where('id', id).update({ ...fields, updated_at: this.parts.clock.now() });
    const method = await this.get(trx, id);
    await this.parts.events.emit(trx, 'shipping_method.updated', methodView(method));
    return method;
  }

  /** Deletes a method; checkouts that had selected it are offered the remaining ones. */
  async remove(trx: Knex.Transaction, id: number): Promise<void> {
    const method = await this.get(trx, id);
    this.activeMethods.changed(trx);
    await trx('shipping_methods').where('id', id).delete();
    await this.parts.events.emit(trx, 'shipping_method.deleted', methodView(method));
  }

  // The columns a write sets, validated as a whole against the method it changes (if any): the
  // currency must be one of the store's, and both amounts must be exact in the resulting currency.
  private resolve(input: ShippingMethodInput, before: ShippingMethodRecord | undefined): Record<string, unknown> {
    const errors: FieldErrors = {};
    const settings = this.parts.settings.get();
    const currency = input.currency ?? before?.currency ?? settings.default_currency;
    if (input.currency !== undefined && !settings.currencies.includes(input.currency)) {
      addError(errors, 'currency', `Not one of the store's currencies: ${settings.currencies.join(', ')}.`);
      throwIfInvalid(errors);
    }
    const columns: Record<string, unknown> = {};
    if (input.name !== undefined) columns.name = input.name.trim();
    if (input.description !== undefined) columns.description = input.description;
    if (input.active !== undefined) columns.active = input.active;
    if (input.countries !== undefined) columns.countries = JSON.stringify(countriesOf(errors, input.countries));
    const currencyChanged = before !== undefined && currency !== before.currency;
    if (!before) {
      columns.provider = FLAT_RATE;
      columns.currency = currency;
      columns.active ??= true;
      columns.countries ??= '[]';
      columns.description ??= null;
    } else if (currencyChanged) {
      columns.currency = currency;
    }
    const price = input.price ?? (before && formatAmount(before.price_minor, before.currency));
    if (price !== undefined && (input.price !== undefined || currencyChanged)) columns.price_minor = amount(errors, 'price', price, currency);
    const freeAbove = input.free_above !== undefined ? input.free_above : before && before.free_above_minor !== null ? formatAmount(before.free_above_minor, before.currency) : null;
    if (freeAbove === null) {
      if (input.free_above !== undefined || !before) columns.free_above_minor = null;
    } else if (input.free_above !== undefined || currencyChanged) {
      columns.free_above_minor = amount(errors, 'free_above', freeAbove, currency);
    }
    throwIfInvalid(errors);
    return columns;
  }
}
