import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Knex } from 'knex';
import { type AuthPolicy, satisfies } from './http/principal.ts';
import { AppError, badRequest, notAuthenticated, permissionDenied, type FieldErrors } from './http/errors.ts';
import { fieldErrorsFromAjv } from './http/error-handler.ts';
import { checkCsrf } from './http/csrf.ts';
import { hadOutsideEffect, withTransactionRetries } from './db/transaction-retry.ts';
import type { DirectReply, DirectRequest } from './http/direct-request.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSchema {
  params?: object;
  querystring?: object;
  body?: object;
  /** Status code → schema; the success status is required (it is the API's documentation). */
  response: Record<number, object | null>;
}

/** What a plugin declares for one endpoint; the kernel mounts it, authorizes and validates it. */
export interface RouteFields {
  method: HttpMethod;
  /** Fastify path syntax, ending in `/`: `/api/v1/products/:id/`. */
  path: string;
  auth: AuthPolicy;
  /**
   * Admits callers `auth` refuses by a credential that is no principal of the store, such as the
   * metrics scraper's bearer token on GET /metrics. Checked right after `auth`, before validation; the
   * OpenAPI document shows only `auth`.
   */
  alsoAdmit?: (request: FastifyRequest) => boolean;
  summary: string;
  description?: string;
  /** OpenAPI tag; defaults to the plugin's name. */
  tag?: string;
  operationId?: string;
  schema: RouteSchema;
  /**
   * 'session' (default): state changes made with a session need X-CSRFToken. 'always': also for
   * anonymous callers (login, register: the steps that create a session). 'none': the route protects
   * itself with a token of its own in the form (hosted payment pages, which browsers post without
   * headers); the principal is still resolved, so a logged-in shopper may post it.
   */
  csrf?: 'session' | 'always' | 'none';
  /**
   * Run the handler in one database transaction, available as `request.trx` and in the request scope.
   * Defaults to true for POST, PUT, PATCH and DELETE: one transaction per change. After a deadlock or
   * lock-wait timeout the whole handler runs again in a fresh transaction (see inRetriedTransaction).
   */
  transaction?: boolean;
  /** Translated fields in the response: answer with Content-Language and Vary: Accept-Language. */
  translated?: boolean;
  /** Honour `?currency=` (validated against the store's currencies) as `request.currency`. */
  currency?: boolean;
  /**
   * 'anonymous': anonymous callers' answers (200s) are kept in the kernel's response cache and replayed
   * byte for byte, keyed by URL, Accept-Language and Accept, until the next committed change (any
   * outbox event). Only for public GETs whose answer depends on nothing but the database, the store's
   * settings, the URL and those headers; staff, customers and API keys always reach the handler.
   */
  cache?: 'anonymous';
  /** Per-route rate limit (requests per minute) overriding the global defaults. */
  rateLimit?: { max: number; timeWindow?: number };
  bodyLimit?: number;
  /** Also accept HTML form posts (`application/x-www-form-urlencoded`); fields arrive as strings. */
  form?: boolean;
  /** Keep the route out of the OpenAPI document (method-not-allowed fallbacks, pages). */
  hidden?: boolean;
  /**
   * Field checks the body schema cannot state (a currency among the store's, an amount's decimals for
   * its currency, one date after another), without the database. They run also when the schema
   * refused the body (on the raw body: check types), so one 400 names every bad field at once; a field
   * the schema named keeps the schema's message.
   */
  checkBody?: (body: unknown) => FieldErrors;
  /**
   * Query checks that need the database (a category named by id or slug exists), run only when the
   * query schema refused the query, so that one 400 names those parameters too. When the schema passed,
   * the handler makes the same checks itself, where they cost nothing on the common path.
   */
  checkQueryOnRefusal?: (query: Record<string, unknown>) => Promise<FieldErrors>;
  /**
   * Top-level response fields that carry a secret shown once (a new API key, a signing secret). They
   * are never stored: an idempotent replay answers them as null and names them in the
   * Idempotent-Secrets-Omitted header; the OpenAPI document marks them nullable and says so.
   */
  secrets?: readonly string[];
  /**
   * Refusals beyond what the schemas say (error code or field → when), documented in the operation's
   * description and `x-rules`. Fields whose schema carries `x-rule` are added by the kernel.
   */
  rules?: Record<string, string>;
}

