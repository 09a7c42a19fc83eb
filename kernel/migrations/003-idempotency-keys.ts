import type { Knex } from 'knex';
import { datetime } from '../db/schema.ts';

// Responses stored for 24 hours under the client's Idempotency-Key, scoped by who sent it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('idempotency_keys', (t) => {
    t.bigIncrements('id');
    t.string('scope', 191).notNullable();
    t.string('idempotency_key', 255).notNullable();
    t.string('method', 10).notNullable();
    t.string('path', 1000).notNullable();
    t.string('request_hash', 64).notNullable();
    // Random per first request: tells the request that inserted the row from a concurrent repeat.
    t.string('claim_token', 32).notNullable();
    t.integer('status_code');
    t.text('response_headers');
    t.text('response_body', 'longtext');
    datetime(t, 'created_at').notNullable();
    datetime(t, 'expires_at').notNullable();
    t.unique(['scope', 'idempotency_key']);
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('idempotency_keys');
}
