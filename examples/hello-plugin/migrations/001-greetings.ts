import { columns, type Knex } from '@storekeep-commerce/sdk';

const { datetime, timestamps } = columns;

// Greetings, and a log of every committed event this plugin's afterCommit tap has seen.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('hello_greetings', (t) => {
    t.bigIncrements('id');
    t.string('name', 100).notNullable();
    t.string('message', 500).notNullable();
    timestamps(t);
    t.index(['created_at']);
  });
  await knex.schema.createTable('hello_event_log', (t) => {
    t.bigIncrements('id');
    t.bigInteger('event_id').notNullable();
    t.string('type', 100).notNullable();
    t.text('data').notNullable();
    datetime(t, 'created_at').notNullable();
    t.index(['event_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('hello_event_log');
  await knex.schema.dropTable('hello_greetings');
}
