import type { Logger } from '../../../kernel/logger.ts';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../../kernel/http/errors.ts';
import { ANONYMOUS, type Principal } from '../../../kernel/http/principal.ts';
import type { PluginContext } from '../../../kernel/plugin.ts';
import type { RouteRequest } from '../../../kernel/routes.ts';
import { PAGE_HEADERS, sentence } from '../pages/html.ts';
import { renderMessagePage, renderPayPage, type PageState } from '../pages/pay-page.ts';
import { shopperMessage } from '../pages/shopper-messages.ts';
import type { CheckoutServices } from '../services/index.ts';
import type { CheckoutRecord } from '../services/checkouts/checkout-rows.ts';
import { PaymentRows } from '../services/payments/payment-rows.ts';
import { callerOf } from './context.ts';
import type { CheckoutHooks } from '../hooks.ts';

const PATH = '/checkout/:id/pay/';
const params = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 100 } } } as const;
const query = {
  type: 'object',
  properties: { key: { type: 'string', maxLength: 100, description: 'The page key of `payment_url`: opens the page without a session.' } },
} as const;
const html = { type: 'string', description: 'An HTML page.' } as const;
const formBody = {
  type: 'object',
  properties: {
    payment_method_id: { type: 'string', maxLength: 100 },
    shipping_method_id: { type: 'string', maxLength: 100 },
    token: { type: 'string', maxLength: 200 },
  },
} as const;

function page(reply: FastifyReply, status: number, text: string): string {
  reply.code(status).headers(PAGE_HEADERS);
  return text;
}

/** The order status as the page names it, once paid. */
const STATUS_TEXT: Record<string, string> = {
  pending: 'awaiting payment',
  processing: 'paid, being prepared',
  shipped: 'shipped',
  delivered: 'delivered',
  completed: 'completed',
  cancelled: 'cancelled',
};

/**
 * The hosted payment page (`payment_url`): the order summary, a form of the shipping methods while
 * none is chosen, then a form of the payment methods; after paying, the order's status.
 */
