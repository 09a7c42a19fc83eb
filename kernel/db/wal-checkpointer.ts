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
let failures = 0;
const round = () => {
  try {
    const result = checkpoint.get();
    failures = 0;
    parentPort.postMessage({ type: 'round', log: result.log, checkpointed: result.checkpointed });
  } catch (err) {
    // SQLITE_BUSY: another checkpoint (a second process) holds the checkpointer's lock; next round.
    if (err.code === 'SQLITE_BUSY' && ++failures < 20) return;
    parentPort.postMessage({ type: 'failed', message: String(err.message) });
    clearInterval(timer);
  }
};
const timer = setInterval(round, workerData.intervalMs);
round();
parentPort.on('message', (message) => {
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

/**
 * Moves SQLite's checkpoints off the event loop. In WAL mode a commit appends pages to the WAL, and
 * every thousandth page or so the committing connection copies them into the database file and syncs
 * both files: 20 ms or more, paid inside one request's COMMIT while every other request waits (one
 * commit in a hundred took three quarters of all commit time). Here a worker thread with a connection
 * of its own checkpoints every `intervalMs` instead, and the store's connection stops checkpointing
 * (`wal_autocheckpoint = 0`) once the thread has done its first round.
 *
 * Should the thread fail or exit, the store's connection checkpoints again as SQLite's default has
 * it, so the WAL never grows without bound. A connection the pool opens anew starts with that default
 * too: then both checkpoint, which is only redundant.
 */
export class WalCheckpointer {
  private worker?: Worker;
  private started = false;
  private stopping = false;
  private last?: CheckpointRound;

  constructor(
    private readonly knex: Knex,
    private readonly filename: string,
    private readonly logger: Logger,
    private readonly intervalMs = CHECKPOINT_INTERVAL_MS,
  ) {}

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
      worker.on('message', (message: { type: string; message?: string } & CheckpointRound) => {
        if (message.type === 'round') {
          this.last = { log: message.log, checkpointed: message.checkpointed };
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

  /** Stops the thread; the store's connection checkpoints again (and does a last one when it closes). */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker || this.stopping) return;
    this.stopping = true;
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

  // Before the first round, start() reports the failure and nothing was changed yet.
  private async fallBack(why: string): Promise<void> {
    if (!this.started || this.stopping) return;
    this.stopping = true;
    this.worker = undefined;
    this.logger.warn(`SQLite checkpoints are back on the store connection: the checkpoint thread stopped (${why})`);
    await this.restoreDefault();
  }

  private async restoreDefault(): Promise<void> {
    await this.knex.raw(`pragma wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`).catch((err: unknown) => this.logger.warn({ err }, 'could not set wal_autocheckpoint back'));
  }
}
