import type { Knex } from 'knex';
import { isSqlite } from './dialect.ts';

/** How long a kept read serves before it is read again: another process's change shows within this. */
export const KEPT_READ_MS = 2000;

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
 * - What is kept is read as committed: on MySQL/MariaDB through the store's pool rather than the
 *   caller's transaction, whose snapshot may predate a change that committed since; on SQLite through
 *   the caller's connection (the one there is: a read outside its transaction would wait for it), which
 *   sees every committed change.
 */
export class KeptRead<T> {
  private kept?: { value: Promise<T>; until: number };
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
    const now = performance.now();
    if (this.kept && now < this.kept.until && this.writing === 0) return this.kept.value;
    if (this.writing > 0) return this.load(db);
    const generation = this.generation;
    const value = this.load(isSqlite(this.knex) ? db : this.knex);
    const kept = { value, until: now + this.maxAgeMs };
    this.kept = kept;
    value.then(
      () => {
        if (this.generation !== generation && this.kept === kept) this.kept = undefined;
      },
      () => {
        if (this.kept === kept) this.kept = undefined;
      },
    );
    return value;
  }

  /**
   * `trx` changes what is read: reads bypass what is kept until its outermost transaction ends (a
   * savepoint's change commits with its parent), and then read afresh.
   */
  changed(trx: Knex.Transaction): void {
    let outer = trx as Knex.Transaction & { parentTransaction?: Knex.Transaction };
    while (outer.parentTransaction) outer = outer.parentTransaction;
    this.writing++;
    this.kept = undefined;
    const ended = () => {
      this.writing--;
      this.generation++;
      this.kept = undefined;
    };
    outer.executionPromise.then(ended, ended);
  }
}
