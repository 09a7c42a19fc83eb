import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { byCodeUnits } from '../code-unit-order.ts';
import type { Config } from '../config.ts';
import type { RouteRegistry } from '../routes.ts';

export const API_VERSION = '1.0.0';

/** An OpenAPI 3.1 Path Item describing one outgoing webhook (usually `{post: {...}}`). */
export type WebhookPathItem = Record<string, unknown>;

/**
 * The document's `webhooks` section: the requests the store sends rather than answers. A plugin that
 * delivers events adds one entry per event type (resolve `openApiWebhooks` from the container while
 * registering); schemas reference components as `#/components/schemas/Name`.
 */
export class OpenApiWebhooks {
  private readonly entries = new Map<string, WebhookPathItem>();

  add(name: string, item: WebhookPathItem): void {
    if (this.entries.has(name)) throw new Error(`The OpenAPI webhook "${name}" is already documented.`);
    this.entries.set(name, item);
  }

  /**
   * The entries by name, sorted, or undefined when there are none (the section is then left out). A
   * reference to a component no loaded plugin defines becomes a plain object, so the document stays valid.
   */
  toDocument(components: ReadonlySet<string>): Record<string, WebhookPathItem> | undefined {
    if (this.entries.size === 0) return undefined;
    const known = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(known);
      if (!value || typeof value !== 'object') return value;
      const ref = (value as { $ref?: unknown }).$ref;
      if (typeof ref === 'string' && ref.startsWith('#/components/schemas/') && !components.has(ref.slice(21))) return { type: 'object' };
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, known(v)]));
    };
    return Object.fromEntries([...this.entries].sort(([a], [b]) => byCodeUnits(a, b)).map(([name, item]) => [name, known(item) as WebhookPathItem]));
  }
}

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
const retryAfter = { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 1 } } };

/** Answers any operation may give, shared as components rather than repeated on each. */
export const sharedResponses = {
  PayloadTooLarge: { description: 'The body is larger than the route allows (`payload_too_large`).', content: errorContent },
  UnsupportedMediaType: { description: 'The body is not `application/json` (`unsupported_media_type`).', content: errorContent },
  TooManyRequests: { description: 'Rate limit exceeded (`rate_limited`); see the RateLimit headers.', headers: retryAfter, content: errorContent },
  ServiceUnavailable: {
    description: 'Nothing was saved: the store was busy with a conflicting change (`busy`) or cannot reach its database (`database_unavailable`). Retry after Retry-After seconds.',
    headers: retryAfter,
    content: errorContent,
  },
};

const SHARED_BY_STATUS: Record<string, keyof typeof sharedResponses> = { '413': 'PayloadTooLarge', '415': 'UnsupportedMediaType', '429': 'TooManyRequests', '503': 'ServiceUnavailable' };

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'Invalid input (`invalid`, naming each bad field in `errors`; `malformed_json`), or a rule listed in the description.',
  '401': 'Credentials were sent but are not valid (`authentication_failed`: unknown, revoked or expired key or session), or none were sent to a protected operation (`not_authenticated`).',
  '403': 'The caller may not do this (`permission_denied`).',
  '404': 'No such record, or a page past the end (`not_found`).',
  '405': 'The path exists but not with this method (`method_not_allowed`); see the Allow header.',
  '409': 'The change conflicts with the current state (a duplicate, a record in use, a wrong status, an Idempotency-Key in use).',
};
const CSRF_403 = ' Also `csrf_failed`: the request came with a session cookie (or this operation always checks) and no X-CSRFToken header equal to the csrftoken cookie.';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  '200': 'Success.',
  '201': 'Created; the Location header names the new record.',
  '202': 'Accepted; the work continues in the background.',
  '204': 'Done; no body.',
  '303': 'Redirect (See Other) to the Location header.',
};

/**
 * What route schemas cannot say, added to the generated document: shared error responses (429 and 503
 * on every operation), a description for every error response, the X-CSRFToken header where the CSRF
 * check applies, and a description for every parameter.
 */
