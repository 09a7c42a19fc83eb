import type { Knex } from 'knex';

// Ordering the stock records by quantity (the lowest stock first, over every warehouse or in one) had
// no index: each page sorted every record, one per variant per warehouse. Quantity changes with
// shipments, restocks and counts, not with reservations, so the indexes cost little on checkout.
const INDEXES: Array<[string[], string]> = [
  [['quantity'], 'inventory_levels_quantity_idx'],
  [['warehouse_id', 'quantity'], 'inventory_levels_warehouse_quantity_idx'],
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inventory_levels', (t) => {
    for (const [columns, name] of INDEXES) t.index(columns, name);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inventory_levels', (t) => {
    for (const [columns, name] of INDEXES) t.dropIndex(columns, name);
  });
}