/** A request as a handler sees it: body, query and params already validated against the route's schemas. */
export type RouteRequest = FastifyRequest & { body: any; query: any; params: any };

/** A route answered through Fastify alone. */
export interface FastifyRoute extends RouteFields {
  direct?: false;
  handler: (request: RouteRequest, reply: FastifyReply) => Promise<unknown>;
}

/**
 * A GET answered, while the caller and its query allow it, before Fastify routes it: the same handler
 * runs on a lean request and reply (kernel/http/direct-reads.ts), which is why it may read only what
 * `DirectRequest` and `DirectReply` offer. Its answer must be the same either way and depend on nothing
 * but the request (it may run, and then be run again through Fastify, for a request it does not answer
 * with a 200): no writes. Fastify answers everything that is not a 200 of this handler.
 */
export interface DirectRoute extends RouteFields {
  method: 'GET';
  direct: true;
  handler: (request: DirectRequest, reply: DirectReply) => Promise<unknown>;
}

export type RouteDefinition = FastifyRoute | DirectRoute;

export type MountedRoute = RouteDefinition & { plugin: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** The transaction of a transactional route, for the handler and the services it calls. */
    trx?: Knex.Transaction;
  }
}

const ERROR_REF = { $ref: 'Error#' };

// Every route answers errors in the one error shape; the OpenAPI document says which ones it may give
// (429 and 503 are on every operation: the document adds them as shared components).
function errorResponses(route: RouteDefinition): Record<number, object> {
  const codes = new Set<number>();
  if (route.schema.body || route.schema.querystring || route.schema.params || route.currency) codes.add(400);
  // Public routes too answer 401 to a bad credential (an unknown or revoked key, an expired session).
  codes.add(401);
  if (route.auth !== 'public' || csrfApplies(route)) codes.add(403);
  if (route.method !== 'GET' && route.method !== 'DELETE') codes.add(413).add(415);
  // A missing record (in the path, or one the body names such as a cart) or a page past the end.
  if (route.schema.params || route.schema.querystring || route.schema.body) codes.add(404);
  if (route.method !== 'GET') codes.add(409);
  // database_unavailable (any route: the hooks before it read credentials from the database), busy (a
  // change whose lock conflicts outlasted the retries).
  codes.add(503);
  return Object.fromEntries([...codes].map((c) => [c, ERROR_REF]));
}

const SECRET_REPLAY_NOTE = ' Null in the replay for a repeated Idempotency-Key (Idempotent-Replayed: true): the secret is never stored, so only the first answer shows it; the Idempotent-Secrets-Omitted header names the fields.';

// A secret field of a success answer is null when that answer is replayed: the documented type says so.
function withNullableSecrets(route: RouteDefinition): RouteSchema['response'] {
  if (!route.secrets?.length) return route.schema.response;
  const response: RouteSchema['response'] = {};
  for (const [status, schema] of Object.entries(route.schema.response)) {
    const properties = (schema as { properties?: Record<string, any> } | null)?.properties;
    if (Number(status) >= 300 || !properties) {
      response[Number(status)] = schema;
      continue;
    }
    const nullable = { ...properties };
    for (const name of route.secrets) {
      const field = properties[name];
      if (!field) throw new Error(`Route ${route.method} ${route.path}: secret field "${name}" is not in its ${status} response schema.`);
      const types = Array.isArray(field.type) ? field.type : [field.type];
      nullable[name] = { ...field, type: [...types.filter((t: string) => t !== 'null'), 'null'], description: `${field.description ?? ''}${SECRET_REPLAY_NOTE}`.trim() };
    }
    response[Number(status)] = { ...schema, properties: nullable };
  }
  return response;
}

/** True when a state change through this route may need X-CSRFToken (session callers, or anyone for 'always'). */
export function csrfApplies(route: Pick<RouteDefinition, 'method' | 'auth' | 'csrf'>): boolean {
  // 'session' concerns public routes too: a logged-in shopper's cart changes go through the session.
  return (route.csrf ?? 'session') !== 'none' && route.method !== 'GET';
}

