import type { Knex } from 'knex';
import { forUpdateSkipLocked, readThroughIndex } from './dialect.ts';

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
 * Claims due rows for this instance: a short transaction selects them (`FOR UPDATE SKIP LOCKED` on
 * MySQL/MariaDB, so instances never take the same row; SQLite's single writer does the same) and
 * writes a lease, then commits, so the work itself runs outside any long transaction.
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
  // READ COMMITTED on MySQL/MariaDB (the connections' level, db/transaction-retry.ts): no gap locks, so
  // concurrent claimers lock only the rows they take (under REPEATABLE READ they deadlocked each other
  // in tests with two workers).
  return knex.transaction(async (trx) => {
    const query = claimSource(trx, opts)
      .select('*')
      .where((q) => opts.due(q))
      .andWhere((q) => q.whereNull('locked_until').orWhere('locked_until', '<=', opts.now))
      .orderBy('id')
      .limit(opts.limit);
    const rows = (await forUpdateSkipLocked(trx, query)) as T[];
    if (rows.length === 0) return rows;
    const lockedUntil = new Date(opts.now.getTime() + opts.leaseMs);
    await trx(opts.table)
      .whereIn('id', rows.map((r: any) => r.id))
      .update({ locked_until: lockedUntil, ...opts.stamp });
    return rows;
  });
}

// The table to claim from, read through `opts.index` when given.
function claimSource(trx: Knex.Transaction, opts: ClaimOptions): Knex.QueryBuilder {
  const query = trx(opts.table);
  if (opts.index) readThroughIndex(trx, query, opts.table, opts.index);
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
