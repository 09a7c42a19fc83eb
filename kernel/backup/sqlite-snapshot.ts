import fs from 'node:fs';
import { createRequire } from 'node:module';
import { BackupError } from './errors.ts';
import type { Snapshot, SnapshotMigration, SnapshotTable } from './snapshot.ts';

// The parts of better-sqlite3 used here (the package ships no types of its own).
interface Statement {
  raw(on: boolean): Statement;
  safeIntegers(on: boolean): Statement;
  get(...params: unknown[]): any;
  all(...params: unknown[]): any[];
  iterate(...params: unknown[]): IterableIterator<any>;
}
interface Connection {
  prepare(sql: string): Statement;
  exec(sql: string): void;
  pragma(sql: string): unknown;
  close(): void;
  readonly inTransaction: boolean;
}
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string, options: { readonly: boolean; fileMustExist: boolean }) => Connection;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The SQLite snapshot: a separate, read-only better-sqlite3 connection to the store's file, one read
 * transaction (BEGIN, reads, COMMIT). In WAL mode that reader sees the database as of its first read
 * while the server's connection goes on writing — the server never waits for the backup. The online
 * backup API (`db.backup()` into a temp file) was not chosen: it starts over whenever another
 * connection writes during the copy, so under steady writes it may never finish. A long read only
 * keeps the WAL file from being checkpointed past it until the backup ends.
 *
 * Integers are read as BigInt (safeIntegers), so ids and amounts beyond 2^53 survive exactly.
 */
export function openSqliteSnapshot(file: string): Snapshot {
  if (!fs.existsSync(file)) throw new BackupError(`There is no store database at ${file}: point DATA_DIR (or DATABASE_URL) at the store to back up.`);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  let open = true;
  try {
    db.pragma('busy_timeout = 10000');
    db.exec('BEGIN');
    // The snapshot is fixed by the first read: taken here, so every read below sees the same moment.
    db.prepare('select count(*) from sqlite_master').get();
  } catch (err) {
    db.close();
    throw err;
  }
  const has = (table: string) => db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(table) !== undefined;

  return {
    dialect: 'sqlite',
    async migrations() {
      if (!has('storekeep_migrations')) return null;
      const rows = db.prepare('select * from storekeep_migrations order by id').all() as any[];
      return rows.map((r): SnapshotMigration => ({ owner: String(r.owner), name: String(r.name), applied_at: r.applied_at, store_version: r.store_version ?? null }));
    },
    async tables() {
      // type 'table' leaves out views, FTS5 virtual tables and their shadow tables.
      const names = db.prepare("select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name").all() as Array<{ name: string }>;
      return names.map(({ name }): SnapshotTable => {
        const cols = db.prepare('select name, type from pragma_table_info(?) order by cid').all(name) as Array<{ name: string; type: string }>;
        return { name, columns: cols.map((c) => c.name), types: cols.map((c) => c.type) };
      });
    },
    async count(table) {
      return Number((db.prepare(`select count(*) as n from ${quote(table)}`).get() as { n: number }).n);
    },
    async *rows(table) {
      const columns = table.columns.map(quote).join(', ');
      const statement = db.prepare(`select ${columns} from ${quote(table.name)}`).raw(true).safeIntegers(true);
      yield* statement.iterate();
    },
    async sequences() {
      if (!has('sqlite_sequence')) return {};
      const rows = db.prepare('select name, seq from sqlite_sequence').all() as Array<{ name: string; seq: number }>;
      return Object.fromEntries(rows.map((r) => [r.name, Number(r.seq)]));
    },
    async close() {
      if (!open) return;
      open = false;
      try {
        if (db.inTransaction) db.exec('COMMIT');
      } finally {
        db.close();
      }
    },
  };
}
