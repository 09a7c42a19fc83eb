import crypto from 'node:crypto';
import { createTestDatabase } from '../../packages/sdk/testing/database.ts';

/**
 * A fresh database per test file: on MariaDB/MySQL (when DATABASE_URL is set) a new schema that is
 * dropped afterwards; on SQLite a new file in the test's own DATA_DIR (so nothing to do here).
 */
export async function freshDatabaseUrl(): Promise<{ url?: string; drop: () => Promise<void> }> {
  return createTestDatabase(process.env.DATABASE_URL, `sk_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`);
}
