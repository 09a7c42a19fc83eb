import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import type { Clock } from '../../../kernel/clock.ts';
import { toDate } from '../../../kernel/db/dialect.ts';
import type { Logger } from '../../../kernel/logger.ts';

/** What adding one failure to a scope found. */
export interface Added {
  /** Names the entry, to withdraw it (a login that turns out right, an attempt refused as over the limit). */
  id: string;
  /** Failures in the window up to and including this one (later parallel ones not counted). */
  count: number;
}

/**
 * Failures counted per scope over a sliding window. Two stores with one meaning: rows of
 * `login_failures` (the default, shared by every instance through the database) or sorted sets in
 * Redis when REDIS_URL is set (no database write per failure).
 */
export interface FailureLog {
  /** Counts one failure now. */
  add(scope: string): Promise<Added>;
  /** Withdraws an entry `add` returned. */
  remove(scope: string, id: string): Promise<void>;
  /** Forgets every failure of a scope. */
  clear(scope: string): Promise<void>;
  /** Deletes failures that have left the window, where the store does not expire them itself. */
  purge(): Promise<number>;
  /** Milliseconds until fewer than `limit` failures remain in the window (0: under the limit). */
  waitFor(scope: string, limit: number): Promise<number>;
}

/** `login_failures` rows; an entry's id is its row id, so parallel adds are ordered. */
export class DbFailureLog implements FailureLog {
  constructor(
    private readonly knex: Knex,
    private readonly clock: Clock,
    readonly windowMs: number,
  ) {}

  async add(scope: string): Promise<Added> {
    const [id] = await this.knex('login_failures').insert({ scope, created_at: this.clock.now() });
    const [{ count }] = await this.knex('login_failures')
      .where({ scope })
      .andWhere('created_at', '>', this.since())
      .andWhere('id', '<=', Number(id))
      .count({ count: '*' });
    return { id: String(id), count: Number(count) };
  }

  async remove(scope: string, id: string): Promise<void> {
    await this.knex('login_failures').where({ scope, id: Number(id) }).delete();
  }

  async clear(scope: string): Promise<void> {
    await this.knex('login_failures').where({ scope }).delete();
  }

  async purge(): Promise<number> {
    return this.knex('login_failures').where('created_at', '<=', this.since()).delete();
  }

  // The moment the limit-th most recent failure leaves the window.
  async waitFor(scope: string, limit: number): Promise<number> {
    const now = this.clock.now().getTime();
    const rows = await this.knex('login_failures')
      .where({ scope })
      .andWhere('created_at', '>', this.since())
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(limit - 1)
      .limit(1)
      .select('created_at');
    if (rows.length === 0) return 0;
    return Math.max(1000, toDate(rows[0].created_at)!.getTime() + this.windowMs - now);
  }

  private since(): Date {
    return new Date(this.clock.now().getTime() - this.windowMs);
  }
}

const REDIS_PREFIX = 'storekeep-auth:failures:';

/**
 * One sorted set per scope (score: the time in ms), trimmed to the window and expiring with it. Each
 * add runs as one MULTI, so parallel adds from several instances are counted in order. While Redis is
 * unreachable nothing is counted (fail open, like the kernel's rate limits), and that is logged once.
 */
export class RedisFailureLog implements FailureLog {
  private warned = false;

  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    readonly windowMs: number,
    private readonly logger: Logger,
  ) {}

  async add(scope: string): Promise<Added> {
    const key = REDIS_PREFIX + scope;
    const now = this.clock.now().getTime();
    const id = `${now}:${crypto.randomBytes(6).toString('hex')}`;
    const results = await this.run(() =>
      this.redis
        .multi()
        .zremrangebyscore(key, '-inf', now - this.windowMs)
        .zadd(key, now, id)
        .zcard(key)
        .pexpire(key, this.windowMs)
        .exec(),
    );
    // The set's size right after this add, inside one MULTI: the failures that arrived before it, plus it.
    const count = results?.[2]?.[1];
    return { id, count: typeof count === 'number' ? count : 0 };
  }

  async remove(scope: string, id: string): Promise<void> {
    await this.run(() => this.redis.zrem(REDIS_PREFIX + scope, id));
  }

  async clear(scope: string): Promise<void> {
    await this.run(() => this.redis.del(REDIS_PREFIX + scope));
  }

  // Each set expires with its window.
  async purge(): Promise<number> {
    return 0;
  }

  async waitFor(scope: string, limit: number): Promise<number> {
    const now = this.clock.now().getTime();
    const key = REDIS_PREFIX + scope;
    const results = await this.run(() =>
      this.redis
        .multi()
        .zremrangebyscore(key, '-inf', now - this.windowMs)
        .zrevrange(key, limit - 1, limit - 1, 'WITHSCORES')
        .exec(),
    );
    const entry = results?.[1]?.[1] as string[] | undefined;
    if (!entry || entry.length < 2) return 0;
    return Math.max(1000, Number(entry[1]) + this.windowMs - now);
  }

  private async run<T>(command: () => Promise<T>): Promise<T | undefined> {
    try {
      const result = await command();
      this.warned = false;
      return result;
    } catch (err) {
      if (!this.warned) this.logger.warn({ err }, 'Redis is unreachable; failed credentials are not counted until it is back');
      this.warned = true;
      return undefined;
    }
  }
}
