import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import FindMyWay from 'find-my-way';
import type { RouteOptions } from 'fastify';
import type { Logger } from '../logger.ts';
import type { MountedRoute } from '../routes.ts';
import { ANONYMOUS, satisfies, type Principal } from './principal.ts';
import { negotiateLanguage } from './accept-language.ts';
import type { StoreLocale } from './negotiation.ts';
import { ResponseCache } from './response-cache.ts';
import { storable, wantsFresh } from './cache-rules.ts';
import { requestIdOf } from './request-id.ts';
import { weakEtag } from './etag.ts';
import { answerEnded, forwardedByProxy, limitHeaders, takeRequestsFirst, writeAnswer, type LimitVerdict } from './direct-hits.ts';
import { handOver, type Handover } from './handover.ts';
import { LeanReply, LeanRequest, type LeanParts } from './direct-request.ts';
import type { RequestEndListener } from './request-log.ts';
import type { Validate } from './deferred-compilation.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The definition of a route the direct transport answers (routes.ts sets it). */
    direct?: MountedRoute;
  }
}

/** The router settings of the app (app.ts) and of the direct transport's copy of its route table. */
export const ROUTER_OPTIONS = { ignoreTrailingSlash: true, maxParamLength: 200 } as const;

type Serialize = (data: any) => string;
type SerializerCompiler = (request: { schema: any; method?: string; url?: string; httpStatus?: string }) => Serialize;

export interface DirectReadOptions {
  logger: Logger;
  /** The request lines' logger (logger.ts, `requestLineLogger`). */
  lines: Logger;
  /** TRUST_PROXY is set: a request carrying X-Forwarded-* goes through Fastify (its address and scheme are the proxy's word). */
  trustProxy: boolean;
  isActive: (plugin: string) => boolean;
  authenticate: (request: LeanRequest) => Promise<Principal | undefined>;
  locale: () => StoreLocale;
  cache: ResponseCache;
  /** The routes' own limiter (@fastify/rate-limit's `createRateLimit()`); undefined when both limits are off. */
  limit?: (request: object) => Promise<LimitVerdict>;
  parts: LeanParts;
  onEnd?: RequestEndListener;
}

interface Known {
  /** The route when it answers directly; null for every other GET route Fastify has. */
  route: MountedRoute | null;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The direct transport: GETs of routes marked `direct` answered from the server's `request` event by
 * the route's own handler, without Fastify's request lifecycle (its hook chain, its request and reply
 * objects, the ETag and cache hooks as separate steps), which cost a computed catalogue read more
 * than the read itself (bench/README.md, "Reads without the framework's lifecycle").
 *
 * The answer is the one Fastify would give, because the same parts make it: the app's route table (a
 * copy built from Fastify's `onRoute`, with its router settings), the route's own validators as Fastify
 * compiled them, `kernel.authenticate`, the route's auth policy, the rate limiter with its counters and
 * headers, the language and currency negotiation, the response cache's fill, ETag and 304, the request
 * id, the one log line and the request metrics. Only a 200 is answered here: anything else (a refusal,
 * an invalid query, a 404, a handler that throws, a HEAD, a body, a proxied request) goes to Fastify,
 * with what was learned handed over (handover.ts) so that nothing is done twice that counts.
 */
export class DirectReads {
  private readonly router = FindMyWay({ ...ROUTER_OPTIONS });
  // What Fastify compiled for each GET route's params and query, by `path part` (`/api/v1/products/ querystring`).
  private readonly validators = new Map<string, Validate>();
  private compileSerializer?: SerializerCompiler;
  // Serializers by schema object and status, whoever compiled them (Fastify for a route's responses and
  // a reply's `compileSerializationSchema`, or this transport): the compiler reads nothing else.
  private readonly serializers = new WeakMap<object, Map<string, Serialize>>();
  /** Requests answered here, and requests looked at here and left to Fastify (the metrics). */
  answered = 0;
  handedOver = 0;

