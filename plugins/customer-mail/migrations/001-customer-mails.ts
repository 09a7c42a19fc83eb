import type { Knex } from 'knex';
import { datetime } from '../../../kernel/db/schema.ts';

// One row per mail written for an event: the unique (event_id, kind) makes a repeated afterCommit tap
// queue nothing. No foreign keys: events and orders are not this plugin's tables.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('customer_mails', (t) => {
    t.bigIncrements('id');
    t.bigInteger('event_id').notNullable();
    t.string('kind', 40).notNullable();
    t.bigInteger('order_id').notNullable();
    t.string('language', 35).notNullable();
    datetime(t, 'created_at').notNullable();
    t.unique(['event_id', 'kind']);
    t.index(['order_id']);
  });
}
