import type { Knex } from 'knex';
import type { KernelMetrics } from './registry.ts';

interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
}

/**
 * The database connection pool of this process (knex's tarn pool): connections in use, idle, and
 * queries waiting for one. Waiting acquires that stay above 0 mean the pool is too small or a
 * transaction holds its connection too long (SQLite has one connection: requests take turns).
 */
export function poolMetrics(metrics: KernelMetrics, knex: Knex): void {
  metrics.gauge({
    name: 'storekeep_db_pool_connections',
    help: 'Database connections of this process by state: used, free, pending_acquires (waiting for a connection), pending_creates (being opened).',
    labelNames: ['state'],
    collect(gauge) {
      // Absent once the database is closed (the kernel stopping).
      const pool = (knex.client as { pool?: TarnPool }).pool;
      gauge.reset();
      if (!pool) return;
      gauge.set({ state: 'used' }, pool.numUsed());
      gauge.set({ state: 'free' }, pool.numFree());
      gauge.set({ state: 'pending_acquires' }, pool.numPendingAcquires());
      gauge.set({ state: 'pending_creates' }, pool.numPendingCreates());
    },
  });
}
