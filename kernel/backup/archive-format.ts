/**
 * The archive `npx storekeep backup` writes: one gzip file of newline-delimited JSON, readable with
 * `zcat FILE | head` and any JSON tool. Its lines, in order:
 *
 * 1. the manifest (`type: "manifest"`): what made it and what it holds;
 * 2. per table a header (`type: "table"`: name, columns, row count) followed by that many row lines,
 *    each a JSON array of the row's values in column order (values: archive-values.ts);
 * 3. per DATA_DIR file a header (`type: "file"`: path, mode, size, sha256) followed by its content as
 *    `{"chunk": "<base64>"}` lines;
 * 4. the end record (`type: "end"`: totals). A file without it was cut short and is refused.
 */
export const ARCHIVE_FORMAT = 'storekeep-backup';
export const ARCHIVE_FORMAT_VERSION = 1;

/** Bytes of file content per chunk line (before base64). */
export const FILE_CHUNK_BYTES = 256 * 1024;

export type Dialect = 'sqlite' | 'mysql';

export interface ArchivedMigration {
  owner: string;
  name: string;
  /** ISO 8601 UTC. */
  applied_at: string | null;
  /** The Storekeep version that applied it; null when it was applied before versions were recorded. */
  store_version: string | null;
}

export interface Manifest {
  type: 'manifest';
  format: typeof ARCHIVE_FORMAT;
  format_version: number;
  /** The Storekeep version that made the backup (package.json `version`). */
  store_version: string;
  /** The database it was taken from: the archive restores into either. */
  dialect: Dialect;
  created_at: string;
  /** Every migration applied to the database, in the order applied. */
  migrations: ArchivedMigration[];
  plugins: Array<{ name: string; version: string; source: string }>;
  /** Rows per table. */
  tables: Record<string, number>;
  /** The last id handed out per auto-increment table, so a restored store never hands one out again. */
  sequences: Record<string, number>;
  files: Array<{ path: string; size: number }>;
}

export interface TableHeader {
  type: 'table';
  name: string;
  columns: string[];
  /** The column types of the source database, for a reader's information; restore uses the target's. */
  types: string[];
  rows: number;
}

export interface FileHeader {
  type: 'file';
  /** Relative to DATA_DIR, with `/` separators. */
  path: string;
  mode: number;
  size: number;
  sha256: string;
}

export interface FileChunk {
  chunk: string;
}

export interface EndRecord {
  type: 'end';
  tables: number;
  rows: number;
  files: number;
}

export type ArchiveRecord = Manifest | TableHeader | unknown[] | FileHeader | FileChunk | EndRecord;
