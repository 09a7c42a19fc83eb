import type { PluginContext } from '../../kernel/plugin.ts';
import type { RouteRequest } from '../../kernel/routes.ts';
import { paginate } from '../../kernel/http/lists.ts';
import { idParams } from '../../kernel/http/schemas.ts';
import type { VoucherApplications } from './services/applications.ts';
import type { CartAccess, RequestView } from './services/cart.ts';
import { voucherFromRow, voucherView } from './services/records.ts';
import type { VoucherService } from './services/vouchers.ts';
import { applyBody, cartCodeParams, cartParams, cartResponse, createBody, listQuery, listSpec, noContent, patchBody, voucherPage } from './schemas.ts';

const voucher = { $ref: 'Voucher#' };

// The cart in its own currency, in the negotiated language, as this caller may see it.
function viewOf(request: RouteRequest): RequestView {
  return { principal: request.principal, lang: request.lang };
}

/** Staff manage vouchers; anyone holding a cart's id applies and removes codes on it. */
export function registerRoutes(
  ctx: PluginContext,
  s: { vouchers: VoucherService; applications: VoucherApplications; carts: CartAccess },
): void {
  const tag = 'vouchers';

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/vouchers/',
    auth: 'staff',
    tag,
    summary: 'List vouchers (ordering: code, created_at, times_used; filters: active, code, search).',
    description: 'Staff only. Each voucher with its discount, limits, dates and how often it was used.',
    schema: { querystring: listQuery, response: { 200: voucherPage } },
    handler: async (request) => {
      const { active, code, search } = request.query;
      const query = s.vouchers.listQuery(ctx.knex, { active, code, search });
      return paginate(request, ctx.config.baseUrl, query, listSpec, (rows: any[]) => rows.map((r) => voucherView(voucherFromRow(r))));
    },
  });

  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/vouchers/',
    auth: 'staff',
    tag,
    summary: 'Create a voucher.',
    description: 'A code taken in any case: 409 duplicate_code. Bad amounts, percentages, currencies or dates: 400 naming each field. Emits voucher.created.',
    schema: { body: createBody, response: { 201: voucher } },
    checkBody: (body) => s.vouchers.fieldErrors(body),
    handler: async (request, reply) => {
      const created = await s.vouchers.create(request.trx!, request.body);
      reply.code(201).header('location', `${ctx.config.baseUrl}/api/v1/vouchers/${created.id}/`);
      return voucherView(created);
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/vouchers/:id/',
    auth: 'staff',
    tag,
    summary: 'One voucher, with times_used.',
    description: 'Staff only: the discount, currency, minimum subtotal, limits, validity dates and uses so far.',
    schema: { params: idParams, response: { 200: voucher } },
    handler: async (request) => voucherView(await s.vouchers.get(ctx.knex, request.params.id)),
  });

  ctx.routes.add({
    method: 'PATCH',
    path: '/api/v1/vouchers/:id/',
    auth: 'staff',
    tag,
    summary: 'Change a voucher; the result is validated as a whole.',
    description: 'Emits voucher.updated.',
    schema: { params: idParams, body: patchBody, response: { 200: voucher } },
    handler: async (request) => voucherView(await s.vouchers.update(request.trx!, request.params.id, request.body)),
  });

  ctx.routes.add({
    method: 'DELETE',
    path: '/api/v1/vouchers/:id/',
    auth: 'staff',
    tag,
    summary: 'Delete a voucher (it leaves the carts that hold it; placed orders keep their discount).',
    description: 'Emits voucher.deleted.',
    schema: { params: idParams, response: noContent },
    handler: async (request, reply) => {
      await s.vouchers.remove(request.trx!, request.params.id);
      reply.code(204);
    },
  });

  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/cart/:cart_id/vouchers/',
    auth: 'public',
    tag: 'carts',
    summary: 'Apply a voucher code to a cart; answers with the cart and its new totals.',
    description:
      'Refusals name the reason in detail: 400 voucher_not_found, voucher_inactive, voucher_not_yet_valid, voucher_expired, ' +
      'voucher_wrong_currency, voucher_minimum_not_met; 409 voucher_used_up, voucher_customer_limit_reached, too_many_vouchers; 404 for an unknown cart.',
    schema: { params: cartParams, body: applyBody, response: { 200: cartResponse } },
    handler: async (request) => {
      const cart = await s.applications.apply(request.trx!, request.params.cart_id, request.body.code, viewOf(request));
      return s.carts.view(request.trx!, cart, viewOf(request));
    },
  });

  ctx.routes.add({
    method: 'DELETE',
    path: '/api/v1/cart/:cart_id/vouchers/:code/',
    auth: 'public',
    tag: 'carts',
    summary: 'Take a voucher code (any case) off a cart; answers with the cart.',
    description: '404 voucher_not_applied when the cart does not hold the code.',
    schema: { params: cartCodeParams, response: { 200: cartResponse } },
    handler: async (request) => {
      const cart = await s.applications.remove(request.trx!, request.params.cart_id, request.params.code, viewOf(request));
      return s.carts.view(request.trx!, cart, viewOf(request));
    },
  });
}
