import type { Knex } from 'knex';
import { isSqlite } from '../db/dialect.ts';
import { MIGRATIONS_TABLE } from '../db/migrate.ts';
import type { Dialect } from './archive-format.ts';
import { columnKind, type ColumnKind } from './column-coercion.ts';

/**
 * What restore asks of the database it loads into, on either dialect, through the store's own knex
 * (so values are bound exactly as the app binds them).
 */

export function dialectOf(knex: Knex): Dialect {
  return isSqlite(knex) ? 'sqlite' : 'mysql';
}

export async function rawRows(db: Knex | Knex.Transaction, sql: string, bindings: readonly unknown[] = []): Promise<any[]> {
  const result = await db.raw(sql, bindings as any[]);
  return isSqlite(db as Knex) ? result : result[0];
}

export function quoteIdentifier(dialect: Dialect, name: string): string {
  return dialect === 'sqlite' ? `"${name.replace(/"/g, '""')}"` : `\`${name.replace(/`/g, '``')}\``;
}

/**
 * The database's tables that hold data: on SQLite not its own (`sqlite_*`), nor full-text virtual
 * tables and their shadow tables (triggers on the documents table fill them again as rows go in).
 */
export async function listTables(knex: Knex): Promise<string[]> {
  if (isSqlite(knex)) {
    const rows = await rawRows(knex, "select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite\\_%' escape '\\'");
    return rows.map((r) => String(r.name)).sort();
  }
  const rows = await rawRows(knex, "select table_name as name from information_schema.tables where table_schema = database() and table_type = 'BASE TABLE'");
  return rows.map((r) => String(r.name)).sort();
}

/** A table's columns and what each holds, from the target's own catalogue. */
export async function columnsOf(knex: Knex, table: string): Promise<Map<string, ColumnKind>> {
  const rows = isSqlite(knex)
    ? await rawRows(knex, 'select name, type from pragma_table_info(?)', [table])
    : await rawRows(knex, 'select column_name as name, data_type as type from information_schema.columns where table_schema = database() and table_name = ? order by ordinal_position', [table]);
  return new Map(rows.map((r) => [String(r.name), columnKind(String(r.type ?? ''))]));
}

/** What is in the database: tables with rows (and how many), and how many migrations are recorded. */
export async function describeContents(knex: Knex): Promise<{ tables: string[]; filled: Array<[string, number]>; migrations: number }> {
  const tables = await listTables(knex);
  const filled: Array<[string, number]> = [];
  let migrations = 0;
  for (const table of tables) {
    const row = await knex(table).count({ n: '*' }).first();
    const n = Number((row as { n: number | string }).n);
    if (table === MIGRATIONS_TABLE) migrations = n;
    else if (n > 0) filled.push([table, n]);
  }
  return { tables, filled, migrations };
}

/**
 * Drops every table (and on SQLite every view and full-text table with its triggers), leaving an empty
 * database. Restore does this before loading into a database --force named, and after a failed load,
 * so that a failure leaves the database as empty as it found it.
 */
export async function dropEverything(knex: Knex): Promise<void> {
  if (isSqlite(knex)) {
    const objects = await rawRows(knex, "select name, type from pragma_table_list where schema = 'main' and type in ('table', 'view', 'virtual') and name not like 'sqlite\\_%' escape '\\'");
    // Foreign keys would refuse dropping a referenced table first; the pragma only works outside a transaction.
    await knex.raw('PRAGMA foreign_keys = OFF');
    try {
      // Virtual tables first: dropping one drops its shadow tables, which are listed as tables too.
      for (const o of [...objects].sort((a, b) => rank(a.type) - rank(b.type))) {
        const still = await rawRows(knex, 'select 1 from pragma_table_list where schema = ? and name = ?', ['main', o.name]);
        if (still.length === 0) continue;
        await knex.raw(`DROP ${o.type === 'view' ? 'VIEW' : 'TABLE'} ${quoteIdentifier('sqlite', String(o.name))}`);
      }
      if ((await rawRows(knex, "select 1 from pragma_table_list where name = 'sqlite_sequence'")).length) await knex.raw('DELETE FROM sqlite_sequence');
    } finally {
      await knex.raw('PRAGMA foreign_keys = ON');
    }
    return;
  }
  // One connection: FOREIGN_KEY_CHECKS is a session setting.
  const conn = await knex.client.acquireConnection();
  try {
    const [objects] = await knex.raw('select table_name as name, table_type as type from information_schema.tables where table_schema = database()').connection(conn);
    await knex.raw('SET FOREIGN_KEY_CHECKS = 0').connection(conn);
    try {
      for (const o of objects as Array<{ name: string; type: string }>) {
        await knex.raw(`DROP ${o.type === 'VIEW' ? 'VIEW' : 'TABLE'} IF EXISTS ${quoteIdentifier('mysql', o.name)}`).connection(conn);
      }
    } finally {
      await knex.raw('SET FOREIGN_KEY_CHECKS = 1').connection(conn);
    }
  } finally {
    await knex.client.releaseConnection(conn);
  }
}

const rank = (type: string) => (type === 'view' ? 0 : type === 'virtual' ? 1 : 2);

/**
 * Makes the table's auto-increment counter continue after `last` (the last id the original store
 * handed out), so no id is ever handed out twice — webhook receivers deduplicate by event id. Inserts
 * with explicit ids already move the counter past the highest id restored; this also covers rows
 * deleted at the end of a table before the backup. MySQL: ALTER TABLE (DDL: outside the load
 * transaction); SQLite: the table's row in sqlite_sequence (AUTOINCREMENT tables only).
 */
export async function continueSequence(knex: Knex, table: string, last: number): Promise<void> {
  if (!Number.isSafeInteger(last) || last < 1) return;
  if (isSqlite(knex)) {
    const [def] = await rawRows(knex, "select sql from sqlite_master where type = 'table' and name = ?", [table]);
    if (!def || !/autoincrement/i.test(String(def.sql))) return;
    const updated = await knex('sqlite_sequence').where({ name: table }).where('seq', '<', last).update({ seq: last });
    if (updated === 0 && !(await knex('sqlite_sequence').where({ name: table }).first())) await knex('sqlite_sequence').insert({ name: table, seq: last });
    return;
  }
  const [row] = await rawRows(knex, 'select auto_increment as next from information_schema.tables where table_schema = database() and table_name = ?', [table]);
  if (!row || row.next === null || row.next === undefined) return;
  // InnoDB never sets the counter below the highest id plus one, whatever is asked.
  if (Number(row.next) <= last) await knex.raw(`ALTER TABLE ${quoteIdentifier('mysql', table)} AUTO_INCREMENT = ${last + 1}`);
}
