import { LRUCache } from 'lru-cache';

/** One stored answer: a 200's headers (as the uncached route set them) and its body bytes. */
export interface CachedResponse {
  headers: Record<string, string | number | string[]>;
  body: Buffer;
  /** May be answered before Fastify routes the request (direct-hits.ts): its route has no limit of its own. */
  direct: boolean;
  /** The pattern of the route that computed it, for the log line and metrics of an answer given before routing. */
  route?: string;
}

// Headers that belong to one exchange, not to the representation: each hit writes its own.
const PER_EXCHANGE = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'x-request-id',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
]);

// What an entry costs beyond its body and key: the headers and the LRU's own bookkeeping.
const ENTRY_OVERHEAD = 512;

/**
 * The anonymous response cache: answers of routes marked `cache: 'anonymous'`, keyed by method, URL
 * and the request headers an answer may vary on, bounded by bytes (least recently used go first).
 *
 * Never stale after a commit: every change the store makes emits an outbox event, and the kernel calls
 * `invalidate()` once such a transaction commits (and when another process's events are noticed).
 * `invalidate()` moves the generation on; an answer computed by a request that began under an earlier
 * generation may hold pre-commit data, so `fill` drops it instead of storing it.
 */
export class ResponseCache {
  private readonly entries?: LRUCache<string, CachedResponse>;
  private current = 0;
  /** Lookups that found an answer and lookups that did not, since start (the metrics' hit rate). */
  private found = 0;
  private missed = 0;

  constructor(maxBytes: number) {
    if (maxBytes > 0) {
      this.entries = new LRUCache<string, CachedResponse>({
        maxSize: maxBytes,
        sizeCalculation: (entry, key) => entry.body.length + key.length + ENTRY_OVERHEAD,
      });
    }
  }

  get enabled(): boolean {
    return this.entries !== undefined;
  }

  /** Read at the start of a request; the fill must carry it back. */
  get generation(): number {
    return this.current;
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }

  get bytes(): number {
    return this.entries?.calculatedSize ?? 0;
  }

  /** The key of a request: method, full URL (path and query) and the headers answers vary on, as sent. */
  static keyOf(method: string, url: string, headers: Record<string, string | string[] | undefined>): string {
    return `${method} ${url}\n${headerText(headers['accept-language'])}\n${headerText(headers.accept)}`;
  }

  get hits(): number {
    return this.found;
  }

  get misses(): number {
    return this.missed;
  }

  /**
   * The stored answer of a request's key, counted as a hit or a miss; `counted: false` only looks (the
   * path before routing, which counts with `countHit` once it answers and otherwise leaves the request
   * to the lookup that counts it).
   */
  get(key: string, counted = true): CachedResponse | undefined {
    const entry = this.entries?.get(key);
    if (counted && this.entries) {
      if (entry) this.found++;
      else this.missed++;
    }
    return entry;
  }

  countHit(): void {
    this.found++;
  }

  /** A lookup that found nothing, counted by a path that looked without counting (direct-reads.ts). */
  countMiss(): void {
    this.missed++;
  }

  /**
   * Stores a 200 computed by a request that began under `generation`; drops it when a change committed
   * since (its data may predate the change), or when the answer sets a cookie (it belongs to one caller).
   */
  fill(key: string, generation: number, headers: Record<string, unknown>, body: string | Buffer, direct = true, route?: string): boolean {
    if (!this.entries || generation !== this.current) return false;
    const kept: CachedResponse['headers'] = {};
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined || PER_EXCHANGE.has(name)) continue;
      if (name === 'set-cookie') return false;
      kept[name] = value as string | number | string[];
    }
    this.entries.set(key, { headers: kept, body: typeof body === 'string' ? Buffer.from(body) : body, direct, route });
    return true;
  }

  /** Something committed: forget every answer and refuse the fills of requests already running. */
  invalidate(): void {
    this.current++;
    this.entries?.clear();
  }
}

function headerText(value: string | string[] | undefined): string {
  if (value === undefined) return '';
  return Array.isArray(value) ? value.join(', ') : value;
}
