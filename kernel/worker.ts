import crypto from 'node:crypto';
import os from 'node:os';
import type { Knex } from 'knex';
import type { Logger } from './logger.ts';
import type { Clock } from './clock.ts';
import { backoffMs, claimDueRows } from './db/claim.ts';
import { parseJson } from './db/dialect.ts';
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
    const row = {
      name,
      payload: JSON.stringify(payload ?? {}),
      run_at: runAt,
      attempts: 0,
      max_attempts: opts.maxAttempts ?? this.jobs.get(name)?.maxAttempts ?? 10,
      unique_key: opts.uniqueKey ?? null,
      created_at: now,
    };
    if (opts.uniqueKey) await trx('jobs').insert(row).onConflict('unique_key').ignore();
    else await trx('jobs').insert(row);
    if (runAt <= now) this.wake();
  }

  start(): void {
    this.halted = false;
    this.starting = this.ensureRecurring().then(
      () => {
        if (this.halted) return;
        this.loop.start();
        for (const loop of this.extraLoops) loop.start();
        this.loopsRunning = true;
      },
      (err) => this.logger.error({ err }, 'could not schedule recurring jobs'),
    );
  }

  async stop(): Promise<void> {
    this.halted = true;
    this.loopsRunning = false;
    await this.starting;
    await Promise.all([this.loop.stop(), ...this.extraLoops.map((loop) => loop.stop())]);
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
    const claimed = await this.round();
    await this.loop.settled();
    return claimed;
  }

  private async round(): Promise<number> {
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
