import type { Knex } from 'knex';
import { backoffMs } from './claim.ts';

/**
 * The retry policy of request transactions. A deadlock victim or a lock-wait timeout rolled its whole
 * transaction back (the kernel rolls back on any error), so nothing of the attempt remains and the same
 * work run again in a fresh transaction very likely succeeds once the other transaction is done. Only
 * after the last attempt does the client get 503 `busy` (kernel/http/error-handler.ts).
 */
export const TRANSACTION_ATTEMPTS = 4;
const FIRST_DELAY_MS = 20;
const LONGEST_DELAY_MS = 400;

/**
 * MySQL/MariaDB: ER_LOCK_DEADLOCK, ER_LOCK_WAIT_TIMEOUT. SQLite: SQLITE_BUSY (and its variants), which
 * the store's single pooled connection and busy_timeout make rare; it surfaces when another process
 * (the CLI, a backup) holds the write lock for longer than the timeout.
 */
export function isTransientConflict(err: unknown): boolean {
  const code = String((err as { code?: unknown })?.code ?? '');
  return code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT' || code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_');
}

/** The pause before attempt `attempt + 1`: exponential with jitter, so two retried victims do not meet again in step. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  return backoffMs(attempt, FIRST_DELAY_MS, LONGEST_DELAY_MS, random);
}

/*
 * The isolation level of the store's transactions on MySQL/MariaDB: READ COMMITTED, set on each
 * connection when the pool opens it (db/connection.ts), so a transaction costs no statement to ask for
 * it. InnoDB's default, REPEATABLE READ, adds gap and next-key locks to locking reads, updates and
 * deletes, and concurrent inserts then deadlock on them (two product creations in one category did).
 * Nothing in the store depends on a snapshot held across statements: stock and voucher usage change
 * only through conditional UPDATEs (`… where available >= ?`), read-modify-write goes through
 * `forUpdate` (which reads the latest committed row at any level), counters are incremented and then
 * read back under the row lock the increment holds, uniqueness is the unique keys' job, and a row
 * inserted under a parent being deleted waits on the parent's row lock (foreign keys check it at any
 * level). Checks that count rows before inserting hold a row lock on what they count under (the
 * voucher's row for its uses), not gap locks. A backup's snapshot is the one REPEATABLE READ
 * transaction (backup/mysql-snapshot.ts). SQLite serialises writers and is always serialisable. With
 * the binary log on, MySQL needs binlog_format ROW or MIXED at this level (the default on both servers).
 */

// Transactions that asked something outside the database (a payment gateway) to act: running them
// again would repeat that, so a conflict after it is answered 503 busy instead.
const actedOutside = new WeakSet<object>();

function outermost(trx: Knex.Transaction): Knex.Transaction {
  let t = trx as Knex.Transaction & { parentTransaction?: Knex.Transaction };
  while (t.parentTransaction) t = t.parentTransaction as typeof t;
  return t;
}

/** Call before an effect outside the database (a gateway's refund or capture): `trx` is then never run again. */
export function markOutsideEffect(trx: Knex | Knex.Transaction): void {
  if ((trx as Knex.Transaction).isTransaction) actedOutside.add(outermost(trx as Knex.Transaction));
}

/** True when `trx` (or the transaction it is a savepoint of) had an effect outside the database. */
export function hadOutsideEffect(trx: Knex.Transaction): boolean {
  return actedOutside.has(outermost(trx));
}

/**
 * Runs `attempt` until it succeeds, fails with anything but a transient conflict, `mayRetry()` says no
 * (the reply already went out), or TRANSACTION_ATTEMPTS are used up; the last error is rethrown.
 */
export async function withTransactionRetries<T>(
  attempt: (n: number) => Promise<T>,
  opts: { mayRetry: () => boolean; onRetry?: (err: unknown, n: number) => void; sleep?: (ms: number) => Promise<void> },
): Promise<T> {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (err) {
      if (n >= TRANSACTION_ATTEMPTS || !isTransientConflict(err) || !opts.mayRetry()) throw err;
      opts.onRetry?.(err, n);
      await sleep(retryDelayMs(n));
    }
  }
}
