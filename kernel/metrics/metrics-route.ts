import type { Kernel } from '../kernel.ts';
import { bearsMetricsToken, METRICS_PATH, recogniseMetricsScraper } from './scraper-token.ts';

/**
 * GET /metrics: the Prometheus text of the store's and the process's metrics (docs/metrics.md), for
 * staff and for a scraper with METRICS_TOKEN. Left out of the OpenAPI document: it is an operator's
 * endpoint in Prometheus's format, not part of the store's JSON API. Never cached, never rate limited
 * (http/rate-limit.ts), and answered while the database is down with what can be read without it.
 */
export function registerMetricsRoute(kernel: Kernel): void {
  const token = () => kernel.config.metricsToken;
  recogniseMetricsScraper(kernel.kernelHooks, token);
  kernel.routes.add('kernel', {
    method: 'GET',
    path: METRICS_PATH,
    auth: 'staff',
    alsoAdmit: (request) => bearsMetricsToken(request, token()),
    tag: 'health',
    hidden: true,
    summary: 'Operational metrics in the Prometheus text format.',
    description: 'Requests, latency, outbox lag, job queue, webhook deliveries, database pool, response cache and process metrics, for a Prometheus scraper (`Authorization: Bearer <METRICS_TOKEN>`) or staff.',
    schema: { response: { 200: { type: 'string' } } },
    handler: async (_request, reply) => {
      const text = await kernel.metrics.render();
      reply.header('cache-control', 'no-store').type(kernel.metrics.contentType);
      return text;
    },
  });
}
