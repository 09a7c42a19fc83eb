import type { Logger } from './logger.ts';

/** Ids per UPDATE when marking dispatched events (the writer splits longer lists). */
export const MARK_CHUNK = 500;
/** How long the marks of events dispatched from memory wait to be written with the next ones. */
export const MARK_DELAY_MS = 200;

/**
 * The dispatched marks of events this instance dispatched from memory, written together: one UPDATE
 * for every round of the last `MARK_DELAY_MS` instead of one a round. Under a steady stream of commits
 * (ten buyers checking out) a round holds an event or two, and its mark was one statement in ten of a
 * checkout on MariaDB. Waiting is safe: the events stay leased to this instance until their lease runs
 * out (15 s, far beyond the wait), and should the process die before the mark, their taps run again,
 * which they allow (at least once). `flush` writes what waits at once (stop, and the claim's rounds).
 */
export class DispatchMarks {
  private waiting: number[] = [];
  private timer?: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    /** Marks these ids dispatched, in as many statements as MARK_CHUNK asks for. */
    private readonly write: (ids: number[]) => Promise<void>,
    private readonly logger: Logger,
    private readonly delayMs = MARK_DELAY_MS,
  ) {}

  /** Marks these ids within `delayMs`, or at once when a chunk's worth waits. */
  add(ids: readonly number[]): void {
    if (ids.length === 0) return;
    this.waiting.push(...ids);
    if (this.waiting.length >= MARK_CHUNK) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.delayMs).unref();
  }

  /** Writes every waiting mark; resolves once they and any write under way are done. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const ids = this.waiting.splice(0);
    if (ids.length > 0) {
      this.writing = this.writing.then(async () => {
        try {
          await this.write(ids);
        } catch (err) {
          // Unmarked, they are claimed again once their lease runs out, and their taps run again.
          this.logger.warn({ err, events: ids.length }, 'could not mark dispatched events; they are dispatched again once their lease runs out');
        }
      });
    }
    return this.writing;
  }
}