  /** Fastify's `onRoute` hook: every GET route goes into the copy of the table, the direct ones with their definition. */
  onRoute = (route: RouteOptions): void => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('GET')) return;
    const direct = route.config?.direct ?? null;
    this.router.on('GET', route.url, () => undefined, { route: direct } satisfies Known);
  };

  /** Wraps the app's validator compiler: what it compiles for a direct route's params and query is kept for this transport. */
  validatorCompiler<C extends (request: { schema: any; method?: string; url?: string; httpPart?: string }) => Validate>(compile: C): C {
    return ((request) => {
      const validate = compile(request);
      if (request.method === 'GET') this.validators.set(`${request.url} ${request.httpPart}`, validate);
      return validate;
    }) as C;
  }

  /**
   * Wraps the app's serializer compiler: what it compiles is kept by schema for this transport, and
   * what this transport needs compiled (a route's 200, a handler's `compileSerializationSchema`) is
   * compiled with it, as through Fastify.
   */
  serializerCompiler<C extends SerializerCompiler>(compile: C): C {
    this.compileSerializer = compile;
    return ((request) => {
      const serialize = compile(request);
      this.keep(request.schema, request.httpStatus ?? '', serialize);
      return serialize;
    }) as C;
  }

  private keep(schema: object, httpStatus: string, serialize: Serialize): void {
    let byStatus = this.serializers.get(schema);
    if (!byStatus) this.serializers.set(schema, (byStatus = new Map()));
    byStatus.set(httpStatus, serialize);
  }

  /** Takes the server's requests first, in front of its current listeners (Fastify, or the cached-hit path before it). */
  install(server: Server, options: DirectReadOptions): void {
    takeRequestsFirst(server, (req, res, forward) => {
      const found = this.candidate(req, options);
      if (!found) return forward(req, res);
      const known: Handover = {};
      const leave = () => {
        this.handedOver++;
        handOver(req, known);
        forward(req, res);
      };
      this.answer(req, res, found.route, found.params, found.query, known, options).then(
        (answered) => answered || leave(),
        (err: unknown) => {
          options.logger.error({ err, url: req.url }, 'the direct transport failed; the request goes through the full pipeline');
          leave();
        },
      );
    });
  }

  // A GET this transport may answer: over a direct TLS connection, without a body, not forwarded by a
  // trusted proxy, to a route marked `direct`.
  private candidate(req: IncomingMessage, options: DirectReadOptions): { route: MountedRoute; params: any; query: any } | undefined {
    if (req.method !== 'GET' || (req.socket as TLSSocket).encrypted !== true) return undefined;
    const h = req.headers;
    if (h['content-length'] !== undefined || h['transfer-encoding'] !== undefined) return undefined;
    if (forwardedByProxy(h, options.trustProxy)) return undefined;
    const found = this.router.find('GET', req.url ?? '/');
    const route = (found?.store as Known | undefined)?.route;
    return route ? { route, params: found!.params, query: found!.searchParams } : undefined;
  }

  // Answers the request with a 200 of its route, or returns false with what it learned in `known`.
  private async answer(req: IncomingMessage, res: ServerResponse, route: MountedRoute, params: any, query: any, known: Handover, options: DirectReadOptions): Promise<boolean> {
    const started = performance.now();
    if (!options.isActive(route.plugin)) return false;
    const id = requestIdOf(req.headers);
    known.id = id;
    const request = new LeanRequest(req, id, params, query, ANONYMOUS, route.path, options.parts);
    try {
      request.principal = (await options.authenticate(request)) ?? ANONYMOUS;
    } catch (refused) {
      known.refused = refused;
      return false;
    }
    known.principal = request.principal;
    // Fastify counts a request before it checks the policy and the query: one refused here is counted there.
    if (!satisfies(route.auth, request.principal) || !this.valid(route, request, 'params') || !this.valid(route, request, 'querystring')) return false;
    const verdict = options.limit ? await options.limit(request) : undefined;
    // Over the limit: Fastify counts it again and refuses it with its 429.
    if (verdict?.isExceeded) return false;
    if (verdict && !verdict.isAllowed) known.counted = verdict;
    if (!this.negotiate(route, request, options.locale())) return false;
    const cached = route.cache === 'anonymous' && request.principal.kind === 'anonymous' && options.cache.enabled;
    const fresh = wantsFresh(req.headers['cache-control']);
    const key = cached ? ResponseCache.keyOf('GET', request.url, req.headers) : '';
    // An answer stored meanwhile is Fastify's to give (its lookup counts and serves it).
    if (cached && !fresh && options.cache.get(key, false)) return false;
    // Read before the handler reads anything: a change committing meanwhile voids the fill.
    const generation = options.cache.generation;
    const reply = new LeanReply((schema, status) => this.serializer(route, schema, status));
    let payload: unknown;
    try {
      payload = await route.handler(request as never, reply as never);
    } catch (err) {
      if (!(err instanceof AppError)) request.log.debug({ err, route: route.path }, 'direct read left to the full pipeline');
      return false;
    }
    const body = this.bodyOf(route, reply, payload);
    if (!body || reply.statusCode !== 200) return false;
    if (cached && !fresh) options.cache.countMiss();

    const headers: Record<string, unknown> = { 'x-request-id': id };
    if (route.translated) {
      headers['content-language'] = request.lang;
      headers.vary = 'Accept-Language';
    }
    if (verdict && !verdict.isAllowed) Object.assign(headers, limitHeaders(verdict));
    Object.assign(headers, reply.headers);
    headers.etag ??= weakEtag(body);
    if (cached && storable(headers['cache-control'])) options.cache.fill(key, generation, headers, body, true, route.path);
    this.answered++;
    const ended = (abandoned: boolean) => answerEnded(req, res, { id, route: route.path, ms: performance.now() - started, principal: request.principal.kind, abandoned }, options);
    // A client that left while the answer was computed closed the response already: logged as aborted.
    if (res.destroyed) {
      ended(true);
      return true;
    }
    writeAnswer(req, res, headers, body);
    res.once('close', () => ended(false));
    return true;
  }

  // The route's own validator for that part, as Fastify compiled it; a part it refuses is Fastify's to answer (400).
  private valid(route: MountedRoute, request: LeanRequest, part: 'params' | 'querystring'): boolean {
    const schema = part === 'params' ? route.schema.params : route.schema.querystring;
    if (!schema) return true;
    const validate = this.validators.get(`${route.path} ${part}`);
    if (!validate) return false;
    const property = part === 'params' ? 'params' : 'query';
    const data = request[property] ?? null;
    return validate(data, { parentData: request, parentDataProperty: property }) === true;
  }

  // negotiation.ts's hook: the language always, `?currency=` where the route honours it (one the store
  // does not offer is Fastify's 400).
  private negotiate(route: MountedRoute, request: LeanRequest, store: StoreLocale): boolean {
    request.lang = negotiateLanguage(request.headers['accept-language'], store.languages, store.defaultLanguage);
    request.currency = store.defaultCurrency;
    if (!route.currency) return true;
    const asked = request.query?.currency;
    if (asked === undefined || asked === '') return true;
    const code = String(asked).toUpperCase();
    if (!store.currencies.includes(code)) return false;
    request.currency = code;
    return true;
  }

  // What Fastify's reply would send for the handler's value, with the content type it would give:
  // bytes and text as they are, anything else through the route's 200 schema. Nothing (undefined, a
  // stream) is Fastify's to send.
  private bodyOf(route: MountedRoute, reply: LeanReply, payload: unknown): Buffer | undefined {
    if (Buffer.isBuffer(payload)) {
      reply.headers['content-type'] ??= 'application/octet-stream';
      return payload;
    }
    if (typeof payload === 'string') {
      reply.headers['content-type'] ??= 'text/plain; charset=utf-8';
      return Buffer.from(payload);
    }
    if (payload === undefined || payload === null || typeof (payload as { pipe?: unknown }).pipe === 'function') return undefined;
    const schema = route.schema.response[200];
    if (!schema) return undefined;
    reply.headers['content-type'] ??= JSON_TYPE;
    return Buffer.from(this.serializer(route, schema, '200')(payload));
  }

  // A serializer as Fastify would make it for that schema and status: compiled once.
  private serializer(route: MountedRoute, schema: object, httpStatus: string): Serialize {
    const kept = this.serializers.get(schema)?.get(httpStatus);
    if (kept) return kept;
    if (!this.compileSerializer) throw new Error('The direct transport was given no serializer compiler.');
    const serialize = this.compileSerializer({ schema, method: 'GET', url: route.path, httpStatus });
    this.keep(schema, httpStatus, serialize);
    return serialize;
  }
}
