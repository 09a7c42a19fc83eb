import type { Knex } from 'knex';

// An order's revision goes up in the transaction of every write to it, its items, payments, shipments or
// refunds (services/orders/order-revision.ts): the order lists keep each order's serialised JSON per
// revision (services/orders/order-memo.ts), which `updated_at` cannot do (two writes within one
// millisecond share it, and a payment's write does not touch the order's row).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.bigInteger('revision').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('revision');
  });
}