export function completeDocument(doc: any): any {
  doc.components ??= {};
  doc.components.responses = { ...sharedResponses };
  doc.components.parameters = {
    CSRFToken: {
      name: 'X-CSRFToken',
      in: 'header',
      required: false,
      description: 'Required when the request carries a session cookie (and, on operations marked so, always): the token of GET /api/v1/auth/csrf/, equal to the csrftoken cookie. Token-authenticated calls need none. Missing or wrong: 403 `csrf_failed`.',
      schema: { type: 'string', maxLength: 200 },
    },
  };
  for (const item of Object.values(doc.paths ?? {}) as any[]) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      op.responses['429'] = {};
      op.responses['503'] = {};
      for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
        const shared = SHARED_BY_STATUS[status];
        if (shared) op.responses[status] = { $ref: `#/components/responses/${shared}` };
        else if (SUCCESS_DESCRIPTIONS[status] && response.description === 'Default Response') response.description = SUCCESS_DESCRIPTIONS[status];
        else if (ERROR_DESCRIPTIONS[status] && (!response.description || response.description === 'Default Response')) {
          response.description = ERROR_DESCRIPTIONS[status] + (status === '403' && op['x-csrf'] ? CSRF_403 : '');
        }
      }
      for (const p of op.parameters ?? []) {
        p.description ??= p.in === 'path' ? `The \`${p.name}\` of the record, from its URL.` : `Filter on \`${p.name}\`.`;
      }
      if (op['x-csrf']) {
        if (op['x-csrf'] === 'always') op.description += '\n\nAlways needs X-CSRFToken (also without a session): this operation starts or changes a session.';
        op.parameters = [...(op.parameters ?? []), { $ref: '#/components/parameters/CSRFToken' }];
        delete op['x-csrf'];
      }
    }
  }
  return withoutUnusedComponents(doc);
}

// A store with few plugins references few components: an unused one is noise to linters and readers.
function withoutUnusedComponents(doc: any): any {
  const used = (section: string, name: string) => {
    const { [name]: _self, ...others } = doc.components[section];
    return JSON.stringify({ ...doc, components: { ...doc.components, [section]: others } }).includes(`"#/components/${section}/${name}"`);
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const section of ['schemas', 'responses', 'parameters']) {
      for (const name of Object.keys(doc.components[section] ?? {})) {
        if (!used(section, name)) {
          delete doc.components[section][name];
          changed = true;
        }
      }
    }
  }
  const schemes = new Set<string>();
  for (const item of Object.values(doc.paths ?? {}) as any[]) {
    for (const method of METHODS) for (const requirement of item[method]?.security ?? []) Object.keys(requirement).forEach((k) => schemes.add(k));
  }
  for (const name of Object.keys(doc.components.securitySchemes ?? {})) if (!schemes.has(name)) delete doc.components.securitySchemes[name];
  return doc;
}

/**
 * The OpenAPI 3.1 document is generated from the route schemas (so it cannot drift from what the
 * server validates) and served at /latest/openapi.json; /docs is an interactive reference whose assets
 * ship inside the package, so it works offline.
 */
export async function installOpenApi(
  app: FastifyInstance,
  routes: RouteRegistry,
  config: Config,
  webhooks?: { entries: OpenApiWebhooks; components: ReadonlySet<string> },
): Promise<void> {
  const webhookEntries = webhooks?.entries.toDocument(webhooks.components);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Storekeep API',
        version: API_VERSION,
        description: 'The JSON REST API of a Storekeep store. Lists use the `{count, next, previous, results}` envelope; errors are `{detail, code, errors?}`.',
        license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
        contact: { name: 'The store\'s operator', url: config.baseUrl },
      },
      servers: [{ url: config.baseUrl }],
      components: {
        securitySchemes: {
          Token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'An API key sent as `Authorization: Token sk_live_…` (or `sk_test_…`).' },
          session: { type: 'apiKey', in: 'cookie', name: 'sessionid', description: 'The session cookie set by POST /api/v1/auth/login/; state changes also need `X-CSRFToken`.' },
        },
      },
      ...(webhookEntries ? { webhooks: webhookEntries } : {}),
      tags: [...new Set(routes.list().filter((r) => !r.hidden).map((r) => r.tag ?? r.plugin))].sort().map((name) => ({ name, description: `Endpoints of ${name}.` })),
    },
    transformObject: ({ openapiObject }: { openapiObject: unknown }) => completeDocument(structuredClone(openapiObject)),
    refResolver: {
      buildLocalReference: (json: any, _baseUri: unknown, _fragment: unknown, i: number) => (json.$id as string) || `def-${i}`,
    },
  } as any);
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  } as any);
}
