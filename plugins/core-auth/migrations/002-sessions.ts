import type { Knex } from 'knex';
import { datetime, reference } from '../../../kernel/db/schema.ts';

// Sessions behind the opaque `sessionid` cookie; only the token's SHA-256 is kept, so a copy of the
// database cannot be replayed as cookies.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sessions', (t) => {
    t.bigIncrements('id');
    t.string('token_hash', 64).notNullable().unique();
    reference(t, 'user_id', 'users').notNullable().onDelete('CASCADE');
    datetime(t, 'created_at').notNullable();
    datetime(t, 'expires_at').notNullable();
    t.string('ip', 64);
    t.string('user_agent', 255);
    t.index(['user_id'], 'sessions_user_idx');
    t.index(['expires_at'], 'sessions_expires_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sessions');
}
