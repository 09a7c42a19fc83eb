import type { Knex } from 'knex';
import type { Logger } from './logger.ts';
import type { Clock } from './clock.ts';
import type { EventHooks } from './hooks.ts';
import { backoffMs, claimDueRows } from './db/claim.ts';
import { isMysql, parseJson, toDate } from './db/dialect.ts';
import { PollingLoop } from './polling-loop.ts';
import { insertBatches } from './db/insert-batches.ts';
import { consecutiveInsertIds } from './db/insert-ids.ts';
import { awaitingEventCommits, type CommittedEvents, type LeasedEvent } from './events-awaiting-commit.ts';
import { DispatchMarks, MARK_CHUNK } from './events-marks.ts';

/** An event to record: its type and its data (any JSON value). */
export interface OutboxEvent {
  type: string;
  data: unknown;
}

/** A committed event as the afterCommit taps see it. */
export interface EventRecord<T = any> {
  id: number;
  type: string;
  data: T;
  created_at: Date;
}

const BATCH = 100;
const LEASE_MS = 60_000;
/**
 * The lease an event is written with while this instance dispatches: no other instance claims it
 * before then. Should the process die before dispatching it, any instance claims it once this has
 * run out.
 */
const WRITTEN_LEASE_MS = 15_000;
/** An event kept in memory is dispatched from there only with this much of its lease left; else it is left to the claim. */
const LEASE_MARGIN_MS = 5_000;
// After this many failed rounds (about four days at the one-hour cap) an event stops being retried.
const MAX_ATTEMPTS = 100;
/** A row of `events` as `emit` writes it. */
interface EventRow {
  type: string;
  data: string;
  created_at: Date;
  next_attempt_at: Date;
  attempts: number;
  locked_until?: Date;
}

/**
 * The transactional outbox. `emit` writes the event row in the caller's transaction; once that commits,
 * the dispatcher runs every `events.afterCommit` tap at least once per event, retrying only the taps
 * that failed, with backoff. A process that dies in between resumes from the table on the next start.
 *
 * While the dispatcher runs, an event is written already leased to this instance and kept in memory
 * until its transaction commits; the round after the commit dispatches it from there, without claiming
 * it from the table (on MySQL/MariaDB a claim is a transaction of four statements). The table is
 * claimed from every poll interval, at start, and after a commit of events written without a lease:
 * it holds the retries, what another process left, and what a dead one leased.
 */
export class EventBus {
  private readonly loop: PollingLoop;
  private readonly commitListeners: Array<(publicIds: readonly number[]) => void> = [];
  private readonly awaiting = awaitingEventCommits((events) => this.committed(events));
  private readonly privateTypes = new Set<string>();
  // The values taps read once per dispatch round (`perRound`), while a round runs.
  private round?: Map<string, Promise<unknown>>;
  // Committed events this instance leased, oldest first, waiting for a round.
  private ready: LeasedEvent[] = [];
  // Between start() and stop(): new events are written leased to this instance.
  private leasing = false;
  // When the table is next claimed from (performance.now(); 0: in the next round).
  private claimAt = 0;
  // On MySQL/MariaDB, whether a multi-row insert's ids follow one another (read once).
  private consecutiveIds?: Promise<boolean>;
  // Lease releases under way (of events stop() found waiting, or committed after it); stop() waits for them.
  private readonly releases = new Set<Promise<unknown>>();
  // The marks of events dispatched from memory, written a few rounds at a time.
  private readonly marks: DispatchMarks;

  constructor(
    private readonly knex: Knex,
    private readonly hooks: EventHooks,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly pollMs = 1000,
    markDelayMs?: number,
  ) {
    this.loop = new PollingLoop(() => this.dispatchRound(), BATCH, pollMs, logger, 'event dispatch');
    this.marks = new DispatchMarks((ids) => this.markDispatched(ids), logger, markDelayMs);
  }

