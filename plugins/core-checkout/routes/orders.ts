import type { Knex } from 'knex';
import type { PluginContext } from '../../../kernel/plugin.ts';
import { forceIndex, isMysql } from '../../../kernel/db/dialect.ts';
import { paginate, type Page } from '../../../kernel/http/lists.ts';
import type { DirectReply } from '../../../kernel/http/direct-request.ts';
import { sendKept, sendKeptPage } from '../../../kernel/http/kept-json.ts';
import { isStaffLike } from '../../../kernel/http/principal.ts';
import { idParams } from '../../../kernel/http/schemas.ts';
import type { CheckoutServices } from '../services/index.ts';
import { orderCountQuery } from '../services/orders/order-counts.ts';
import type { OrderSerializer } from '../services/orders/order-memo.ts';
import { orderFromRow } from '../services/orders/order-rows.ts';
import { ORDER_STATUSES } from '../services/orders/transitions.ts';
import { paymentView } from '../services/payments/payment-rows.ts';
import { actorOf } from './context.ts';
import { captureParams, captureResponse, order, orderActionParams, orderListIndex, orderListQuery, orderListSpec, orderPage, orderQuery } from '../schemas/orders.ts';

const tag = 'orders';

// Orders are answered from the memo (services/orders/order-memo.ts): serialised JSON sent as it is.
const serializerOf = (reply: DirectReply): OrderSerializer => reply.compileSerializationSchema(order, '200') as unknown as OrderSerializer;

/** `expand=items` (the schema admits nothing else). */
function expandsItems(expand: unknown): boolean {
  return expand === 'items';
}

