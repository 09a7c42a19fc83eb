import type { Knex } from 'knex';

/** The few places where SQLite and MySQL/MariaDB differ; plugins ask these helpers, never the dialect. */
export function isSqlite(knex: Knex): boolean {
  return isSqliteClient(knex.client);
}

/** The same, of a knex client (a query builder's `client`). */
export function isSqliteClient(client: { config: { client?: unknown }; dialect?: string }): boolean {
  return client.config.client === 'better-sqlite3' || client.dialect === 'sqlite3';
}

export function isMysql(knex: Knex): boolean {
  return !isSqlite(knex);
}

/** Names the index `query` reads `table` from, on MySQL/MariaDB (FORCE INDEX); SQLite plans by fixed rules. */
export function forceIndex(knex: Knex, query: Knex.QueryBuilder, table: string, index: string): void {
  if (isMysql(knex)) query.from(knex.raw('?? force index (??)', [table, index]));
}

/**
 * Names the index `query` reads `table` from on both databases: FORCE INDEX on MySQL/MariaDB, INDEXED BY
 * on SQLite. Both refuse the statement rather than read otherwise, so a wrong name fails loudly.
 */
export function readThroughIndex(knex: Knex, query: Knex.QueryBuilder, table: string, index: string): void {
  if (isSqlite(knex)) query.from(knex.raw('?? indexed by ??', [table, index]));
  else forceIndex(knex, query, table, index);
}

/**
 * Locks the selected rows for the claiming transaction and skips rows another instance holds
 * (MySQL/MariaDB). SQLite has a single writer, so the transaction alone already excludes others.
 */
export function forUpdateSkipLocked<T extends Knex.QueryBuilder>(knex: Knex, query: T): T {
  return isSqlite(knex) ? query : (query.forUpdate().skipLocked() as T);
}

/** Row lock for read-modify-write inside a transaction (no-op on SQLite's single writer). */
export function forUpdate<T extends Knex.QueryBuilder>(knex: Knex, query: T): T {
  return isSqlite(knex) ? query : (query.forUpdate() as T);
}

/** Datetimes come back as Date (mysql2) or epoch milliseconds (better-sqlite3); this makes them Dates. */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value === 'number' || typeof value === 'bigint') return new Date(Number(value));
  if (typeof value === 'string') {
    if (/^\d+$/.test(value)) return new Date(Number(value));
    // MySQL-style "YYYY-MM-DD HH:MM:SS.mmm" without a zone is UTC here.
    return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : value.replace(' ', 'T') + 'Z');
  }
  return null;
}

/** ISO 8601 UTC with Z, the API's timestamp format. */
export function toIso(value: unknown): string | null {
  return toDate(value)?.toISOString() ?? null;
}

/** Booleans come back as 1/0 on both databases. */
export function toBool(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 1n;
}

/** JSON columns come back as text (SQLite, MariaDB) or parsed (MySQL 8). */
export function parseJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined || value === '') return fallback;
  if (typeof value === 'string') return JSON.parse(value) as T;
  if (Buffer.isBuffer(value)) return JSON.parse(value.toString('utf8')) as T;
  return value as T;
}

/** The number of rows an UPDATE or DELETE changed, the same on both drivers. */
export function affectedRows(result: unknown): number {
  if (typeof result === 'number') return result;
  if (Array.isArray(result) && result[0] && typeof result[0].affectedRows === 'number') return result[0].affectedRows;
  return 0;
}

/**
 * Adds one to a counter column of the single row `where` names and answers the new value, in one
 * statement: `UPDATE … RETURNING` on SQLite; on MySQL/MariaDB, which have no RETURNING for updates,
 * `LAST_INSERT_ID(expr)`, whose value comes back in the update's own answer. Throws when no row matches.
 */
export async function incrementCounter(db: Knex | Knex.Transaction, table: string, column: string, where: Record<string, string | number>): Promise<number> {
  const [[key, value], ...rest] = Object.entries(where);
  if (key === undefined || rest.length > 0) throw new Error('incrementCounter names its row by one column.');
  if (isMysql(db)) {
    const [result] = await db.raw('update ?? set ?? = last_insert_id(?? + 1) where ?? = ?', [table, column, column, key, value]);
    if (result.affectedRows !== 1) throw new Error(`No ${table} row where ${key} = ${value}.`);
    return Number(result.insertId);
  }
  const rows = await db(table).where(key, value).update({ [column]: db.raw('?? + 1', [column]) }, [column]);
  if (rows.length !== 1) throw new Error(`No ${table} row where ${key} = ${value}.`);
  return Number(rows[0][column]);
}

/** An insert or update refused by a unique index or the primary key, on either driver. */
export function isDuplicateKey(err: unknown): boolean {
  const code = String((err as { code?: unknown } | null)?.code ?? '');
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
