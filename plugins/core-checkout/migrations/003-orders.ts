import type { Knex } from 'knex';
import { datetime, money, reference, timestamps } from '../../../kernel/db/schema.ts';

/** The first order number is FIRST_ORDER_NUMBER + 1 (1001). */
const FIRST_ORDER_NUMBER = 1000;

// Orders snapshot everything they were sold with (names, SKUs, prices, addresses, the rate used), so
// later catalogue or settings changes never rewrite history. Amounts are minor units of `currency`.
// `order_counters` holds the gapless order-number sequence: one row updated inside each placing
// transaction, so a rolled-back placement gives its number back.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('order_counters', (t) => {
    t.string('name', 50).primary();
    t.bigInteger('value').notNullable();
  });
  await knex('order_counters').insert({ name: 'order_number', value: FIRST_ORDER_NUMBER });
  await knex.schema.createTable('orders', (t) => {
    t.bigIncrements('id');
    t.bigInteger('number').notNullable().unique();
    t.string('order_number', 32).notNullable().unique();
    t.string('status', 20).notNullable();
    t.string('payment_status', 20).notNullable();
    t.string('fulfillment_status', 20).notNullable();
    t.bigInteger('customer_id').unsigned().nullable();
    t.string('checkout_id', 36).notNullable().unique();
    t.string('cart_id', 36).notNullable();
    t.string('email', 254).notNullable();
    t.string('currency', 3).notNullable();
    t.string('exchange_rate', 40).notNullable();
    t.boolean('prices_include_tax').notNullable();
    money(t, 'subtotal').notNullable();
    money(t, 'discount_total').notNullable();
    money(t, 'shipping_total').notNullable();
    money(t, 'shipping_tax').notNullable();
    money(t, 'tax_total').notNullable();
    money(t, 'total').notNullable();
    money(t, 'amount_paid').notNullable().defaultTo(0);
    money(t, 'amount_refunded').notNullable().defaultTo(0);
    t.text('discounts').notNullable();
    t.text('shipping_address').notNullable();
    t.text('billing_address').notNullable();
    t.text('shipping_method').nullable();
    t.boolean('test').notNullable().defaultTo(false);
    t.string('lang', 35).notNullable();
    datetime(t, 'hold_until').nullable();
    datetime(t, 'paid_at').nullable();
    datetime(t, 'cancelled_at').nullable();
    timestamps(t);
    t.index(['status', 'created_at'], 'orders_status_created_idx');
    t.index(['customer_id', 'created_at'], 'orders_customer_idx');
    t.index(['created_at'], 'orders_created_idx');
  });
  await knex.schema.createTable('order_items', (t) => {
    t.bigIncrements('id');
    reference(t, 'order_id', 'orders').notNullable();
    t.bigInteger('variant_id').unsigned().notNullable();
    t.bigInteger('product_id').unsigned().notNullable();
    t.string('sku', 100).notNullable();
    t.string('name', 200).notNullable();
    t.text('options').notNullable();
    t.integer('quantity').notNullable();
    money(t, 'unit_price').notNullable();
    money(t, 'subtotal').notNullable();
    money(t, 'discount').notNullable();
    money(t, 'tax').notNullable();
    t.string('tax_rate', 20).nullable();
    timestamps(t);
    t.index(['order_id'], 'order_items_order_idx');
    t.index(['variant_id'], 'order_items_variant_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('order_items');
  await knex.schema.dropTable('orders');
  await knex.schema.dropTable('order_counters');
}
