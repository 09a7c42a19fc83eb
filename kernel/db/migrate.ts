import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import type { Logger } from '../logger.ts';
import { isMysql } from './dialect.ts';

/** One owner's migrations folder: the kernel's own or a plugin's `migrations/`. */
export interface MigrationSource {
  owner: string;
  dir: string;
}

export interface Migration {
  up(knex: Knex): Promise<void>;
  down?(knex: Knex): Promise<void>;
}

const TABLE = 'storekeep_migrations';
const MIGRATION_FILE = /^\d+[-_].+\.(ts|js|mjs)$/;

/** Lists a folder's migrations in file-name order (`001-create-users.ts`, `002-…`). */
export function listMigrations(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => MIGRATION_FILE.test(f) && !f.endsWith('.d.ts')).sort();
}

async function ensureTable(knex: Knex): Promise<void> {
  if (await knex.schema.hasTable(TABLE)) return;
  await knex.schema.createTable(TABLE, (t) => {
    t.increments('id');
    t.string('owner', 100).notNullable();
    t.string('name', 200).notNullable();
    t.datetime('applied_at', { precision: 3 }).notNullable();
    t.unique(['owner', 'name']);
  });
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

/**
 * Applies every pending migration of every source, in the order given (the plugin dependency order),
 * each in its own transaction with its bookkeeping row. Returns the names applied.
 */
export async function runMigrations(knex: Knex, sources: MigrationSource[], logger?: Logger): Promise<string[]> {
  return withMigrationLock(knex, async () => {
    await ensureTable(knex);
    const done = new Set((await knex(TABLE).select('owner', 'name')).map((r) => `${r.owner}/${r.name}`));
    const applied: string[] = [];
    for (const source of sources) {
      for (const file of listMigrations(source.dir)) {
        const name = file.replace(/\.(ts|js|mjs)$/, '');
        if (done.has(`${source.owner}/${name}`)) continue;
        const migration = (await import(pathToFileURL(path.join(source.dir, file)).href)) as Migration;
        if (typeof migration.up !== 'function') throw new Error(`Migration ${source.owner}/${file} exports no up().`);
        try {
          await knex.transaction(async (trx) => {
            await migration.up(trx);
            await trx(TABLE).insert({ owner: source.owner, name, applied_at: new Date() });
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
