import type { Knex } from 'knex';
import type { Snapshot, SnapshotMigration, SnapshotTable } from './snapshot.ts';

// The parts of a mysql2 connection (callback API, as knex's pool hands it out) used here.
interface RawConnection {
  query(sql: string, values: unknown[], callback: (err: Error | null, rows: any) => void): void;
  query(options: { sql: string; rowsAsArray?: boolean }): { stream(options?: { highWaterMark?: number }): NodeJS.ReadableStream & AsyncIterable<unknown[]> };
}

const quote = (name: string) => `\`${name.replace(/`/g, '``')}\``;

/**
 * The MySQL/MariaDB snapshot: one connection from the store's pool, in a REPEATABLE READ transaction
 * started WITH CONSISTENT SNAPSHOT, READ ONLY. InnoDB serves every read in it as of that moment while
 * other connections go on writing, and it takes no locks, so the store never waits for a backup. Rows
 * are streamed (rowsAsArray), never held a whole table at a time. The pool's connection settings
 * (UTC, big numbers) are the kernel's own: datetimes come back as UTC Dates.
 */
export async function openMysqlSnapshot(knex: Knex): Promise<Snapshot> {
  const conn = (await knex.client.acquireConnection()) as RawConnection;
  const query = (sql: string, values: unknown[] = []) =>
    new Promise<any[]>((resolve, reject) => conn.query(sql, values, (err, rows) => (err ? reject(err) : resolve(rows))));
  let open = true;
  const release = async (end: string) => {
    if (!open) return;
    open = false;
    try {
      await query(end);
    } finally {
      await knex.client.releaseConnection(conn);
    }
  };
  try {
    // MySQL 8 caches information_schema figures (AUTO_INCREMENT among them) for a day by default.
    await query('SET SESSION information_schema_stats_expiry = 0').catch(() => undefined);
    await query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    await query('START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY');
  } catch (err) {
    await release('ROLLBACK').catch(() => undefined);
    throw err;
  }

  const hasTable = async (table: string) =>
    (await query("select 1 from information_schema.tables where table_schema = database() and table_name = ? and table_type = 'BASE TABLE'", [table])).length > 0;

  return {
    dialect: 'mysql',
    async migrations() {
      if (!(await hasTable('storekeep_migrations'))) return null;
      const rows = await query('select * from storekeep_migrations order by id');
      return rows.map((r): SnapshotMigration => ({ owner: String(r.owner), name: String(r.name), applied_at: r.applied_at, store_version: r.store_version ?? null }));
    },
    async tables() {
      const names = await query("select table_name as name from information_schema.tables where table_schema = database() and table_type = 'BASE TABLE' order by table_name");
      const tables: SnapshotTable[] = [];
      for (const { name } of names) {
        const cols = await query(
          'select column_name as name, column_type as type from information_schema.columns where table_schema = database() and table_name = ? order by ordinal_position',
          [name],
        );
        tables.push({ name: String(name), columns: cols.map((c) => String(c.name)), types: cols.map((c) => String(c.type)) });
      }
      return tables;
    },
    async count(table) {
      const [row] = await query(`select count(*) as n from ${quote(table)}`);
      return Number(row.n);
    },
    rows(table) {
      const columns = table.columns.map(quote).join(', ');
      return conn.query({ sql: `select ${columns} from ${quote(table.name)}`, rowsAsArray: true }).stream({ highWaterMark: 500 });
    },
    async sequences() {
      const rows = await query('select table_name as name, auto_increment as next from information_schema.tables where table_schema = database() and auto_increment is not null');
      // AUTO_INCREMENT is the next id to hand out; the archive keeps the last one handed out, as SQLite does.
      return Object.fromEntries(rows.map((r) => [String(r.name), Number(r.next) - 1]));
    },
    close: () => release('COMMIT'),
  };
}
