import type { Dialect } from './archive-format.ts';
import type { AppliedMigration } from '../db/upgrade-guard.ts';

export interface SnapshotTable {
  name: string;
  columns: string[];
  /** Declared column types of the source database (for the archive's reader). */
  types: string[];
}

export interface SnapshotMigration extends AppliedMigration {
  applied_at: unknown;
}

/**
 * One consistent, read-only view of the store's database taken while the server keeps serving and
 * writing: everything read through it is as of the same moment. One implementation per database
 * (sqlite-snapshot.ts, mysql-snapshot.ts); backup.ts reads only through this.
 */
export interface Snapshot {
  readonly dialect: Dialect;
  /** The rows of `storekeep_migrations` in the order applied; null when the table does not exist. */
  migrations(): Promise<SnapshotMigration[] | null>;
  /** The tables holding data, with their columns (full-text machinery and the database's own tables left out). */
  tables(): Promise<SnapshotTable[]>;
  count(table: string): Promise<number>;
  /** The table's rows as arrays in `columns` order, streamed. */
  rows(table: SnapshotTable): AsyncIterable<unknown[]>;
  /** The last id handed out per auto-increment table. */
  sequences(): Promise<Record<string, number>>;
  /** Ends the read transaction and lets the connection go; safe to call twice. */
  close(): Promise<void>;
}
