import type { Knex } from 'knex';
import { forUpdateSkipLocked, isSqlite, readThroughIndex } from './dialect.ts';

export interface ClaimOptions {
  table: string;
  now: Date;
  limit: number;
  /** How long the claim holds; a claimer that dies lets the rows become due again after it. */
  leaseMs: number;
  /** Narrows the rows to those that are due. */
  due: (query: Knex.QueryBuilder) => void;
  /** Extra columns written with the lease (for example who claimed the rows). */
  stamp?: Record<string, unknown>;
  /**
   * The index that holds the due rows in id order (its first column narrowed by `due` to one value,
   * then `id`). The claim reads through it: otherwise MariaDB walks the primary key from the first row
   * of the table and SQLite sorts every due row, both costing more as the table grows.
   */
  index?: string;
}

/**
 * Claims due rows for this instance and writes their lease, so the work itself runs outside any long
 * transaction: on MySQL/MariaDB a short transaction selects them `FOR UPDATE SKIP LOCKED` (instances
 * never take the same row) and writes the lease; on SQLite one `UPDATE … RETURNING` does both, since a
 * statement there is as atomic as a transaction (one writer at a time). Rows come in id order.
 */
export async function claimDueRows<T = any>(knex: Knex, opts: ClaimOptions): Promise<T[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await claimOnce<T>(knex, opts);
    } catch (err) {
      // InnoDB may still pick this claim as a deadlock victim against another instance's claim or
      // delete; the claim changed nothing yet, so it is simply tried again.
      if (attempt >= 3 || !isLockConflict(err)) throw err;
    }
  }
}

function claimOnce<T>(knex: Knex, opts: ClaimOptions): Promise<T[]> {
  if (isSqlite(knex)) return claimInOneStatement<T>(knex, opts);
  // READ COMMITTED on MySQL/MariaDB (the connections' level, db/transaction-retry.ts): no gap locks, so
  // concurrent claimers lock only the rows they take (under REPEATABLE READ they deadlocked each other
  // in tests with two workers).
  return knex.transaction(async (trx) => {
    const rows = (await forUpdateSkipLocked(trx, dueRows(trx, opts).select('*'))) as T[];
    if (rows.length === 0) return rows;
    await trx(opts.table)
      .whereIn('id', rows.map((r: any) => r.id))
      .update(lease(opts));
    return rows;
  });
}

// The claim without BEGIN and COMMIT around it: three round trips of the outbox's every dispatch round
// fewer. The rows come back as the update left them (with their lease), which no claimer reads.
async function claimInOneStatement<T>(knex: Knex, opts: ClaimOptions): Promise<T[]> {
  const rows = (await knex(opts.table)
    .whereIn('id', dueRows(knex, opts).select('id'))
    .update(lease(opts))
    .returning('*')) as unknown as T[];
  // RETURNING gives the rows in the order the update met them, which SQLite does not promise.
  return rows.sort((a: any, b: any) => Number(a.id) - Number(b.id));
}

// The oldest due rows whose lease is free or ran out, at most `limit`.
function dueRows(db: Knex | Knex.Transaction, opts: ClaimOptions): Knex.QueryBuilder {
  return claimSource(db, opts)
    .where((q) => opts.due(q))
    .andWhere((q) => q.whereNull('locked_until').orWhere('locked_until', '<=', opts.now))
    .orderBy('id')
    .limit(opts.limit);
}

function lease(opts: ClaimOptions): Record<string, unknown> {
  return { locked_until: new Date(opts.now.getTime() + opts.leaseMs), ...opts.stamp };
}

// The table to claim from, read through `opts.index` when given.
function claimSource(db: Knex | Knex.Transaction, opts: ClaimOptions): Knex.QueryBuilder {
  const query = db(opts.table);
  if (opts.index) readThroughIndex(db, query, opts.table, opts.index);
  return query;
}

/** A MySQL/MariaDB deadlock victim or lock wait timeout: the transaction changed nothing and may be retried. */
export function isLockConflict(err: unknown): boolean {
  const code = (err as { code?: string })?.code;
  return code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT';
}

/** Exponential backoff with full jitter around the step, capped; `attempt` counts from 1. */
export function backoffMs(attempt: number, baseMs: number, capMs: number, random: () => number = Math.random): number {
  const step = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(step / 2 + random() * (step / 2));
}
