import { AppError } from '../../../kernel/http/errors.ts';
import { toMoney } from '../../../kernel/money/money.ts';
import { VoucherErrors } from '../errors.ts';
import type { ExchangeReader } from './currency.ts';
import type { VoucherRecord } from './records.ts';

/** What a voucher's rules look at in a cart. */
export interface CartFacts {
  currency: string;
  /** The merchandise subtotal before discounts, in minor units of `currency`. */
  subtotal_minor: number;
}

const show = (minor: number, currency: string) => {
  const m = toMoney(minor, currency);
  return `${m.amount} ${m.currency}`;
};

/**
 * The voucher's minimum subtotal in the cart's currency (converted through the store's default currency,
 * half-up), null without a minimum; undefined when the store no longer converts the minimum's currency.
 */
export function minimumIn(exchange: ExchangeReader, v: VoucherRecord, currency: string): number | null | undefined {
  if (v.min_subtotal_minor === null) return null;
  try {
    return exchange.convert(v.min_subtotal_minor, v.min_subtotal_currency!, currency);
  } catch (err) {
    if (err instanceof AppError) return undefined;
    throw err;
  }
}

/**
 * Why `v` cannot be used on this cart now, or null when it can. Checked in this order: active, start,
 * end, currency (fixed amounts only apply to carts in their currency), total uses, uses by this
 * customer (`usedByCustomer`, counted by the caller), minimum subtotal.
 */
export function refusal(exchange: ExchangeReader, v: VoucherRecord, cart: CartFacts, now: Date, usedByCustomer: number): AppError | null {
  if (!v.active) return VoucherErrors.inactive(v.code);
  if (v.starts_at && now.getTime() < v.starts_at.getTime()) return VoucherErrors.notYetValid(v.code, v.starts_at.toISOString());
  if (v.ends_at && now.getTime() >= v.ends_at.getTime()) return VoucherErrors.expired(v.code, v.ends_at.toISOString());
  if (v.discount_type === 'fixed' && v.currency !== cart.currency) return VoucherErrors.wrongCurrency(v.code, v.currency!, cart.currency);
  if (v.usage_limit !== null && v.times_used >= v.usage_limit) return VoucherErrors.usedUp(v.code);
  if (v.per_customer_limit !== null && usedByCustomer >= v.per_customer_limit) return VoucherErrors.customerLimit(v.code, v.per_customer_limit);
  const minimum = minimumIn(exchange, v, cart.currency);
  if (minimum === undefined) return VoucherErrors.wrongCurrency(v.code, v.min_subtotal_currency!, cart.currency);
  if (minimum !== null && cart.subtotal_minor < minimum) {
    return VoucherErrors.minimumNotMet(v.code, show(minimum, cart.currency), show(cart.subtotal_minor, cart.currency));
  }
  return null;
}
