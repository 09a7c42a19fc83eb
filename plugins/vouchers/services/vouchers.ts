import type { Knex } from 'knex';
import type { Clock } from '../../../kernel/clock.ts';
import type { EventBus } from '../../../kernel/events.ts';
import type { FieldErrors } from '../../../kernel/http/errors.ts';
import { formatAmount, MoneyFormatError, parseAmount } from '../../../kernel/money/money.ts';
import { addError, throwIfInvalid, VoucherErrors } from '../errors.ts';
import type { StoreSettingsReader } from './currency.ts';
import { codeKey, valueOf, voucherFromRow, voucherView, type Db, type DiscountType, type VoucherRecord } from './records.ts';

/** A write as the API takes it: amounts are decimal strings, times ISO 8601. */
export interface VoucherInput {
  code?: string;
  discount_type?: DiscountType;
  value?: string;
  currency?: string | null;
  min_subtotal?: string | null;
  usage_limit?: number | null;
  per_customer_limit?: number | null;
  starts_at?: string | null;
  ends_at?: string | null;
  active?: boolean;
}

// "10", "12.5", "7.25": more than 0 and at most 100, up to 4 decimals; written back without trailing zeros.
function percentOf(errors: FieldErrors, value: string): string | undefined {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(value);
  const whole = Number(match?.[1]);
  const fraction = (match?.[2] ?? '').replace(/0+$/, '');
  if (!match || whole > 100 || (whole === 100 && fraction) || (whole === 0 && !fraction)) {
    addError(errors, 'value', 'A percentage is a decimal string greater than 0 and at most 100, with up to 4 decimals ("10", "12.5").');
    return undefined;
  }
  return fraction ? `${whole}.${fraction}` : String(whole);
}

function amountOf(errors: FieldErrors, field: string, value: string, currency: string, positive: boolean): number | undefined {
  try {
    const minor = parseAmount(value, currency);
    if (positive && minor === 0) addError(errors, field, 'Must be greater than zero.');
    return minor;
  } catch (err) {
    if (!(err instanceof MoneyFormatError)) throw err;
    addError(errors, field, err.message);
    return undefined;
  }
}

/**
 * Vouchers: a percentage or a fixed amount off, with a minimum subtotal, a validity window, total and
 * per-customer usage limits. Codes are unique case-insensitively. Writes emit voucher.created/updated/
 * deleted inside the request's transaction.
 */
export class VoucherService {
  constructor(private readonly parts: { clock: Clock; events: EventBus; settings: StoreSettingsReader }) {}

  /** The base query of the list: `active`, `code` (exact, any case) and `search` (part of the code) narrow it. */
  listQuery(db: Db, filters: { active?: boolean; code?: string; search?: string } = {}): Knex.QueryBuilder {
    const query = db('vouchers').select('*');
    if (filters.active !== undefined) query.where('active', filters.active);
    if (filters.code !== undefined) query.where('code_key', codeKey(filters.code));
    if (filters.search) query.whereRaw("code_key like ? escape '!'", [`%${codeKey(filters.search).replace(/[!%_]/g, (c) => `!${c}`)}%`]);
    return query;
  }

  async get(db: Db, id: number): Promise<VoucherRecord> {
    const row = await db('vouchers').where('id', id).first();
    if (!row) throw VoucherErrors.voucherNotFound();
    return voucherFromRow(row);
  }

  /** The voucher with this code in any case, or undefined. */
  async findByCode(db: Db, code: string): Promise<VoucherRecord | undefined> {
    const row = await db('vouchers').where('code_key', codeKey(code)).first();
    return row ? voucherFromRow(row) : undefined;
  }

  async create(trx: Knex.Transaction, input: VoucherInput): Promise<VoucherRecord> {
    const columns = await this.resolve(trx, input, undefined);
    const now = this.parts.clock.now();
    const [id] = await trx('vouchers').insert({ ...columns, times_used: 0, created_at: now, updated_at: now });
    const voucher = await this.get(trx, Number(id));
    await this.parts.events.emit(trx, 'voucher.created', voucherView(voucher));
    return voucher;
  }

  /** Changes the given fields; the result is validated as a whole (a changed currency re-reads the amounts). */
  async update(trx: Knex.Transaction, id: number, input: VoucherInput): Promise<VoucherRecord> {
    const before = await this.get(trx, id);
    const columns = await this.resolve(trx, input, before);
    await trx('vouchers').where('id', id).update({ ...columns, updated_at: this.parts.clock.now() });
    const voucher = await this.get(trx, id);
    await this.parts.events.emit(trx, 'voucher.updated', voucherView(voucher));
    return voucher;
  }

  /**
   * Deletes a voucher with its cart applications and usage rows; orders that used it keep the discount
   * they were given (their totals are their own).
   */
  async remove(trx: Knex.Transaction, id: number): Promise<void> {
    const voucher = await this.get(trx, id);
    await trx('voucher_applications').where('voucher_id', id).delete();
    await trx('voucher_usages').where('voucher_id', id).delete();
    await trx('vouchers').where('id', id).delete();
    await this.parts.events.emit(trx, 'voucher.deleted', voucherView(voucher));
  }

