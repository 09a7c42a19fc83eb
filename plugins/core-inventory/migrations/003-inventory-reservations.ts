import type { Knex } from 'knex';
import { datetime, reference } from '../../../kernel/db/schema.ts';

// Live reservations: units promised to a reference (an order) at a warehouse. A level's `reserved` is
// always the sum of its rows here. A row without a warehouse (and level) holds backordered units:
// promised with no stock behind them, so they touch no level.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('inventory_reservations', (t) => {
    t.bigIncrements('id');
    t.string('reference_type', 50).notNullable();
    t.string('reference_id', 100).notNullable();
    t.bigInteger('variant_id').unsigned().notNullable();
    t.bigInteger('warehouse_id').unsigned().nullable();
    reference(t, 'level_id', 'inventory_levels').nullable();
    t.integer('quantity').notNullable();
    datetime(t, 'created_at').notNullable();
    t.index(['reference_type', 'reference_id'], 'inventory_reservations_reference_idx');
    t.index(['variant_id'], 'inventory_reservations_variant_idx');
    t.index(['warehouse_id'], 'inventory_reservations_warehouse_idx');
    t.index(['level_id'], 'inventory_reservations_level_idx');
    t.check('?? > 0', ['quantity'], 'inventory_reservations_quantity_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('inventory_reservations');
}
