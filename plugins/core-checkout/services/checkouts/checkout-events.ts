import type { Db } from '../../contracts.ts';
import type { CheckoutDeps } from '../deps.ts';
import { OrderRows, type OrderItemRecord, type OrderRecord } from '../orders/order-rows.ts';
import { CheckoutRows } from './checkout-rows.ts';
import { placedCheckoutView, type CheckoutView } from './checkout-view.ts';

/**
 * `checkout.updated` for a checkout whose order exists (paid, or expired with its order): the view is
 * what the order holds, read in the change's transaction, so no shipping or totals tap runs again
 * (`read`: the order and its items, when the caller has just read them after the change).
 */
export async function emitPlacedCheckout(deps: CheckoutDeps, trx: Db, checkoutId: string, read?: { order: OrderRecord; items: OrderItemRecord[] }): Promise<void> {
  const checkout = await CheckoutRows.find(trx, checkoutId);
  if (!checkout || checkout.order_id === null) return;
  const order = read?.order.id === checkout.order_id ? read.order : await OrderRows.find(trx, checkout.order_id);
  if (!order) return;
  const items = read?.order.id === order.id ? read.items : ((await OrderRows.items(trx, [order.id])).get(order.id) ?? []);
  await deps.events.emit(trx, 'checkout.updated', placedCheckoutView(checkout, order, items, deps.pages.url(checkout.id)));
}

/** `checkout.created` / `checkout.updated` with the view the change's response shows (priced once). */
export async function emitCheckout(deps: CheckoutDeps, trx: Db, type: 'checkout.created' | 'checkout.updated', view: CheckoutView): Promise<void> {
  await deps.events.emit(trx, type, view);
}