/** Orders, the read side: staff and API keys see every order, customers their own. */
export function registerOrderRoutes(ctx: PluginContext, s: CheckoutServices): void {
  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/orders/',
    auth: 'customer-or-staff',
    direct: true,
    tag,
    summary: 'List orders (customers: their own).',
    description:
      'Staff see every order, a customer only their own. Filters status, payment_status, created_at__gte/__lte, search (order number exact or prefix, or e-mail contains; case-insensitive); ordering created_at (default -created_at), order_number, total; expand=items includes the items.',
    schema: { querystring: orderListQuery, response: { 200: orderPage } },
    handler: async (request, reply) => {
      const { status, payment_status, search } = request.query;
      // The page reads ids and revisions; the orders not kept as they are now are read after, by id.
      const refsOf = (orders: Knex.QueryBuilder) => orders.clearSelect().select('orders.id', 'orders.revision');
      const query = refsOf(s.orders.listQuery(ctx.knex, request.principal, { status, payment_status, search }));
      const items = expandsItems(request.query.expand);
      // Staff's list, whole or by status, is counted from the numbers kept per status, not by counting
      // every order (a date bound is counted from the orders: paginate asks the query then).
      const kept = isStaffLike(request.principal) && !payment_status && !search?.trim();
      const countColumn = kept ? orderCountQuery(ctx.knex, status ? [status] : ORDER_STATUSES) : undefined;
      // Orders by id, the caller's visibility asked again: a deep page by number reads its ids first and
      // then their refs; the orders to build are read whole.
      const byIds = (ids: number[]) => s.orders.listQuery(ctx.knex, request.principal).whereIn('orders.id', ids);
      const rowsOfIds = (ids: number[]) => refsOf(byIds(ids));
      const load = async (ids: number[]) => (await byIds(ids)).map(orderFromRow);
      const build = (rows: Array<{ id: unknown; revision: unknown }>) =>
        s.orderMemo.serialized(ctx.knex, rows.map((r) => ({ id: Number(r.id), revision: Number(r.revision) })), { items }, serializerOf(reply), load);
      const index = isMysql(ctx.knex) ? orderListIndex({ ...request.query, customer: !isStaffLike(request.principal) }) : undefined;
      const pageQuery = index ? (page: Knex.QueryBuilder) => forceIndex(ctx.knex, page, 'orders', index) : undefined;
      const page = await paginate(request, ctx.config.baseUrl, query, orderListSpec, build, 'orders.id', { countColumn, rowsOfIds, pageQuery });
      return sendKeptPage(reply, page as Page<Buffer>);
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/orders/:id/',
    auth: 'customer-or-staff',
    direct: true,
    tag,
    summary: 'One order (a customer\'s own only; another\'s is 404); items with expand=items.',
    description: 'Staff see every order; a customer only their own (another\'s answers 404, so order numbers are not revealed). Items are included with expand=items.',
    schema: { params: idParams, querystring: orderQuery, response: { 200: order } },
    handler: async (request, reply) => {
      const found = await s.orders.getVisible(ctx.knex, request.params.id, request.principal);
      return sendKept(reply, (await s.orderMemo.serialized(ctx.knex, [found], { items: expandsItems(request.query.expand) }, serializerOf(reply), async () => [found]))[0]!);
    },
  });

  const lifecycle = s.lifecycle;
  const actions = [
    {
      name: 'cancel',
      run: (trx: Knex.Transaction, id: number, actor: string) => lifecycle.cancel(trx, id, actor),
      summary: 'Cancel an order (staff): pending, or processing with nothing shipped; captured money is refunded in full.',
      description:
        'Refunds what was captured and not yet refunded through the gateways (refund.created; a gateway refusal is 502 refund_failed and cancels nothing), releases its reserved stock, gives vouchers their use back, cancels pending payments; emits order.cancelled and order.updated. Another state, or anything shipped: 409 invalid_transition naming the state.',
    },
    {
      name: 'deliver',
      run: (trx: Knex.Transaction, id: number) => lifecycle.deliver(trx, id),
      summary: 'Mark a shipped order delivered (staff); the return window starts. Emits order.delivered.',
      description: 'Any state but shipped: 409 invalid_transition naming the current state.',
    },
    {
      name: 'complete',
      run: (trx: Knex.Transaction, id: number, _actor: string, query: { force?: boolean }) => lifecycle.complete(trx, id, { force: query.force }),
      summary: 'Complete a delivered order (staff) once its return window is over; a job does so by itself then. Emits order.completed.',
      description:
        'Before the store\'s return_window_days since delivered_at have passed: 409 return_window_open naming when the window ends, unless ?force=true. Any state but delivered: 409 invalid_transition naming the current state.',
      query: { type: 'object', properties: { force: { type: 'boolean', default: false, description: 'Complete before the return window ends.' } } },
    },
  ];
  for (const action of actions) {
    ctx.routes.add({
      method: 'POST',
      path: `/api/v1/orders/:id/${action.name}/`,
      auth: 'staff',
      tag,
      summary: action.summary,
      description: action.description,
      schema: { params: orderActionParams, ...(action.query ? { querystring: action.query } : {}), response: { 200: order } },
      handler: async (request) => action.run(request.trx!, request.params.id, actorOf(request.principal), request.query ?? {}),
    });
  }

  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/orders/:id/payments/:payment_id/capture/',
    auth: 'staff',
    tag,
    summary: 'Capture a pending payment (a bank transfer arrived): the gateway captures, the order is paid once payments cover it.',
    description:
      'Capturing a succeeded payment changes nothing (200). A failed or cancelled payment: 409 payment_not_capturable; a cancelled order: 409 order_cancelled; the gateway refusing: 402 payment_failed. Emits payment.succeeded (and order.paid).',
    schema: { params: captureParams, response: { 200: captureResponse } },
    handler: async (request) => {
      const trx = request.trx!;
      const payment = await s.payments.captureByStaff(trx, request.params.id, request.params.payment_id);
      const after = await s.orders.get(trx, request.params.id);
      return { ...paymentView(payment), order: { id: after.id, order_number: after.order_number, status: after.status, payment_status: after.payment_status } };
    },
  });
}
