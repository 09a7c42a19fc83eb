import type { Knex } from 'knex';
import { isSqlite } from './dialect.ts';

/** How long a kept read serves before it is read again: another process's change shows within this. */
export const KEPT_READ_MS = 2000;

type Transaction = Knex.Transaction & { parentTransaction?: Knex.Transaction };

/**
 * A read of a small table that nearly every request of some kind makes and that changes rarely (the
 * active shipping methods every priced checkout asks for), kept in memory so those requests do not
 * each pay a round trip for it: the same consistency the store's settings have.
 *
 * - A change made here is seen at once: the service that writes the table calls `changed(trx)` in the
 *   writing transaction; while any such transaction runs, every read goes to the database through the
 *   caller's own connection (which sees its own uncommitted change), and what was kept is dropped when
 *   it ends, committed or not.
 * - A change made by another process (another instance, the CLI) is seen within `maxAgeMs` (2 s).
 * - What is kept was read as committed. On MySQL/MariaDB that is a read through the store's pool: a
 *   caller's transaction may hold a snapshot older than a change committed since. A caller inside a
 *   transaction never waits for such a read, though (its own connection held, it would wait for another,
 *   and with every connection held by such callers, for ever): when nothing current is kept it reads
 *   through its transaction and the pool's read is made beside it, for the callers after it. On SQLite
 *   the caller's connection is the one there is (a read outside its transaction would wait for it), and
 *   it sees every change this process committed.
 */
export class KeptRead<T> {
  private kept?: { value: T; until: number };
  // The read under way that will be kept, shared by the callers that may wait for it.
  private loading?: Promise<T>;
  private writing = 0;
  // Moved on by every change that ended here: a read begun before it is not kept.
  private generation = 0;

  constructor(
    private readonly knex: Knex,
    private readonly load: (db: Knex) => Promise<T>,
    private readonly maxAgeMs = KEPT_READ_MS,
  ) {}

  /** The value, kept or read; `db` is the caller's connection or transaction. */
  get(db: Knex): Promise<T> {
    if (this.writing > 0) return this.load(db);
    if (this.kept && performance.now() < this.kept.until) return Promise.resolve(this.kept.value);
    if (isSqlite(this.knex)) return this.refresh(db);
    if (!(db as Transaction).isTransaction) return this.refresh(this.knex);
    this.refresh(this.knex).catch(() => undefined);
    return this.load(db);
  }

  /**
   * `trx` changes what is read: reads bypass what is kept until its outermost transaction ends (a
   * savepoint's change commits with its parent), and then read afresh. Resolves once it has ended:
   * true when it committed.
   */
  changed(trx: Knex.Transaction): Promise<boolean> {
    let outer = trx as Transaction;
    while (outer.parentTransaction) outer = outer.parentTransaction as Transaction;
    this.writing++;
    this.kept = undefined;
    const ended = () => {
      this.writing--;
      this.generation++;
      this.kept = undefined;
    };
    return outer.executionPromise.then(
      () => (ended(), true),
      () => (ended(), false),
    );
  }

  // A read to keep (the one under way, if any); kept once it answers, unless a change ended meanwhile.
  private refresh(db: Knex): Promise<T> {
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = this.load(db);
    this.loading = loading;
    const settle = () => {
      if (this.loading === loading) this.loading = undefined;
    };
    loading.then((value) => {
      settle();
      if (this.generation === generation && this.writing === 0) this.kept = { value, until: performance.now() + this.maxAgeMs };
    }, settle);
    return loading;
  }
}
