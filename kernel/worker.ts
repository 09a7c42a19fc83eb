import crypto from 'node:crypto';
import os from 'node:os';
import type { Knex } from 'knex';
import type { Logger } from './logger.ts';
import type { Clock } from './clock.ts';
import { backoffMs, claimDueRows } from './db/claim.ts';
import { parseJson } from './db/dialect.ts';
import { AwaitingCommit } from './db/awaiting-commit.ts';
import { PollingLoop } from './polling-loop.ts';

export interface JobContext {
  id: number;
  name: string;
  attempts: number;
  now: Date;
}

export type JobHandler<P = any> = (payload: P, job: JobContext) => Promise<void>;

export interface JobDefinition {
  handler: JobHandler;
  maxAttempts: number;
  leaseMs: number;
  /** For recurring jobs: how long after a run the next one is due. */
  everyMs?: number;
  /** The plugin that defined it, named when it fails. */
  plugin?: string;
}

export interface EnqueueOptions {
  runAt?: Date;
  delayMs?: number;
  /** At most one pending job per key; enqueueing again with the same key does nothing. */
  uniqueKey?: string;
  maxAttempts?: number;
}

const BATCH = 10;
/** A job kept in memory runs from there only with this much of its lease left; else it is left to the claim. */
const LEASE_MARGIN_MS = 5_000;

/**
 * A job this instance wrote already leased to itself (`locked_until`, `locked_by`), kept in memory so
 * that it runs after its commit without being claimed from the table; as a claimed row, for `runOne`.
 */
interface LeasedJob {
  id: number;
  name: string;
  /** As written: the JSON text of the payload. */
  payload: string;
  attempts: number;
  max_attempts: number;
  /** When its lease runs out (ms since the epoch, the store clock's). */
  leased_until: number;
}

/** A failed attempt of a job, as `onFailure` listeners are told of it. */
export interface JobFailure {
  name: string;
  plugin?: string;
  /** No attempts left: the job gave up (`failed_at` is set). */
  final: boolean;
}

/**
 * The background-job loop every instance runs. Jobs are rows in `jobs`; each round claims due rows
 * (SKIP LOCKED on MySQL, so instances share the work; the single writer on SQLite), runs their
 * handlers outside any transaction, then deletes, reschedules or retries them with backoff.
 *
 * While the loop runs, a job enqueued to run now (one of this process's kinds, without a unique key)
 * is written already leased to this instance, for its kind's lease as a claim would take it, and kept
 * in memory until its transaction commits; the round after the commit runs it from there, without
 * claiming it (a claim is a transaction of four statements on MySQL/MariaDB and a write transaction
 * on SQLite; an order's mail paid one per checkout). A job whose change rolled back is gone with its
 * row. The table is claimed from every poll interval, at start, and after a due job was written
 * without a lease: it holds later and retried jobs, what another process left, and what a process
 * that died leased (due again once the lease has run out, as for a claimed job).
 */
export class Worker {
  private readonly jobs = new Map<string, JobDefinition>();
  private readonly id = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  private readonly loop: PollingLoop;
  private readonly extraLoops: PollingLoop[] = [];
  private readonly failureListeners: Array<(failure: JobFailure) => void> = [];
  private starting?: Promise<void>;
  private halted = true;
  private loopsRunning = false;
  // The leased jobs of each open transaction, until it commits.
  private readonly awaiting = new AwaitingCommit<LeasedJob[]>({ empty: () => [], merge: (into, jobs) => void into.push(...jobs), onCommit: (jobs) => this.committed(jobs) });
  // Committed jobs this instance leased, oldest first, waiting for a round.
  private ready: LeasedJob[] = [];
  // While the loops run: jobs due now are written leased to this instance.
  private leasing = false;
  // When the table is next claimed from (performance.now(); 0: in the next round).
  private claimAt = 0;
  // Lease releases under way (of jobs stop() found waiting, or committed after it); stop() waits for them.
  private readonly releases = new Set<Promise<unknown>>();

  constructor(
    private readonly knex: Knex,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly pollMs = 1000,
    /** Whether a plugin serves (kernel/plugin-states.ts): jobs of one that needs configuration wait. */
    private readonly isActive: (plugin: string) => boolean = () => true,
  ) {
    this.loop = new PollingLoop(() => this.round(), BATCH, pollMs, logger, 'worker');
  }

  /**
   * A polling loop of a plugin's own (rows it claims from its own table, such as webhook deliveries):
   * `round` returns how many rows it handled, and a full `batch` makes it run again at once. It starts
   * and stops with this worker (so not at all where the kernel runs without loops) and polls at the same
   * interval; `wake()` asks for a round soon.
   */
  addLoop(what: string, round: () => Promise<number>, batch: number): { wake(): void } {
    const loop = new PollingLoop(round, batch, this.pollMs, this.logger, what);
    this.extraLoops.push(loop);
    // Added while the worker runs: start it now. Added before, or while the worker is still starting:
    // start() starts it with the others once the recurring jobs are scheduled.
    if (this.loopsRunning) loop.start();
    return { wake: () => loop.wake() };
  }

