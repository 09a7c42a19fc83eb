import type { Knex } from 'knex';
import { datetime, reference } from '../../../kernel/db/schema.ts';

// API keys: the SHA-256 of the key and its last 4 characters; the key itself is never stored.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('api_keys', (t) => {
    t.bigIncrements('id');
    t.string('name', 100).notNullable();
    t.string('mode', 10).notNullable();
    t.string('key_hash', 64).notNullable().unique();
    t.string('last4', 4).notNullable();
    t.text('scopes').notNullable();
    reference(t, 'created_by', 'users').onDelete('SET NULL');
    datetime(t, 'created_at').notNullable();
    datetime(t, 'last_used_at');
    datetime(t, 'revoked_at');
    t.index(['created_by'], 'api_keys_created_by_idx');
    t.index(['created_at'], 'api_keys_created_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('api_keys');
}
