import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Logger } from '../logger.ts';
import { ANONYMOUS } from './principal.ts';
import { ResponseCache, type CachedResponse } from './response-cache.ts';
import { requestIdOf } from './request-id.ts';
import { etagMatches, wantsFresh } from './cache-rules.ts';
import { CLIENT_CLOSED, type RequestEndListener } from './request-log.ts';

/** What @fastify/rate-limit's `createRateLimit()` answers for one request. */
export interface LimitVerdict {
  isAllowed: boolean;
  isExceeded?: boolean;
  max?: number;
  remaining?: number;
  ttlInSeconds?: number;
}

export interface DirectHitOptions {
  cache: ResponseCache;
  logger: Logger;
  /** The request lines' logger (logger.ts, `requestLineLogger`). */
  lines: Logger;
  /** TRUST_PROXY is set: a request carrying X-Forwarded-* goes the usual way (its address and scheme are the proxy's word). */
  trustProxy: boolean;
  /** The routes' own limiter, for anonymous callers; undefined when their limit is off. */
  limit?: (request: object) => Promise<LimitVerdict>;
  /** Told of every answered request, as the Fastify path's request log tells it (the HTTP metrics). */
  onEnd?: RequestEndListener;
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Puts `first` in front of the server's current `request` listeners (Fastify, or another path in front
 * of it): it sees each request before them, and `forward` hands the request on to them.
 */
export function takeRequestsFirst(server: Server, first: (req: IncomingMessage, res: ServerResponse, forward: Listener) => void): void {
  const listeners = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  const forward: Listener = (req, res) => {
    for (const listener of listeners) listener.call(server, req, res);
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => first(req, res, forward));
}

/** A request a trusted proxy forwarded (TRUST_PROXY set, X-Forwarded-* present): its address and scheme are the proxy's word, which Fastify reads. */
export function forwardedByProxy(headers: IncomingHttpHeaders, trustProxy: boolean): boolean {
  return trustProxy && (headers['x-forwarded-for'] !== undefined || headers['x-forwarded-proto'] !== undefined || headers['x-forwarded-host'] !== undefined);
}

/** The rate-limit headers of a counted request, as @fastify/rate-limit writes them under its limit. */
export function limitHeaders(verdict: LimitVerdict): Record<string, number> {
  return { 'x-ratelimit-limit': verdict.max!, 'x-ratelimit-remaining': verdict.remaining!, 'x-ratelimit-reset': verdict.ttlInSeconds! };
}

/** Sends a 200 of `body` with `headers`, or a 304 without it when the request's If-None-Match names the ETag. */
export function writeAnswer(req: IncomingMessage, res: ServerResponse, headers: Record<string, unknown>, body: Buffer): void {
  const notModified = etagMatches(req.headers['if-none-match'], headers.etag);
  if (!notModified) headers['content-length'] = body.length;
  res.writeHead(notModified ? 304 : 200, headers as Record<string, string | number | string[]>);
  res.end(notModified ? undefined : body);
}

/**
 * The cheapest answer the store gives: a cached anonymous GET straight from the server's `request`
 * event, before Fastify builds a request, so that a storefront's repeated catalogue reads cost little
 * more than writing the stored bytes. Everything else, and every case this path does not handle in
 * full, goes to Fastify unchanged, where the lookup hook (cached-responses.ts) serves it the usual way.
 *
 * Handled here only: GET over a direct TLS connection, without Authorization or Cookie (so surely
 * anonymous), not forwarded by a trusted proxy, not asking for a fresh answer, with a stored answer
 * of a route without a rate limit of its own. The hit is answered as the Fastify path answers it: the
 * stored headers, its own request id, the anonymous rate limit (same counters and headers; over the
 * limit, the request goes to Fastify, which refuses it), 304 for a matching If-None-Match, the same
 * one request log line (request-log.ts), the same request metrics and a response-cache hit.
 */
export function answerCachedHitsFirst(server: Server, options: DirectHitOptions): void {
  takeRequestsFirst(server, (req, res, forward) => {
    const entry = directEntry(req, options);
    if (!entry) return forward(req, res);
    if (!options.limit) return answer(req, res, entry, undefined, options);
    const caller = { principal: ANONYMOUS, ip: req.socket.remoteAddress ?? '', headers: req.headers, routeOptions: { config: {} } };
    options.limit(caller).then(
      (verdict) => (verdict.isExceeded ? forward(req, res) : answer(req, res, entry, verdict, options)),
      () => forward(req, res),
    );
  });
}

function directEntry(req: IncomingMessage, options: DirectHitOptions): CachedResponse | undefined {
  if (req.method !== 'GET' || !options.cache.enabled) return undefined;
  if ((req.socket as TLSSocket).encrypted !== true) return undefined;
  const h = req.headers;
  if (h.authorization !== undefined || h.cookie !== undefined || wantsFresh(h['cache-control'])) return undefined;
  if (forwardedByProxy(h, options.trustProxy)) return undefined;
  // Not counted yet: a request this path leaves to Fastify is counted by the lookup there.
  const entry = options.cache.get(ResponseCache.keyOf('GET', req.url ?? '', h), false);
  return entry?.direct ? entry : undefined;
}

function answer(req: IncomingMessage, res: ServerResponse, entry: CachedResponse, verdict: LimitVerdict | undefined, options: DirectHitOptions): void {
  const id = requestIdOf(req.headers);
  const started = performance.now();
  options.cache.countHit();
  const headers: Record<string, unknown> = { 'x-request-id': id };
  if (verdict && !verdict.isAllowed) Object.assign(headers, limitHeaders(verdict));
  Object.assign(headers, entry.headers);
  writeAnswer(req, res, headers, entry.body);
  res.once('close', () => answerEnded(req, res, { id, route: entry.route, ms: performance.now() - started, principal: 'anonymous' }, options));
}

/** What the log line and the metrics say of a request answered before routing. */
export interface AnsweredBeforeRouting {
  id: string;
  route: string | undefined;
  ms: number;
  /** The caller's kind (`anonymous`, `customer`, …). */
  principal: string;
  /** The client had left before the answer was ready: nothing was sent. */
  abandoned?: boolean;
}

/**
 * The one log line and the count of a request answered before Fastify routed it (here, or by
 * direct-reads.ts), as request-log.ts writes them for routed requests; called when its response closes.
 */
export function answerEnded(req: IncomingMessage, res: ServerResponse, answered: AnsweredBeforeRouting, options: Pick<DirectHitOptions, 'logger' | 'lines' | 'onEnd'>): void {
  const { id, route, ms } = answered;
  const status = res.writableFinished && !answered.abandoned ? res.statusCode : CLIENT_CLOSED;
  try {
    options.onEnd?.({ method: 'GET', route, status, ms });
  } catch (err) {
    options.logger.error({ err, reqId: id }, 'counting the request failed');
  }
  const { lines } = options;
  if (!lines.isLevelEnabled('info')) return;
  const line = { reqId: id, req: { id, method: req.method, url: req.url, ip: req.socket.remoteAddress, headers: req.headers }, route: route ?? null, res: { statusCode: status }, principal: answered.principal, responseTime: ms };
  lines.info(line, status === CLIENT_CLOSED ? 'request aborted' : 'request completed');
}
