import type { Knex } from 'knex';

// The voucher list's ordering by use (the most used first) had no index: with thousands of single-use
// codes each page sorted them all. The primary key is appended on both databases: the list's tie-breaker.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vouchers', (t) => t.index(['times_used'], 'vouchers_times_used_idx'));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vouchers', (t) => t.dropIndex(['times_used'], 'vouchers_times_used_idx'));
}
