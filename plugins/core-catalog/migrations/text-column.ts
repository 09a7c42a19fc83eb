import type { Knex } from 'knex';
import { isSqlite } from '../../../kernel/db/dialect.ts';

/**
 * A string column that compares and sorts case-insensitively on both databases: MySQL/MariaDB's
 * utf8mb4 collations already do; SQLite needs NOCASE (knex has no collate for SQLite), so that
 * `ordering=name` gives the same order everywhere. (A candidate for kernel/db/schema.ts.)
 */
export function caseInsensitiveString(knex: Knex, table: Knex.CreateTableBuilder, name: string, length: number): Knex.ColumnBuilder {
  return isSqlite(knex) ? table.specificType(name, `varchar(${length}) collate nocase`) : table.string(name, length);
}
