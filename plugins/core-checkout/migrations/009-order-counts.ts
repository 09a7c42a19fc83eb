import type { Knex } from 'knex';
import { createKeptCounts } from '../../../kernel/db/kept-counts.ts';

// How many orders each status has, kept in the transaction of every order placed and every status
// change (services/orders/order-counts.ts): the count of the staff order list (unfiltered, or by
// status) is then a sum of a few rows instead of a scan of every order, however many there are. Each
// status's number is spread over 16 rows, so that checkouts at the same time never wait for each
// other's row. The orders that exist are counted in here.
const STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'completed', 'cancelled'];

export async function up(knex: Knex): Promise<void> {
  await createKeptCounts(knex, { table: 'order_counts', source: 'orders', keys: STATUSES });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('order_counts');
}
