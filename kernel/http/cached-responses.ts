import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResponseCache } from './response-cache.ts';
import { storable, wantsFresh } from './cache-rules.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'anonymous': answers to anonymous GETs are served from and stored in the response cache. */
    cache?: 'anonymous';
  }
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const FILL = Symbol('responseCacheFill');
type WithFill = FastifyRequest & { [FILL]?: { key: string; generation: number } };

function cacheable(request: FastifyRequest): boolean {
  return request.routeOptions.config?.cache === 'anonymous' && request.method === 'GET' && request.principal.kind === 'anonymous';
}

/**
 * Serves anonymous GETs of cacheable routes from the response cache. It runs as an onRequest hook right
 * after the caller is known (an expired session or a customer or staff principal never reaches the
 * cache), so a hit skips validation, the handler, serialization and hashing; the request id, the HTTPS
 * guard, logging and `rateLimit` (the same counters and headers as the routes' own limit) still apply,
 * and the ETag hook still answers a matching If-None-Match with 304.
 */
export function cacheLookupHook(cache: ResponseCache, rateLimit: () => Hook | undefined): Hook {
  return async (request, reply) => {
    if (!cache.enabled || !cacheable(request)) return;
    const key = ResponseCache.keyOf('GET', request.url, request.headers);
    const entry = wantsFresh(request.headers['cache-control']) ? undefined : cache.get(key);
    if (!entry) {
      // The generation is read before the handler reads anything: a change committing meanwhile voids the fill.
      (request as WithFill)[FILL] = { key, generation: cache.generation };
      return;
    }
    // Routes with limits of their own count them in their own hook: those are served the usual way.
    if (request.routeOptions.config?.rateLimit === undefined) {
      const limit = rateLimit();
      if (limit) await limit(request, reply);
    }
    reply.headers(entry.headers);
    return reply.code(200).send(entry.body);
  };
}

/** onSend hook, after the ETag's: stores the 200 of a cacheable anonymous GET that missed. */
export function cacheFillHook(cache: ResponseCache) {
  return (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    const fill = (request as WithFill)[FILL];
    if (fill && reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload)) && storable(reply.getHeader('cache-control'))) {
      // Routes with a limit of their own are counted by their own hook, which only the Fastify path runs.
      const direct = request.routeOptions.config?.rateLimit === undefined;
      cache.fill(fill.key, fill.generation, reply.getHeaders(), payload, direct, request.routeOptions.url);
    }
    done(null, payload);
  };
}
