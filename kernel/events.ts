import type { Knex } from 'knex';
import type { Logger } from './logger.ts';
import type { Clock } from './clock.ts';
import type { EventHooks } from './hooks.ts';
import { backoffMs, claimDueRows } from './db/claim.ts';
import { parseJson, toDate } from './db/dialect.ts';
import { PollingLoop } from './polling-loop.ts';
import { insertBatches } from './db/insert-batches.ts';

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
/** Ids per UPDATE when marking dispatched events. */
const MARK_CHUNK = 500;
const LEASE_MS = 60_000;
// After this many failed rounds (about four days at the one-hour cap) an event stops being retried.
const MAX_ATTEMPTS = 100;
/** A row of `events` as `emit` writes it. */
interface EventRow {
  type: string;
  data: string;
  created_at: Date;
  next_attempt_at: Date;
  attempts: number;
}

/**
 * The transactional outbox. `emit` writes the event row in the caller's transaction; once that commits,
 * the dispatcher runs every `events.afterCommit` tap at least once per event, retrying only the taps
 * that failed, with backoff. A process that dies in between resumes from the table on the next start.
 */
export class EventBus {
  private readonly loop: PollingLoop;
  private readonly commitListeners: Array<() => void> = [];
  // Per outermost transaction awaiting its commit: whether an event in it may change public reads.
  private readonly awaitingCommit = new WeakMap<Knex.Transaction, { public: boolean }>();
  private readonly privateTypes = new Set<string>();
  // The values taps read once per dispatch round (`perRound`), while a round runs.
  private round?: Map<string, Promise<unknown>>;

  constructor(
    private readonly knex: Knex,
    private readonly hooks: EventHooks,
    private readonly clock: Clock,
    private readonly logger: Logger,
    pollMs = 1000,
  ) {
    this.loop = new PollingLoop(() => this.dispatchDue(), BATCH, pollMs, logger, 'event dispatch');
  }

  /** Records an event inside `trx`; it is dispatched only if and after that transaction commits. */
  async emit(trx: Knex | Knex.Transaction, type: string, data: unknown): Promise<number> {
    const [id] = await trx('events').insert(this.row(type, data, this.clock.now()));
    this.afterCommitOf(trx, !this.privateTypes.has(type));
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
    for (const batch of insertBatches(rows, (row) => row.data.length)) await trx('events').insert(batch);
    this.afterCommitOf(trx, events.some((e) => !this.privateTypes.has(e.type)));
  }

  private row(type: string, data: unknown, now: Date): EventRow {
    return { type, data: JSON.stringify(data ?? {}), created_at: now, next_attempt_at: now, attempts: 0 };
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
   * Once the change holding the new event has committed: tell the listeners, then wake the dispatcher.
   * It waits for the outermost transaction (a savepoint's promise settles before the real commit, when
   * the dispatcher would find nothing yet), and once per transaction however many events it emits.
   */
  private afterCommitOf(db: Knex | Knex.Transaction, affectsPublic: boolean): void {
    const outermost = outermostTransaction(db);
    if (!outermost?.executionPromise) return this.committed(affectsPublic);
    const waiting = this.awaitingCommit.get(outermost);
    if (waiting) {
      waiting.public ||= affectsPublic;
      return;
    }
    const state = { public: affectsPublic };
    this.awaitingCommit.set(outermost, state);
    outermost.executionPromise.then(() => this.committed(state.public), () => undefined);
  }

  /**
   * Calls `listener` each time a change that emitted events has committed (once per transaction; not
   * when all its events are of types `declarePrivate` named),
   * before any later request can read the database: the response cache forgets what it held there.
   */
  onCommitted(listener: () => void): void {
    this.commitListeners.push(listener);
  }

  private committed(affectsPublic: boolean): void {
    if (affectsPublic) for (const listener of this.commitListeners) listener();
    this.wake();
  }

  /** Starts dispatching: due events now, then on every commit and every poll interval. */
  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
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

  /** One dispatch round over the due events; returns how many it claimed. Tests call it directly. */
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
    // The events every tap took are marked in one statement per round: on MariaDB each autocommit
    // update is a log flush, and a backlog of thousands of events must not cost thousands of them. A
    // crash before the mark only runs those taps again, which they allow (at least once).
    const done: number[] = [];
    const round = (this.round = new Map());
    try {
      for (const row of rows) if (await this.dispatchOne(row)) done.push(Number(row.id));
    } finally {
      if (this.round === round) this.round = undefined;
    }
    for (let i = 0; i < done.length; i += MARK_CHUNK) {
      await this.knex('events').whereIn('id', done.slice(i, i + MARK_CHUNK)).update({ dispatched_at: this.clock.now(), locked_until: null, pending_taps: null });
    }
    return rows.length;
  }

  /** Runs the event's taps (those still pending); true when all succeeded, else records the failure for a retry. */
  private async dispatchOne(row: any): Promise<boolean> {
    const event: EventRecord = { id: Number(row.id), type: row.type, data: parseJson(row.data, {}), created_at: toDate(row.created_at)! };
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

// A savepoint's promise settles when the savepoint is released, before anything is committed: only the
// outermost transaction's settles at COMMIT.
function outermostTransaction(db: Knex | Knex.Transaction): Knex.Transaction | undefined {
  let trx = db as Knex.Transaction & { parentTransaction?: Knex.Transaction };
  if (!trx.isTransaction) return undefined;
  while (trx.parentTransaction) trx = trx.parentTransaction as typeof trx;
  return trx;
}

function callTap(tap: { type: string; fn: Function }, event: EventRecord): Promise<unknown> {
  if (tap.type === 'async') {
    return new Promise((resolve, reject) => tap.fn(event, (err?: Error) => (err ? reject(err) : resolve(undefined))));
  }
  return Promise.resolve().then(() => tap.fn(event));
}
