import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type { Logger } from './logger.ts';

// Loaded when a store connects, not at start: a store without REDIS_URL never holds the client.
const requireHere = createRequire(import.meta.url);

/**
 * Redis for shared short-lived state, failing fast while it is away: a command is refused at once
 * when no connection is ready (no offline queue, so no request waits on reconnects), a connection that
 * stops answering is given up after one command timeout (see rate-limit.ts), and ioredis reconnects
 * in the background. The outage is logged once when Redis goes away and once when it is back.
 */
export function connectRedis(url: string, logger: Logger): Redis {
  const { Redis: Client } = requireHere('ioredis') as typeof import('ioredis');
  const redis = new Client(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
    enableOfflineQueue: false,
    lazyConnect: false,
    // Background reconnects: quickly at first, then every 2 s for as long as Redis is away.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
  });
  let away = false;
  const goneAway = (err?: Error) => {
    if (away) return;
    away = true;
    logger.warn({ err }, 'Redis is unreachable; rate limits fail open (requests are not counted) until it is back');
  };
  // 'error' covers a first connection that never succeeds; 'reconnecting' a ready one that was lost
  // (unlike 'close', it is not emitted for our own quit() on stop).
  redis.on('error', (err) => goneAway(err));
  redis.on('reconnecting', () => goneAway());
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    logger.info('Redis is reachable again; rate limits count again');
  });
  return redis;
}
