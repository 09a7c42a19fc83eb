import type { Knex } from 'knex';
import { money, reference, timestamps } from '../../../kernel/db/schema.ts';

// After the sale: shipments of an order's items and refunds of its captured money.
// - order_items count what has shipped, what was refunded, and how many refunded units were taken out
//   of fulfilment before they shipped (`quantity_cancelled`): an item still has
//   quantity − quantity_shipped − quantity_cancelled units to ship.
// - shipment_items and refund_items keep `stock`, JSON [{warehouse_id, quantity}]: where the units
//   left from (shipments) or went back to (refunds), so a return goes back where it shipped from.
// - refund_payments: how a refund was split across the captured payments, one gateway refund each.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_items', (t) => {
    t.integer('quantity_shipped').notNullable().defaultTo(0);
    t.integer('quantity_refunded').notNullable().defaultTo(0);
    t.integer('quantity_cancelled').notNullable().defaultTo(0);
  });
  await knex.schema.alterTable('orders', (t) => {
    t.datetime('shipped_at', { precision: 3 }).nullable();
  });
  await knex.schema.createTable('shipments', (t) => {
    t.bigIncrements('id');
    reference(t, 'order_id', 'orders').notNullable();
    t.string('carrier', 100).notNullable();
    t.string('tracking_number', 200).notNullable();
    t.bigInteger('warehouse_id').unsigned().nullable();
    t.boolean('notify_customer').notNullable().defaultTo(false);
    timestamps(t);
    t.index(['order_id'], 'shipments_order_idx');
  });
  await knex.schema.createTable('shipment_items', (t) => {
    t.bigIncrements('id');
    reference(t, 'shipment_id', 'shipments').notNullable();
    reference(t, 'order_item_id', 'order_items').notNullable();
    t.integer('quantity').notNullable();
    t.text('stock').notNullable();
    t.index(['shipment_id'], 'shipment_items_shipment_idx');
    t.index(['order_item_id'], 'shipment_items_item_idx');
  });
  await knex.schema.createTable('refunds', (t) => {
    t.bigIncrements('id');
    reference(t, 'order_id', 'orders').notNullable();
    money(t, 'amount').notNullable();
    t.string('currency', 3).notNullable();
    t.string('reason', 500).notNullable();
    t.boolean('restock').notNullable();
    t.boolean('notify_customer').notNullable().defaultTo(false);
    timestamps(t);
    t.index(['order_id'], 'refunds_order_idx');
  });
  await knex.schema.createTable('refund_items', (t) => {
    t.bigIncrements('id');
    reference(t, 'refund_id', 'refunds').notNullable();
    reference(t, 'order_item_id', 'order_items').notNullable();
    t.integer('quantity').notNullable();
    t.integer('quantity_cancelled').notNullable().defaultTo(0);
    t.text('stock').notNullable();
    t.index(['refund_id'], 'refund_items_refund_idx');
    t.index(['order_item_id'], 'refund_items_item_idx');
  });
  await knex.schema.createTable('refund_payments', (t) => {
    t.bigIncrements('id');
    reference(t, 'refund_id', 'refunds').notNullable();
    reference(t, 'payment_id', 'payments').notNullable();
    money(t, 'amount').notNullable();
    t.string('external_id', 255).nullable();
    t.index(['refund_id'], 'refund_payments_refund_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('refund_payments');
  await knex.schema.dropTable('refund_items');
  await knex.schema.dropTable('refunds');
  await knex.schema.dropTable('shipment_items');
  await knex.schema.dropTable('shipments');
  await knex.schema.alterTable('orders', (t) => t.dropColumn('shipped_at'));
  await knex.schema.alterTable('order_items', (t) => {
    t.dropColumn('quantity_shipped');
    t.dropColumn('quantity_refunded');
    t.dropColumn('quantity_cancelled');
  });
}
