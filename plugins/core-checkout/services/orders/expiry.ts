import { emitPlacedCheckout } from '../checkouts/checkout-events.ts';
import type { Knex } from 'knex';
import { forUpdate } from '../../../../kernel/db/dialect.ts';
import type { CheckoutDeps } from '../deps.ts';
import { CheckoutRows } from '../checkouts/checkout-rows.ts';
import { PaymentRows } from '../payments/payment-rows.ts';
import { OrderRows } from './order-rows.ts';
import type { OrderService } from './order-service.ts';
import { orderSummary } from './order-view.ts';
import { emitOrderChange } from './order-events.ts';
import { transitionOrder } from './transitions.ts';

const BATCH = 50;

/**
 * The recurring expiry job: every pending order older than the store's `unpaid_order_timeout_minutes`
 * (and past any `hold_until` its gateway asked for) with nothing shipped (a store shipping unpaid
 * orders keeps those) is cancelled, one transaction per order: status
 * cancelled (a conditional update, so instances never both cancel one order, and a payment that
 * landed first wins), its stock released, `checkout.orderReleased` (vouchers give their use back), its
 * pending payments cancelled, its checkout expired, `order.cancelled` and `order.updated` emitted. Returns how many.
 */
export async function expireUnpaidOrders(deps: CheckoutDeps, orders: OrderService, knex: Knex): Promise<number> {
  let cancelled = 0;
  for (;;) {
    const now = deps.clock.now();
    const cutoff = new Date(now.getTime() - deps.settings.get().unpaid_order_timeout_minutes * 60_000);
    const due = (q: Knex.QueryBuilder) =>
      q.where('status', 'pending').andWhere('fulfillment_status', 'unfulfilled').andWhere('created_at', '<=', cutoff).andWhere((h) => h.whereNull('hold_until').orWhere('hold_until', '<=', now));
    const ids = (await due(knex('orders')).orderBy('id').limit(BATCH).pluck('id')).map(Number);
    for (const id of ids) {
      const done = await knex.transaction(async (trx) => {
        if (!(await forUpdate(trx, due(trx('orders').where('id', id))).first('id'))) return false;
        if (!(await transitionOrder(trx, id, 'pending', 'cancelled', now, { cancelled_at: now }))) return false;
        const order = (await OrderRows.find(trx, id))!;
        await deps.inventory.release(trx, { type: 'order', id });
        await deps.hooks.orderReleased.promise({ trx, order: { ...orderSummary(order), customer_id: order.customer_id, cart_id: order.cart_id } });
        await PaymentRows.cancelPending(trx, id, now);
        await CheckoutRows.update(trx, order.checkout_id, { status: 'expired' }, now);
        await emitPlacedCheckout(deps, trx, order.checkout_id);
        await emitOrderChange(deps, orders, trx, id, ['order.cancelled']);
        return true;
      });
      if (done) cancelled++;
    }
    if (ids.length < BATCH) return cancelled;
  }
}