  /** Told of every failed attempt of a job in this process (the metrics count them). */
  onFailure(listener: (failure: JobFailure) => void): void {
    this.failureListeners.push(listener);
  }

  /** Declares a job kind; `enqueue` may then schedule it. */
  define<P>(name: string, handler: JobHandler<P>, opts: { maxAttempts?: number; leaseMs?: number; plugin?: string } = {}): void {
    if (this.jobs.has(name)) throw new Error(`Job "${name}" is already defined.`);
    this.jobs.set(name, { handler, maxAttempts: opts.maxAttempts ?? 10, leaseMs: opts.leaseMs ?? 5 * 60_000, plugin: opts.plugin });
  }

  /** Declares a job that runs every `everyMs` (in one instance at a time), first due at start. */
  every(name: string, everyMs: number, handler: JobHandler<Record<string, never>>, plugin?: string): void {
    // Recurring jobs never give up; the largest value an INT column holds on both databases.
    this.define(name, handler, { maxAttempts: 2_147_483_647, plugin });
    this.jobs.get(name)!.everyMs = everyMs;
  }

  /** Schedules a job, in the caller's transaction when given one, so it exists only if that commits. */
  async enqueue(trx: Knex | Knex.Transaction, name: string, payload: unknown, opts: EnqueueOptions = {}): Promise<void> {
    const now = this.clock.now();
    const runAt = opts.runAt ?? new Date(now.getTime() + (opts.delayMs ?? 0));
    const row: Record<string, unknown> = {
      name,
      payload: JSON.stringify(payload ?? {}),
      run_at: runAt,
      attempts: 0,
      max_attempts: opts.maxAttempts ?? this.jobs.get(name)?.maxAttempts ?? 10,
      unique_key: opts.uniqueKey ?? null,
      created_at: now,
    };
    if (opts.uniqueKey) {
      await trx('jobs').insert(row).onConflict('unique_key').ignore();
    } else {
      const def = this.leasing && runAt <= now ? this.runnableDefinition(name) : undefined;
      if (def) {
        const leasedUntil = now.getTime() + def.leaseMs;
        Object.assign(row, { locked_until: new Date(leasedUntil), locked_by: this.id });
        const [id] = await trx('jobs').insert(row);
        const job: LeasedJob = { id: Number(id), name, payload: row.payload as string, attempts: 0, max_attempts: row.max_attempts as number, leased_until: leasedUntil };
        this.awaiting.add(trx, [job]);
        return;
      }
      await trx('jobs').insert(row);
    }
    if (runAt <= now) {
      this.claimAt = 0;
      this.wake();
    }
  }

  // A kind this instance runs now, other than a recurring one (those are claimed on their schedule).
  private runnableDefinition(name: string): JobDefinition | undefined {
    const def = this.jobs.get(name);
    if (!def || def.everyMs || (def.plugin !== undefined && !this.isActive(def.plugin))) return undefined;
    return def;
  }

  // Once the change holding leased jobs has committed: queue them for the next round, or, when the loop
  // has stopped meanwhile, give their lease up so that the next worker to run takes them at once.
  private committed(jobs: LeasedJob[]): void {
    if (!this.leasing) return void this.release(jobs);
    this.ready.push(...jobs);
    this.wake();
  }

  start(): void {
    this.halted = false;
    this.starting = this.ensureRecurring().then(
      () => {
        if (this.halted) return;
        this.leasing = true;
        this.claimAt = 0;
        this.loop.start();
        for (const loop of this.extraLoops) loop.start();
        this.loopsRunning = true;
      },
      (err) => this.logger.error({ err }, 'could not schedule recurring jobs'),
    );
  }

  /**
   * Stops the loops after their rounds in progress. The jobs still waiting in memory, and those
   * committed from now on, have their lease given up so the next worker to run takes them at once.
   */
  async stop(): Promise<void> {
    this.halted = true;
    this.loopsRunning = false;
    this.leasing = false;
    await this.starting;
    await Promise.all([this.loop.stop(), ...this.extraLoops.map((loop) => loop.stop())]);
    await this.release(this.ready.splice(0));
    await Promise.all(this.releases);
  }

  // Gives up the lease of jobs this instance wrote leased and has not run: due to any claimer at once.
  private release(jobs: LeasedJob[]): Promise<unknown> {
    if (jobs.length === 0) return Promise.resolve();
    const ids = jobs.map((job) => job.id);
    const released = this.knex('jobs')
      .whereIn('id', ids)
      .where('locked_by', this.id)
      .update({ locked_until: null, locked_by: null })
      .catch((err) => this.logger.warn({ err, jobs: ids }, 'could not give up the lease of jobs not run; they run once it runs out'))
      .finally(() => this.releases.delete(released));
    this.releases.add(released);
    return released;
  }

