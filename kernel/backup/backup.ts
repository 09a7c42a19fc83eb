import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { sqliteFile } from '../db/connection.ts';
import { isSqlite, toIso } from '../db/dialect.ts';
import { MIGRATIONS_TABLE, knownMigrations, type MigrationSource } from '../db/migrate.ts';
import { refuseNewerDatabase } from '../db/upgrade-guard.ts';
import type { LoadedPlugin } from '../plugin-loader.ts';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, FILE_CHUNK_BYTES, type FileHeader, type Manifest } from './archive-format.ts';
import { encodeRow } from './archive-values.ts';
import { ArchiveWriter } from './archive-writer.ts';
import { fileSha256, listDataFiles, type DataFile } from './data-files.ts';
import { BackupError } from './errors.ts';
import { openMysqlSnapshot } from './mysql-snapshot.ts';
import { openSqliteSnapshot } from './sqlite-snapshot.ts';
import type { Snapshot } from './snapshot.ts';

export interface BackupInput {
  /** Where the archive goes. */
  file: string;
  dataDir: string;
  /** The store's database (on SQLite only its dialect is used: the snapshot has a connection of its own). */
  knex: Knex;
  plugins: LoadedPlugin[];
  sources: MigrationSource[];
  storeVersion: string;
  /** The clock of the manifest's `created_at`. */
  now?: () => Date;
}

export interface BackupSummary {
  tables: number;
  rows: number;
  files: number;
  bytes: number;
}

/**
 * `npx storekeep backup FILE`: one archive (archive-format.ts) of every table, read in one consistent
 * snapshot while the store keeps serving, and of the DATA_DIR files a restored store needs. It changes
 * nothing in the database (no migrations run: a database behind on them is backed up as it is) and
 * refuses one a newer Storekeep migrated, as the store itself would.
 */
export async function takeBackup(input: BackupInput): Promise<BackupSummary> {
  const file = path.resolve(input.file);
  const snapshot: Snapshot = isSqlite(input.knex) ? openSqliteSnapshot(sqliteFile(input)) : await openMysqlSnapshot(input.knex);
  let writer: ArchiveWriter | undefined;
  try {
    const migrations = await snapshot.migrations();
    if (!migrations?.length) throw new BackupError('This database holds no store yet (no migrations applied): there is nothing to back up.');
    refuseNewerDatabase(migrations, knownMigrations(input.sources), input.storeVersion);
    const tables = (await snapshot.tables()).filter((t) => t.name !== MIGRATIONS_TABLE);
    const counts: Record<string, number> = {};
    for (const table of tables) counts[table.name] = await snapshot.count(table.name);
    const files = listDataFiles(input.dataDir, [file, `${file}.partial`]);

    writer = await createWriter(file);
    const manifest: Manifest = {
      type: 'manifest',
      format: ARCHIVE_FORMAT,
      format_version: ARCHIVE_FORMAT_VERSION,
      store_version: input.storeVersion,
      dialect: snapshot.dialect,
      created_at: (input.now?.() ?? new Date()).toISOString(),
      migrations: migrations.map((m) => ({ owner: m.owner, name: m.name, applied_at: toIso(m.applied_at), store_version: m.store_version ?? null })),
      plugins: input.plugins.map((p) => ({ name: p.plugin.name, version: p.plugin.version, source: p.source })),
      tables: counts,
      sequences: await snapshot.sequences(),
      files: files.map((f) => ({ path: f.path, size: f.size })),
    };
    await writer.write(manifest);
    let rows = 0;
    for (const table of tables) {
      await writer.write({ type: 'table', name: table.name, columns: table.columns, types: table.types, rows: counts[table.name] });
      let written = 0;
      for await (const row of snapshot.rows(table)) {
        await writer.write(encodeRow(row));
        written += 1;
      }
      // Within one snapshot the count and the rows agree; anything else means the snapshot did not hold.
      if (written !== counts[table.name]) throw new Error(`Table ${table.name} changed during the backup (${counts[table.name]} rows counted, ${written} read).`);
      rows += written;
    }
    // The database part is done: the read transaction ends before the files are copied.
    await snapshot.close();
    for (const dataFile of files) await writeFile(writer, dataFile);
    await writer.write({ type: 'end', tables: tables.length, rows, files: files.length });
    await writer.finish();
    return { tables: tables.length, rows, files: files.length, bytes: fs.statSync(file).size };
  } catch (err) {
    await writer?.abort();
    throw err;
  } finally {
    await snapshot.close().catch(() => undefined);
  }
}

async function createWriter(file: string): Promise<ArchiveWriter> {
  try {
    return await ArchiveWriter.create(file);
  } catch (err) {
    throw new BackupError(`The backup cannot be written to ${file}: ${(err as Error).message}`);
  }
}

// A file is read twice (its checksum goes in its header, before its content); one that changed in
// between is refused rather than archived with a checksum that does not match.
async function writeFile(writer: ArchiveWriter, file: DataFile): Promise<void> {
  const sha256 = await fileSha256(file.absolute);
  const header: FileHeader = { type: 'file', path: file.path, mode: file.mode, size: file.size, sha256 };
  await writer.write(header);
  let size = 0;
  for await (const chunk of fs.createReadStream(file.absolute, { highWaterMark: FILE_CHUNK_BYTES })) {
    size += (chunk as Buffer).length;
    await writer.write({ chunk: (chunk as Buffer).toString('base64') });
  }
  if (size !== file.size || (await fileSha256(file.absolute)) !== sha256) {
    throw new BackupError(`${file.absolute} changed while it was being backed up: run the backup again.`);
  }
}
