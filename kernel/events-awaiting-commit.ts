import type { Knex } from 'knex';

/**
 * An event this instance wrote already leased to itself (`locked_until`), kept in memory so that it is
 * dispatched after its commit without being claimed from the table.
 */
export interface LeasedEvent {
  id: number;
  type: string;
  /** As written: the JSON text of its data. */
  data: string;
  created_at: Date;
  /** When its lease runs out (ms since the epoch, the store clock's). */
  leased_until: number;
}

/** What the events of a transaction come to once it has committed. */
export interface CommittedEvents {
  /** Whether one of them may change an anonymous (cacheable) answer. */
  public: boolean;
  /** The events written with this instance's lease, in id order. */
  leased: LeasedEvent[];
  /** Whether some were written without one: the next dispatch round claims them from the table. */
  unleased: boolean;
}

type TransactionLike = Knex.Transaction & { parentTransaction?: Knex.Transaction; executionPromise?: Promise<unknown> };

/**
 * Follows the transactions that wrote events until they commit. A savepoint's events join its
 * parent's when it is released and are dropped when it rolls back (their rows are gone); those of the
 * outermost transaction reach `onCommit` once its COMMIT succeeded, once per transaction however many
 * events it wrote, and never if it rolled back. Events written outside a transaction are committed
 * already.
 */
export class AwaitingCommit {
  private readonly waiting = new WeakMap<Knex.Transaction, CommittedEvents>();

  constructor(private readonly onCommit: (events: CommittedEvents) => void) {}

  add(db: Knex | Knex.Transaction, events: CommittedEvents): void {
    const trx = db as TransactionLike;
    if (!trx.isTransaction || !trx.executionPromise) return this.onCommit(events);
    let state = this.waiting.get(trx);
    if (!state) {
      const settled: CommittedEvents = { public: false, leased: [], unleased: false };
      this.waiting.set(trx, settled);
      trx.executionPromise.then(
        () => {
          this.waiting.delete(trx);
          if (trx.parentTransaction) this.add(trx.parentTransaction, settled);
          else this.onCommit(settled);
        },
        () => this.waiting.delete(trx),
      );
      state = settled;
    }
    state.public ||= events.public;
    state.unleased ||= events.unleased;
    state.leased.push(...events.leased);
  }
}