// Field paths (`shipping_address.country`, `products.id`) of every schema part marked with `x-rule`.
function schemaRules(schema: unknown, path: string, out: Record<string, string>): void {
  if (!schema || typeof schema !== 'object') return;
  const s = schema as Record<string, any>;
  if (typeof s['x-rule'] === 'string' && path) out[path] = s['x-rule'];
  for (const [name, child] of Object.entries((s.properties ?? {}) as Record<string, unknown>)) schemaRules(child, path ? `${path}.${name}` : name, out);
  if (s.items) schemaRules(s.items, path, out);
  if (s.additionalProperties && typeof s.additionalProperties === 'object') schemaRules(s.additionalProperties, path, out);
  for (const key of ['anyOf', 'oneOf', 'allOf']) for (const branch of (s[key] ?? []) as unknown[]) schemaRules(branch, path, out);
}

/** The operation's rules beyond its schemas: the route's own, the fields marked `x-rule`, `?currency=`. */
export function rulesOf(route: RouteDefinition): Record<string, string> {
  const rules: Record<string, string> = {};
  for (const part of [route.schema.params, route.schema.querystring, route.schema.body]) schemaRules(part, '', rules);
  if (route.currency) rules.unsupported_currency = '`currency` is not one of the store\'s currencies.';
  return { ...rules, ...route.rules };
}

function describe(route: RouteDefinition, rules: Record<string, string>): string {
  const text = route.description ?? route.summary;
  const lines = Object.entries(rules).map(([key, when]) => `- \`${key}\`: ${when}`);
  return lines.length ? `${text}\n\nRefused with 400 beyond the schema:\n${lines.join('\n')}` : text;
}

function securityOf(policy: AuthPolicy): Array<Record<string, string[]>> {
  if (policy === 'public') return [];
  if (policy === 'customer') return [{ session: [] }];
  return [{ Token: [] }, { session: [] }];
}

