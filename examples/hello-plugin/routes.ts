import { paginate, type FastifyRequest, type PluginContext } from '@storekeep-commerce/sdk';
import { serializeGreeting, type GreetingService } from './services/greetings.ts';
import {
  createGreetingBody,
  greetingListQuery,
  greetingListSpec,
  greetingPage,
  greetingSchema,
  idParams,
  welcomeSchema,
  whoamiSchema,
} from './schemas.ts';

const WELCOME: Record<string, string> = { en: 'Welcome!', de: 'Willkommen!', fr: 'Bienvenue !' };

/** The plugin's endpoints: thin handlers that parse, call the service and return what it gives. */
export function registerRoutes(ctx: PluginContext, greetings: GreetingService): void {
  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/hello/greetings/',
    auth: 'public',
    summary: 'Create a greeting (emits hello.greeted).',
    schema: { body: createGreetingBody, response: { 201: greetingSchema } },
    // POST routes run in one transaction (request.trx): the greeting and its event commit together.
    handler: async (request: FastifyRequest<{ Body: { name: string; message?: string } }>, reply) => {
      const greeting = await greetings.create(request.trx!, request.body);
      reply.code(201).header('location', `${ctx.config.baseUrl}/api/v1/hello/greetings/${greeting.id}/`);
      return greeting;
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/hello/greetings/',
    auth: 'public',
    summary: 'List greetings.',
    schema: { querystring: greetingListQuery, response: { 200: greetingPage } },
    handler: async (request: FastifyRequest<{ Querystring: { search?: string } }>) => {
      const query = greetings.listQuery({ search: request.query.search });
      return paginate(request, ctx.config.baseUrl, query, greetingListSpec, (rows: any[]) => rows.map(serializeGreeting));
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/hello/greetings/:id/',
    auth: 'public',
    summary: 'One greeting.',
    schema: { params: idParams, response: { 200: greetingSchema } },
    handler: async (request: FastifyRequest<{ Params: { id: number } }>) => greetings.get(request.params.id),
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/hello/welcome/',
    auth: 'public',
    summary: "A welcome message in the caller's language (Accept-Language).",
    translated: true,
    schema: { response: { 200: welcomeSchema } },
    handler: async (request) => ({ language: request.lang, message: WELCOME[request.lang.split('-')[0]!] ?? WELCOME.en! }),
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/hello/whoami/',
    auth: 'authenticated',
    summary: 'What kind of caller this is (any credentials; 401 without).',
    schema: { response: { 200: whoamiSchema } },
    handler: async (request) => ({ kind: request.principal.kind }),
  });
}

