import { collectDefaultMetrics, Registry } from 'prom-client';

let processRegistry: Registry | undefined;

/**
 * prom-client's default metrics (resident memory, heap, CPU, event-loop lag, GC, open handles): they
 * describe the process, not a store, so one registry of them serves every kernel the process runs
 * (tests run dozens). It is made on the first scrape and is not prom-client's global registry, which
 * a plugin's own copy of the library could fill too.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
