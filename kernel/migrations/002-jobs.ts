import type { Knex } from 'knex';
import { datetime } from '../db/schema.ts';

// Background jobs claimed by the worker loop of any instance.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('jobs', (t) => {
    t.bigIncrements('id');
    t.string('name', 100).notNullable();
    t.text('payload').notNullable();
    datetime(t, 'run_at').notNullable();
    datetime(t, 'locked_until');
    t.string('locked_by', 100);
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('max_attempts').notNullable().defaultTo(10);
    // Recurring jobs and de-duplicated one-offs carry a key so that one row exists per key.
    t.string('unique_key', 191).unique();
    t.text('last_error');
    datetime(t, 'failed_at');
    datetime(t, 'created_at').notNullable();
    t.index(['failed_at', 'run_at'], 'jobs_due_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('jobs');
}
