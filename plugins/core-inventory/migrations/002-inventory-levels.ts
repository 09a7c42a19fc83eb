import type { Knex } from 'knex';
import { reference, timestamps } from '../../../kernel/db/schema.ts';

// One stock record per variant per warehouse. `variant_id` has no foreign key: variants belong to
// core-catalog, which tells this plugin before deleting one (catalog.variantRemoving). The CHECKs are
// the last line of defence behind the services' conditional updates: on hand and reserved are never
// negative and never more is reserved than is on hand.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('inventory_levels', (t) => {
    t.bigIncrements('id');
    t.bigInteger('variant_id').unsigned().notNullable();
    reference(t, 'warehouse_id', 'warehouses').notNullable();
    t.integer('quantity').notNullable().defaultTo(0);
    t.integer('reserved').notNullable().defaultTo(0);
    timestamps(t);
    t.unique(['variant_id', 'warehouse_id']);
    t.index(['warehouse_id'], 'inventory_levels_warehouse_idx');
    t.index(['updated_at'], 'inventory_levels_updated_idx');
    t.check('?? >= 0 AND ?? >= 0 AND ?? <= ??', ['quantity', 'reserved', 'reserved', 'quantity'], 'inventory_levels_counts_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('inventory_levels');
}
