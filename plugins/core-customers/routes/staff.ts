import type { FastifyReply } from 'fastify';
import type { Knex } from 'knex';
import type { PluginContext } from '../../../kernel/plugin.ts';
import type { RouteRequest } from '../../../kernel/routes.ts';
import { orderingField, paginate } from '../../../kernel/http/lists.ts';
import {
  createCustomerBody,
  customerDetailSchema,
  customerIdParams,
  customerListQuery,
  customerListSpec,
  customerPage,
  staffCustomerPatchBody,
} from '../schemas.ts';
import type { CustomerServices } from '../services/index.ts';
import { created } from './context.ts';

const tag = 'customers';
const BASE = '/api/v1/customers/';

/** The staff side: list, search, read, create and block customers. */
export function registerStaffRoutes(ctx: PluginContext, { customers }: CustomerServices): void {
  ctx.routes.add({
    method: 'GET',
    path: BASE,
    auth: 'staff',
    tag,
    summary: 'List customers.',
    description:
      '`search` matches e-mail, first and last name (every word must match one of them). ' +
      'Ordering: created_at, email, last_name (default -created_at). Bounds: created_at__gte/__lte. Filter: is_active.',
    schema: { querystring: customerListQuery, response: { 200: customerPage } },
    handler: async (request: RouteRequest) => {
      const query = customers.listQuery(ctx.knex, { search: request.query.search, is_active: request.query.is_active });
      const field = orderingField(request.query.ordering, customerListSpec);
      // A search walks in the ordering and tests each customer; the optimizer may find better then.
      const keysetPage = request.query.search?.trim() ? undefined : (page: Knex.QueryBuilder) => customers.readAfterFromIndex(ctx.knex, page, field);
      return paginate(request, ctx.config.baseUrl, query, customerListSpec, (rows: any[]) => customers.present(ctx.knex, rows), 'id', { keysetPage });
    },
  });

  ctx.routes.add({
    method: 'POST',
    path: BASE,
    auth: 'staff',
    tag,
    summary: 'Create a customer account (emits customer.created).',
    description:
      'Without a password the customer cannot log in until they set one through the password reset. ' +
      'An e-mail in use (by a customer or staff) is 409 email_taken.',
    schema: { body: createCustomerBody, response: { 201: customerDetailSchema } },
    handler: async (request: RouteRequest, reply: FastifyReply) => {
      const customer = await customers.create(request.trx!, request.body);
      created(ctx, reply, `${BASE}${customer.id}/`);
      return customer;
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: `${BASE}:id/`,
    auth: 'staff',
    tag,
    summary: 'One customer with their saved addresses.',
    description: 'Staff only: profile, status, marketing consent and every saved address.',
    schema: { params: customerIdParams, response: { 200: customerDetailSchema } },
    handler: async (request: RouteRequest) => customers.detail(ctx.knex, request.params.id),
  });

  ctx.routes.add({
    method: 'PATCH',
    path: `${BASE}:id/`,
    auth: 'staff',
    tag,
    summary: "Change a customer's names or phone, or block them (emits customer.updated).",
    description: '`is_active: false` blocks the customer: their sessions end at once and logging in fails; `true` unblocks.',
    schema: { params: customerIdParams, body: staffCustomerPatchBody, response: { 200: customerDetailSchema } },
    handler: async (request: RouteRequest) => customers.updateByStaff(request.trx!, request.params.id, request.body),
  });
}
