import type { Knex } from 'knex';
import { datetime, timestamps } from '../../../kernel/db/schema.ts';

// Staff (owner or staff role) and customers share one table: one e-mail, one login endpoint.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.bigIncrements('id');
    t.string('kind', 20).notNullable();
    t.string('role', 20);
    // Stored lower-cased, so the unique index is the case-insensitive rule on both databases.
    t.string('email', 254).notNullable().unique();
    t.string('password_hash', 255).notNullable();
    t.string('first_name', 150).notNullable();
    t.string('last_name', 150).notNullable();
    t.boolean('is_active').notNullable();
    datetime(t, 'last_login_at');
    timestamps(t);
    t.index(['kind', 'created_at'], 'users_kind_created_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('users');
}
