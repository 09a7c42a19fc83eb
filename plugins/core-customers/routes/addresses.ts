import type { FastifyReply } from 'fastify';
import type { PluginContext } from '../../../kernel/plugin.ts';
import type { RouteRequest } from '../../../kernel/routes.ts';
import { paginate } from '../../../kernel/http/lists.ts';
import { addressListQuery, addressListSpec, addressPage, createAddressBody, idParams, patchAddressBody } from '../schemas.ts';
import type { CustomerServices } from '../services/index.ts';
import { created, customerOf } from './context.ts';

const tag = 'customers';
const BASE = '/api/v1/customers/me/addresses/';
const address = { $ref: 'CustomerAddress#' };

/** The logged-in customer's saved addresses; another customer's address is a 404. */
export function registerAddressRoutes(ctx: PluginContext, { addresses }: CustomerServices): void {
  ctx.routes.add({
    method: 'GET',
    path: BASE,
    auth: 'customer',
    tag,
    summary: "The logged-in customer's saved addresses.",
    description: 'A customer session only; the default shipping and billing addresses are marked.',
    schema: { querystring: addressListQuery, response: { 200: addressPage } },
    handler: async (request: RouteRequest) => {
      const { id } = customerOf(request);
      const query = addresses.listQuery(ctx.knex, id);
      return paginate(request, ctx.config.baseUrl, query, addressListSpec, (rows: any[]) => addresses.present(ctx.knex, id, rows));
    },
  });

  ctx.routes.add({
    method: 'POST',
    path: BASE,
    auth: 'customer',
    tag,
    summary: 'Save an address (at most 50 per customer).',
    description:
      'first_name, last_name, address_line_1, city, postal_code and an ISO 3166-1 country are required. ' +
      'is_default_shipping / is_default_billing move that default here; the first address becomes both defaults unless told false. ' +
      'The 51st address is 409 address_limit_reached.',
    schema: { body: createAddressBody, response: { 201: address } },
    handler: async (request: RouteRequest, reply: FastifyReply) => {
      const saved = await addresses.create(request.trx!, customerOf(request).id, request.body);
      created(ctx, reply, `${BASE}${saved.id}/`);
      return saved;
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: `${BASE}:id/`,
    auth: 'customer',
    tag,
    summary: 'One saved address of the logged-in customer.',
    description: 'Another customer\'s address answers 404.',
    schema: { params: idParams, response: { 200: address } },
    handler: async (request: RouteRequest) => addresses.get(ctx.knex, customerOf(request).id, request.params.id),
  });

  ctx.routes.add({
    method: 'PATCH',
    path: `${BASE}:id/`,
    auth: 'customer',
    tag,
    summary: 'Change a saved address or make it a default.',
    description: '`is_default_*: false` on the current default leaves the customer without one of that kind.',
    schema: { params: idParams, body: patchAddressBody, response: { 200: address } },
    handler: async (request: RouteRequest) => addresses.update(request.trx!, customerOf(request).id, request.params.id, request.body),
  });

  ctx.routes.add({
    method: 'DELETE',
    path: `${BASE}:id/`,
    auth: 'customer',
    tag,
    summary: 'Delete a saved address (a default it was is unset).',
    description: 'A customer session only. Orders keep their own copy of the address, so nothing else changes; answers 204.',
    schema: { params: idParams, response: { 204: { type: 'null' } } },
    handler: async (request: RouteRequest, reply: FastifyReply) => {
      await addresses.remove(request.trx!, customerOf(request).id, request.params.id);
      reply.code(204);
    },
  });
}