function operationId(route: RouteDefinition): string {
  if (route.operationId) return route.operationId;
  const words = route.path.replace(/^\/api\/v1\//, '').split('/').filter(Boolean).map((w) => (w.startsWith(':') ? 'by_' + w.slice(1) : w));
  return [route.method.toLowerCase(), ...words].join('_').replace(/[^a-zA-Z0-9_]/g, '_');
}

type Handler = (request: RouteRequest, reply: FastifyReply) => Promise<unknown>;

// The schema's refusal Fastify attached to the request (`attachValidation`). A validator that could not
// run (its schema does not compile: Fastify marks that error 500) is the server's fault, never the
// input's, whichever part it checked: it is thrown here.
function attachedRefusal(request: RouteRequest): any {
  const failed = (request as FastifyRequest & { validationError?: any }).validationError;
  if (failed?.statusCode >= 500) throw failed;
  return failed;
}

// A refused query's field errors (attached, not thrown: `attachValidation`) merged with the route's
// database checks of the same query; a query the schema accepted goes on to the handler.
function withQueryChecksOnRefusal(check: (query: Record<string, unknown>) => Promise<FieldErrors>, handler: Handler, bodyChecked: boolean): Handler {
  return async (request, reply) => {
    const failed = attachedRefusal(request);
    if (!failed || (bodyChecked && failed.validationContext === 'body')) return handler(request, reply);
    if (failed.validationContext !== 'querystring') throw failed;
    const errors: FieldErrors = fieldErrorsFromAjv(failed.validation, failed.validationContext);
    for (const [field, messages] of Object.entries(await check((request.query ?? {}) as Record<string, unknown>))) errors[field] ??= messages;
    throw badRequest(`Invalid input: ${Object.keys(errors).join(', ')}.`, errors);
  };
}

// Merges the schema's field errors (attached, not thrown: `attachValidation`) with the route's own checks.
function withBodyChecks(check: (body: unknown) => FieldErrors, handler: Handler): Handler {
  return async (request, reply) => {
    const failed = attachedRefusal(request);
    if (failed && failed.validationContext !== 'body') throw failed;
    const errors: FieldErrors = failed ? fieldErrorsFromAjv(failed.validation, failed.validationContext) : {};
    const named = Object.keys(errors);
    for (const [field, messages] of Object.entries(check(request.body))) {
      if (!named.some((n) => n === field || n.startsWith(`${field}.`))) errors[field] = messages;
    }
    if (Object.keys(errors).length > 0) throw badRequest(`Invalid input: ${Object.keys(errors).join(', ')}.`, errors);
    return handler(request, reply);
  };
}

/**
 * A transactional route's handler: the whole handler runs in one transaction (READ COMMITTED on
 * MySQL/MariaDB, see db/transaction-retry.ts). A deadlock or lock-wait timeout rolled that transaction
 * back, outbox events included (they are rows of it), so the handler is run again from the start in a
 * fresh one, as long as nothing was sent yet and the attempt did not act outside the database
 * (`markOutsideEffect`, before a payment gateway call). What the failed attempt set on the reply
 * (status, headers such as Location) is put back as it was before the first attempt; cookies are kept
 * by name until the reply is sent, so the next attempt's replace the failed one's.
 */
function inRetriedTransaction(route: RouteDefinition, knex: Knex) {
  return async (request: RouteRequest, reply: FastifyReply): Promise<unknown> => {
    const status = reply.statusCode;
    const headers = { ...reply.getHeaders() };
    let current: Knex.Transaction | undefined;
    return withTransactionRetries(
      () =>
        knex.transaction(async (trx) => {
          current = trx;
          request.trx = trx;
          try {
            return await (route.handler as Handler)(request, reply);
          } finally {
            request.trx = undefined;
          }
        }),
      {
        mayRetry: () => !reply.sent && !(current && hadOutsideEffect(current)),
        onRetry: (err, attempt) => {
          for (const name of Object.keys(reply.getHeaders())) if (!(name in headers)) reply.removeHeader(name);
          reply.headers(headers).code(status);
          request.log.info({ code: (err as { code?: string }).code, attempt }, 'transaction conflict; running the request again');
        },
      },
    );
  };
}

/**
 * The route registry: plugins add RouteDefinitions, and the kernel mounts them all at once so it can
 * enforce auth policies, CSRF, transactions and the error shape uniformly, and answer 405 for a known
 * path with the wrong method.
 */
export class RouteRegistry {
  private readonly routes: MountedRoute[] = [];

  /** `isActive` says whether a plugin serves (see kernel/plugin-states.ts); others' routes answer 404. */
  constructor(private readonly isActive: (plugin: string) => boolean = () => true) {}

  add(plugin: string, route: RouteDefinition): void {
    if (!route.path.startsWith('/')) throw new Error(`Route path "${route.path}" of plugin "${plugin}" must start with /.`);
    const clash = this.routes.find((r) => r.method === route.method && r.path === route.path);
    if (clash) throw new Error(`Route ${route.method} ${route.path} of plugin "${plugin}" is already registered by "${clash.plugin}".`);
    // A redirect (a hosted page's form post answering 303) is a success too.
    const success = Object.keys(route.schema.response).map(Number).find((s) => s >= 200 && s < 400);
    if (success === undefined) throw new Error(`Route ${route.method} ${route.path} of plugin "${plugin}" declares no success response schema.`);
    if (route.cache && (route.method !== 'GET' || route.auth !== 'public')) throw new Error(`Route ${route.method} ${route.path} of plugin "${plugin}": only public GET routes may be cached.`);
    if (route.direct && (route.method !== 'GET' || route.transaction || route.rateLimit || route.alsoAdmit)) {
      throw new Error(`Route ${route.method} ${route.path} of plugin "${plugin}": a direct route is a GET without a transaction, a rate limit of its own or other admissions.`);
    }
    this.routes.push({ ...route, plugin } as MountedRoute);
  }

  list(): readonly MountedRoute[] {
    return this.routes;
  }

  /**
   * Mounts every route on the app, also those of plugins that are off now: whether a plugin serves is
   * decided per request (an operator may enable or configure it while the store runs). `knex` backs
   * transactional routes.
   */
  mount(app: FastifyInstance, knex: Knex): void {
    for (const route of this.routes) app.route(this.toFastify(route, knex));
    this.mountMethodNotAllowed(app);
  }

  private toFastify(route: MountedRoute, knex: Knex): RouteOptions {
    const transactional = route.transaction ?? route.method !== 'GET';
    const handler = transactional ? inRetriedTransaction(route, knex) : (route.handler as Handler);
    const bodyChecked = route.checkBody ? withBodyChecks(route.checkBody, handler) : handler;
    const checked = route.checkQueryOnRefusal ? withQueryChecksOnRefusal(route.checkQueryOnRefusal, bodyChecked, !!route.checkBody) : bodyChecked;
    const rules = rulesOf(route);
    const body = route.schema.body as Record<string, any> | undefined;
    // Bodies are closed: a field the schema does not name is a 400, not silently ignored.
    const closedBody = body && body.type === 'object' && body.additionalProperties === undefined ? { ...body, additionalProperties: false } : body;
    return {
      method: route.method,
      url: route.path,
      handler: checked as RouteOptions['handler'],
      bodyLimit: route.bodyLimit,
      // With body checks, a schema refusal reaches the handler wrapper, which merges both into one 400.
      attachValidation: !!(route.checkBody || route.checkQueryOnRefusal),
      config: {
        // Named in the log line of a request this route fails (http/error-handler.ts).
        plugin: route.plugin,
        auth: route.auth,
        translated: route.translated,
        form: route.form,
        currency: route.currency,
        cache: route.cache,
        secrets: route.secrets,
        // The direct transport's copy of the route table takes the definition from here.
        ...(route.direct ? { direct: route } : {}),
        ...(route.rateLimit ? { rateLimit: { max: route.rateLimit.max, timeWindow: route.rateLimit.timeWindow ?? 60_000 } } : {}),
      },
      // A plugin that is off (disabled, needs configuration, failed) serves nothing: its routes are not found.
      onRequest: async () => {
        if (!this.isActive(route.plugin)) throw new AppError(404, 'not_found', 'Not found.');
      },
      preValidation: async (request: FastifyRequest) => {
        const principal = request.principal;
        if (!satisfies(route.auth, principal) && !route.alsoAdmit?.(request)) {
          throw principal.kind === 'anonymous' ? notAuthenticated() : permissionDenied();
        }
        checkCsrf(request, route.csrf ?? 'session');
      },
      schema: {
        hide: route.hidden,
        summary: route.summary,
        description: describe(route, rules),
        ...(Object.keys(rules).length ? { 'x-rules': rules } : {}),
        ...(csrfApplies(route) ? { 'x-csrf': route.csrf ?? 'session' } : {}),
        tags: [route.tag ?? route.plugin],
        operationId: operationId(route),
        security: securityOf(route.auth),
        ...(route.schema.params ? { params: route.schema.params } : {}),
        ...(route.schema.querystring ? { querystring: route.schema.querystring } : {}),
        ...(closedBody ? { body: closedBody } : {}),
        response: { ...errorResponses(route), ...withNullableSecrets(route) },
      } as any,
    };
  }

  // Fastify answers 404 for a known path with another method; the API promises 405 with Allow.
  private mountMethodNotAllowed(app: FastifyInstance): void {
    const byPath = new Map<string, Set<string>>();
    for (const r of this.routes) (byPath.get(r.path) ?? byPath.set(r.path, new Set()).get(r.path)!).add(r.method);
    // Every method the server parses (TRACE, OPTIONS, QUERY… too); HEAD comes with GET.
    const all = app.supportedMethods.filter((m) => m !== 'HEAD');
    for (const [path, methods] of byPath) {
      const missing = all.filter((m) => !methods.has(m as HttpMethod));
      if (missing.length === 0) continue;
      const allow = [...methods, ...(methods.has('GET') ? ['HEAD'] : [])].join(', ');
      const refuse = async (_request: FastifyRequest, reply: FastifyReply) => {
        reply.header('allow', allow);
        throw new AppError(405, 'method_not_allowed', `Method not allowed. Allowed: ${allow}.`);
      };
      app.route({
        method: missing,
        url: path,
        schema: { hide: true } as any,
        config: { auth: 'public' },
        // Refused before the body is read: a QUERY without Content-Type is a 405 here, not a 400.
        onRequest: refuse,
        handler: refuse,
      });
    }
  }
}
