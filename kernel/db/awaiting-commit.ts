import type { Knex } from 'knex';

type TransactionLike = Knex.Transaction & { parentTransaction?: Knex.Transaction; executionPromise?: Promise<unknown> };

/**
 * Follows the transactions that wrote something to be acted on once committed (the outbox's events, the
 * worker's leased jobs) until they commit. What a savepoint collected joins its parent's when it is
 * released and is dropped when it rolls back (its rows are gone); what the outermost transaction
 * collected reaches `onCommit` once its COMMIT succeeded, once per transaction however often `add` was
 * called, and never if it rolled back. What is written outside a transaction is committed already.
 */
export class AwaitingCommit<T> {
  private readonly waiting = new WeakMap<Knex.Transaction, T>();

  constructor(
    private readonly parts: {
      /** What a transaction has collected before its first `add`. */
      empty: () => T;
      /** Adds `more` (an `add`, or a released savepoint's) to what a transaction collected. */
      merge: (into: T, more: T) => void;
      onCommit: (collected: T) => void;
    },
  ) {}

  add(db: Knex | Knex.Transaction, value: T): void {
    const trx = db as TransactionLike;
    if (!trx.isTransaction || !trx.executionPromise) return this.parts.onCommit(value);
    let collected = this.waiting.get(trx);
    if (collected === undefined) {
      const settled = this.parts.empty();
      this.waiting.set(trx, settled);
      trx.executionPromise.then(
        () => {
          this.waiting.delete(trx);
          if (trx.parentTransaction) this.add(trx.parentTransaction, settled);
          else this.parts.onCommit(settled);
        },
        () => this.waiting.delete(trx),
      );
      collected = settled;
    }
    this.parts.merge(collected, value);
  }
}