  /** Asks for a round soon; a wake during a round makes that round look again before it sleeps. */
  wake(): void {
    this.loop.wake();
  }

  // The jobs this instance claims: those of the kernel and of plugins that serve.
  private runnable(): Array<[string, JobDefinition]> {
    return [...this.jobs].filter(([, def]) => def.plugin === undefined || this.isActive(def.plugin));
  }

  // Also those of plugins that are off now: their rows wait in the table until the plugin serves.
  private async ensureRecurring(): Promise<void> {
    for (const [name, def] of this.jobs) {
      if (def.everyMs) await this.enqueue(this.knex, name, {}, { uniqueKey: `every:${name}` });
    }
  }

  /**
   * Runs one round of due jobs and returns how many it claimed; tests call it directly.
   * Beside a running loop it also waits for the loop's round in progress, before and after its own:
   * a job that round claimed first (SKIP LOCKED hides it from this claim) has then finished too, so
   * whatever was due when it was called has run when it returns.
   */
  async runDue(): Promise<number> {
    await this.loop.settled();
    this.claimAt = 0;
    const claimed = await this.round();
    await this.loop.settled();
    return claimed;
  }

  // The loop's round: the committed jobs in memory, then the table when it is due. Answers BATCH
  // (another round at once) while either has more.
  private async round(): Promise<number> {
    const direct = await this.runReady();
    let claimed = 0;
    if (performance.now() >= this.claimAt) {
      claimed = await this.runClaimed();
      this.claimAt = claimed === BATCH ? 0 : performance.now() + this.pollMs * 0.9;
    }
    return this.ready.length > 0 || claimed === BATCH ? BATCH : direct + claimed;
  }

  // Up to BATCH of the committed jobs in memory, in order. One whose lease is about to run out, or of a
  // plugin turned off since, is released to the claim (another instance may take it).
  private async runReady(): Promise<number> {
    const taken = this.ready.splice(0, BATCH);
    const soonest = this.clock.now().getTime() + LEASE_MARGIN_MS;
    const leftToClaim: LeasedJob[] = [];
    for (let i = 0; i < taken.length; i++) {
      const job = taken[i]!;
      if (job.leased_until <= soonest || !this.runnableDefinition(job.name)) {
        leftToClaim.push(job);
        continue;
      }
      try {
        await this.runOne(job);
      } catch (err) {
        // The database failed the job's delete or retry: those not reached wait for the next round.
        this.ready.unshift(...taken.slice(i + 1));
        throw err;
      }
    }
    if (leftToClaim.length > 0) {
      await this.release(leftToClaim);
      this.claimAt = 0;
    }
    return taken.length;
  }

  // One claim of due rows from the table, each run in turn; returns how many it claimed.
  private async runClaimed(): Promise<number> {
    const runnable = this.runnable();
    if (runnable.length === 0) return 0;
    const now = this.clock.now();
    const rows = await claimDueRows(this.knex, {
      table: 'jobs',
      now,
      limit: BATCH,
      leaseMs: Math.max(...runnable.map(([, j]) => j.leaseMs)),
      stamp: { locked_by: this.id },
      due: (q) => q.whereNull('failed_at').andWhere('run_at', '<=', now).whereIn('name', runnable.map(([name]) => name)),
    });
    for (const row of rows) await this.runOne(row);
    return rows.length;
  }

  private async runOne(row: any): Promise<void> {
    const def = this.jobs.get(row.name)!;
    const attempts = Number(row.attempts) + 1;
    try {
      await def.handler(parseJson(row.payload, {}), { id: Number(row.id), name: row.name, attempts, now: this.clock.now() });
    } catch (err) {
      const now = this.clock.now();
      const failed = attempts >= Number(row.max_attempts);
      this.logger.warn({ err, job: row.name, plugin: def.plugin, id: row.id, attempts }, failed ? 'job failed for good' : 'job failed; will retry');
      for (const listener of this.failureListeners) listener({ name: row.name, plugin: def.plugin, final: failed });
      await this.knex('jobs').where({ id: row.id, locked_by: this.id }).update({
        attempts,
        last_error: String((err as Error)?.message ?? err).slice(0, 2000),
        locked_until: null,
        failed_at: failed ? now : null,
        run_at: new Date(now.getTime() + backoffMs(attempts, 5_000, 3_600_000)),
      });
      return;
    }
    if (def.everyMs) {
      const next = new Date(this.clock.now().getTime() + def.everyMs);
      await this.knex('jobs').where({ id: row.id }).update({ run_at: next, attempts: 0, locked_until: null, last_error: null });
    } else {
      await this.knex('jobs').where({ id: row.id }).delete();
    }
  }
}
