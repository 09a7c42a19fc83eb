import type { Server as HttpServer, IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import type { AwilixContainer } from 'awilix';
import { createAjv } from '../json-schema.ts';
import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { requestLineLogger, type Logger } from '../logger.ts';
import type { Clock } from '../clock.ts';
import type { KernelHooks } from '../hooks.ts';
import type { RouteRegistry } from '../routes.ts';
import type { TlsMaterial } from '../tls.ts';
import { ANONYMOUS, type Principal } from './principal.ts';
import { answerClientError, answerFrameworkError, errorHandler, installErrorHandling } from './error-handler.ts';
import { DatabaseOutageLog } from '../db/unavailable.ts';
import { serializerCompiler } from './serializer-compiler.ts';
import { DeferredCompilations, type Validate } from './deferred-compilation.ts';
import { installJsonBodies } from './json-body.ts';
import { acceptPlainHttpOnTlsPort, installHttpsGuard } from './https-guard.ts';
import { installRateLimits } from './rate-limit.ts';
import { installIdempotency } from './idempotency.ts';
import { installNegotiation, type StoreLocale } from './negotiation.ts';
import { installOpenApi, type OpenApiWebhooks } from './openapi.ts';
import { installEtags } from './etag.ts';
import type { ResponseCache } from './response-cache.ts';
import type { ListPositions } from './list-positions.ts';
import { cacheFillHook, cacheLookupHook } from './cached-responses.ts';
import { keepInternalAnswer } from './internal-api.ts';
import { answerCachedHitsFirst, limitHeaders, type LimitVerdict } from './direct-hits.ts';
import { requestIdOf } from './request-id.ts';
import { installDrain } from './drain.ts';
import { installRequestScopes } from './request-scope.ts';
import { requestLogger } from './request-logger.ts';
import { OneLineRequestLog, type RequestEndListener } from './request-log.ts';
import { DirectReads, ROUTER_OPTIONS } from './direct-reads.ts';
import { handedOver } from './handover.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, resolved before any route code runs; anonymous when no credentials came. */
    principal: Principal;
  }
  interface FastifyInstance {
    /** The routes' validators and serializers, compiled on first use (`compileAll()` compiles the rest). */
    schemaCompilations: DeferredCompilations;
  }
  interface FastifyContextConfig {
    auth?: string;
    /** The plugin that added the route, named in the log line of a request it fails. */
    plugin?: string;
  }
}

export interface AppParts {
  config: Config;
  logger: Logger;
  clock: Clock;
  knex: Knex;
  redis?: Redis;
  container: AwilixContainer;
  hooks: KernelHooks;
  routes: RouteRegistry;
  schemas: Array<{ $id: string }>;
  locale: () => StoreLocale;
  responseCache: ResponseCache;
  /** Positions of rows in lists (list-positions.ts); absent where other processes' changes go unwatched. */
  listPositions?: ListPositions;
  tls?: TlsMaterial;
  /** Webhook entries plugins contributed to the OpenAPI document. */
  webhooks?: OpenApiWebhooks;
  /** Told of every request as it ends (the HTTP metrics). */
  onRequestEnd?: RequestEndListener;
  /** Whether a plugin serves now (kernel/plugin-states.ts): the direct transport asks before it answers. */
  isActive: (plugin: string) => boolean;
  /** The direct transport (direct-reads.ts), made by the kernel so that its counts reach the metrics. */
  directReads: DirectReads;
}

// Query strings and path params arrive as text and are coerced to the schema's types; JSON bodies are
// not coerced, so `"quantity": "2"` is a 400 and the API's types mean what they say.
function validatorCompiler(schemas: Array<{ $id: string }>) {
  const make = (coerce: boolean) => {
    // verbose: an error carries its schema, so a field may say in words what its pattern means (`x-invalid`).
    const ajv = createAjv({ allErrors: true, useDefaults: true, coerceTypes: coerce ? 'array' : false, removeAdditional: false, strict: false, verbose: true });
    ajv.addKeyword({ keyword: 'example' });
    for (const s of schemas) ajv.addSchema(s);
    return ajv;
  };
  const body = make(false);
  const query = make(true);
  return ({ schema, httpPart }: { schema: any; httpPart?: string }): Validate => (httpPart === 'body' ? body : query).compile(schema);
}

/**
 * A client has REQUEST_TIMEOUT_MS to send a whole request, headers and body: a body that stops short of
 * its Content-Length no longer holds a connection. Node checks its connections every
 * `connectionsCheckingInterval` (30 s by default, too coarse for the limit to mean anything).
 */
function requestTimeouts(ms: number) {
  return { requestTimeout: ms, headersTimeout: ms, connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(ms / 4))) };
}

