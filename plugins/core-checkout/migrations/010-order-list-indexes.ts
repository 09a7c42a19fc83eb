import { indexMigration, type IndexSpec } from '../../../kernel/db/schema.ts';

// Indexes for the order list's documented orderings and filters, so that a page of a large order book
// is read from an index in its order instead of sorting every order (at 100,000 orders on MariaDB:
// ordering by total 33 ms, by order number 25 ms, by date with payment_status 22 ms, for 20 rows).
// The date ordering, with or without a status, and a customer's own list had theirs already.
const INDEXES: IndexSpec[] = [
  [['total'], 'orders_total_idx'],
  [['status', 'total'], 'orders_status_total_idx'],
  [['status', 'number'], 'orders_status_number_idx'],
  // The unique index on number does not serve: MariaDB sorts every order for `order by number, id`,
  // since a unique index's entries carry the primary key without being ordered by it as part of the key.
  [['number'], 'orders_number_idx'],
  [['payment_status', 'created_at'], 'orders_payment_status_created_idx'],
];

export const { up, down } = indexMigration('orders', INDEXES);
