import type { PluginContext } from '../../../kernel/plugin.ts';
import { paginate } from '../../../kernel/http/lists.ts';
import { idParams } from '../../../kernel/http/schemas.ts';
import { endpointView, type EndpointService } from '../services/endpoints.ts';
import { createBody, endpointListQuery, endpointListSpec, endpointPage, endpointWithSecret, noContent, patchBody } from '../schemas.ts';

const endpoint = { $ref: 'WebhookEndpoint#' };
const tag = 'webhooks';

/** Staff manage webhook endpoints; the signing secret is shown on creation and rotation only. */
export function registerEndpointRoutes(ctx: PluginContext, endpoints: EndpointService): void {
  const location = (id: number) => `${ctx.config.baseUrl}/api/v1/webhooks/${id}/`;

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/webhooks/',
    auth: 'staff',
    tag,
    summary: 'List webhook endpoints (ordering: created_at, url; filter: active). Never their secrets.',
    description: 'Staff only. Each endpoint with its URL, subscribed events and whether deliveries are active; the signing secret is shown only on creation and rotation.',
    schema: { querystring: endpointListQuery, response: { 200: endpointPage } },
    handler: async (request) =>
      paginate(request, ctx.config.baseUrl, endpoints.listQuery(ctx.knex, { active: request.query.active }), endpointListSpec, (rows: any[]) =>
        endpoints.fromRows(rows).map(endpointView),
      ),
  });

  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/webhooks/',
    auth: 'staff',
    tag,
    summary: 'Create a webhook endpoint; the answer carries its signing secret, shown only this once.',
    description:
      'url: https (plain http only to localhost, 127.0.0.0/8, ::1); link-local, cloud metadata, unspecified and multicast ' +
      'addresses are refused (400). events: types from the catalogue (see the `webhooks` section), or ["*"] alone; an unknown type or an empty list is a 400.',
    schema: { body: createBody, response: { 201: endpointWithSecret } },
    secrets: ['secret'],
    handler: async (request, reply) => {
      const { endpoint: created, secret } = await endpoints.create(request.trx!, request.body);
      reply.code(201).header('location', location(created.id));
      return { ...endpointView(created), secret };
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/webhooks/:id/',
    auth: 'staff',
    tag,
    summary: 'One webhook endpoint (without its secret).',
    description: 'Staff only: URL, events, state, and why it was disabled if it was.',
    schema: { params: idParams, response: { 200: endpoint } },
    handler: async (request) => endpointView(await endpoints.get(ctx.knex, request.params.id)),
  });

  ctx.routes.add({
    method: 'PATCH',
    path: '/api/v1/webhooks/:id/',
    auth: 'staff',
    tag,
    summary: 'Change a webhook endpoint; {"active": true} turns a disabled one back on.',
    description: 'Staff only. Any subset of url, events, description and active; the URL and events are checked as on creation.',
    schema: { params: idParams, body: patchBody, response: { 200: endpoint } },
    handler: async (request) => endpointView(await endpoints.update(request.trx!, request.params.id, request.body)),
  });

  ctx.routes.add({
    method: 'DELETE',
    path: '/api/v1/webhooks/:id/',
    auth: 'staff',
    tag,
    summary: 'Delete a webhook endpoint and its delivery log.',
    description: 'Staff only. Deliveries still queued for it are dropped; answers 204.',
    schema: { params: idParams, response: noContent },
    handler: async (request, reply) => {
      await endpoints.remove(request.trx!, request.params.id);
      reply.code(204);
    },
  });

  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/webhooks/:id/rotate-secret/',
    auth: 'staff',
    tag,
    summary: 'Replace the signing secret; the answer carries the new one, shown only this once.',
    description: 'Deliveries attempted after this commits are signed with the new secret, retries of older events included.',
    schema: { params: idParams, response: { 200: endpointWithSecret } },
    secrets: ['secret'],
    handler: async (request) => {
      const { endpoint: rotated, secret } = await endpoints.rotateSecret(request.trx!, request.params.id);
      return { ...endpointView(rotated), secret };
    },
  });
}
