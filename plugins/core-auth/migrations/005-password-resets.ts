import type { Knex } from 'knex';
import { datetime, reference } from '../../../kernel/db/schema.ts';

// Password reset tokens: only the token's SHA-256 is kept. A row is used once (used_at), expires after
// an hour, and stays until purged so that requests per account can be counted over the last hour.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('password_resets', (t) => {
    t.bigIncrements('id');
    t.string('token_hash', 64).notNullable().unique();
    reference(t, 'user_id', 'users').notNullable().onDelete('CASCADE');
    datetime(t, 'created_at').notNullable();
    datetime(t, 'expires_at').notNullable();
    datetime(t, 'used_at');
    t.index(['user_id', 'created_at'], 'password_resets_user_idx');
    t.index(['expires_at'], 'password_resets_expires_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('password_resets');
}
