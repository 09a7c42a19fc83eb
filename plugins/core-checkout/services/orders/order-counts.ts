import type { Knex } from 'knex';
import { KeptCounts } from '../../../../kernel/db/kept-counts.ts';
import type { Db } from '../../contracts.ts';
import type { OrderStatus } from './transitions.ts';

// How many orders each status has (`order_counts`, migration 009), kept where orders are inserted
// (OrderRows.insert) and where they change status (transitionOrder), the only two places that do.
const orderCounts = new KeptCounts<OrderStatus>('order_counts');

export function countPlacedOrder(db: Db, status: OrderStatus): Promise<void> {
  return orderCounts.adjust(db, status, 1);
}

export function countTransition(db: Db, from: OrderStatus, to: OrderStatus): Promise<void> {
  return orderCounts.move(db, from, to);
}

/**
 * How many orders have one of these statuses, a sum over 16 rows per status, as a query of one row
 * and column (`n`): the order list's `countColumn`.
 */
export function orderCountQuery(db: Db, statuses: readonly OrderStatus[]): Knex.QueryBuilder {
  return orderCounts.sumQuery(db, statuses);
}
