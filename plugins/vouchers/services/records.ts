import type { Knex } from 'knex';
import { toBool, toDate, toIso } from '../../../kernel/db/dialect.ts';
import { formatAmount, toMoney, type Money } from '../../../kernel/money/money.ts';

export type Db = Knex | Knex.Transaction;
export type DiscountType = 'percentage' | 'fixed';

export interface VoucherRecord {
  id: number;
  code: string;
  discount_type: DiscountType;
  /** Percentage vouchers: the percentage as a normalised decimal string ("12.5"). */
  percent: string | null;
  /** Fixed vouchers: the amount off, in minor units of `currency`. */
  amount_minor: number | null;
  currency: string | null;
  min_subtotal_minor: number | null;
  /** The currency of the minimum: the voucher's, else the store default when it was written. */
  min_subtotal_currency: string | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  times_used: number;
  starts_at: Date | null;
  ends_at: Date | null;
  active: boolean;
  created_at: Date;
  updated_at: Date;
}

/** A voucher as the API shows it. */
export interface VoucherView {
  id: number;
  code: string;
  discount_type: DiscountType;
  /** As written: the percentage ("12.5") or the amount in `currency` ("5.00"). */
  value: string;
  currency: string | null;
  min_subtotal: Money | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  times_used: number;
  starts_at: string | null;
  ends_at: string | null;
  active: boolean;
  created_at: string;
  updated_at: string;
}

const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export function voucherFromRow(row: any): VoucherRecord {
  return {
    id: Number(row.id),
    code: row.code,
    discount_type: row.discount_type,
    percent: row.percent ?? null,
    amount_minor: numberOrNull(row.amount_minor),
    currency: row.currency ?? null,
    min_subtotal_minor: numberOrNull(row.min_subtotal_minor),
    min_subtotal_currency: row.min_subtotal_currency ?? null,
    usage_limit: numberOrNull(row.usage_limit),
    per_customer_limit: numberOrNull(row.per_customer_limit),
    times_used: Number(row.times_used),
    starts_at: toDate(row.starts_at),
    ends_at: toDate(row.ends_at),
    active: toBool(row.active),
    created_at: toDate(row.created_at)!,
    updated_at: toDate(row.updated_at)!,
  };
}

/** The value as written: the percentage, or the fixed amount in the voucher's currency. */
export function valueOf(v: VoucherRecord): string {
  return v.discount_type === 'percentage' ? v.percent! : formatAmount(v.amount_minor!, v.currency!);
}

export function voucherView(v: VoucherRecord): VoucherView {
  return {
    id: v.id,
    code: v.code,
    discount_type: v.discount_type,
    value: valueOf(v),
    currency: v.currency,
    min_subtotal: v.min_subtotal_minor === null ? null : toMoney(v.min_subtotal_minor, v.min_subtotal_currency!),
    usage_limit: v.usage_limit,
    per_customer_limit: v.per_customer_limit,
    times_used: v.times_used,
    starts_at: toIso(v.starts_at),
    ends_at: toIso(v.ends_at),
    active: v.active,
    created_at: toIso(v.created_at)!,
    updated_at: toIso(v.updated_at)!,
  };
}

/** The case-insensitive key a code is stored and looked up by. */
export function codeKey(code: string): string {
  return code.trim().toLowerCase();
}
