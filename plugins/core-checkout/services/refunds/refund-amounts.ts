import type { FieldErrors } from '../../../../kernel/http/errors.ts';
import { MoneyFormatError, multiplyRatio, parseAmount } from '../../../../kernel/money/money.ts';
import { addError } from '../../errors.ts';
import type { ItemLine } from '../orders/item-lines.ts';
import type { OrderItemRecord, OrderRecord } from '../orders/order-rows.ts';

/** A refund amount as a client writes it ("12.50"): exact minor units, greater than zero; else an error on `amount`. */
export function parseRefundAmount(errors: FieldErrors, value: string, currency: string): number | undefined {
  try {
    const minor = parseAmount(value, currency);
    if (minor > 0) return minor;
    addError(errors, 'amount', 'A refund must be greater than zero.');
  } catch (err) {
    if (!(err instanceof MoneyFormatError)) throw err;
    addError(errors, 'amount', err.message);
  }
  return undefined;
}

/** What the customer paid for a whole item: its total less its discount, plus its tax when prices exclude tax. */
export function itemPaidValue(order: OrderRecord, item: OrderItemRecord): number {
  return item.subtotal - item.discount + (order.prices_include_tax ? 0 : item.tax);
}

/**
 * The value of `count` more units of an item, of which `item.quantity_refunded` were refunded before:
 * the item's paid value spread over its units cumulatively, `V × n / Q` rounded half-up for the first
 * n units, so refunding an item unit by unit or all at once adds up to exactly its paid value.
 */
export function unitsValue(order: OrderRecord, item: OrderItemRecord, count: number): number {
  const value = itemPaidValue(order, item);
  const from = item.quantity_refunded;
  return multiplyRatio(value, from + count, item.quantity) - multiplyRatio(value, from, item.quantity);
}

/** The value of the lines of a refund (before capping at what is left to refund). */
export function linesValue(order: OrderRecord, lines: ItemLine[]): number {
  return lines.reduce((sum, l) => sum + unitsValue(order, l.item, l.quantity), 0);
}
