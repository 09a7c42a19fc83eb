import type { Knex } from 'knex';
import type { PluginMetrics } from '../../../kernel/metrics/plugin-metrics.ts';

/** The states the deliveries gauge reports: the delivery statuses, with pending split by whether an attempt failed. */
export const DELIVERY_STATES = ['pending', 'retrying', 'succeeded', 'failed'] as const;

/**
 * `storekeep_webhook_deliveries{state}` on GET /metrics, counted in the deliveries table when a scrape
 * comes, so every instance reports the same numbers. The count by status reads only the
 * `(status, next_attempt_at)` index; the retrying ones are the pending rows with an attempt behind them,
 * a range of that same index.
 */
export function registerDeliveryMetrics(metrics: PluginMetrics, knex: Knex): void {
  metrics.gauge({
    name: 'storekeep_webhook_deliveries',
    help: 'Webhook deliveries in the delivery log (kept 30 days) by state: pending (not attempted yet), retrying (an attempt failed, another is scheduled), succeeded, failed (gave up after 3 days of retries).',
    labelNames: ['state'],
    async collect() {
      const byStatus = (await knex('webhook_deliveries').select('status').count({ n: '*' }).groupBy('status')) as Array<{ status: string; n: number | string }>;
      const retried = (await knex('webhook_deliveries').where('status', 'pending').andWhere('attempts', '>', 0).count({ n: '*' }).first()) as { n?: number | string } | undefined;
      const count = (status: string) => Number(byStatus.find((row) => row.status === status)?.n ?? 0);
      const retrying = Number(retried?.n ?? 0);
      const values: Record<(typeof DELIVERY_STATES)[number], number> = {
        pending: count('pending') - retrying,
        retrying,
        succeeded: count('succeeded'),
        failed: count('failed'),
      };
      return DELIVERY_STATES.map((state) => ({ labels: { state }, value: values[state] }));
    },
  });
}
