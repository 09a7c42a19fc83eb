import type { Knex } from 'knex';
import { timestamps } from '../../../kernel/db/schema.ts';

// What a customer account has beyond core-auth's users row, one row per customer, created on the first
// write (a customer who never changed anything has none, and reads see the defaults). The default
// addresses are pointers, so there is exactly one default of each kind or none.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('customer_profiles', (t) => {
    t.bigInteger('user_id').unsigned().primary().references('id').inTable('users').onDelete('CASCADE');
    t.string('phone', 32);
    t.boolean('accepts_marketing').notNullable().defaultTo(false);
    t.bigInteger('default_shipping_address_id').unsigned().references('id').inTable('customer_addresses').onDelete('SET NULL');
    t.bigInteger('default_billing_address_id').unsigned().references('id').inTable('customer_addresses').onDelete('SET NULL');
    timestamps(t);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('customer_profiles');
}
