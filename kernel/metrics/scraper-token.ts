import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { KernelHooks } from '../hooks.ts';
import { ANONYMOUS } from '../http/principal.ts';

export const METRICS_PATH = '/metrics';

const BEARER = /^\s*Bearer\s+(\S+)\s*$/i;

// Both sides hashed to one length: the comparison tells neither how much matched nor how long the token is.
const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/** True when the request sends `Authorization: Bearer <token>` with the metrics token (METRICS_TOKEN). */
export function bearsMetricsToken(request: Pick<FastifyRequest, 'headers'>, token: string | undefined): boolean {
  if (!token) return false;
  const header = request.headers.authorization;
  const sent = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
  return sent !== undefined && crypto.timingSafeEqual(digest(sent), digest(token));
}

/**
 * A scraper with the metrics token is no principal of the store (no staff account, no API key): on
 * GET /metrics its request is resolved as anonymous here, before core-auth's tap, which refuses every
 * scheme but `Token`; the route then admits it by the token (`alsoAdmit`). Anywhere else, and with any
 * other bearer token, the header goes on to core-auth as before.
 */
export function recogniseMetricsScraper(hooks: KernelHooks, token: () => string | undefined): void {
  hooks.authenticate.tapPromise({ name: 'kernel', stage: -100 }, async (request) =>
    request.routeOptions.url === METRICS_PATH && bearsMetricsToken(request, token()) ? ANONYMOUS : undefined,
  );
}
