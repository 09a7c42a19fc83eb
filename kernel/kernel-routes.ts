import type { Kernel } from './kernel.ts';
import { registerMetricsRoute } from './metrics/metrics-route.ts';

const HEALTH = { type: 'object', required: ['status'], properties: { status: { type: 'string' } } };

/** The kernel's own endpoints: liveness, readiness, metrics and the OpenAPI document. */
export function registerKernelRoutes(kernel: Kernel): void {
  kernel.routes.add('kernel', {
    method: 'GET',
    path: '/healthz',
    auth: 'public',
    tag: 'health',
    summary: 'Liveness: the process is up and serving.',
    description: 'Answers 200 while the process serves requests, without touching the database. For a load balancer or orchestrator liveness probe; not rate limited by design of the probe, needs no credentials.',
    schema: { response: { 200: HEALTH } },
    handler: async () => ({ status: 'ok' }),
  });
  kernel.routes.add('kernel', {
    method: 'GET',
    path: '/readyz',
    auth: 'public',
    tag: 'health',
    summary: 'Readiness: the database answers.',
    description: 'Answers 200 when the database answers a query, else 503: send traffic to this instance only while it is ready.',
    schema: { response: { 200: HEALTH, 503: { $ref: 'Error#' } } },
    handler: async () => {
      // An unreachable database answers like every other route: 503 database_unavailable with Retry-After.
      await kernel.knex.raw('select 1');
      return { status: 'ready' };
    },
  });
  registerMetricsRoute(kernel);
  kernel.routes.add('kernel', {
    method: 'GET',
    path: '/latest/openapi.json',
    auth: 'public',
    tag: 'meta',
    summary: 'The machine-readable description of this API (OpenAPI 3.1).',
    description: 'This document: every operation, its parameters, bodies, answers and errors, generated from the schemas the server validates with. /docs renders it for people.',
    schema: { response: { 200: { type: 'object', additionalProperties: true } } },
    handler: async (request) => (request.server as any).swagger(),
  });
  kernel.worker.every('kernel.purge-idempotency-keys', 3_600_000, async (_payload, job) => {
    await kernel.knex('idempotency_keys').where('expires_at', '<', job.now).delete();
  });
}
