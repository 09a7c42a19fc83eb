import type { Knex } from 'knex';
import { reference, timestamps } from '../../../kernel/db/schema.ts';

// A customer's saved addresses, with the field names of core-checkout's Address contract, so that a
// saved address fills a checkout as it is. They go with the account (core-auth's users row).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('customer_addresses', (t) => {
    t.bigIncrements('id');
    reference(t, 'customer_id', 'users').notNullable().onDelete('CASCADE');
    t.string('first_name', 150).notNullable();
    t.string('last_name', 150).notNullable();
    t.string('company', 150);
    t.string('address_line_1', 255).notNullable();
    t.string('address_line_2', 255);
    t.string('city', 150).notNullable();
    t.string('state', 100);
    t.string('postal_code', 20).notNullable();
    t.string('country', 2).notNullable();
    t.string('phone', 32);
    timestamps(t);
    t.index(['customer_id', 'id'], 'customer_addresses_customer_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('customer_addresses');
}
