import type { Knex } from 'knex';
import { datetime, reference } from '../../../kernel/db/schema.ts';

// Clients that have logged in to an account before: a device cookie (`kind` device) or a client
// address (`kind` address). Only SHA-256 hashes are kept. Login throttling lets them past the
// account-wide ceiling, so that failures from elsewhere cannot lock the owner out.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('trusted_clients', (t) => {
    t.bigIncrements('id');
    reference(t, 'user_id', 'users').notNullable().onDelete('CASCADE');
    t.string('kind', 10).notNullable();
    t.string('value_hash', 64).notNullable();
    datetime(t, 'created_at').notNullable();
    datetime(t, 'last_used_at').notNullable();
    t.unique(['user_id', 'kind', 'value_hash'], { indexName: 'trusted_clients_unique' });
    t.index(['last_used_at'], 'trusted_clients_used_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('trusted_clients');
}
