import type { Db } from '../../contracts.ts';
import type { OutboxEvent } from '../../../../kernel/events.ts';
import type { CheckoutDeps } from '../deps.ts';
import type { OrderEventRecords, OrderService } from './order-service.ts';
import type { OrderView } from './order-view.ts';

/**
 * Emits the events of a change to an order, in the writing transaction: each of `types` (order.paid,
 * order.shipped, …) and always `order.updated`, all with the order as the API shows it, items included
 * (`read`: the caller has just read it after the change).
 */
export async function emitOrderChange(deps: Pick<CheckoutDeps, 'events'>, orders: OrderService, trx: Db, orderId: number, types: string[] = [], read?: OrderEventRecords): Promise<OrderView> {
  const { view, events } = await orderChangeEvents(orders, trx, orderId, types, read);
  // One insert for them all (their ids ascend in this order, so order.updated comes last).
  await deps.events.emitMany(trx, events);
  return view;
}

/** The events `emitOrderChange` emits, for a caller that emits them with others in one insert. */
export async function orderChangeEvents(orders: OrderService, trx: Db, orderId: number, types: string[] = [], read?: OrderEventRecords): Promise<{ view: OrderView; events: OutboxEvent[] }> {
  const view = read?.view ?? (await orders.eventData(trx, orderId));
  return { view, events: [...types, 'order.updated'].map((type) => ({ type, data: view })) };
}