  /** Records an event inside `trx`; it is dispatched only if and after that transaction commits. */
  async emit(trx: Knex | Knex.Transaction, type: string, data: unknown): Promise<number> {
    const row = this.row(type, data, this.clock.now());
    const [id] = await trx('events').insert(row);
    this.awaiting.add(trx, this.written([row], Number(id), 1, true));
    return Number(id);
  }

  /**
   * Records several events inside `trx` in one statement, in this order (their ids ascend as listed):
   * what a write that makes many at once (a product with its variants, a bulk write's products) uses
   * instead of one insert each. Many events, or large ones, take a few statements: at most 250 rows and
   * about 1 MiB of data each, well below MySQL's max_allowed_packet.
   */
  async emitMany(trx: Knex | Knex.Transaction, events: ReadonlyArray<OutboxEvent>): Promise<void> {
    if (events.length === 0) return;
    const now = this.clock.now();
    const rows = events.map((e) => this.row(e.type, e.data, now));
    // The ids of a multi-row insert: SQLite's one writer numbers its rows one after another and reports
    // the last; MySQL/MariaDB report the first, and number them one after another only in the
    // consecutive auto-increment lock modes. Where that is not so, the rows go unleased.
    const consecutive = !isMysql(this.knex) || (await this.idsFollowOneAnother(trx));
    for (const batch of insertBatches(rows, (row) => row.data.length)) {
      if (!consecutive) for (const row of batch) delete row.locked_until;
      const [id] = await trx('events').insert(batch);
      this.awaiting.add(trx, this.written(batch, Number(id), isMysql(this.knex) ? 1 : -1, consecutive));
    }
  }

  // Read once, at start or at the first multi-row insert (the CLI writes without starting the loops).
  // At an insert it is read on the insert's own connection: asking the pool for another from inside a
  // transaction waits forever once every connection is in a transaction doing the same. A failed
  // reading counts as "no" for that insert and is asked again at the next.
  private idsFollowOneAnother(db: Knex | Knex.Transaction = this.knex): Promise<boolean> {
    this.consecutiveIds ??= consecutiveInsertIds(db).catch((err) => {
      this.consecutiveIds = undefined;
      this.logger.warn({ err }, 'could not read the auto-increment settings; events written several at once are claimed from the table');
      return false;
    });
    return this.consecutiveIds;
  }

  private row(type: string, data: unknown, now: Date): EventRow {
    const row: EventRow = { type, data: JSON.stringify(data ?? {}), created_at: now, next_attempt_at: now, attempts: 0 };
    if (this.leasing) row.locked_until = new Date(now.getTime() + WRITTEN_LEASE_MS);
    return row;
  }

  // What an insert's rows come to once committed; `id` is the first id the insert reported (`step` 1)
  // or the last (`step` -1), and `numbered` whether the rows' ids follow from it.
  private written(rows: EventRow[], id: number, step: 1 | -1, numbered: boolean): CommittedEvents {
    const first = step === 1 ? id : id - rows.length + 1;
    const events: CommittedEvents = { public: false, leased: [], unleased: false, publicIds: [] };
    rows.forEach((row, i) => {
      if (!this.privateTypes.has(row.type)) {
        events.public = true;
        if (numbered) events.publicIds.push(first + i);
      }
      if (row.locked_until) events.leased.push({ id: first + i, type: row.type, data: row.data, created_at: row.created_at, leased_until: row.locked_until.getTime() });
      else events.unleased = true;
    });
    return events;
  }

  /**
   * Declares event types whose changes no anonymous (cacheable) answer shows, such as a cart's: their
   * commits wake the dispatcher but leave the response cache as it is. Only for types whose change is
   * invisible to every route marked `cache: 'anonymous'`; a transaction that also emits another type
   * still clears it.
   */
  declarePrivate(...types: string[]): void {
    for (const type of types) this.privateTypes.add(type);
  }

  /** The types `declarePrivate` named (the check for other processes' changes skips them too). */
  privateEventTypes(): string[] {
    return [...this.privateTypes];
  }

