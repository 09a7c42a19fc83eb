import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import type { Logger } from '../logger.ts';
import { isMysql } from './dialect.ts';
import { refuseNewerDatabase } from './upgrade-guard.ts';
import { STORE_VERSION } from '../plugin-compat.ts';

/** One owner's migrations folder: the kernel's own or a plugin's `migrations/`. */
export interface MigrationSource {
  owner: string;
  dir: string;
}

export interface Migration {
  up(knex: Knex): Promise<void>;
  down?(knex: Knex): Promise<void>;
}

export const MIGRATIONS_TABLE = 'storekeep_migrations';
const TABLE = MIGRATIONS_TABLE;
const MIGRATION_FILE = /^\d+[-_].+\.(ts|js|mjs)$/;

/** Lists a folder's migrations in file-name order (`001-create-users.ts`, `002-…`). */
export function listMigrations(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => MIGRATION_FILE.test(f) && !f.endsWith('.d.ts')).sort();
}

/** A migration's name: its file name without the extension (`001-create-users`). */
export function migrationName(file: string): string {
  return file.replace(/\.(ts|js|mjs)$/, '');
}

/** Owner → the names of the migrations this code has for it (the upgrade guard and restore compare against it). */
export function knownMigrations(sources: MigrationSource[]): Map<string, Set<string>> {
  return new Map(sources.map((s) => [s.owner, new Set(listMigrations(s.dir).map(migrationName))]));
}

async function ensureTable(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasTable(TABLE))) {
    await knex.schema.createTable(TABLE, (t) => {
      t.increments('id');
      t.string('owner', 100).notNullable();
      t.string('name', 200).notNullable();
      t.datetime('applied_at', { precision: 3 }).notNullable();
      // The Storekeep version that applied it: the upgrade guard refuses code older than the database.
      t.string('store_version', 50);
      t.unique(['owner', 'name']);
    });
    return;
  }
  // Databases migrated before the guard existed get the column once; their old rows keep null (unknown).
  if (await knex.schema.hasColumn(TABLE, 'store_version')) return;
  try {
    await knex.schema.alterTable(TABLE, (t) => {
      t.string('store_version', 50);
    });
  } catch (err) {
    // On SQLite (no migration lock) another process starting at the same moment may have added it.
    if (!(await knex.schema.hasColumn(TABLE, 'store_version'))) throw err;
  }
}

// Several instances may start at once on MySQL: a named lock lets one migrate while the others wait.
async function withMigrationLock<T>(knex: Knex, fn: () => Promise<T>): Promise<T> {
  if (!isMysql(knex)) return fn();
  const conn = await knex.client.acquireConnection();
  try {
    const [rows] = await knex.raw("SELECT GET_LOCK('storekeep_migrations', 120) AS got").connection(conn);
    if (!rows?.[0]?.got) throw new Error('Timed out waiting for another instance to finish migrating.');
    try {
      return await fn();
    } finally {
      await knex.raw("SELECT RELEASE_LOCK('storekeep_migrations')").connection(conn);
    }
  } finally {
    await knex.client.releaseConnection(conn);
  }
}

export interface RunMigrationsOptions {
  /** Apply only the pending migrations this accepts (`owner/name`); a restore first applies those of its backup. */
  only?: (id: string) => boolean;
  /** The version recorded with each migration and checked by the upgrade guard; package.json's by default. */
  storeVersion?: string;
}

/**
 * Applies every pending migration of every source, in the order given (the plugin dependency order),
 * each in its own transaction with its bookkeeping row (which records the store version). Returns the
 * names applied. Before applying anything it refuses a database a newer Storekeep migrated
 * (upgrade-guard.ts).
 */
export async function runMigrations(knex: Knex, sources: MigrationSource[], logger?: Logger, options: RunMigrationsOptions = {}): Promise<string[]> {
  const storeVersion = options.storeVersion ?? STORE_VERSION;
  return withMigrationLock(knex, async () => {
    await ensureTable(knex);
    const rows = await knex(TABLE).select('owner', 'name', 'store_version');
    refuseNewerDatabase(rows, knownMigrations(sources), storeVersion);
    const done = new Set(rows.map((r) => `${r.owner}/${r.name}`));
    const applied: string[] = [];
    for (const source of sources) {
      for (const file of listMigrations(source.dir)) {
        const name = migrationName(file);
        if (done.has(`${source.owner}/${name}`)) continue;
        if (options.only && !options.only(`${source.owner}/${name}`)) continue;
        const migration = (await import(pathToFileURL(path.join(source.dir, file)).href)) as Migration;
        if (typeof migration.up !== 'function') throw new Error(`Migration ${source.owner}/${file} exports no up().`);
        try {
          await knex.transaction(async (trx) => {
            await migration.up(trx);
            await trx(TABLE).insert({ owner: source.owner, name, applied_at: new Date(), store_version: storeVersion });
          });
        } catch (err) {
          throw new Error(`Migration ${source.owner}/${name} failed: ${(err as Error).message}`, { cause: err });
        }
        logger?.info({ migration: `${source.owner}/${name}` }, 'migration applied');
        applied.push(`${source.owner}/${name}`);
      }
    }
    return applied;
  });
}
