import type { Knex } from 'knex';
import { timestamps } from '../../../kernel/db/schema.ts';

// Carts are reached by guests through their random UUID, so the id is that UUID. A cart bound to a
// customer is visible to that customer only. `status` becomes `ordered` once an order is placed from it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('carts', (t) => {
    t.string('id', 36).primary();
    t.bigInteger('customer_id').unsigned().nullable();
    t.string('currency', 3).notNullable();
    t.string('email', 254).nullable();
    t.string('status', 16).notNullable().defaultTo('open');
    t.bigInteger('order_id').unsigned().nullable();
    timestamps(t);
    t.index(['customer_id', 'status', 'updated_at'], 'carts_customer_idx');
    t.index(['status', 'updated_at'], 'carts_status_updated_idx');
  });
  await knex.schema.createTable('cart_items', (t) => {
    t.bigIncrements('id');
    t.string('cart_id', 36).notNullable().references('id').inTable('carts').onDelete('CASCADE');
    t.bigInteger('variant_id').unsigned().notNullable();
    t.integer('quantity').notNullable();
    timestamps(t);
    t.unique(['cart_id', 'variant_id']);
    t.check('?? > 0', ['quantity'], 'cart_items_quantity_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('cart_items');
  await knex.schema.dropTable('carts');
}
