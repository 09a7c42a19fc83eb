import type { Db } from '../../contracts.ts';
import type { OutboxEvent } from '../../../../kernel/events.ts';
import type { CheckoutDeps } from '../deps.ts';
import { OrderRows, type OrderItemRecord, type OrderRecord } from '../orders/order-rows.ts';
import { CheckoutRows, type CheckoutRecord } from './checkout-rows.ts';
import { placedCheckoutView, type CheckoutView } from './checkout-view.ts';

/**
 * `checkout.updated` for a checkout whose order exists (paid, or expired with its order): the view is
 * what the order holds, read in the change's transaction, so no shipping or totals tap runs again
 * (`read`: the order and its items, when the caller has just read them after the change).
 */
export async function emitPlacedCheckout(deps: CheckoutDeps, trx: Db, checkoutId: string, read?: { order: OrderRecord; items: OrderItemRecord[] }): Promise<void> {
  const event = await placedCheckoutEvent(deps, trx, checkoutId, read);
  if (event) await deps.events.emit(trx, event.type, event.data);
}

/**
 * The event `emitPlacedCheckout` emits (none when the checkout has no order), to emit with others.
 * `known`: the checkout as this transaction left it, when the caller read it under lock and built it
 * from its update (not read again).
 */
export async function placedCheckoutEvent(deps: CheckoutDeps, trx: Db, checkoutId: string, read?: { order: OrderRecord; items: OrderItemRecord[] }, known?: CheckoutRecord): Promise<OutboxEvent | undefined> {
  const checkout = known?.id === checkoutId ? known : await CheckoutRows.find(trx, checkoutId);
  if (!checkout || checkout.order_id === null) return undefined;
  const order = read?.order.id === checkout.order_id ? read.order : await OrderRows.find(trx, checkout.order_id);
  if (!order) return undefined;
  const items = read?.order.id === order.id ? read.items : ((await OrderRows.items(trx, [order.id])).get(order.id) ?? []);
  return { type: 'checkout.updated', data: placedCheckoutView(checkout, order, items, deps.pages.url(checkout.id)) };
}

/** `checkout.created` / `checkout.updated` with the view the change's response shows (priced once). */
export async function emitCheckout(deps: CheckoutDeps, trx: Db, type: 'checkout.created' | 'checkout.updated', view: CheckoutView): Promise<void> {
  await deps.events.emit(trx, type, view);
}
