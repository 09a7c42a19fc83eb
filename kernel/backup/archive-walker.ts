import crypto from 'node:crypto';
import type { EndRecord, FileHeader, Manifest, TableHeader } from './archive-format.ts';
import { readArchive } from './archive-reader.ts';
import { BackupError } from './errors.ts';

/** What a walk hands out as it goes; each is awaited before the next record is read. */
export interface ArchiveHandlers {
  table?(header: TableHeader): Promise<void> | void;
  row?(header: TableHeader, values: unknown[]): Promise<void> | void;
  /** A file's whole content has been read (and checked) when `fileEnd` is called. */
  fileStart?(header: FileHeader): Promise<void> | void;
  chunk?(header: FileHeader, bytes: Buffer): Promise<void> | void;
  fileEnd?(header: FileHeader): Promise<void> | void;
}

export interface WalkedArchive {
  manifest: Manifest;
  tables: TableHeader[];
  files: FileHeader[];
  rows: number;
}

/**
 * Reads an archive from start to end, checking that it is whole and agrees with itself: every table
 * the manifest counts is there with exactly its rows, each row has a value per column, every file has
 * its size and SHA-256, nothing follows the end record and the end record's totals add up. Restore
 * walks an archive twice: first with no handlers, to refuse a damaged one before the database is
 * touched, then to load it.
 */
export async function walkArchive(file: string, handlers: ArchiveHandlers = {}): Promise<WalkedArchive> {
  const damaged = (what: string) => new BackupError(`${file} is damaged: ${what}.`);
  let manifest: Manifest | undefined;
  const tables: TableHeader[] = [];
  const files: FileHeader[] = [];
  let table: TableHeader | undefined;
  let tableRows = 0;
  let rows = 0;
  let current: { header: FileHeader; hash: crypto.Hash; size: number } | undefined;
  let end: EndRecord | undefined;

  const closeTable = () => {
    if (table && tableRows !== table.rows) throw damaged(`table ${table.name} has ${tableRows} of its ${table.rows} rows`);
    table = undefined;
  };
  const closeFile = async () => {
    if (!current) return;
    const { header, hash, size } = current;
    current = undefined;
    if (size !== header.size || hash.digest('hex') !== header.sha256) throw damaged(`file ${header.path} does not have the content its header describes`);
    await handlers.fileEnd?.(header);
  };

  for await (const record of readArchive(file)) {
    if (end) throw damaged('there is more after its end record');
    if (!manifest) {
      manifest = record as Manifest;
      continue;
    }
    if (Array.isArray(record)) {
      if (!table) throw damaged('a row stands outside any table');
      if (record.length !== table.columns.length) throw damaged(`a row of table ${table.name} has ${record.length} values for ${table.columns.length} columns`);
      tableRows += 1;
      rows += 1;
      if (tableRows > table.rows) throw damaged(`table ${table.name} has more rows than its ${table.rows}`);
      await handlers.row?.(table, record);
      continue;
    }
    const r = record as unknown as Record<string, unknown>;
    if (typeof r.chunk === 'string') {
      if (!current) throw damaged('file content stands outside any file');
      const bytes = Buffer.from(r.chunk, 'base64');
      current.hash.update(bytes);
      current.size += bytes.length;
      if (current.size > current.header.size) throw damaged(`file ${current.header.path} is longer than its ${current.header.size} bytes`);
      await handlers.chunk?.(current.header, bytes);
      continue;
    }
    closeTable();
    await closeFile();
    if (r.type === 'table') {
      const header = r as unknown as TableHeader;
      if (typeof header.name !== 'string' || !Array.isArray(header.columns) || !Number.isSafeInteger(header.rows)) throw damaged('a table header lacks its name, columns or row count');
      if (manifest.tables[header.name] !== header.rows) throw damaged(`table ${header.name} is not the one its manifest counts`);
      if (tables.some((t) => t.name === header.name)) throw damaged(`table ${header.name} appears twice`);
      table = header;
      tableRows = 0;
      tables.push(header);
      await handlers.table?.(header);
    } else if (r.type === 'file') {
      const header = r as unknown as FileHeader;
      if (typeof header.path !== 'string' || !Number.isSafeInteger(header.size) || typeof header.sha256 !== 'string') throw damaged('a file header lacks its path, size or checksum');
      current = { header, hash: crypto.createHash('sha256'), size: 0 };
      files.push(header);
      await handlers.fileStart?.(header);
    } else if (r.type === 'end') {
      end = r as unknown as EndRecord;
    } else {
      throw damaged(`it holds a record of an unknown type (${String(r.type)})`);
    }
  }
  if (!manifest) throw new BackupError(`${file} is not a Storekeep backup.`);
  if (!end) throw new BackupError(`${file} is cut short: it ends before its end record, so it is not a whole backup.`);
  const missing = Object.keys(manifest.tables).find((name) => !tables.some((t) => t.name === name));
  if (missing) throw damaged(`table ${missing} of its manifest is missing`);
  if (end.tables !== tables.length || end.rows !== rows || end.files !== files.length) throw damaged('its end record does not match what it holds');
  return { manifest, tables, files, rows };
}
