import type { Knex } from 'knex';
import { MIGRATIONS_TABLE } from '../db/migrate.ts';
import type { Manifest, TableHeader } from './archive-format.ts';
import { decodeValue } from './archive-values.ts';
import { walkArchive } from './archive-walker.ts';
import { coerceValue, type ColumnKind } from './column-coercion.ts';
import type { FileSpool } from './data-files.ts';
import { BackupError } from './errors.ts';
import { columnsOf, dialectOf, listTables } from './target-database.ts';

// Rows per INSERT: knex writes a multi-row insert on SQLite as a compound SELECT (at most 500 terms),
// and every value is a bound parameter; the character budget keeps MySQL packets small.
const MAX_BATCH_ROWS = 500;
const MAX_BATCH_PARAMS = 30_000;
const MAX_BATCH_CHARS = 4 * 1024 * 1024;

/**
 * Loads every table of the archive into the database its migrations just created, in ONE transaction
 * with foreign key checks off on that connection (rows go in table by table, not in dependency
 * order): first the rows the migrations seeded (the first order number, a generated secret) are
 * deleted, then every archived row is inserted with its own id, each value made into what the target
 * column holds (column-coercion.ts). The migration rows get back the times and versions the original
 * store recorded. Files met on the way are spooled (data-files.ts), not yet put in place.
 */
export async function loadTables(knex: Knex, file: string, manifest: Manifest, spool: FileSpool): Promise<{ tables: number; rows: number }> {
  const dialect = dialectOf(knex);
  const targetTables = await listTables(knex);
  // The target's column types are read before the transaction: on SQLite its one connection is the transaction's.
  const targetColumns = new Map<string, Map<string, ColumnKind>>();
  for (const table of targetTables) targetColumns.set(table, await columnsOf(knex, table));

  // SQLite ignores this pragma inside a transaction: it is set on the store's single connection first.
  if (dialect === 'sqlite') await knex.raw('PRAGMA foreign_keys = OFF');
  try {
    return await knex.transaction(async (trx) => {
      if (dialect === 'mysql') await trx.raw('SET FOREIGN_KEY_CHECKS = 0');
      try {
        for (const table of targetTables) if (table !== MIGRATIONS_TABLE) await trx(table).delete();
        const loaded = await insertArchivedRows(trx, file, targetColumns, spool, dialect);
        await restoreMigrationRecords(trx, manifest, targetColumns.get(MIGRATIONS_TABLE), dialect);
        return loaded;
      } finally {
        if (dialect === 'mysql') await trx.raw('SET FOREIGN_KEY_CHECKS = 1').catch(() => undefined);
      }
    });
  } finally {
    if (dialect === 'sqlite') await knex.raw('PRAGMA foreign_keys = ON');
  }
}

async function insertArchivedRows(
  trx: Knex.Transaction,
  file: string,
  targetColumns: Map<string, Map<string, ColumnKind>>,
  spool: FileSpool,
  dialect: ReturnType<typeof dialectOf>,
): Promise<{ tables: number; rows: number }> {
  let batch: Record<string, unknown>[] = [];
  let batchChars = 0;
  let table: TableHeader | undefined;
  let kinds: ColumnKind[] = [];
  let batchRows = MAX_BATCH_ROWS;
  let rows = 0;

  const flush = async () => {
    if (!table || batch.length === 0) return;
    await trx(table.name).insert(batch);
    rows += batch.length;
    batch = [];
    batchChars = 0;
  };

  const walked = await walkArchive(file, {
    async table(header) {
      await flush();
      const columns = targetColumns.get(header.name);
      if (!columns) throw new BackupError(`The backup's table ${header.name} does not exist here after the backup's migrations ran: the backup and this Storekeep disagree about the schema.`);
      const missing = header.columns.find((c) => !columns.has(c));
      if (missing) throw new BackupError(`The backup's table ${header.name} has a column ${missing} that the table here lacks after the backup's migrations ran.`);
      table = header;
      kinds = header.columns.map((c) => columns.get(c)!);
      batchRows = Math.max(1, Math.min(MAX_BATCH_ROWS, Math.floor(MAX_BATCH_PARAMS / Math.max(1, header.columns.length))));
    },
    async row(header, values) {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < values.length; i++) {
        const value = values[i];
        if (typeof value === 'string') batchChars += value.length;
        row[header.columns[i]!] = coerceValue(decodeValue(value), kinds[i]!, dialect);
      }
      batch.push(row);
      if (batch.length >= batchRows || batchChars >= MAX_BATCH_CHARS) await flush();
    },
    fileStart: (header) => spool.begin(header),
    chunk: (_header, bytes) => spool.write(bytes),
    fileEnd: () => spool.end(),
  });
  await flush();
  return { tables: walked.tables.length, rows };
}

// The migrations just run recorded this run's time and version; the original store's are kept instead.
async function restoreMigrationRecords(trx: Knex.Transaction, manifest: Manifest, columns: Map<string, ColumnKind> | undefined, dialect: ReturnType<typeof dialectOf>): Promise<void> {
  for (const m of manifest.migrations) {
    const change: Record<string, unknown> = {};
    if (m.applied_at) change.applied_at = coerceValue(new Date(m.applied_at), 'datetime', dialect);
    if (columns?.has('store_version')) change.store_version = m.store_version;
    if (Object.keys(change).length) await trx(MIGRATIONS_TABLE).where({ owner: m.owner, name: m.name }).update(change);
  }
}
