import type { Knex } from 'knex';
import { timestamps } from '../../../kernel/db/schema.ts';

// A checkout session over a cart: e-mail, addresses (JSON), the selected shipping rate (a snapshot of
// what the provider offered) and, once placed, its order.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('checkouts', (t) => {
    t.string('id', 36).primary();
    t.string('cart_id', 36).notNullable().references('id').inTable('carts');
    t.bigInteger('customer_id').unsigned().nullable();
    t.string('status', 16).notNullable().defaultTo('open');
    t.string('email', 254).notNullable();
    t.text('shipping_address').notNullable();
    t.boolean('billing_same_as_shipping').notNullable().defaultTo(true);
    t.text('billing_address').nullable();
    t.text('shipping_rate').nullable();
    t.bigInteger('order_id').unsigned().nullable();
    t.string('lang', 35).notNullable();
    timestamps(t);
    t.index(['cart_id'], 'checkouts_cart_idx');
    t.index(['order_id'], 'checkouts_order_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('checkouts');
}
