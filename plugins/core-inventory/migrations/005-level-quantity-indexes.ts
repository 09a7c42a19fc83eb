import { indexMigration, type IndexSpec } from '../../../kernel/db/schema.ts';

// Ordering the stock records by quantity (the lowest stock first, over every warehouse or in one) had
// no index: each page sorted every record, one per variant per warehouse. Quantity changes with
// shipments, restocks and counts, not with reservations, so the indexes cost little on checkout.
const INDEXES: IndexSpec[] = [
  [['quantity'], 'inventory_levels_quantity_idx'],
  [['warehouse_id', 'quantity'], 'inventory_levels_warehouse_quantity_idx'],
];

export const { up, down } = indexMigration('inventory_levels', INDEXES);
