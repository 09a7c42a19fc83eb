import { affectedRows } from '../../../../kernel/db/dialect.ts';
import type { Db } from '../../contracts.ts';
import { CheckoutErrors } from '../../errors.ts';
import { countTransition } from './order-counts.ts';
import { revisionRaised, revisionUp } from './order-revision.ts';

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What can happen to an order, each action leading to one state. */
export const ORDER_ACTIONS = {
  pay: 'processing',
  cancel: 'cancelled',
  ship: 'shipped',
  deliver: 'delivered',
  complete: 'completed',
} as const satisfies Record<string, OrderStatus>;
export type OrderAction = keyof typeof ORDER_ACTIONS;

/**
 * The one table of order state changes (docs/api.md, order states): every state × every action, true where
 * allowed. Everything false answers 409 invalid_transition naming the current state.
 *
 * - pending → processing: paid (payments cover the total).
 * - pending → cancelled: by staff (`POST …/cancel/`) or the expiry job; the reservation is released.
 * - pending → shipped: shipments cover every item of an unpaid order, only when the store ships unpaid
 *   orders (`allow_unpaid_shipments`, cash on delivery); otherwise 409 order_unpaid (shipments.ts).
 * - processing → shipped: shipments cover every item (`POST …/shipments/`).
 * - processing → cancelled: by staff, only with nothing shipped; captured money is refunded in full
 *   through the gateways first (lifecycle.ts).
 * - shipped → delivered: `POST …/deliver/`.
 * - delivered → completed: `POST …/complete/`, or the auto-complete job after the return window.
 * - completed, cancelled: final.
 */
export const ORDER_TRANSITION_TABLE: Readonly<Record<OrderStatus, Readonly<Record<OrderAction, boolean>>>> = Object.freeze({
  pending: { pay: true, cancel: true, ship: true, deliver: false, complete: false },
  processing: { pay: false, cancel: true, ship: true, deliver: false, complete: false },
  shipped: { pay: false, cancel: false, ship: false, deliver: true, complete: false },
  delivered: { pay: false, cancel: false, ship: false, deliver: false, complete: true },
  completed: { pay: false, cancel: false, ship: false, deliver: false, complete: false },
  cancelled: { pay: false, cancel: false, ship: false, deliver: false, complete: false },
});

/** from → the states it may move to, derived from the table. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = Object.freeze(
  Object.fromEntries(
    ORDER_STATUSES.map((from) => [
      from,
      (Object.keys(ORDER_ACTIONS) as OrderAction[]).filter((a) => ORDER_TRANSITION_TABLE[from][a]).map((a) => ORDER_ACTIONS[a]),
    ]),
  ) as Record<OrderStatus, OrderStatus[]>,
);

export function canTransition(from: string, to: OrderStatus): boolean {
  return (ORDER_TRANSITIONS[from as OrderStatus] ?? []).includes(to);
}

/** Throws 409 invalid_transition (the current state in `detail`) unless the table allows from → to. */
export function assertTransition(from: string, to: OrderStatus): void {
  if (!canTransition(from, to)) throw CheckoutErrors.invalidTransition(from, to);
}

/**
 * Moves an order from `from` to `to` (allowed by the table) with a conditional update, so that of two
 * writers racing (two instances' jobs, a payment and the expiry, staff and a job) only one wins; the
 * kept numbers of orders per status move with it. Returns whether this call made the change.
 */
export async function transitionOrder(db: Db, orderId: number, from: OrderStatus, to: OrderStatus, now: Date, extra: Record<string, unknown> = {}): Promise<boolean> {
  assertTransition(from, to);
  const result = await db('orders').where({ id: orderId, status: from }).update({ ...extra, status: to, ...revisionUp(db), updated_at: now });
  if (affectedRows(result) !== 1) return false;
  revisionRaised(db, orderId);
  await countTransition(db, from, to);
  return true;
}
