import v8 from 'node:v8';
import vm from 'node:vm';

/** A full garbage collection, run concurrently with the program where V8 can. */
export type Collect = () => void;

/**
 * How long the store must have answered nothing before it collects. V8 shrinks its young generation
 * only in a collection made while the program allocated little over the last five seconds (its
 * allocation-throughput window); one made sooner compacts the old generation but keeps the young one.
 */
const QUIET_MS = 5_000;

// How often the quiet is checked: a collection comes at most this long after the quiet began.
const CHECK_EVERY_MS = 1_000;

/**
 * The function behind `--expose-gc`, without the flag on the command line: V8 gives each new context a
 * `gc` once the flag is set, and this takes it from one such context. The flag is set back at once, so
 * no other context (a plugin's `vm`, a worker) gets one.
 */
export function fullCollection(): Collect {
  const exposed = (globalThis as { gc?: (options?: object) => void }).gc;
  if (typeof exposed === 'function') return () => exposed({ type: 'major', execution: 'async' });
  v8.setFlagsFromString('--expose-gc');
  try {
    const gc = vm.runInNewContext('gc') as (options?: object) => void;
    return () => gc({ type: 'major', execution: 'async' });
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

/**
 * Gives memory back once the store goes quiet. V8 returns freed heap pages to the system only in a
 * collection made while the program allocates little, and nothing in Node asks for one: a store that
 * started (compiling every route's schemas) or served a burst, then waited, kept the heap of that
 * work, about 25 MiB more resident after start than after such a collection (bench/README.md, "Memory
 * after start"). So once `quietMs` pass without a request ending, after any request (or the start)
 * since the last one, it runs one full collection. A store that keeps serving never gets one from
 * here; V8 collects as usual meanwhile. The collection is V8's concurrent one: a request that arrives
 * meanwhile is not held for its marking.
 */
export class IdleCollection {
  private lastActivity = 0;
  private collectedSince = false;
  private timer?: NodeJS.Timeout;
  /** Collections run so far (GET /metrics). */
  collections = 0;

  constructor(private readonly quietMs = QUIET_MS) {}

  /** A request ended: the quiet starts over, and a collection is due once it has lasted. */
  readonly noteActivity = (): void => {
    this.lastActivity = Date.now();
    this.collectedSince = false;
  };

  /** Starts watching; the start itself counts as activity. */
  start(): void {
    if (this.timer) return;
    this.noteActivity();
    const collect = fullCollection();
    this.timer = setInterval(() => this.check(collect), Math.min(CHECK_EVERY_MS, this.quietMs));
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private check(collect: Collect): void {
    if (this.collectedSince || Date.now() - this.lastActivity < this.quietMs) return;
    this.collectedSince = true;
    this.collections++;
    collect();
  }
}