  /**
   * Calls `listener` each time a change that emitted events has committed (once per transaction; not
   * when all its events are of types `declarePrivate` named),
   * before any later request can read the database: the response cache forgets what it held there.
   * It is given the ids of the public events whose ids are known (CommittedEvents.publicIds).
   */
  onCommitted(listener: (publicIds: readonly number[]) => void): void {
    this.commitListeners.push(listener);
  }

  // Once the change holding new events has committed: tell the listeners, then queue its leased events
  // and wake the dispatcher (which claims from the table too when some were written without a lease).
  private committed(events: CommittedEvents): void {
    if (events.public) for (const listener of this.commitListeners) listener(events.publicIds);
    if (events.unleased) this.claimAt = 0;
    if (events.leased.length > 0) {
      if (!this.leasing) return this.release(events.leased);
      this.ready.push(...events.leased.sort((a, b) => a.id - b.id));
    }
    this.wake();
  }

  /** Starts dispatching: due events now, then on every commit and every poll interval. */
  start(): void {
    if (isMysql(this.knex)) void this.idsFollowOneAnother();
    this.leasing = true;
    this.claimAt = 0;
    this.loop.start();
  }

  /**
   * Stops dispatching after the round in progress. The events still waiting in memory, and those
   * committed from now on, have their lease given up so the next dispatcher to run takes them at once.
   */
  async stop(): Promise<void> {
    this.leasing = false;
    await this.loop.stop();
    await this.marks.flush();
    this.release(this.ready.splice(0));
    await Promise.all(this.releases);
  }

  private release(events: LeasedEvent[]): void {
    if (events.length === 0) return;
    const ids = events.map((e) => e.id);
    const released = this.knex('events')
      .whereIn('id', ids)
      .whereNull('dispatched_at')
      .update({ locked_until: null })
      .catch((err) => this.logger.warn({ err, events: ids }, 'could not give up the lease of undispatched events; they are dispatched once it runs out'))
      .finally(() => this.releases.delete(released));
    this.releases.add(released);
  }

  /** Asks for a dispatch round soon; called after each commit that emitted. */
  wake(): void {
    this.loop.wake();
  }

  /**
   * For `afterCommit` taps: `load()`'s value, read once for all the events of the dispatch round in
   * progress instead of once per event (the webhooks plugin's list of endpoints, say). The round has
   * claimed its events before the first read, so the value is as fresh as one read for its first event.
   * Outside a round `load` runs every time; a failed read is not kept.
   */
  perRound<T>(key: string, load: () => Promise<T>): Promise<T> {
    const round = this.round;
    if (!round) return load();
    let value = round.get(key) as Promise<T> | undefined;
    if (!value) {
      value = load();
      round.set(key, value);
      value.catch(() => round.delete(key));
    }
    return value;
  }

  // The loop's round: the committed events in memory, then the table when it is due. Answers BATCH
  // (another round at once) while either has more.
  private async dispatchRound(): Promise<number> {
    const direct = await this.dispatchReady();
    let claimed = 0;
    if (performance.now() >= this.claimAt) {
      claimed = await this.dispatchDue();
      this.claimAt = claimed === BATCH ? 0 : performance.now() + this.pollMs * 0.9;
    }
    return this.ready.length > 0 || claimed === BATCH ? BATCH : direct + claimed;
  }

  // Up to BATCH of the committed events in memory. One whose lease is about to run out is left to the
  // claim (another instance may take it once it has).
  private async dispatchReady(): Promise<number> {
    const taken = this.ready.splice(0, BATCH);
    const soonest = this.clock.now().getTime() + LEASE_MARGIN_MS;
    const rows = taken.filter((e) => e.leased_until > soonest).map((e) => ({ ...e, attempts: 0, pending_taps: null }));
    this.marks.add(await this.dispatchRows(rows));
    return taken.length;
  }

