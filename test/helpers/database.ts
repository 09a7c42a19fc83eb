import crypto from 'node:crypto';
import mysql from 'mysql2/promise';

/**
 * A fresh database per test file: on MariaDB/MySQL (when DATABASE_URL is set) a new schema that is
 * dropped afterwards; on SQLite a new file in the test's own DATA_DIR (so nothing to do here).
 */
export async function freshDatabaseUrl(): Promise<{ url?: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => undefined };
  const url = new URL(base);
  const name = `sk_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = await mysql.createConnection({ host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const conn = await mysql.createConnection({ host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) });
      await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await conn.end();
    },
  };
}
