import type { PluginContext } from '../../../kernel/plugin.ts';
import { paginate } from '../../../kernel/http/lists.ts';
import { eventView, type EventLog } from '../services/event-log.ts';
import { eventListQuery, eventListSpec, eventPage } from '../schemas.ts';

/** The store's events of the last 30 days, for reconciling a receiver that missed some. */
export function registerEventRoutes(ctx: PluginContext, log: EventLog): void {
  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/events/',
    auth: 'staff',
    tag: 'webhooks',
    summary: 'The events the store emitted in the last 30 days, newest first (filters: type, created_at__gte, created_at__lte).',
    description: 'Each event as a delivery carries it: {id, type, created_at, data}.',
    schema: { querystring: eventListQuery, response: { 200: eventPage } },
    handler: async (request) =>
      paginate(request, ctx.config.baseUrl, log.listQuery(ctx.knex, { type: request.query.type }), eventListSpec, (rows: any[]) => rows.map(eventView)),
  });
}
