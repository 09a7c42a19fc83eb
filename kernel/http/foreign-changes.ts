import type { Knex } from 'knex';
import type { Logger } from '../logger.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

/** How often the events table is read for changes other processes committed. */
export const FOREIGN_CHANGE_POLL_MS = 1000;
// Events whose id is this far below the highest one seen are taken as settled (see below).
const SETTLED_AFTER_MS = 10 * 60_000;
const FIRST_WINDOW_IDS = 10_000;

interface Signal {
  count: number;
  top: number;
}

/**
 * Notices changes committed by other processes (the CLI while the server runs, other instances on one
 * MySQL database) so the response cache forgets answers they made stale: every change writes an outbox
 * event, so once a second the events table's recent rows are counted and their highest id read, and any
 * difference from the previous reading calls `onChange`.
 *
 * Counting, not only the highest id: on MySQL, ids are handed out at insert and a transaction may commit
 * after a later one, so a new row can appear below the highest id. Only rows above a floor are counted,
 * to keep the query cheap: the highest id seen ten to twenty minutes ago (at start, 10,000 below the
 * highest). A transaction that commits events more than ten minutes after writing them could go
 * unnoticed; this instance's own changes never depend on this (they invalidate at commit).
 *
 * Bound: another process's committed change is reflected by this instance's cached answers within
 * FOREIGN_CHANGE_POLL_MS plus one query.
 */
export class ForeignChanges {
  private timer?: NodeJS.Timeout;
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  private last?: Signal;
  private floor = 0;
  private unreachable = false;
  // The highest id at a past reading: the next floor, once ten minutes old.
  private sample?: { at: number; top: number };

  constructor(
    private readonly knex: Knex,
    private readonly onChange: () => void,
    private readonly logger: Logger,
    private readonly intervalMs = FOREIGN_CHANGE_POLL_MS,
    /** Event types that change nothing a cached answer shows (EventBus.declarePrivate): not counted. */
    private readonly privateTypes: () => string[] = () => [],
  ) {}

  start(): void {
    // A slow database must not pile readings up: the timer skips a beat while one is under way.
    this.timer ??= setInterval(() => this.pending === 0 && void this.check(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.queue;
  }

  /**
   * One reading that starts after every earlier one ended (the timer's work; tests call it to force the
   * check instead of waiting). It never rejects.
   */
  check(): Promise<void> {
    this.pending++;
    this.queue = this.queue.then(() => this.read()).finally(() => {
      this.pending--;
    });
    return this.queue;
  }

  private async read(): Promise<void> {
    try {
      if (this.last === undefined && this.floor === 0) {
        const row: any = await this.knex('events').max({ top: 'id' }).first();
        this.floor = Math.max(0, Number(row?.top ?? 0) - FIRST_WINDOW_IDS);
      }
      this.raiseFloor();
      const query = this.knex('events').where('id', '>', this.floor);
      const skipped = this.privateTypes();
      if (skipped.length > 0) query.whereNotIn('type', skipped);
      const row: any = await query.count({ count: '*' }).max({ top: 'id' }).first();
      const signal: Signal = { count: Number(row?.count ?? 0), top: Number(row?.top ?? this.floor) };
      // The first reading (and the first after the floor moved) has nothing to compare with: whatever
      // was cached before it may be stale.
      const moved = this.last === undefined || signal.count !== this.last.count || signal.top !== this.last.top;
      this.last = signal;
      this.sample ??= { at: Date.now(), top: signal.top };
      if (moved) this.onChange();
      this.unreachable = false;
    } catch (err) {
      // A database outage fails every check (each second) until it ends: said once.
      if (!this.unreachable) this.logger.warn({ err }, 'could not read the events table for changes by other processes');
      this.unreachable = isDatabaseUnavailable(err);
      // Unable to tell: forget everything rather than risk serving a stale answer.
      this.last = undefined;
      this.onChange();
    }
  }

  // Once every ten minutes the floor moves up to the highest id seen ten minutes earlier; the count
  // then starts afresh, which costs one invalidation per ten minutes.
  private raiseFloor(): void {
    if (!this.sample || Date.now() - this.sample.at < SETTLED_AFTER_MS) return;
    if (this.sample.top > this.floor) {
      this.floor = this.sample.top;
      this.last = undefined;
    }
    this.sample = undefined;
  }
}
