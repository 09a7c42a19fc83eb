import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { reusePreparedStatements } from './statement-cache.ts';
import { keepSoleConnection } from './sole-connection.ts';
import { runStatementsAtOnce } from './direct-statements.ts';
import { inlineSqliteLimits } from './sqlite-limits.ts';
import { compileEachShapeOnce } from './compiled-statements.ts';
import { useLightTransactors } from './light-transactors.ts';
import { mysqlServerOptions, mysqlTarget } from './database-url.ts';

export type { Knex };

/**
 * Opens the store's database: MySQL/MariaDB through mysql2 when DATABASE_URL is set, else the embedded
 * SQLite file in DATA_DIR. Every dialect-specific connection setting lives here.
 */
export function createDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databasePoolMax'>>, logger?: Logger): Knex {
  const log = logger ? knexLog(logger) : undefined;
  const knex = config.databaseUrl ? knexFactory({ ...mysqlSettings(config.databaseUrl, config.databasePoolMax ?? DEFAULT_POOL_MAX), log }) : openSqlite(config, log);
  compileEachShapeOnce(knex);
  useLightTransactors(knex);
  return knex;
}

// The embedded SQLite database, with the store's ways of running statements on its one connection.
function openSqlite(config: Pick<Config, 'dataDir'>, log: Knex.Config['log']): Knex {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const knex = knexFactory({ ...sqliteSettings(sqliteFile(config)), log });
  keepSoleConnection(knex);
  runStatementsAtOnce(knex);
  inlineSqliteLimits(knex);
  return knex;
}

/** The embedded SQLite database's file name in DATA_DIR (its -wal and -shm files sit beside it). */
export const SQLITE_FILE = 'store.sqlite';

/** The embedded SQLite database's file, when DATABASE_URL is not set. */
export function sqliteFile(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, SQLITE_FILE);
}

/**
 * knex's own messages go to the kernel's log instead of the console. A failed connection attempt is
 * thrown to the caller, which answers or reports it; knex's copy of it (with a stack) is only debug.
 */
function knexLog(logger: Logger): Knex.Config['log'] {
  return {
    warn(message: string) {
      if (message.startsWith('Acquire connection error')) logger.debug(message.split('\n')[0]);
      else logger.warn(message);
    },
    error: (message: string) => logger.error(message),
    deprecate: (method: string, alternative: string) => logger.warn(`knex: ${method} is deprecated, use ${alternative}`),
    debug: (message: string) => logger.debug(message),
  };
}

/**
 * MySQL/MariaDB connections per process by default (DATABASE_POOL_MAX). Computed reads wait on the
 * database's answer, not on the store's CPU: with 50 clients asking, 20 connections answered a
 * product's detail 1.26 times as often as knex's default of 10, the product list 1.14 times, for about
 * 12 MiB more resident under that load (bench/README.md, "More connections to MariaDB"); the checkout,
 * bound by its order-number lock, was the same either way.
 */
export const DEFAULT_POOL_MAX = 20;

/** The isolation level of the store's MySQL/MariaDB connections (a backup's snapshot asks for its own). */
export const STORE_ISOLATION_LEVEL = 'READ COMMITTED';

function mysqlSettings(databaseUrl: string, poolMax: number): Knex.Config {
  const target = mysqlTarget(databaseUrl);
  return {
    client: 'mysql2',
    connection: {
      ...mysqlServerOptions(target),
      user: target.user,
      password: target.password,
      database: target.database,
      // UTC everywhere: datetimes are written and read as UTC instants.
      timezone: 'Z',
      charset: 'utf8mb4',
      // Ids are bigint: numbers while they are safe integers, strings beyond.
      supportBigNumbers: true,
      bigNumberStrings: false,
      decimalNumbers: false,
    },
    pool: {
      min: 0,
      max: poolMax,
      afterCreate(conn: any, done: (err: Error | null, conn: unknown) => void) {
        // GROUP_CONCAT's result is cut at group_concat_max_len (MySQL's default: 1,024 bytes) with only a
        // warning; the catalogue's fingerprints are such concatenations, and a cut one could miss a change.
        const session = "SET time_zone = '+00:00', SESSION sql_mode = CONCAT(@@sql_mode, ',STRICT_ALL_TABLES'), SESSION group_concat_max_len = 4294967295";
        conn.query(session, (err: Error | null) => {
          if (err) return done(err, conn);
          // Every transaction of the store runs at this level (db/transaction-retry.ts says why); set on
          // the session once, it costs no statement per transaction.
          conn.query(`SET SESSION TRANSACTION ISOLATION LEVEL ${STORE_ISOLATION_LEVEL}`, (err2: Error | null) => done(err2, conn));
        });
      },
    },
    acquireConnectionTimeout: 30000,
    log: quietAboutOutages,
  };
}

// knex prints every failed connection attempt, with a stack, once per request during an outage; the
// kernel logs an outage once itself (db/unavailable.ts), so those lines are dropped and others kept.
const quietAboutOutages = {
  warn(message: string) {
    if (/^(Acquire connection error|Connection Error):/.test(String(message))) return;
    console.warn(message);
  },
};

/** The size the WAL file is cut back to when it starts over. */
const SQLITE_WAL_LIMIT_BYTES = 64 * 1024 * 1024;

/** The page cache of the store's SQLite connection, in KiB. */
const SQLITE_CACHE_KIB = 32 * 1024;

function sqliteSettings(filename: string): Knex.Config {
  return {
    client: 'better-sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    // SQLite has one writer: one pooled connection makes every transaction take its turn instead of
    // failing with SQLITE_BUSY, and WAL lets the CLI and backups read while the server runs.
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: any, done: (err: Error | null, conn: unknown) => void) {
        try {
          conn.pragma('journal_mode = WAL');
          conn.pragma('synchronous = NORMAL');
          conn.pragma('foreign_keys = ON');
          conn.pragma('busy_timeout = 10000');
          // SQLite's own default keeps 2 MiB of pages; a read over a few thousand rows of a large
          // catalogue (a search's matches) then goes to the operating system for most pages, which
          // tripled its time at 100,000 products (bench/README.md, "Cost as the catalogue grows"). The
          // cache fills only as pages are read, so a small store never holds more than its file.
          conn.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
          // A WAL that grew during a burst of writes is cut back to this size when it starts over
          // (db/wal-checkpointer.ts), instead of keeping its largest size on disk.
          conn.pragma(`journal_size_limit = ${SQLITE_WAL_LIMIT_BYTES}`);
          reusePreparedStatements(conn);
          done(null, conn);
        } catch (err) {
          done(err as Error, conn);
        }
      },
    },
    acquireConnectionTimeout: 60000,
  };
}
