import { emitPlacedCheckout } from '../checkouts/checkout-events.ts';
import type { Knex } from 'knex';
import { conflict } from '../../../../kernel/http/errors.ts';
import type { Db } from '../../contracts.ts';
import { CheckoutErrors } from '../../errors.ts';
import type { CheckoutDeps } from '../deps.ts';
import { CheckoutRows } from '../checkouts/checkout-rows.ts';
import { PaymentRows } from '../payments/payment-rows.ts';
import type { OrderRecord } from './order-rows.ts';
import type { OrderService } from './order-service.ts';
import type { OrderView } from './order-view.ts';
import { orderSummary } from './order-view.ts';
import { emitOrderChange } from './order-events.ts';
import type { RefundService } from '../refunds/refund-service.ts';
import { assertTransition, transitionOrder, type OrderStatus } from './transitions.ts';

const DAY = 86_400_000;
const BATCH = 50;
export const DEFAULT_RETURN_WINDOW_DAYS = 14;

/**
 * Staff actions on an order after the sale (cancel, deliver, complete) and the auto-complete job.
 * Every change goes through the transition table (transitions.ts) with a conditional update on the
 * status, emits `order.<new state>` with the order as the API shows it (items included), and sets
 * `updated_at` plus its own timestamp (cancelled_at, delivered_at, completed_at), and emits
 * `order.updated` too.
 */
export class OrderLifecycle {
  constructor(
    private readonly deps: CheckoutDeps,
    private readonly orders: OrderService,
    private readonly refunds: RefundService,
  ) {}

  /**
   * pending → cancelled, processing → cancelled. An order with anything shipped cannot be cancelled
   * (invalid_transition). Money captured and not yet refunded goes back in full through the gateways
   * first (one refund, `refund.created`; a gateway refusal cancels nothing). Then, like the expiry job:
   * the reservation released (core-inventory), `checkout.orderReleased` (vouchers give their use
   * back), pending payments cancelled, the checkout expired; `order.cancelled` and `order.updated`.
   */
  async cancel(trx: Knex.Transaction, id: number, actor = 'system'): Promise<OrderView> {
    const now = this.deps.clock.now();
    const order = await this.orders.get(trx, id, { lock: true });
    assertTransition(order.status, 'cancelled');
    if (order.fulfillment_status !== 'unfulfilled') {
      throw conflict('invalid_transition', `An order that is ${order.status} with items shipped (fulfillment ${order.fulfillment_status}) cannot become cancelled.`);
    }
    await this.refunds.refundRemainder(trx, order, 'Order cancelled.', actor);
    await this.move(trx, order, 'cancelled', now, { cancelled_at: now });
    const cancelled = await this.orders.get(trx, id);
    await this.deps.inventory.release(trx, { type: 'order', id });
    await this.deps.hooks.orderReleased.promise({ trx, order: { ...orderSummary(cancelled), customer_id: cancelled.customer_id, cart_id: cancelled.cart_id } });
    await PaymentRows.cancelPending(trx, id, now);
    await CheckoutRows.update(trx, order.checkout_id, { status: 'expired' }, now);
    await emitPlacedCheckout(this.deps, trx, order.checkout_id);
    return this.emit(trx, id, 'order.cancelled');
  }

  /** shipped → delivered; the return window counts from now. */
  async deliver(trx: Knex.Transaction, id: number): Promise<OrderView> {
    const now = this.deps.clock.now();
    const order = await this.orders.get(trx, id, { lock: true });
    await this.move(trx, order, 'delivered', now, { delivered_at: now });
    return this.emit(trx, id, 'order.delivered');
  }

  /**
   * delivered → completed (staff, or the job once the return window is over). An order is
   * completed after the return window; before it ends this is 409 return_window_open, unless staff
   * `force` it (the customer gave up the right of return, say).
   */
  async complete(trx: Knex.Transaction, id: number, opts: { force?: boolean } = {}): Promise<OrderView> {
    const now = this.deps.clock.now();
    const order = await this.orders.get(trx, id, { lock: true });
    if (order.status === 'delivered' && !opts.force && order.delivered_at) {
      const days = this.returnWindowDays();
      const ends = new Date(new Date(order.delivered_at).getTime() + days * DAY);
      if (now.getTime() < ends.getTime()) throw CheckoutErrors.returnWindowOpen(order.order_number, days, ends.toISOString());
    }
    await this.move(trx, order, 'completed', now, { completed_at: now });
    return this.emit(trx, id, 'order.completed');
  }

  /**
   * The recurring job: every order delivered at least the store's `return_window_days` (default 14)
   * ago becomes completed, one transaction each. The conditional update on the status makes it safe
   * with several instances (and against staff completing the order meanwhile). Returns how many.
   */
  async autoComplete(knex: Knex): Promise<number> {
    let completed = 0;
    const seen = new Set<number>();
    for (;;) {
      const now = this.deps.clock.now();
      const days = this.returnWindowDays();
      const cutoff = new Date(now.getTime() - days * DAY);
      const ids = (
        await knex('orders').where('status', 'delivered').andWhere('delivered_at', '<=', cutoff).whereNotIn('id', [...seen, 0]).orderBy('id').limit(BATCH).pluck('id')
      ).map(Number);
      for (const id of ids) {
        seen.add(id);
        const done = await knex.transaction(async (trx) => {
          if (!(await transitionOrder(trx, id, 'delivered', 'completed', now, { completed_at: now }))) return false;
          await this.emit(trx, id, 'order.completed');
          return true;
        });
        if (done) completed++;
      }
      if (ids.length < BATCH) return completed;
    }
  }

  /** The store's `return_window_days` (core-store setting, default 14). */
  private returnWindowDays(): number {
    return (this.deps.settings.get() as { return_window_days?: number }).return_window_days ?? DEFAULT_RETURN_WINDOW_DAYS;
  }

  /** The conditional move; a writer that changed the order first (it is locked, so rarely) is a 409. */
  private async move(trx: Db, order: OrderRecord, to: OrderStatus, now: Date, extra: Record<string, unknown>): Promise<void> {
    assertTransition(order.status, to);
    if (!(await transitionOrder(trx, order.id, order.status, to, now, extra))) {
      const current = await this.orders.get(trx, order.id);
      throw CheckoutErrors.invalidTransition(current.status, to);
    }
  }

  private emit(trx: Db, id: number, type: string): Promise<OrderView> {
    return emitOrderChange(this.deps, this.orders, trx, id, [type]);
  }
}
