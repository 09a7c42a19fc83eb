import type { Knex } from 'knex';
import { isMysql } from './dialect.ts';

/** One row's change: its table, its `id`, the columns to set. */
export interface RowUpdate {
  table: string;
  id: string | number;
  values: Record<string, unknown>;
}

/**
 * Updates rows of different tables, each by its `id`, in the caller's transaction. On MySQL/MariaDB
 * it is one multi-table UPDATE (`update a cross join b set a.x = ?, b.y = ? where a.id = ? and b.id =
 * ?`): one round trip where one UPDATE a row sends one each, and on MariaDB a round trip costs the store
 * more than the server's work (bench/README.md, "What a checkout is made of, measured again"). SQLite has
 * no multi-table UPDATE and sends none over a network: one UPDATE a row there.
 *
 * Several rows only when each exists and the caller's transaction holds it (locked, or written before
 * in it): the statement joins them, so were one missing, none would change. A single row is a plain
 * UPDATE by its id on every database, with no such condition.
 */
export async function updateRows(db: Knex | Knex.Transaction, updates: RowUpdate[]): Promise<void> {
  const tables = new Set(updates.map((u) => u.table));
  if (tables.size !== updates.length) throw new Error('updateRows: one row a table');
  if (updates.length < 2 || !isMysql(db as Knex)) {
    for (const { table, id, values } of updates) await db(table).where('id', id).update(values);
    return;
  }
  const [first, ...rest] = updates as [RowUpdate, ...RowUpdate[]];
  const query = db(first.table);
  for (const { table } of rest) query.crossJoin(table as any);
  const set: Record<string, unknown> = {};
  for (const { table, id, values } of updates) {
    query.where(`${table}.id`, id);
    for (const [column, value] of Object.entries(values)) set[`${table}.${column}`] = value;
  }
  await query.update(set);
}
