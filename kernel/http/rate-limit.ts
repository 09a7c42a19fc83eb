import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP, type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { principalKey } from './principal.ts';
import { isInternalCall } from './internal-api.ts';
import { handedOver } from './handover.ts';

export interface RateLimitSettings {
  anonymous: number;
  authenticated: number;
  redis?: Redis;
}

const NAMESPACE = 'storekeep-rl:';

// A load balancer's probes come from a few busy addresses: a 429 there would take the store out of
// rotation. A metrics scraper likewise: a refused scrape is a gap in every graph.
const EXEMPT_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
interface InnerStore extends FastifyRateLimitStore {
  read?: (key: string, cb: Callback, timeWindow: number, max: number) => void;
}

const RedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  nameSpace: string,
) => InnerStore;

const REDIS_AWAY = new Error('Redis is not connected; the request is not counted.');

/**
 * The plugin's Redis store behind a circuit: while no Redis connection is ready, a count fails at once
 * (the limit fails open) without sending anything. A command that times out on a connection that looks
 * open (a network that swallows packets) drops that connection, so the requests after it are not
 * held for the timeout too; ioredis reconnects in the background and counting resumes when it is ready.
 */
function redisStoreWithCircuit(redis: Redis): FastifyRateLimitStoreCtor {
  const guard = (call: (cb: Callback) => void, cb: Callback) => {
    if (redis.status !== 'ready') return cb(REDIS_AWAY);
    call((err, result) => {
      if (err && /timed out/i.test(err.message) && redis.status === 'ready') redis.disconnect(true);
      cb(err, result);
    });
  };
  class Guarded implements FastifyRateLimitStore {
    private readonly inner: InnerStore;
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }, inner?: InnerStore) {
      this.inner = inner ?? new RedisStore(!!options.continueExceeding, !!options.exponentialBackoff, redis, NAMESPACE);
    }
    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      guard((done) => this.inner.incr(key, done, timeWindow, max), cb);
    }
    read(key: string, cb: Callback, timeWindow: number, max: number): void {
      guard((done) => this.inner.read!(key, done, timeWindow, max), cb);
    }
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new Guarded({}, this.inner.child(routeOptions) as InnerStore);
    }
  }
  return Guarded as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Requests per minute: anonymous callers are counted per address with the lower limit, authenticated
 * ones per key or session with the higher one. Counters live in Redis when REDIS_URL is set, so several
 * instances share them; while Redis is away requests are served uncounted. A limit of 0 turns that
 * limit off. The health endpoints are never limited.
 */
export async function installRateLimits(app: FastifyInstance, settings: RateLimitSettings): Promise<void> {
  const limitFor = (request: FastifyRequest) =>
    request.principal.kind === 'anonymous' ? settings.anonymous : settings.authenticated;
  await app.register(rateLimit, {
    global: true,
    hook: 'preValidation',
    timeWindow: 60_000,
    max: (request) => limitFor(request) || 1_000_000_000,
    // Internal calls belong to a page request that was counted already; so does a request the direct
    // transport counted before leaving it to Fastify (handover.ts: its headers are set from that count).
    allowList: (request) =>
      limitFor(request) === 0 || EXEMPT_PATHS.has(request.routeOptions?.url ?? '') || isInternalCall(request) || handedOver(request.raw)?.counted !== undefined,
    // An IPv6 client usually holds a whole /64: counting per address would let it rotate past the limit.
    keyGenerator: (request) => principalKey(request.principal, normalizeIP(request.ip, 64)),
    ...(settings.redis ? { store: redisStoreWithCircuit(settings.redis) } : {}),
    nameSpace: NAMESPACE,
    skipOnError: true,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      const err = new Error(`Request was throttled. Try again in ${seconds} seconds.`) as Error & { statusCode: number };
      err.statusCode = 429;
      return err;
    },
  });
}
