import type { Knex } from 'knex';
import { datetime } from '../../../kernel/db/schema.ts';

// The movements ledger: one row per change of a level (or of the backorder pool, warehouse_id null).
// Summed per variant and warehouse, delta_quantity gives the quantity and delta_reserved the reserved
// units. Rows outlive their level, variant and warehouse: no foreign keys.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('inventory_movements', (t) => {
    t.bigIncrements('id');
    t.bigInteger('variant_id').unsigned().notNullable();
    t.bigInteger('warehouse_id').unsigned().nullable();
    t.string('type', 20).notNullable();
    t.integer('delta_quantity').notNullable();
    t.integer('delta_reserved').notNullable();
    t.string('reason', 200).notNullable();
    t.string('actor', 100).notNullable();
    t.string('reference_type', 50).nullable();
    t.string('reference_id', 100).nullable();
    datetime(t, 'created_at').notNullable();
    t.index(['variant_id', 'warehouse_id'], 'inventory_movements_level_idx');
    t.index(['warehouse_id'], 'inventory_movements_warehouse_idx');
    t.index(['reference_type', 'reference_id'], 'inventory_movements_reference_idx');
    t.index(['created_at'], 'inventory_movements_created_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('inventory_movements');
}
