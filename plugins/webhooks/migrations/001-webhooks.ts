import type { Knex } from 'knex';
import { datetime, timestamps } from '../../../kernel/db/schema.ts';

// Endpoints that receive events, and one delivery row per (endpoint, event) with its attempts' outcome.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_endpoints', (t) => {
    t.bigIncrements('id');
    t.string('url', 2000).notNullable();
    // JSON list of event types, or ["*"].
    t.text('events').notNullable();
    t.string('description', 500).notNullable().defaultTo('');
    t.boolean('active').notNullable().defaultTo(true);
    // The signing secret, AES-256-GCM sealed (see kernel/crypto/secret-box.ts); never in clear.
    t.text('secret_sealed').notNullable();
    // Since when every delivery attempt has failed (null after any success); 3 days of it disables.
    datetime(t, 'failing_since');
    datetime(t, 'disabled_at');
    t.string('disabled_reason', 200);
    timestamps(t);
  });
  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.bigIncrements('id');
    t.bigInteger('endpoint_id').unsigned().notNullable().references('id').inTable('webhook_endpoints').onDelete('CASCADE');
    // The kernel's events row; no foreign key, as the events purge keeps the delivery log readable.
    t.bigInteger('event_id').unsigned().notNullable();
    t.string('event_type', 100).notNullable();
    t.string('status', 20).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    datetime(t, 'next_attempt_at');
    // Retries stop after this instant (3 days after the event, or after a redelivery).
    datetime(t, 'retry_until').notNullable();
    datetime(t, 'locked_until');
    t.string('locked_by', 100);
    t.integer('last_status_code');
    t.text('last_error');
    t.integer('latency_ms');
    t.text('response_body');
    datetime(t, 'delivered_at');
    timestamps(t);
    t.unique(['endpoint_id', 'event_id'], { indexName: 'webhook_deliveries_endpoint_event_uq' });
    t.index(['status', 'next_attempt_at'], 'webhook_deliveries_due_idx');
    t.index(['endpoint_id', 'created_at'], 'webhook_deliveries_log_idx');
    t.index(['event_id'], 'webhook_deliveries_event_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('webhook_deliveries');
  await knex.schema.dropTable('webhook_endpoints');
}
