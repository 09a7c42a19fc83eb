import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Knex } from 'knex';
import { asValue } from 'awilix';
import { type AuthPolicy, satisfies } from './http/principal.ts';
import { AppError, notAuthenticated, permissionDenied } from './http/errors.ts';
import { checkCsrf } from './http/csrf.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSchema {
  params?: object;
  querystring?: object;
  body?: object;
  /** Status code → schema; the success status is required (it is the API's documentation). */
  response: Record<number, object | null>;
}

/** What a plugin declares for one endpoint; the kernel mounts it, authorizes and validates it. */
export interface RouteDefinition {
  method: HttpMethod;
  /** Fastify path syntax, ending in `/`: `/api/v1/products/:id/`. */
  path: string;
  auth: AuthPolicy;
  summary: string;
  description?: string;
  /** OpenAPI tag; defaults to the plugin's name. */
  tag?: string;
  operationId?: string;
  schema: RouteSchema;
  handler: (request: RouteRequest, reply: FastifyReply) => Promise<unknown>;
  /**
   * 'session' (default): state changes made with a session need X-CSRFToken. 'always': also for
   * anonymous callers (login, register: the steps that create a session). 'none': the route protects
   * itself with a token of its own in the form (hosted payment pages, which browsers post without
   * headers); the principal is still resolved, so a logged-in shopper may post it.
   */
  csrf?: 'session' | 'always' | 'none';
  /**
   * Run the handler in one database transaction, available as `request.trx` and in the request scope.
   * Defaults to true for POST, PUT, PATCH and DELETE: one transaction per change.
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
   * Refusals beyond what the schemas say (error code or field → when), documented in the operation's
   * description and `x-rules`. Fields whose schema carries `x-rule` are added by the kernel.
   */
  rules?: Record<string, string>;
}

/** A request as a handler sees it: body, query and params already validated against the route's schemas. */
export type RouteRequest = FastifyRequest & { body: any; query: any; params: any };

export interface MountedRoute extends RouteDefinition {
  plugin: string;
}

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
  return Object.fromEntries([...codes].map((c) => [c, ERROR_REF]));
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

/**
 * The route registry: plugins add RouteDefinitions, and the kernel mounts them all at once so it can
 * enforce auth policies, CSRF, transactions and the error shape uniformly, and answer 405 for a known
 * path with the wrong method.
 */
export class RouteRegistry {
  private readonly routes: MountedRoute[] = [];

  add(plugin: string, route: RouteDefinition): void {
    if (!route.path.startsWith('/')) throw new Error(`Route path "${route.path}" of plugin "${plugin}" must start with /.`);
    const clash = this.routes.find((r) => r.method === route.method && r.path === route.path);
    if (clash) throw new Error(`Route ${route.method} ${route.path} of plugin "${plugin}" is already registered by "${clash.plugin}".`);
    // A redirect (a hosted page's form post answering 303) is a success too.
    const success = Object.keys(route.schema.response).map(Number).find((s) => s >= 200 && s < 400);
    if (success === undefined) throw new Error(`Route ${route.method} ${route.path} of plugin "${plugin}" declares no success response schema.`);
    if (route.cache && (route.method !== 'GET' || route.auth !== 'public')) throw new Error(`Route ${route.method} ${route.path} of plugin "${plugin}": only public GET routes may be cached.`);
    this.routes.push({ ...route, plugin });
  }

  list(): readonly MountedRoute[] {
    return this.routes;
  }

  /** Mounts every route on the app; `knex` backs transactional routes. */
  mount(app: FastifyInstance, knex: Knex): void {
    for (const route of this.routes) app.route(this.toFastify(route, knex));
    this.mountMethodNotAllowed(app);
  }

  private toFastify(route: MountedRoute, knex: Knex): RouteOptions {
    const transactional = route.transaction ?? route.method !== 'GET';
    const handler = transactional
      ? (request: RouteRequest, reply: FastifyReply) =>
          knex.transaction(async (trx) => {
            request.trx = trx;
            request.diScope?.register({ trx: asValue(trx) });
            try {
              return await route.handler(request, reply);
            } finally {
              request.trx = undefined;
            }
          })
      : route.handler;
    const rules = rulesOf(route);
    const body = route.schema.body as Record<string, any> | undefined;
    // Bodies are closed: a field the schema does not name is a 400, not silently ignored.
    const closedBody = body && body.type === 'object' && body.additionalProperties === undefined ? { ...body, additionalProperties: false } : body;
    return {
      method: route.method,
      url: route.path,
      handler: handler as RouteOptions['handler'],
      bodyLimit: route.bodyLimit,
      config: {
        auth: route.auth,
        translated: route.translated,
        form: route.form,
        currency: route.currency,
        cache: route.cache,
        ...(route.rateLimit ? { rateLimit: { max: route.rateLimit.max, timeWindow: route.rateLimit.timeWindow ?? 60_000 } } : {}),
      },
      preValidation: async (request: FastifyRequest) => {
        const principal = request.principal;
        if (!satisfies(route.auth, principal)) {
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
        response: { ...errorResponses(route), ...route.schema.response },
      } as any,
    };
  }

  // Fastify answers 404 for a known path with another method; the API promises 405 with Allow.
  private mountMethodNotAllowed(app: FastifyInstance): void {
    const byPath = new Map<string, Set<string>>();
    for (const r of this.routes) (byPath.get(r.path) ?? byPath.set(r.path, new Set()).get(r.path)!).add(r.method);
    const all: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
    for (const [path, methods] of byPath) {
      const missing = all.filter((m) => !methods.has(m));
      if (missing.length === 0) continue;
      const allow = [...methods, ...(methods.has('GET') ? ['HEAD'] : [])].join(', ');
      app.route({
        method: missing,
        url: path,
        schema: { hide: true } as any,
        config: { auth: 'public' },
        handler: async (_request, reply) => {
          reply.header('allow', allow);
          throw new AppError(405, 'method_not_allowed', `Method not allowed. Allowed: ${allow}.`);
        },
      });
    }
  }
}
