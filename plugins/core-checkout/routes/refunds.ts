import type { PluginContext } from '../../../kernel/plugin.ts';
import { paginate } from '../../../kernel/http/lists.ts';
import { idParams } from '../../../kernel/http/schemas.ts';
import { CheckoutErrors } from '../errors.ts';
import { refund, refundInput, refundListQuery, refundListSpec, refundPage, refundParams } from '../schemas/refunds.ts';
import type { CheckoutServices } from '../services/index.ts';
import { RefundRows } from '../services/refunds/refund-rows.ts';
import { actorOf, created } from './context.ts';

const tag = 'orders';

/** Refunds of an order: staff refund captured money (and take items back); the order's customer and staff read them. */
export function registerRefundRoutes(ctx: PluginContext, s: CheckoutServices): void {
  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/orders/:id/refunds/',
    auth: 'staff',
    tag,
    summary: 'Refund captured money of an order (staff), with or without items, through the payments\' gateways.',
    description:
      'amount (decimal string, > 0, at most what is left: else 400 naming amount, with the remaining amount in detail); absent: with items their paid value capped at what is left, without items everything left. Items: of this order, each once, at most the units not yet refunded (400 items.<i>.…). restock (default true): shipped units back on hand where they shipped from, unshipped units out of fulfilment with their reservation released. Nothing captured: 409 order_unpaid; everything refunded: 409 already_refunded; a gateway refusal: 502 refund_failed (nothing written); a gateway no longer installed: 409 gateway_unavailable. Emits refund.created and order.updated.',
    schema: { params: idParams, body: refundInput, response: { 201: refund } },
    handler: async (request, reply) => {
      const made = await s.refunds.create(request.trx!, request.params.id, request.body, actorOf(request.principal));
      created(ctx, reply, `/api/v1/orders/${made.order_id}/refunds/${made.id}/`);
      return made;
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/orders/:id/refunds/:refund_id/',
    auth: 'customer-or-staff',
    tag,
    summary: 'One refund of an order (a customer\'s own order only).',
    description: 'The amount, reason, items returned and the gateway\'s outcome.',
    schema: { params: refundParams, response: { 200: refund } },
    handler: async (request) => {
      const order = await s.orders.getVisible(ctx.knex, request.params.id, request.principal);
      const found = await RefundRows.find(ctx.knex, order.id, request.params.refund_id);
      if (!found) throw CheckoutErrors.refundNotFound();
      return (await s.orders.refundViews(ctx.knex, [order], undefined, [found])).get(order.id)![0]!;
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/orders/:id/refunds/',
    auth: 'customer-or-staff',
    tag,
    summary: 'The refunds of an order (a customer\'s own order only), oldest first; ordering created_at.',
    description: 'Each refund shows the amount, the reason, the items returned and the state at the payment gateway.',
    schema: { params: idParams, querystring: refundListQuery, response: { 200: refundPage } },
    handler: async (request) => {
      const order = await s.orders.getVisible(ctx.knex, request.params.id, request.principal);
      return paginate(request, ctx.config.baseUrl, RefundRows.listQuery(ctx.knex, order.id), refundListSpec, async (rows: any[]) =>
        (await s.orders.refundViews(ctx.knex, [order], undefined, RefundRows.fromRows(rows))).get(order.id) ?? [],
      );
    },
  });
}
