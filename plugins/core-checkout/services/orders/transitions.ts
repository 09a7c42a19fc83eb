import { affectedRows } from '../../../../kernel/db/dialect.ts';
import type { Db } from '../../contracts.ts';
import { CheckoutErrors } from '../../errors.ts';

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The one table of order state changes (SPEC.md section 3): from → the states it may move to. So far:
 * pending → processing when paid, pending → cancelled when unpaid too long. Later features (shipments,
 * delivery, completion, staff cancellation) add their rows here and nowhere else.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = Object.freeze({
  pending: ['processing', 'cancelled'],
  processing: [],
  shipped: [],
  delivered: [],
  completed: [],
  cancelled: [],
});

export function canTransition(from: string, to: OrderStatus): boolean {
  return (ORDER_TRANSITIONS[from as OrderStatus] ?? []).includes(to);
}

/** Throws 409 invalid_transition unless the table allows from → to. */
export function assertTransition(from: string, to: OrderStatus): void {
  if (!canTransition(from, to)) throw CheckoutErrors.invalidTransition(from, to);
}

/**
 * Moves an order from `from` to `to` (allowed by the table) with a conditional update, so that of two
 * writers racing (two instances' expiry jobs, a payment and the expiry) only one wins. Returns whether
 * this call made the change.
 */
export async function transitionOrder(db: Db, orderId: number, from: OrderStatus, to: OrderStatus, now: Date, extra: Record<string, unknown> = {}): Promise<boolean> {
  assertTransition(from, to);
  const result = await db('orders').where({ id: orderId, status: from }).update({ ...extra, status: to, updated_at: now });
  return affectedRows(result) === 1;
}
