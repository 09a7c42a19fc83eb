import type { OrderItemRecord } from './order-rows.ts';

export type FulfillmentStatus = 'unfulfilled' | 'partial' | 'fulfilled';

/** Units of an item still to ship: refunded units taken out of fulfilment never ship. */
export function unitsToShip(item: OrderItemRecord): number {
  return item.quantity - item.quantity_shipped - item.quantity_cancelled;
}

/**
 * unfulfilled while nothing has shipped; fulfilled once something shipped and nothing is left to ship
 * (refunds may have taken the rest out of fulfilment); partial in between.
 */
export function fulfillmentOf(items: OrderItemRecord[]): FulfillmentStatus {
  const shipped = items.reduce((sum, i) => sum + i.quantity_shipped, 0);
  if (shipped === 0) return 'unfulfilled';
  return items.every((i) => unitsToShip(i) === 0) ? 'fulfilled' : 'partial';
}
