import type { Knex } from 'knex';
import { money, reference, timestamps } from '../../../kernel/db/schema.ts';

// Variants. `sku_key` (the SKU lower-cased) makes SKUs unique per store the same way on both
// databases; `options_key` (a hash of the option combination) makes a combination unique per product.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('variants', (t) => {
    t.bigIncrements('id');
    reference(t, 'product_id', 'products').notNullable();
    t.string('sku', 100).notNullable();
    t.string('sku_key', 100).notNullable().unique();
    t.text('options', 'mediumtext').notNullable();
    t.string('options_key', 64).notNullable();
    money(t, 'price').notNullable();
    money(t, 'compare_at_price').nullable();
    t.text('prices', 'mediumtext').notNullable();
    t.boolean('track_inventory').notNullable().defaultTo(true);
    t.boolean('allow_backorder').notNullable().defaultTo(false);
    timestamps(t);
    t.unique(['product_id', 'options_key']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('variants');
}
