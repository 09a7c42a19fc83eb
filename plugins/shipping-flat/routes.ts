import type { PluginContext } from '../../kernel/plugin.ts';
import { paginate } from '../../kernel/http/lists.ts';
import { idParams } from '../../kernel/http/schemas.ts';
import { methodFromRow, methodView, type ShippingMethodService } from './services/methods.ts';
import { createBody, listQuery, listSpec, methodPage, noContent, patchBody } from './schemas.ts';

const tag = 'shipping-methods';
const method = { $ref: 'ShippingMethod#' };

/** The shipping-method endpoints: staff only (shoppers see methods through the checkout). */
export function registerRoutes(ctx: PluginContext, methods: ShippingMethodService): void {
  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/shipping-methods/',
    auth: 'staff',
    tag,
    summary: 'List shipping methods (ordering: name, created_at; filters: active, country).',
    description: 'Staff only. Flat-rate methods: a price per order in a currency, the countries served (empty: everywhere) and an optional free-shipping threshold.',
    schema: { querystring: listQuery, response: { 200: methodPage } },
    handler: async (request) => {
      const query = methods.listQuery(ctx.knex, { active: request.query.active, country: request.query.country });
      return paginate(request, ctx.config.baseUrl, query, listSpec, (rows: any[]) => rows.map((r) => methodView(methodFromRow(r))));
    },
  });

  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/shipping-methods/',
    auth: 'staff',
    tag,
    summary: 'Create a flat-rate shipping method.',
    description: 'Unknown country, a currency the store does not offer or a malformed amount: 400 naming each field. Emits shipping_method.created.',
    schema: { body: createBody, response: { 201: method } },
    handler: async (request, reply) => {
      const created = await methods.create(request.trx!, request.body);
      reply.code(201).header('location', `${ctx.config.baseUrl}/api/v1/shipping-methods/${created.id}/`);
      return methodView(created);
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/shipping-methods/:id/',
    auth: 'staff',
    tag,
    summary: 'One shipping method.',
    description: 'Staff only: its price, currency, countries and free-shipping threshold.',
    schema: { params: idParams, response: { 200: method } },
    handler: async (request) => methodView(await methods.get(ctx.knex, request.params.id)),
  });

  ctx.routes.add({
    method: 'PATCH',
    path: '/api/v1/shipping-methods/:id/',
    auth: 'staff',
    tag,
    summary: 'Change a shipping method; amounts are re-read in the resulting currency.',
    description: 'Emits shipping_method.updated.',
    schema: { params: idParams, body: patchBody, response: { 200: method } },
    handler: async (request) => methodView(await methods.update(request.trx!, request.params.id, request.body)),
  });

  ctx.routes.add({
    method: 'DELETE',
    path: '/api/v1/shipping-methods/:id/',
    auth: 'staff',
    tag,
    summary: 'Delete a shipping method.',
    description: 'Emits shipping_method.deleted.',
    schema: { params: idParams, response: noContent },
    handler: async (request, reply) => {
      await methods.remove(request.trx!, request.params.id);
      reply.code(204);
    },
  });
}
