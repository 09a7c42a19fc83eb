import type { Knex } from 'knex';
import { datetime, money, reference, timestamps } from '../../../kernel/db/schema.ts';

// Vouchers, the carts they are applied to (cart ids are core-checkout's UUIDs; no foreign key, the
// carts are not this plugin's table) and one usage row per order that used one.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('vouchers', (t) => {
    t.bigIncrements('id');
    t.string('code', 64).notNullable();
    // Lower-cased code: uniqueness and look-ups are case-insensitive on both databases.
    t.string('code_key', 64).notNullable().unique();
    t.string('discount_type', 16).notNullable();
    t.string('percent', 16);
    money(t, 'amount_minor');
    t.string('currency', 3);
    money(t, 'min_subtotal_minor');
    t.string('min_subtotal_currency', 3);
    t.integer('usage_limit');
    t.integer('per_customer_limit');
    t.integer('times_used').notNullable().defaultTo(0);
    datetime(t, 'starts_at');
    datetime(t, 'ends_at');
    t.boolean('active').notNullable();
    timestamps(t);
    t.index(['created_at']);
  });
  await knex.schema.createTable('voucher_applications', (t) => {
    t.bigIncrements('id');
    t.string('cart_id', 36).notNullable();
    reference(t, 'voucher_id', 'vouchers').notNullable();
    datetime(t, 'created_at').notNullable();
    t.unique(['cart_id', 'voucher_id']);
    t.index(['voucher_id']);
  });
  await knex.schema.createTable('voucher_usages', (t) => {
    t.bigIncrements('id');
    reference(t, 'voucher_id', 'vouchers').notNullable();
    t.bigInteger('order_id').notNullable();
    t.bigInteger('customer_id');
    t.string('email', 254);
    money(t, 'amount_minor').notNullable();
    t.string('currency', 3).notNullable();
    datetime(t, 'created_at').notNullable();
    t.unique(['voucher_id', 'order_id']);
    t.index(['order_id']);
    t.index(['voucher_id', 'customer_id']);
    t.index(['voucher_id', 'email']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('voucher_usages');
  await knex.schema.dropTable('voucher_applications');
  await knex.schema.dropTable('vouchers');
}
