import type { Logger } from './logger.ts';
import { isDatabaseUnavailable } from './db/unavailable.ts';

/**
 * Runs `round` (which returns how many rows it handled) again and again while whole batches keep
 * coming, then sleeps `pollMs`; `wake()` cuts the sleep short, and a wake during a round makes it look
 * again before sleeping. Shared by the outbox dispatcher and the job worker.
 */
export class PollingLoop {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = true;
  private databaseDown = false;

  constructor(
    private readonly round: () => Promise<number>,
    private readonly batch: number,
    private readonly pollMs: number,
    private readonly logger: Logger,
    private readonly what: string,
  ) {}

  /** Starts polling with a round at once; starting a loop that runs already changes nothing. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the round in progress, if any, to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Resolves once the round in progress, if any, has finished (at once between rounds). */
  async settled(): Promise<void> {
    await this.running;
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.loop(), ms);
    this.timer.unref?.();
  }

  private loop(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (!this.stopped && (await this.round()) === this.batch);
        } while (this.again && !this.stopped);
        if (this.databaseDown) this.logger.info(`${this.what} reaches the database again`);
        this.databaseDown = false;
      } catch (err) {
        // An outage fails every round until it ends: said once, not every poll interval.
        const unavailable = isDatabaseUnavailable(err);
        if (!unavailable || !this.databaseDown) this.logger.error({ err, plugin: (err as { plugin?: string })?.plugin }, `${this.what} round failed`);
        this.databaseDown = unavailable;
      } finally {
        this.running = undefined;
        if (!this.stopped) this.schedule(this.pollMs);
      }
    })();
    return this.running;
  }
}
