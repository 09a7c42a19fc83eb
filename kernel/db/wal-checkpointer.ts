import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Knex } from 'knex';
import type { Logger } from '../logger.ts';

/** SQLite's own default: the connection that commits past this many WAL pages checkpoints. */
export const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

/** How often the checkpoint thread looks for committed pages to copy into the database file. */
export const CHECKPOINT_INTERVAL_MS = 250;

// The thread's whole program, plain CommonJS run from a string: it needs no loader and no build step,
// so the same code runs under tsx, in dist/ and in a test. It opens its own connection to the file and
// copies committed WAL pages into the database file with PASSIVE checkpoints, which never wait for the
// store's connection and never make it wait. A round that finds nothing new does no I/O.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename, { fileMustExist: true });
db.pragma('busy_timeout = 0');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
// busy: another checkpoint (the store's connection, or a second process) held the checkpointer's lock.
const round = (asked) => {
  try {
    const result = checkpoint.get();
    parentPort.postMessage({ type: 'round', asked, busy: result.busy === 1, log: result.log, checkpointed: result.checkpointed });
  } catch (err) {
    parentPort.postMessage({ type: 'failed', message: String(err.message) });
    clearInterval(timer);
  }
};
const timer = setInterval(() => round(false), workerData.intervalMs);
round(false);
parentPort.on('message', (message) => {
  if (message === 'round') return round(true);
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.postMessage({ type: 'stopped' });
});
`;

/** What the checkpoint thread last reported: WAL pages written and pages copied into the file. */
export interface CheckpointRound {
  log: number;
  checkpointed: number;
}

interface RoundMessage extends CheckpointRound {
  type: 'round';
  /** This round was asked for by `completeRound` (the others run on the thread's timer). */
  asked: boolean;
  busy: boolean;
}

/** Past this many pages in the WAL, the store holds its writes back for one round of the thread. */
export const WAL_RESTART_PAGES = 4000;

// How long a held-back round may take before writes go on regardless; and the wait before asking
// again when one did not let the WAL start over (a long reader, such as a backup, holds it).
const ASKED_ROUND_TIMEOUT_MS = 5000;
const RETRY_AFTER_MS = [1000, 5000, 30_000];

export interface WalCheckpointerOptions {
  intervalMs?: number;
  restartPages?: number;
}

interface SoleConnectionClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<void>;
}

/**
 * Moves SQLite's checkpoints off the event loop. In WAL mode a commit appends pages to the WAL, and
 * every thousandth page or so the committing connection copies them into the database file and syncs
 * both files: 20 ms or more, paid inside one request's COMMIT while the event loop waits (one commit
 * in a hundred took three quarters of all commit time). Here a worker thread with a connection of its
 * own checkpoints every `intervalMs` instead, and the store's connection stops checkpointing
 * (`wal_autocheckpoint = 0`) once the thread has done its first round.
 *
 * The WAL starts over from its beginning only when a write begins after a checkpoint that copied all
 * of it; under steady writes the thread's rounds always end a few commits behind, and the WAL would
 * grow without end. So once it holds `restartPages` pages, the store takes its one connection for the
 * length of one round of the thread (requests' statements wait their turn, the event loop does not):
 * that round copies the rest, and the next write starts the WAL over. `journal_size_limit`
 * (connection.ts) then gives the file back down to its limit.
 *
 * Should the thread fail or exit, the store's connection checkpoints again as SQLite's default has
 * it. A connection the pool opens anew starts with that default too: then both checkpoint, which is
 * only redundant.
 */
export class WalCheckpointer {
  private worker?: Worker;
  private started = false;
  private stopping = false;
  private last?: CheckpointRound;
  private holding = false;
  private refusals = 0;
  private notBefore = 0;
  private askedRound?: (round: RoundMessage) => void;
  private completed = 0;
  /** The WAL's pages when a held round last copied all of it: unchanged, no write came since. */
  private copiedWhole = -1;
  private readonly intervalMs: number;
  private readonly restartPages: number;

  constructor(
    private readonly knex: Knex,
    private readonly filename: string,
    private readonly logger: Logger,
    options: WalCheckpointerOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? CHECKPOINT_INTERVAL_MS;
    this.restartPages = options.restartPages ?? WAL_RESTART_PAGES;
  }

  /** Starts the thread; resolves once it has checkpointed once and the store's connection no longer does. */
  async start(): Promise<void> {
    if (this.worker) return;
    this.stopping = false;
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(THREAD, {
      eval: true,
      workerData: { driver, filename: this.filename, intervalMs: this.intervalMs },
      // A connection and a timer: a small heap is plenty, and keeps the thread's share of memory small.
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
    });
    worker.unref();
    this.worker = worker;
    const firstRound = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: RoundMessage | { type: 'failed'; message: string } | { type: 'stopped' }) => {
        if (message.type === 'round') {
          this.onRound(message);
          resolve();
        } else if (message.type === 'failed') {
          reject(new Error(message.message));
          void this.fallBack(`its checkpoint failed: ${message.message}`);
        }
      });
      worker.on('error', (err) => {
        reject(err);
        void this.fallBack(err.message);
      });
      worker.on('exit', (code) => {
        reject(new Error(`exited with code ${code}`));
        if (!this.stopping) void this.fallBack(`it exited with code ${code}`);
      });
    });
    try {
      await firstRound;
    } catch (err) {
      this.worker = undefined;
      await worker.terminate();
      this.logger.warn({ err }, 'SQLite checkpoints stay on the store connection: the checkpoint thread did not start');
      return;
    }
    await this.knex.raw('pragma wal_autocheckpoint = 0');
    this.started = true;
  }

  /** Whether the thread is checkpointing (and the store's connection is not). */
  get running(): boolean {
    return this.started && !this.stopping;
  }

  /** What the last round reported. */
  get lastRound(): CheckpointRound | undefined {
    return this.last;
  }

  /** How many times writes were held back for a round that let the WAL start over. */
  get restarts(): number {
    return this.completed;
  }

  /** Stops the thread; the store's connection checkpoints again (and does a last one when it closes). */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker || this.stopping) return;
    this.stopping = true;
    this.endHeldRound();
    if (this.started) await this.restoreDefault();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => void worker.terminate().then(() => resolve()), 2000);
      worker.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      worker.on('message', (message: { type: string }) => {
        if (message.type === 'stopped') void worker.terminate();
      });
      worker.postMessage('stop');
    });
    this.worker = undefined;
  }

  private onRound(round: RoundMessage): void {
    if (round.asked) this.askedRound?.(round);
    if (round.busy) return;
    this.last = { log: round.log, checkpointed: round.checkpointed };
    if (round.log < this.restartPages) this.refusals = 0;
    else if (round.log !== this.copiedWhole && this.running && !this.holding && Date.now() >= this.notBefore) void this.completeRound();
  }

  // Holds the store's one connection (see sole-connection.ts) while the thread runs a round, so that
  // no commit lands during it: the round copies the whole WAL, and the next write starts it over.
  private async completeRound(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.holding = true;
    const client = this.knex.client as unknown as SoleConnectionClient;
    let connection: unknown;
    try {
      connection = await client.acquireConnection();
      if (this.stopping) return;
      const round = await new Promise<RoundMessage | undefined>((resolve) => {
        const timer = setTimeout(() => resolve(undefined), ASKED_ROUND_TIMEOUT_MS);
        this.askedRound = (r) => {
          clearTimeout(timer);
          resolve(r);
        };
        worker.postMessage('round');
      });
      if (round && !round.busy && round.log === round.checkpointed) {
        this.completed++;
        this.copiedWhole = round.log;
        this.refusals = 0;
      } else {
        // A reader (a backup, the CLI) keeps older pages in use: ask again later, less and less often.
        this.notBefore = Date.now() + RETRY_AFTER_MS[Math.min(this.refusals++, RETRY_AFTER_MS.length - 1)]!;
      }
    } catch (err) {
      this.logger.warn({ err }, 'could not hold the SQLite connection for a checkpoint');
      this.notBefore = Date.now() + RETRY_AFTER_MS[0]!;
    } finally {
      this.askedRound = undefined;
      if (connection !== undefined) await client.releaseConnection(connection);
      this.holding = false;
    }
  }

  // A held round waiting for the thread ends at once, as one that could not copy: the thread stops.
  private endHeldRound(): void {
    this.askedRound?.({ type: 'round', asked: true, busy: true, log: -1, checkpointed: -1 });
  }

  // Before the first round, start() reports the failure and nothing was changed yet.
  private async fallBack(why: string): Promise<void> {
    if (!this.started || this.stopping) return;
    this.stopping = true;
    this.worker = undefined;
    this.endHeldRound();
    this.logger.warn(`SQLite checkpoints are back on the store connection: the checkpoint thread stopped (${why})`);
    await this.restoreDefault();
  }

  private async restoreDefault(): Promise<void> {
    await this.knex.raw(`pragma wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`).catch((err: unknown) => this.logger.warn({ err }, 'could not set wal_autocheckpoint back'));
  }
}
