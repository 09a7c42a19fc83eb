import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from '../config.ts';
import type { RouteRegistry } from '../routes.ts';

export const API_VERSION = '1.0.0';

/**
 * The OpenAPI 3.1 document is generated from the route schemas (so it cannot drift from what the
 * server validates) and served at /latest/openapi.json; /docs is an interactive reference whose assets
 * ship inside the package, so it works offline.
 */
export async function installOpenApi(app: FastifyInstance, routes: RouteRegistry, config: Config): Promise<void> {
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
