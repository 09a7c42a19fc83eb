import type { ResponseCache } from '../http/response-cache.ts';
import type { DirectReads } from '../http/direct-reads.ts';
import type { KernelMetrics } from './registry.ts';

/**
 * The anonymous response cache of this process: lookups that found an answer and lookups that did not
 * (the hit rate is hits / (hits + misses)), and what it holds. Counted by the cache itself; read here
 * at scrape time.
 */
export function cacheMetrics(metrics: KernelMetrics, cache: ResponseCache): void {
  metrics.counterOfTotal({ name: 'storekeep_response_cache_hits_total', help: 'Anonymous GETs answered from the response cache.' }, () => cache.hits);
  metrics.counterOfTotal(
    { name: 'storekeep_response_cache_misses_total', help: 'Anonymous GETs of cacheable routes the response cache had no answer for (the route computed it).' },
    () => cache.misses,
  );
  metrics.gauge({
    name: 'storekeep_response_cache_entries',
    help: 'Answers held in the response cache.',
    collect: (gauge) => gauge.set(cache.size),
  });
  metrics.gauge({
    name: 'storekeep_response_cache_bytes',
    help: 'Memory the response cache counts for its answers (bodies, keys and headers), in bytes; bounded by RESPONSE_CACHE_MB.',
    collect: (gauge) => gauge.set(cache.bytes),
  });
}

/**
 * The direct transport of this process (http/direct-reads.ts): GETs of direct routes it answered before
 * Fastify routed them, and the ones it looked at and left to Fastify (a refusal, a 404, a kept answer to
 * build first). Counted by the transport itself; read here at scrape time.
 */
export function directReadMetrics(metrics: KernelMetrics, reads: DirectReads): void {
  metrics.counterOfTotal({ name: 'storekeep_http_direct_answers_total', help: 'GETs of direct routes answered before Fastify routed them.' }, () => reads.answered);
  metrics.counterOfTotal(
    { name: 'storekeep_http_direct_handovers_total', help: 'GETs of direct routes the direct transport left to Fastify (anything but a 200 of the route).' },
    () => reads.handedOver,
  );
}
