import type { Knex } from 'knex';
import { datetime } from '../db/schema.ts';

// The transactional outbox: a row per event, written in the transaction of the change it describes.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('events', (t) => {
    t.bigIncrements('id');
    t.string('type', 100).notNullable();
    t.text('data', 'longtext').notNullable();
    datetime(t, 'created_at').notNullable();
    // Dispatch bookkeeping: null until every afterCommit tap has run once successfully.
    datetime(t, 'dispatched_at');
    datetime(t, 'next_attempt_at').notNullable();
    datetime(t, 'locked_until');
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('pending_taps');
    t.text('last_error');
    t.index(['dispatched_at', 'next_attempt_at'], 'events_due_idx');
    t.index(['type', 'created_at'], 'events_type_idx');
    t.index(['created_at'], 'events_created_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('events');
}
