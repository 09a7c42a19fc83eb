import type { Knex } from 'knex';

type TransactionLike = Knex.Transaction & { parentTransaction?: Knex.Transaction; executionPromise?: Promise<unknown> };

/**
 * Calls `run` once the change `db` belongs to has committed: at once outside a transaction, after the
 * outermost transaction's COMMIT succeeded inside one (a savepoint hands it to its parent when it is
 * released), and never when the change rolled back.
 */
export function onceCommitted(db: Knex | Knex.Transaction, run: () => void): void {
  const trx = db as TransactionLike;
  if (!trx.isTransaction || !trx.executionPromise) return run();
  trx.executionPromise.then(
    () => (trx.parentTransaction ? onceCommitted(trx.parentTransaction, run) : run()),
    () => undefined,
  );
}
