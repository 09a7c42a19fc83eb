import type { Knex } from 'knex';
import { isMysql } from './dialect.ts';

// Per database, read once (a transaction shares its connection settings' object with the knex it came
// from); a failed reading is not kept, so the next call asks again.
const settled = new WeakMap<object, Promise<boolean>>();

/**
 * Whether a multi-row insert on this MySQL/MariaDB server numbers its rows one after another from the
 * id it reports: InnoDB does so for inserts of a known number of rows in lock modes 0 and 1 (MariaDB's
 * default), with an auto-increment step of 1. Mode 2 may interleave other inserts' ids. Rejects when
 * the settings cannot be read.
 */
export function consecutiveInsertIds(db: Knex): Promise<boolean> {
  const key = (db as unknown as { client: { config: object } }).client.config;
  let known = settled.get(key);
  if (!known) {
    known = db.raw('select @@innodb_autoinc_lock_mode as mode, @@auto_increment_increment as step').then(([rows]: any) => Number(rows[0].mode) <= 1 && Number(rows[0].step) === 1);
    known.catch(() => settled.delete(key));
    settled.set(key, known);
  }
  return known;
}

/**
 * Inserts rows of `table` (an auto-increment `id`) in one statement where their ids can be told from
 * what the insert reports, and returns the ids in the rows' order: SQLite's one writer numbers them one
 * after another and reports the last; MySQL/MariaDB report the first and number them one after another
 * in the consecutive lock modes. Elsewhere each row is inserted on its own. For a few rows (an order's
 * items); many go through insertBatches.
 */
export async function insertWithIds(db: Knex, table: string, rows: ReadonlyArray<Record<string, unknown>>): Promise<number[]> {
  if (rows.length === 0) return [];
  const mysql = isMysql(db);
  if (rows.length === 1 || (mysql && !(await consecutiveInsertIds(db).catch(() => false)))) {
    const ids: number[] = [];
    for (const row of rows) ids.push(Number((await db(table).insert(row))[0]));
    return ids;
  }
  const [reported] = await db(table).insert(rows as Record<string, unknown>[]);
  const first = mysql ? Number(reported) : Number(reported) - rows.length + 1;
  return rows.map((_, i) => first + i);
}
