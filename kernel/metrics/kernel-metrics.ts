import type { Kernel } from '../kernel.ts';
import { cacheMetrics, directReadMetrics } from './cache-metrics.ts';
import { jobMetrics } from './job-metrics.ts';
import { outboxMetrics } from './outbox-metrics.ts';
import { poolMetrics } from './pool-metrics.ts';
import { walMetrics } from './wal-metrics.ts';

/** The kernel's own metrics beyond the HTTP ones (registry.ts): outbox, jobs, database pool, SQLite's WAL, response cache, direct transport. */
export function registerKernelMetrics(kernel: Kernel): void {
  outboxMetrics(kernel.metrics, kernel.knex, kernel.clock);
  jobMetrics(kernel.metrics, kernel.knex, kernel.clock, kernel.worker);
  poolMetrics(kernel.metrics, kernel.knex);
  if (kernel.checkpointer) walMetrics(kernel.metrics, kernel.checkpointer);
  cacheMetrics(kernel.metrics, kernel.responseCache);
  directReadMetrics(kernel.metrics, kernel.directReads);
  kernel.metrics.counterOfTotal(
    {
      name: 'storekeep_idle_collections_total',
      help: 'Full heap collections the store ran because it had answered no request for a while, to give memory back to the system.',
    },
    () => kernel.idleCollection.collections,
  );
}
