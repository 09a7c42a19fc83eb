import type { EndedRequest } from '../http/request-log.ts';
import type { KernelMetrics } from './registry.ts';

/** Seconds: a cached read takes about a millisecond, a checkout a few hundred; beyond 5 s is "too slow". */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The route label of requests no route matched: one value, whatever URL was asked for. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Requests by method, route pattern and status: a counter and a latency histogram. The route is the
 * pattern a request matched (`/api/v1/products/:id/`), never its URL, so the number of series stays
 * bounded by the routes the store has.
 */
export function httpMetrics(metrics: KernelMetrics): (ended: EndedRequest) => void {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = metrics.counter({
    name: 'storekeep_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status (499: the client left before the answer was complete).',
    labelNames,
  });
  const duration = metrics.histogram({
    name: 'storekeep_http_request_duration_seconds',
    help: 'Time from routing a request to the last byte of its answer, by method, route pattern and status.',
    labelNames,
    buckets: LATENCY_BUCKETS,
  });
  return (ended) => {
    const labels = { method: ended.method, route: ended.route ?? UNMATCHED_ROUTE, status: String(ended.status) };
    requests.inc(labels);
    duration.observe(labels, ended.ms / 1000);
  };
}
