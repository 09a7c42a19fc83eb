import type { Knex } from 'knex';
import { timestamps } from '../../../kernel/db/schema.ts';

// One row per theme staff have activated or configured: whether it is the active one (at most one row
// is) and its stored settings as a JSON document. Themes themselves live on disk, not here.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('theme_states', (t) => {
    t.string('name', 100).primary();
    t.boolean('active').notNullable().defaultTo(false);
    t.text('settings', 'longtext').notNullable();
    timestamps(t);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('theme_states');
}
