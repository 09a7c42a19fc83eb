import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import type { Knex } from 'knex';
import type { Logger } from '../logger.ts';
import { knownMigrations, runMigrations, type MigrationSource } from '../db/migrate.ts';
import { newestVersion } from '../db/upgrade-guard.ts';
import type { FileHeader, Manifest } from './archive-format.ts';
import { walkArchive } from './archive-walker.ts';
import { FileSpool, SECRETS_KEY_FILE, fileSha256 } from './data-files.ts';
import { BackupError } from './errors.ts';
import { loadTables } from './load-tables.ts';
import { continueSequence, describeContents, dropEverything } from './target-database.ts';

export interface RestoreInput {
  file: string;
  /** Replace a database that is not empty, and a different secrets key in DATA_DIR. */
  force: boolean;
  dataDir: string;
  knex: Knex;
  sources: MigrationSource[];
  storeVersion: string;
  logger?: Logger;
}

export interface RestoreSummary {
  manifest: Manifest;
  tables: number;
  rows: number;
  files: number;
  /** Migrations this code has that the backup did not: applied after the load, upgrading its data. */
  upgraded: string[];
}

/**
 * `npx storekeep restore FILE [--force]`: the archive into an empty database and DATA_DIR.
 *
 * Everything that can be refused is refused before anything is written — a damaged or cut-short
 * archive (it is read through once first), one from a newer Storekeep or with a migration this code
 * lacks, a database that is not empty, a different secrets key in DATA_DIR. Then: the backup's own
 * migrations (only those) build its schema, its rows are loaded in one transaction, auto-increment
 * counters are moved past its ids, the migrations it did not have run (upgrading its data) and its
 * files are put in DATA_DIR. A failure on the way drops every table again: the database is left empty
 * and DATA_DIR untouched. It never runs while the store serves from the same database.
 */
export async function restoreBackup(input: RestoreInput): Promise<RestoreSummary> {
  const file = path.resolve(input.file);
  const archive = await walkArchive(file);
  const { manifest } = archive;
  refuseIncompatible(file, manifest, input.sources, input.storeVersion);
  await refuseOtherSecretsKey(input.dataDir, archive.files, input.force);

  const contents = await describeContents(input.knex);
  if ((contents.filled.length > 0 || contents.migrations > 0) && !input.force) {
    const [first] = contents.filled;
    const what = first ? `table ${first[0]} has ${plural(first[1], 'row')}` : `${plural(contents.migrations, 'migration')} applied`;
    throw new BackupError(`The database is not empty (${what}): restore into an empty database, or add --force to replace everything in it.`);
  }
  if (contents.tables.length > 0) await dropEverything(input.knex);

  const spool = new FileSpool(input.dataDir);
  try {
    const archived = new Set(manifest.migrations.map((m) => `${m.owner}/${m.name}`));
    await runMigrations(input.knex, input.sources, input.logger, { only: (id) => archived.has(id), storeVersion: input.storeVersion });
    const loaded = await loadTables(input.knex, file, manifest, spool);
    for (const [table, last] of Object.entries(manifest.sequences ?? {})) await continueSequence(input.knex, table, Number(last));
    const upgraded = await runMigrations(input.knex, input.sources, input.logger, { storeVersion: input.storeVersion });
    await spool.place();
    return { manifest, tables: loaded.tables, rows: loaded.rows, files: archive.files.length, upgraded };
  } catch (err) {
    await spool.discard().catch(() => undefined);
    await dropEverything(input.knex).catch(() => undefined);
    throw err;
  }
}

/** The archive's store version and migrations must be ones this code can take further, never back. */
function refuseIncompatible(file: string, manifest: Manifest, sources: MigrationSource[], storeVersion: string): void {
  if (!semver.valid(manifest.store_version)) throw new BackupError(`${file} is damaged: its manifest's store version "${manifest.store_version}" is not a version.`);
  const newest = [manifest.store_version, newestVersion(manifest.migrations)].filter((v): v is string => !!v).sort(semver.rcompare)[0]!;
  if (semver.gt(newest, storeVersion)) {
    throw new BackupError(`This backup was made by Storekeep ${newest}, newer than this ${storeVersion}: restore it with Storekeep ${newest} or later (migrations only go forward).`);
  }
  const known = knownMigrations(sources);
  for (const m of manifest.migrations) {
    const id = `${m.owner}/${m.name}`;
    if (!known.has(m.owner)) {
      throw new BackupError(`This backup has migration ${id} of plugin "${m.owner}", which is not installed here: install it (PLUGINS) and restore again.`);
    }
    if (!known.get(m.owner)!.has(m.name)) {
      const who = m.owner === 'kernel' ? `this Storekeep ${storeVersion}` : `plugin "${m.owner}" here`;
      throw new BackupError(`This backup has migration ${id}, which ${who} does not have: restore it with the version that made it, or a later one.`);
    }
  }
}

// Replacing the key would leave every secret sealed under the old one unreadable; only --force does it.
async function refuseOtherSecretsKey(dataDir: string, files: FileHeader[], force: boolean): Promise<void> {
  const archived = files.find((f) => f.path === SECRETS_KEY_FILE);
  const existing = path.join(dataDir, SECRETS_KEY_FILE);
  if (!archived || force || !fs.existsSync(existing)) return;
  if ((await fileSha256(existing)) === archived.sha256) return;
  throw new BackupError(`${existing} holds a different secrets key than the backup's: move it away (secrets sealed with it would no longer open), or add --force to replace it.`);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
