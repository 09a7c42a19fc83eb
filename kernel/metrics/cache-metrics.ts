import type { ResponseCache } from '../http/response-cache.ts';
import type { KernelMetrics } from './registry.ts';

/**
 * The anonymous response cache of this process: lookups that found an answer and lookups that did not
 * (the hit rate is hits / (hits + misses)), and what it holds. Counted by the cache itself; read here
 * at scrape time.
 */
export function cacheMetrics(metrics: KernelMetrics, cache: ResponseCache): void {
  counterOf(metrics, 'storekeep_response_cache_hits_total', 'Anonymous GETs answered from the response cache.', () => cache.hits);
  counterOf(metrics, 'storekeep_response_cache_misses_total', 'Anonymous GETs of cacheable routes the response cache had no answer for (the route computed it).', () => cache.misses);
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

// A counter whose total the cache keeps: at scrape time it goes up by what was added since the last one.
function counterOf(metrics: KernelMetrics, name: string, help: string, total: () => number): void {
  let shown = 0;
  metrics.counter({
    name,
    help,
    collect(counter) {
      const now = total();
      if (now > shown) counter.inc(now - shown);
      shown = now;
    },
  });
}
