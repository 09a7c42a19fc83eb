import type { Knex } from 'knex';
import { timestamps } from '../../../kernel/db/schema.ts';

// One row (id 1) holding the store's settings as a JSON document: they are read whole and cached.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('store_settings', (t) => {
    t.bigIncrements('id');
    t.text('data', 'longtext').notNullable();
    timestamps(t);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('store_settings');
}
