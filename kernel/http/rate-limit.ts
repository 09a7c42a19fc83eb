import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { principalKey } from './principal.ts';

export interface RateLimitSettings {
  anonymous: number;
  authenticated: number;
  redis?: Redis;
}

/**
 * Requests per minute: anonymous callers are counted per address with the lower limit, authenticated
 * ones per key or session with the higher one. Counters live in Redis when REDIS_URL is set, so several
 * instances share them. A limit of 0 turns that limit off.
 */
export async function installRateLimits(app: FastifyInstance, settings: RateLimitSettings): Promise<void> {
  const limitFor = (request: FastifyRequest) =>
    request.principal.kind === 'anonymous' ? settings.anonymous : settings.authenticated;
  await app.register(rateLimit, {
    global: true,
    hook: 'preValidation',
    timeWindow: 60_000,
    max: (request) => limitFor(request) || 1_000_000_000,
    allowList: (request) => limitFor(request) === 0,
    // An IPv6 client usually holds a whole /64: counting per address would let it rotate past the limit.
    keyGenerator: (request) => principalKey(request.principal, normalizeIP(request.ip, 64)),
    redis: settings.redis,
    nameSpace: 'storekeep-rl:',
    skipOnError: true,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      const err = new Error(`Request was throttled. Try again in ${seconds} seconds.`) as Error & { statusCode: number };
      err.statusCode = 429;
      return err;
    },
  });
}