/** Builds the Fastify app: transport, the conventions of docs/api.md, and every registered route. */
export async function buildApp(parts: AppParts): Promise<FastifyInstance> {
  const { config, knex, clock } = parts;
  const lines = requestLineLogger(parts.logger);
  const requestLog = new OneLineRequestLog(lines, parts.onRequestEnd);
  const app = Fastify({
    loggerInstance: parts.logger,
    logController: requestLog,
    childLoggerFactory: requestLogger,
    ...(parts.tls ? { https: { key: parts.tls.key, cert: parts.tls.cert, ...requestTimeouts(config.requestTimeoutMs) } } : {}),
    requestTimeout: config.requestTimeoutMs,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    routerOptions: ROUTER_OPTIONS,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    genReqId: (req: IncomingMessage) => {
      // A request the direct transport looked at keeps the id it gave it.
      const handed = handedOver(req)?.id;
      if (handed) return handed;
      return requestIdOf(req.headers);
    },
    forceCloseConnections: 'idle',
    // Requests arriving while stopping get the drain's 503 in the API's shape (drain.ts), not Fastify's.
    return503OnClosing: false,
    // The error handler owns every error body; ajv errors arrive in one piece.
    schemaErrorFormatter: (errors: unknown[], dataVar: string) => Object.assign(new Error(`${dataVar} is invalid`), { validation: errors, validationContext: dataVar }),
  } as any) as unknown as FastifyInstance;

  app.decorate('listPositions', parts.listPositions);
  requestLog.watchAbortedRequests(app);
  if (parts.tls) acceptPlainHttpOnTlsPort(app, requestTimeouts(config.requestTimeoutMs));
  for (const schema of parts.schemas) app.addSchema(schema);
  const compilations = new DeferredCompilations();
  app.decorate('schemaCompilations', compilations);
  const direct = parts.directReads;
  // The direct transport answers with what Fastify compiles and routes: it keeps a copy of both.
  app.setValidatorCompiler(direct.validatorCompiler(compilations.validators(validatorCompiler(parts.schemas))) as any);
  app.setSerializerCompiler(direct.serializerCompiler(compilations.serializers(serializerCompiler(parts.schemas as any) as any)) as any);
  app.addHook('onRoute', direct.onRoute);
  const outage = new DatabaseOutageLog(parts.logger);
  knex.on('query-response', () => outage.reachable());
  // A backstop for what happens outside the routes' scope below (framework errors, the OpenAPI route).
  app.setErrorHandler(errorHandler(outage));
  installJsonBodies(app);
  await app.register(cookie);
  installRequestScopes(app, parts.container);

  app.decorateRequest('principal', null as any);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    request.principal = ANONYMOUS;
    // Counted by the direct transport before it left the request here: its headers, not a second count.
    const counted = handedOver(request.raw)?.counted;
    if (counted) reply.headers(limitHeaders(counted));
  });
  installHttpsGuard(app);
  app.addHook('onRequest', async (request) => {
    // Authenticated by the direct transport before it left the request here: its answer, not a second lookup.
    const handed = handedOver(request.raw);
    if (handed && 'refused' in handed) throw handed.refused;
    request.principal = (handed?.principal ?? (await parts.hooks.authenticate.promise(request))) ?? ANONYMOUS;
  });
  let rateLimit: ((request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | undefined;
  app.addHook('onRequest', cacheLookupHook(parts.responseCache, () => rateLimit));
  await installRateLimits(app, { anonymous: config.rateLimitAnonymous, authenticated: config.rateLimitAuthenticated, redis: parts.redis });
  // Cache hits are counted by the very limiter the routes use (same counters, same headers).
  rateLimit = (app as unknown as { rateLimit: () => typeof rateLimit }).rateLimit();
  installNegotiation(app, parts.locale);
  installIdempotency(app, knex, clock);
  await installEtags(app);
  app.addHook('onSend', cacheFillHook(parts.responseCache));
  // Last of the onSend hooks: what the ETag and the response cache saw is what an internal call reads.
  app.addHook('onSend', keepInternalAnswer);
  await installOpenApi(app, parts.routes, config, parts.webhooks && { entries: parts.webhooks, components: new Set(parts.schemas.map((s) => s.$id)) });
  // The routes and the not-found answer live in a scope whose error handler has the app's one above it
  // (error-handler.ts says why).
  await app.register(async (scope) => {
    installErrorHandling(scope, outage, parts.hooks.notFound);
    parts.routes.mount(scope, knex);
  });
  const createRateLimit = (app as unknown as { createRateLimit: () => (request: object) => Promise<LimitVerdict> }).createRateLimit;
  if (parts.tls) {
    direct.install(app.server as unknown as HttpServer, {
      logger: parts.logger,
      lines,
      trustProxy: config.trustProxy.length > 0,
      isActive: parts.isActive,
      authenticate: (request) => parts.hooks.authenticate.promise(request as never),
      locale: parts.locale,
      cache: parts.responseCache,
      limit: config.rateLimitAnonymous > 0 || config.rateLimitAuthenticated > 0 ? createRateLimit() : undefined,
      parts: { logger: parts.logger, server: app, parseCookie: (header) => (app as unknown as { parseCookie(h: string): Record<string, string> }).parseCookie(header) },
      onEnd: parts.onRequestEnd,
    });
  }
  if (parts.tls && parts.responseCache.enabled) {
    answerCachedHitsFirst(app.server as unknown as HttpServer, {
      cache: parts.responseCache,
      logger: parts.logger,
      lines,
      trustProxy: config.trustProxy.length > 0,
      limit: config.rateLimitAnonymous > 0 ? createRateLimit() : undefined,
      onEnd: parts.onRequestEnd,
    });
  }
  installDrain(app);
  return app;
}
