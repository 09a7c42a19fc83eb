import type { Knex } from 'knex';
import { isSqlite } from '../../../kernel/db/dialect.ts';

// The search documents' ref_id index duplicated the prefix of their (ref_id, lang) unique key; on
// MySQL/MariaDB concurrent product creations deadlocked on it. Stores created since then never had it.
const INDEX = 'product_search_ref_id_index';

async function hasIndex(knex: Knex): Promise<boolean> {
  if (isSqlite(knex)) return (await knex.raw(`select 1 from sqlite_master where type = 'index' and name = ?`, [INDEX])).length > 0;
  const [rows] = await knex.raw('show index from product_search where Key_name = ?', [INDEX]);
  return rows.length > 0;
}

export async function up(knex: Knex): Promise<void> {
  if (await hasIndex(knex)) await knex.schema.alterTable('product_search', (t) => t.dropIndex(['ref_id'], INDEX));
}

export async function down(knex: Knex): Promise<void> {
  if (!(await hasIndex(knex))) await knex.schema.alterTable('product_search', (t) => t.index(['ref_id'], INDEX));
}
