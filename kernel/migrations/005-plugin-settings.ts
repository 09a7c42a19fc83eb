import type { Knex } from 'knex';
import { datetime } from '../db/schema.ts';

// What operators decided about each installed plugin: enabled or not, and its settings. A plugin
// without a row is enabled with its defaults. `revision` goes up by one on every change: instances
// sharing the database poll the sum to notice another's change within a second.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('plugin_settings', (t) => {
    t.string('name', 100).primary();
    t.boolean('enabled').notNullable().defaultTo(true);
    // The settings set through the API or CLI, secrets left out (JSON object).
    t.text('settings').notNullable();
    // The secret settings, one JSON object sealed with AES-256-GCM (kernel/crypto/secret-box.ts); never in clear.
    t.text('secrets_sealed');
    t.integer('revision').notNullable().defaultTo(0);
    datetime(t, 'updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('plugin_settings');
}
