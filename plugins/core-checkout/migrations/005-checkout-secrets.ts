import crypto from 'node:crypto';
import type { Knex } from 'knex';

// Server secrets of core-checkout, made once per store and shared by every instance through the
// database: `pay_page` keys the HMAC that protects the hosted payment page's form.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('checkout_secrets', (t) => {
    t.string('name', 50).primary();
    t.string('value', 200).notNullable();
  });
  await knex('checkout_secrets').insert({ name: 'pay_page', value: crypto.randomBytes(32).toString('base64url') });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('checkout_secrets');
}