export function registerPayPageRoutes(ctx: PluginContext, s: CheckoutServices, hooks: CheckoutHooks): void {
  const storeName = () => s.deps.settings.get().name;

  async function render(request: RouteRequest, reply: FastifyReply, checkout: CheckoutRecord, status = 200, error?: string | null, instructions?: string | null): Promise<string> {
    const caller = callerOf(request);
    const view = await s.checkouts.view(ctx.knex, checkout, caller);
    let state: PageState = 'open';
    let notice = error ?? null;
    let shown = instructions ?? null;
    let orderStatus: string | null = null;
    let orderState: string | null = null;
    if (checkout.order_id !== null) {
      const order = await s.orders.get(ctx.knex, checkout.order_id);
      const latest = (await PaymentRows.ofOrders(ctx.knex, [order.id])).get(order.id)?.at(-1);
      orderStatus = STATUS_TEXT[order.status] ?? order.status;
      orderState = order.status;
      if (order.status === 'cancelled') state = 'expired';
      else if (order.status !== 'pending' || order.payment_status !== 'unpaid') state = 'paid';
      else if (!notice && latest?.status === 'failed') notice = `${sentence(latest.error ? `Your payment failed: ${latest.error}` : 'Your payment failed')} Please try again.`;
      else if (!shown && latest?.status === 'pending') shown = latest.instructions;
    }
    // No order yet and no shipping chosen: the page asks for shipping first, and offers no Pay button.
    if (state === 'open' && checkout.order_id === null && !view.shipping_method) state = 'shipping';
    const methods = state === 'open' ? await s.checkouts.paymentMethods(ctx.knex, checkout, caller) : [];
    if (hooks.renderPayPage.isUsed()) {
      const themed = await hooks.renderPayPage.promise(
        { checkout: view as unknown as Record<string, any>, state, methods, order_status: orderState, action: s.tokens.url(checkout.id), token: s.tokens.tokenFor(checkout.id), error: notice, instructions: shown, status },
        request,
        reply,
      );
      if (themed !== undefined) return themed;
    }
    return page(reply, status, renderPayPage({
      storeName: storeName(),
      lang: request.lang,
      checkout: view,
      state,
      methods,
      orderStatus,
      action: s.tokens.url(checkout.id),
      token: s.tokens.tokenFor(checkout.id),
      error: notice,
      instructions: shown,
    }));
  }

  const notFound = (reply: FastifyReply) => page(reply, 404, renderMessagePage(storeName(), 'Not found', 'There is no checkout at this address.'));

  /** The checkout when the caller may see it, or holds the page key of its `payment_url`. */
  async function find(request: RouteRequest, principal: Principal = request.principal): Promise<CheckoutRecord | undefined> {
    const id = String(request.params.id);
    const trusted = s.tokens.verifyKey(id, request.query?.key);
    return s.checkouts.require(ctx.knex, id, principal, { trusted }).catch(() => undefined);
  }

  ctx.routes.add({
    method: 'GET',
    path: PATH,
    auth: 'public',
    hidden: true,
    translated: true,
    summary: 'The hosted payment page (HTML): order summary, shipping then payment methods; after a payment, its outcome and the order status.',
    schema: { params, querystring: query, response: { 200: html, 404: html } },
    handler: async (request, reply) => {
      const checkout = await find(request);
      if (!checkout) return notFound(reply);
      return render(request, reply, checkout);
    },
  });

  ctx.routes.add({
    method: 'POST',
    path: PATH,
    auth: 'public',
    hidden: true,
    form: true,
    // A browser form cannot send X-CSRFToken: the page's own per-checkout token protects the post.
    csrf: 'none',
    // PayService runs its own transaction (a refused payment keeps the order).
    transaction: false,
    translated: true,
    summary: 'Choose shipping (303 back to the page) or pay from the hosted page (form post): 303 to the gateway\'s page, or the instructions of an offline method.',
    schema: { params, querystring: query, body: formBody, response: { 200: html, 303: { type: 'null' }, 400: html, 402: html, 403: html, 404: html, 409: html } },
    handler: async (request, reply) => {
      const checkout = await s.checkouts.require(ctx.knex, request.params.id, request.principal, { trusted: true }).catch(() => undefined);
      if (!checkout) return notFound(reply);
      if (!s.tokens.verify(checkout.id, request.body?.token)) {
        return page(reply, 403, renderMessagePage(storeName(), 'Refused', 'This form has expired or did not come from this store. Reload the payment page and try again.'));
      }
      const shippingId = request.body?.shipping_method_id;
      const methodId = request.body?.payment_method_id;
      try {
        if (shippingId) {
          await ctx.knex.transaction(async (trx) => {
            const locked = await s.checkouts.require(trx, checkout.id, ANONYMOUS, { lock: true, trusted: true });
            await s.checkouts.update(trx, locked, { shipping_method_id: shippingId }, callerOf(request));
          });
          reply.code(303).header('location', s.tokens.url(checkout.id)).header('cache-control', 'no-store');
          return;
        }
        if (!methodId) return render(request, reply, checkout, 400, 'Choose a payment method.');
        const result = await s.pay.pay({ checkoutId: checkout.id, methodId, principal: request.principal, lang: request.lang, log: request.log as unknown as Logger, ip: request.ip, trusted: true });
        const after = (await s.checkouts.require(ctx.knex, checkout.id, request.principal, { trusted: true }))!;
        if (result.failure) return render(request, reply, after, 402, sentence(`Your payment failed: ${result.failure}`));
        if (result.payment.redirect_url) {
          reply.code(303).header('location', result.payment.redirect_url).header('cache-control', 'no-store');
          return;
        }
        return render(request, reply, after, 200, null, result.payment.instructions);
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        const after = (await s.checkouts.require(ctx.knex, checkout.id, ANONYMOUS, { trusted: true }))!;
        return render(request, reply, after, err.status, shopperMessage(err));
      }
    },
  });
}
