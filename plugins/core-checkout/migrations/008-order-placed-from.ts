import type { Knex } from 'knex';

// The client address an order was paid from (an IPv6 client's /64), as sessions keep theirs: the
// store limits how many held unpaid orders one address may have at once (store setting
// max_unpaid_orders). Null for orders placed before it was recorded.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.string('placed_from', 64).nullable();
    t.index(['placed_from', 'status'], 'orders_placed_from_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['placed_from', 'status'], 'orders_placed_from_idx');
    t.dropColumn('placed_from');
  });
}
