import type { PluginContext } from '../../../kernel/plugin.ts';
import { paginate } from '../../../kernel/http/lists.ts';
import { idParams } from '../../../kernel/http/schemas.ts';
import { deliveryView, type DeliveryService } from '../services/deliveries.ts';
import type { EndpointService } from '../services/endpoints.ts';
import { deliveryListQuery, deliveryListSpec, deliveryPage, deliveryParams } from '../schemas.ts';

const tag = 'webhooks';

/** The delivery log of an endpoint, and sending a delivery again by hand. */
export function registerDeliveryRoutes(ctx: PluginContext, s: { endpoints: EndpointService; deliveries: DeliveryService }): void {
  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/webhooks/:id/deliveries/',
    auth: 'staff',
    tag,
    summary: 'The delivery log of an endpoint, newest first (filters: status, event_id; ordering: created_at, attempts).',
    description: 'Staff only. Each attempt to deliver an event: status, attempts, the answer\'s status code and when the next retry is due.',
    schema: { params: idParams, querystring: deliveryListQuery, response: { 200: deliveryPage } },
    handler: async (request) => {
      await s.endpoints.get(ctx.knex, request.params.id);
      const { status, event_id } = request.query;
      const query = s.deliveries.listQuery(ctx.knex, request.params.id, { status, event_id });
      return paginate(request, ctx.config.baseUrl, query, deliveryListSpec, (rows: any[]) => rows.map(deliveryView));
    },
  });

  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/webhooks/:id/deliveries/:delivery_id/redeliver/',
    auth: 'staff',
    tag,
    summary: 'Send a delivery again soon, whatever its status (a failed one too), with a fresh 3-day retry window.',
    description:
      '409 endpoint_inactive while the endpoint is off, delivery_in_progress while an attempt is under way, ' +
      'event_purged when the event is older than the 30 days events are kept.',
    schema: { params: deliveryParams, response: { 202: { $ref: 'WebhookDelivery#' } } },
    handler: async (request, reply) => {
      const row = await s.deliveries.redeliver(request.trx!, request.params.id, request.params.delivery_id);
      reply.code(202);
      return deliveryView(row);
    },
  });
}
