import type { Knex } from 'knex';

// Who runs the first request of an Idempotency-Key and until when that claim holds: a claim whose
// process died is released at once on that host's restart, and after a short lease elsewhere.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('idempotency_keys', (t) => {
    t.string('claimed_by', 120);
    t.datetime('locked_until', { precision: 3 });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('idempotency_keys', (t) => {
    t.dropColumn('claimed_by');
    t.dropColumn('locked_until');
  });
}