  // The columns a write sets, after checking the resulting voucher as a whole; every bad field is named.
  private async resolve(db: Db, input: VoucherInput, before: VoucherRecord | undefined): Promise<Record<string, unknown>> {
    const columns: Record<string, unknown> = {};
    if (input.code !== undefined) {
      const key = codeKey(input.code);
      const taken = await db('vouchers').where('code_key', key).modify((q) => (before ? q.whereNot('id', before.id) : q)).first('id');
      if (taken) throw VoucherErrors.duplicateCode(input.code.trim());
      Object.assign(columns, { code: input.code.trim(), code_key: key });
    }
    const checked = this.check(input, before);
    throwIfInvalid(checked.errors);
    return { ...columns, ...checked.columns };
  }

  /**
   * The checks a schema cannot state (a store currency, an amount's decimals for its currency, a
   * percentage's range, the window's order), without the database: the route also runs them on a body
   * the schema refused (fields of the wrong type left out), so one 400 names every bad field.
   */
  fieldErrors(body: unknown): FieldErrors {
    const input: Record<string, unknown> = {};
    const given = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    for (const field of ['discount_type', 'value', 'currency', 'min_subtotal', 'starts_at', 'ends_at'] as const) {
      const v = given[field];
      const wellTyped = v === null ? field !== 'discount_type' && field !== 'value' : typeof v === 'string';
      const wellFormed = field === 'starts_at' || field === 'ends_at' ? v === null || !Number.isNaN(Date.parse(String(v))) : true;
      if (v !== undefined && wellTyped && wellFormed) input[field] = v;
    }
    if (input.discount_type !== 'percentage' && input.discount_type !== 'fixed') delete input.discount_type;
    // A malformed currency (the schema names it): no amount can be read against it.
    if (given.currency !== undefined && given.currency !== null && (typeof given.currency !== 'string' || !/^[A-Z]{3}$/.test(given.currency))) {
      delete input.currency;
      delete input.min_subtotal;
    }
    return this.check(input as VoucherInput, undefined).errors;
  }

  private check(input: VoucherInput, before: VoucherRecord | undefined): { columns: Record<string, unknown>; errors: FieldErrors } {
    const errors: FieldErrors = {};
    const settings = this.parts.settings.get();
    const columns: Record<string, unknown> = {};

    const type = input.discount_type ?? before?.discount_type;
    const currency = input.currency !== undefined ? input.currency : (before?.currency ?? null);
    // A currency the store does not take: named, and no amount is read in it.
    const currencyOk = currency === null || settings.currencies.includes(currency);
    if (!currencyOk) addError(errors, 'currency', `Not one of the store's currencies: ${settings.currencies.join(', ')}.`);
    if (input.currency !== undefined) columns.currency = currency;
    if (type === 'fixed' && currency === null) addError(errors, 'currency', 'Required for a fixed discount: the currency of the amount off.');
    const typeChanged = before !== undefined && type !== before.discount_type;
    const currencyChanged = before !== undefined && currency !== before.currency;
    if (typeChanged && input.value === undefined) addError(errors, 'value', 'Required when discount_type changes.');
    if (input.discount_type !== undefined) columns.discount_type = type;

    // The value: re-read when it is given, or when a fixed amount's currency changes.
    const value = input.value ?? (before && !typeChanged ? valueOf(before) : undefined);
    if (value !== undefined && (input.value !== undefined || (type === 'fixed' && currencyChanged))) {
      if (type === 'percentage') Object.assign(columns, { percent: percentOf(errors, value), amount_minor: null });
      else if (currency !== null && currencyOk) Object.assign(columns, { amount_minor: amountOf(errors, 'value', value, currency, true), percent: null });
    }

    // The minimum subtotal is in the voucher's currency, else in the store's default currency.
    const minCurrency = currency ?? settings.default_currency;
    if (!currencyOk) {
      // Named above; the minimum is read once the currency is one the store takes.
    } else if (input.min_subtotal !== undefined) {
      const minor = input.min_subtotal === null ? null : amountOf(errors, 'min_subtotal', input.min_subtotal, minCurrency, false);
      Object.assign(columns, { min_subtotal_minor: minor, min_subtotal_currency: minor === null ? null : minCurrency });
    } else if (before?.min_subtotal_minor != null && currencyChanged) {
      const text = formatAmount(before.min_subtotal_minor, before.min_subtotal_currency!);
      Object.assign(columns, { min_subtotal_minor: amountOf(errors, 'min_subtotal', text, minCurrency, false), min_subtotal_currency: minCurrency });
    }

    if (input.usage_limit !== undefined) columns.usage_limit = input.usage_limit;
    if (input.per_customer_limit !== undefined) columns.per_customer_limit = input.per_customer_limit;
    if (input.active !== undefined) columns.active = input.active;
    else if (!before) columns.active = true;

    const startsAt = input.starts_at !== undefined ? (input.starts_at === null ? null : new Date(input.starts_at)) : (before?.starts_at ?? null);
    const endsAt = input.ends_at !== undefined ? (input.ends_at === null ? null : new Date(input.ends_at)) : (before?.ends_at ?? null);
    if (input.starts_at !== undefined) columns.starts_at = startsAt;
    if (input.ends_at !== undefined) columns.ends_at = endsAt;
    if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) addError(errors, 'ends_at', 'Must be later than starts_at.');

    return { columns, errors };
  }
}
