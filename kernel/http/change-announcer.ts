import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';
import { mysqlTarget, serverName } from '../db/database-url.ts';

/**
 * With REDIS_URL, instances on one database tell each other about the changes they commit, so every
 * instance's response cache forgets its answers within a Redis round trip rather than at the next
 * once-a-second reading of the events table (ForeignChanges, which stays as the fallback: a message
 * lost while Redis was away is caught there).
 *
 * One channel per database (its host and name, or the SQLite file), so stores sharing a Redis server do
 * not clear each other's caches; an instance ignores its own messages (its cache forgot at commit).
 */
export class ChangeAnnouncer {
  private readonly instance = crypto.randomUUID();
  private readonly channel: string;
  private subscriber?: Redis;

  constructor(
    private readonly redis: Redis,
    database: string,
    private readonly onForeignChange: () => void,
    private readonly logger: Logger,
  ) {
    this.channel = `storekeep:changes:${crypto.createHash('sha256').update(database).digest('hex').slice(0, 16)}`;
  }

  /** Subscribes on a connection of its own (a subscribed Redis connection can do nothing else). */
  async start(): Promise<void> {
    // Subscribed again here after each reconnect, not by ioredis: its own resubscription leaves the
    // command's promise unhandled, so a stop while Redis was reconnecting rejected it ("Connection is
    // closed") as an unhandled rejection, which ends a Node process.
    const subscriber = this.redis.duplicate({ enableOfflineQueue: true, autoResubscribe: false });
    this.subscriber = subscriber;
    subscriber.on('error', () => undefined); // the main connection logs Redis outages once
    subscriber.on('message', (_channel: string, from: string) => {
      if (from !== this.instance) this.onForeignChange();
    });
    let connected = false;
    subscriber.on('ready', () => {
      // The first connection runs the subscription below (queued until it is ready).
      if (!connected) connected = true;
      else void subscriber.subscribe(this.channel).catch(() => undefined);
    });
    // A first failure leaves the fallback in charge (ForeignChanges).
    await subscriber.subscribe(this.channel).catch((err: Error) => this.logger.warn({ err }, 'could not subscribe to change announcements; other instances\' changes show within a second'));
  }

  /** Called after each commit that changes what cached answers show; never waits, never throws. */
  announce(): void {
    if (this.redis.status !== 'ready') return;
    this.redis.publish(this.channel, this.instance).catch(() => undefined);
  }

  async stop(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
  }
}

/** What identifies the database in the channel name: never the credentials of DATABASE_URL. */
export function databaseIdentity(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return `sqlite:${dataDir}`;
  const target = mysqlTarget(databaseUrl);
  return `mysql:${serverName(target)}/${target.database}`;
}
