import type { Knex } from 'knex';

// The order lifecycle after payment: when an order was delivered (the return window, and so the
// automatic completion, counts from it) and when it was completed.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.datetime('delivered_at', { precision: 3 }).nullable();
    t.datetime('completed_at', { precision: 3 }).nullable();
    t.index(['status', 'delivered_at'], 'orders_status_delivered_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['status', 'delivered_at'], 'orders_status_delivered_idx');
    t.dropColumn('delivered_at');
    t.dropColumn('completed_at');
  });
}
