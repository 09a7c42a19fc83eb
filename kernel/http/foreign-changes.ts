import type { Knex } from 'knex';
import type { Logger } from '../logger.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

/** How often the events table is read for changes other processes committed. */
export const FOREIGN_CHANGE_POLL_MS = 1000;
// A missing id this old is taken as never coming (a rolled-back insert; see below).
const SETTLED_AFTER_MS = 10 * 60_000;
// At most this many missing ids are watched; beyond, the oldest are taken as never coming.
const MAX_GAPS = 1000;
// At start, the ids this far below the highest are looked at for ones still missing.
const FIRST_WINDOW_IDS = 10_000;
// At most this many ids of this instance's own commits are remembered; beyond, the oldest are
// forgotten and counted as another process's when seen (one more clearing of the cache, as before).
const MAX_OWN_IDS = 10_000;

/**
 * Notices changes committed by other processes (the CLI while the server runs, other instances on one
 * MySQL database) so the response cache forgets answers they made stale: every change writes an outbox
 * event, so once a second the events table is asked what arrived above the highest id seen, and about
 * the ids still missing below it; any new event calls `onChange`.
 *
 * The missing ids: on MySQL, ids are handed out at insert and a transaction may commit after a later
 * one, so a row can appear below the highest id already seen. When the rows above it are fewer than the
 * ids they span, their ids are read and the absent ones watched. A rolled-back insert leaves its id
 * missing for good: an id missing for ten minutes, or beyond the newest thousand watched, is let go. A
 * transaction that commits events later than that could go unnoticed; this instance's own changes never
 * depend on this (they invalidate at commit). Each reading costs an aggregate over the rows that arrived
 * since the last one, where counting every row of the last ten to twenty minutes cost a scan of all of
 * them each second (52 ms a reading on MariaDB right after the bench's inventory bulk sync).
 *
 * This instance's own events (`committedHere`, from the outbox at commit, when the cache was cleared
 * already) are not counted: without that, every commit cleared the cache a second time up to a second
 * later, throwing away the answers cached in between. Only the ids told before a reading's query
 * started are taken off its count: those rows were committed, so the query saw them; an id told while
 * the query ran might be one it did not see, and taking it off could hide another process's event.
 *
 * Bound: another process's committed change is reflected by this instance's cached answers within
 * FOREIGN_CHANGE_POLL_MS plus one query.
 */
export class ForeignChanges {
  private timer?: NodeJS.Timeout;
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  /** The highest id seen; undefined until the first reading (and after a failed one). */
  private top?: number;
  /** Ids below `top` not seen yet, with when they were first missed (oldest first). */
  private readonly gaps = new Map<number, number>();
  private unreachable = false;
  /** Ids of public events this instance committed and no reading passed yet, with when each was told. */
  private readonly own = new Map<number, number>();
  private told = 0;

  constructor(
    private readonly knex: Knex,
    private readonly onChange: () => void,
    private readonly logger: Logger,
    private readonly intervalMs = FOREIGN_CHANGE_POLL_MS,
    /** Event types that change nothing a cached answer shows (EventBus.declarePrivate): not counted. */
    private readonly privateTypes: () => string[] = () => [],
    private readonly now: () => number = Date.now,
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

  /**
   * The outbox's word that these public events were committed here (and the cache cleared for them).
   * Kept only once a reading has set the top: a store that never reads (the CLI, a store without the
   * response cache) keeps nothing, and a first reading counts as a change whatever it finds.
   */
  committedHere(ids: readonly number[]): void {
    if (ids.length === 0 || this.top === undefined) return;
    this.told++;
    for (const id of ids) this.own.set(id, this.told);
    for (const id of this.own.keys()) {
      if (this.own.size <= MAX_OWN_IDS) break;
      this.own.delete(id);
    }
  }

  /** How many missing ids are watched (for tests). */
  get watchedGaps(): number {
    return this.gaps.size;
  }

  private async read(): Promise<void> {
    try {
      const moved = this.top === undefined ? await this.first() : await this.since(this.top);
      if (moved) this.onChange();
      this.unreachable = false;
    } catch (err) {
      // A database outage fails every check (each second) until it ends: said once.
      if (!this.unreachable) this.logger.warn({ err }, 'could not read the events table for changes by other processes');
      this.unreachable = isDatabaseUnavailable(err);
      // Unable to tell: forget everything rather than risk serving a stale answer.
      this.top = undefined;
      this.gaps.clear();
      this.onChange();
    }
  }

  // The first reading has nothing to compare with: whatever was cached before it may be stale.
  private async first(): Promise<true> {
    const row: any = await this.knex('events').max({ top: 'id' }).first();
    const top = Number(row?.top ?? 0);
    this.gaps.clear();
    await this.watchMissing(Math.max(0, top - FIRST_WINDOW_IDS), top);
    this.top = top;
    this.forgetOwnSeen();
    return true;
  }

  // What arrived above `top`, and which watched ids arrived; true when a public event is among them.
  private async since(top: number): Promise<boolean> {
    this.letSettledGapsGo();
    const skipped = this.privateTypes();
    const publicCount = skipped.length > 0 ? this.knex.raw(`sum(case when type in (${skipped.map(() => '?').join(', ')}) then 0 else 1 end) as public_count`, skipped) : this.knex.raw('count(*) as public_count');
    const toldBefore = this.told;
    const above: any = await this.knex('events').where('id', '>', top).count({ count: '*' }).max({ top: 'id' }).select(publicCount).first();
    const count = Number(above?.count ?? 0);
    let moved = Number(above?.public_count ?? 0) > this.ownAbove(top, toldBefore);
    if (count > 0) {
      const newTop = Number(above.top);
      // Fewer rows than ids: some of the ids between are not committed yet.
      if (count < newTop - top) await this.watchMissing(top, newTop);
      this.top = newTop;
    }
    if (this.gaps.size > 0) {
      const arrived: any[] = await this.knex('events').whereIn('id', [...this.gaps.keys()]).select('id', 'type');
      for (const r of arrived) {
        this.gaps.delete(Number(r.id));
        if (!skipped.includes(r.type) && !this.own.has(Number(r.id))) moved = true;
      }
    }
    this.forgetOwnSeen();
    return moved;
  }

  // How many of this instance's public events above `top` were told by the `told`-th telling.
  private ownAbove(top: number, told: number): number {
    let n = 0;
    for (const [id, at] of this.own) if (id > top && at <= told) n++;
    return n;
  }

  // The own ids a reading has passed (at or below the top, and not among the ids still missing).
  private forgetOwnSeen(): void {
    for (const id of this.own.keys()) if (id <= this.top! && !this.gaps.has(id)) this.own.delete(id);
  }

  // Watches the ids in (from, to] that are not in the table yet.
  private async watchMissing(from: number, to: number): Promise<void> {
    if (to <= from) return;
    const present = new Set((await this.knex('events').where('id', '>', from).andWhere('id', '<=', to).pluck('id')).map(Number));
    const at = this.now();
    for (let id = from + 1; id <= to; id++) if (!present.has(id)) this.gaps.set(id, at);
    for (const id of this.gaps.keys()) {
      if (this.gaps.size <= MAX_GAPS) break;
      this.gaps.delete(id);
    }
  }

  private letSettledGapsGo(): void {
    const settled = this.now() - SETTLED_AFTER_MS;
    for (const [id, at] of this.gaps) {
      if (at > settled) break;
      this.gaps.delete(id);
    }
  }
}
