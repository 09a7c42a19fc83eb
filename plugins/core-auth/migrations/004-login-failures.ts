import type { Knex } from 'knex';
import { datetime } from '../../../kernel/db/schema.ts';

// One row per failed login, per scope (`account:<email>`, `ip:<address>`): counted over a sliding
// window, in the database so that every instance sees the same count.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('login_failures', (t) => {
    t.bigIncrements('id');
    t.string('scope', 300).notNullable();
    datetime(t, 'created_at').notNullable();
    t.index(['scope', 'created_at'], 'login_failures_scope_idx');
    t.index(['created_at'], 'login_failures_created_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('login_failures');
}
