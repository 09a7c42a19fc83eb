import type { Knex } from 'knex';
import { money, timestamps } from '../../../kernel/db/schema.ts';

// Flat-rate shipping methods: a price in one of the store's currencies, the countries served (a JSON
// array; empty = everywhere) and an optional free-shipping threshold in the same currency.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('shipping_methods', (t) => {
    t.bigIncrements('id');
    t.string('name', 200).notNullable();
    t.string('provider', 50).notNullable();
    t.text('description');
    money(t, 'price_minor').notNullable();
    t.string('currency', 3).notNullable();
    t.text('countries').notNullable();
    money(t, 'free_above_minor');
    t.boolean('active').notNullable();
    timestamps(t);
    t.index(['active']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('shipping_methods');
}
