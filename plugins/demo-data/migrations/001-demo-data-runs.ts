import type { Knex } from 'knex';
import { datetime } from '../../../kernel/db/schema.ts';

// One row per seeding (`outcome` seeded) and one for a start that decided not to seed (declined).
// `run_key` is unique: the seeding at boot claims 'boot:seeded' first in its transaction, so two
// instances booting an empty store at once cannot both seed it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('demo_data_runs', (t) => {
    t.bigIncrements('id');
    t.string('run_key', 100).notNullable().unique();
    t.string('trigger', 20).notNullable();
    t.string('outcome', 20).notNullable();
    t.integer('products').notNullable();
    t.integer('variants').notNullable();
    datetime(t, 'created_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('demo_data_runs');
}