  /** One dispatch round over the due events in the table; returns how many it claimed. Tests call it directly. */
  async dispatchDue(): Promise<number> {
    const now = this.clock.now();
    const rows = await claimDueRows(this.knex, {
      table: 'events',
      now,
      limit: BATCH,
      leaseMs: LEASE_MS,
      due: (q) => q.whereNull('dispatched_at').andWhere('next_attempt_at', '<=', now),
      index: 'events_claim_idx',
    });
    // Claimed events are marked at once: a claim's round is the rare one (retries, a backlog, another
    // process's events), and whoever runs it by hand reads the marks after it.
    await this.markDispatched(await this.dispatchRows(rows));
    return rows.length;
  }

  // Runs the taps of these events (held by this instance), in order; returns the ids every tap took, to
  // be marked. They are marked together, never one by one: on MariaDB each autocommit update is a log
  // flush, and a backlog of thousands of events must not cost thousands of them. A crash before the
  // mark only runs those taps again, which they allow (at least once).
  private async dispatchRows(rows: any[]): Promise<number[]> {
    const done: number[] = [];
    const round = (this.round = new Map());
    try {
      for (const row of rows) if (await this.dispatchOne(row)) done.push(Number(row.id));
    } finally {
      if (this.round === round) this.round = undefined;
    }
    return done;
  }

  private async markDispatched(ids: number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += MARK_CHUNK) {
      await this.knex('events').whereIn('id', ids.slice(i, i + MARK_CHUNK)).update({ dispatched_at: this.clock.now(), locked_until: null, pending_taps: null });
    }
  }

  /** Runs the event's taps (those still pending); true when all succeeded, else records the failure for a retry. */
  private async dispatchOne(row: any): Promise<boolean> {
    const event = committedEvent(row);
    const pending = parseJson<string[] | null>(row.pending_taps, null);
    const failed: string[] = [];
    let lastError = '';
    for (const tap of this.hooks.afterCommit.taps) {
      if (pending && !pending.includes(tap.name)) continue;
      try {
        await callTap(tap, event);
      } catch (err) {
        failed.push(tap.name);
        lastError = `${tap.name}: ${(err as Error)?.message ?? String(err)}`;
        this.logger.warn({ err, event: event.id, type: event.type, tap: tap.name, plugin: tap.name }, 'afterCommit tap failed; will retry');
      }
    }
    if (failed.length === 0) return true;
    const now = this.clock.now();
    const attempts = Number(row.attempts) + 1;
    const giveUp = attempts >= MAX_ATTEMPTS;
    await this.knex('events').where('id', event.id).update({
      attempts,
      pending_taps: JSON.stringify(failed),
      last_error: lastError.slice(0, 2000),
      locked_until: null,
      next_attempt_at: new Date(now.getTime() + backoffMs(attempts, 1000, 3_600_000)),
      dispatched_at: giveUp ? now : null,
    });
    if (giveUp) this.logger.error({ event: event.id, taps: failed }, 'afterCommit taps gave up after too many attempts');
    return false;
  }
}

function callTap(tap: { type: string; fn: Function }, event: EventRecord): Promise<unknown> {
  if (tap.type === 'async') {
    return new Promise((resolve, reject) => tap.fn(event, (err?: Error) => (err ? reject(err) : resolve(undefined))));
  }
  return Promise.resolve().then(() => tap.fn(event));
}

/**
 * A committed event as the taps see it, its data parsed when a tap first reads it: most taps read only
 * the type (the webhooks fan-out makes its deliveries from the id and type, the mail skips every type it
 * sends nothing for), and parsing every event's JSON was about 1.6 % of a checkout's CPU on SQLite. All
 * the taps of one dispatch share the object, as they always have.
 */
function committedEvent(row: { id: unknown; type: string; data: unknown; created_at: unknown }): EventRecord {
  let data: unknown;
  let parsed = false;
  return {
    id: Number(row.id),
    type: row.type,
    created_at: toDate(row.created_at)!,
    get data() {
      if (!parsed) {
        data = parseJson(row.data, {});
        parsed = true;
      }
      return data;
    },
    set data(value: unknown) {
      data = value;
      parsed = true;
    },
  };
}
