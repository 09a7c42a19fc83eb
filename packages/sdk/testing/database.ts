import crypto from 'node:crypto';
import mysql from 'mysql2/promise';
import { databaseUrlProblem, mysqlServerOptions, mysqlTarget } from '../../../kernel/db/database-url.ts';

/** A database of its own for one test store, and how to get rid of it. */
export interface TestDatabase {
  /** DATABASE_URL for the store; undefined means SQLite in the store's DATA_DIR. */
  url?: string;
  /** The MySQL/MariaDB schema created for the store (undefined on SQLite). */
  name?: string;
  drop(): Promise<void>;
}

// A schema name is put into CREATE/DROP DATABASE: letters, digits and "_" only, at most MySQL's 64.
const SCHEMA_NAME = /^[A-Za-z0-9_]{1,64}$/;

/**
 * On MySQL/MariaDB (`baseUrl` a mysql:// URL): creates a new schema on that server, named `name`
 * or `storekeep_test_<pid>_<random>`, refusing one that already exists, and drops it afterwards. Without
 * a URL: SQLite, a file in the store's DATA_DIR, so there is nothing to create or drop.
 */
export async function createTestDatabase(baseUrl: string | undefined, name?: string): Promise<TestDatabase> {
  if (!baseUrl) return { drop: async () => undefined };
  const problem = databaseUrlProblem(baseUrl);
  if (problem) throw new Error(`The test database URL: ${problem}`);
  const url = new URL(baseUrl);
  const target = mysqlTarget(baseUrl);
  const schema = name ?? `storekeep_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  if (!SCHEMA_NAME.test(schema)) throw new Error(`The test database name "${schema}" must be 1 to 64 letters, digits or "_".`);
  const connect = () =>
    mysql.createConnection({ ...mysqlServerOptions(target), user: target.user, password: target.password });
  const admin = await connect();
  try {
    // No IF NOT EXISTS: a test never takes over (and later drops) a schema it did not create.
    await admin.query(`CREATE DATABASE \`${schema}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${schema}`;
  return {
    url: url.toString(),
    name: schema,
    drop: async () => {
      const conn = await connect();
      try {
        await conn.query(`DROP DATABASE IF EXISTS \`${schema}\``);
      } finally {
        await conn.end();
      }
    },
  };
}
