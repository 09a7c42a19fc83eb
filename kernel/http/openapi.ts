import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
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
    return Object.fromEntries([...this.entries].sort(([a], [b]) => a.localeCompare(b)).map(([name, item]) => [name, known(item) as WebhookPathItem]));
  }
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
        license: { name: 'MIT', identifier: 'MIT' },
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
