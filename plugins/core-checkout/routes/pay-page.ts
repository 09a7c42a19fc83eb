import type { FastifyReply } from 'fastify';
import { AppError } from '../../../kernel/http/errors.ts';
import { ANONYMOUS } from '../../../kernel/http/principal.ts';
import type { PluginContext } from '../../../kernel/plugin.ts';
import type { RouteRequest } from '../../../kernel/routes.ts';
import { PAGE_HEADERS } from '../pages/html.ts';
import { renderMessagePage, renderPayPage, type PageState } from '../pages/pay-page.ts';
import type { CheckoutServices } from '../services/index.ts';
import type { CheckoutRecord } from '../services/checkouts/checkout-rows.ts';
import { PaymentRows } from '../services/payments/payment-rows.ts';
import { payPageUrl } from '../services/urls.ts';
import { callerOf } from './context.ts';

const PATH = '/checkout/:id/pay/';
const params = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 100 } } } as const;
const html = { type: 'string', description: 'An HTML page.' } as const;
const formBody = {
  type: 'object',
  properties: { payment_method_id: { type: 'string', maxLength: 100 }, token: { type: 'string', maxLength: 200 } },
} as const;

function page(reply: FastifyReply, status: number, text: string): string {
  reply.code(status).headers(PAGE_HEADERS);
  return text;
}

/** The hosted payment page (`payment_url`): the order summary and the payment methods as a form. */
export function registerPayPageRoutes(ctx: PluginContext, s: CheckoutServices): void {
  const storeName = () => s.deps.settings.get().name;

  async function render(request: RouteRequest, reply: FastifyReply, checkout: CheckoutRecord, status = 200, error?: string | null, instructions?: string | null): Promise<string> {
    const caller = callerOf(request);
    const view = await s.checkouts.view(ctx.knex, checkout, caller);
    let state: PageState = 'open';
    let notice = error ?? null;
    let shown = instructions ?? null;
    if (checkout.order_id !== null) {
      const order = await s.orders.get(ctx.knex, checkout.order_id);
      const latest = (await PaymentRows.ofOrders(ctx.knex, [order.id])).get(order.id)?.at(-1);
      if (order.status === 'cancelled') state = 'expired';
      else if (order.status !== 'pending' || order.payment_status !== 'unpaid') state = 'paid';
      else if (!notice && latest?.status === 'failed') notice = `Your payment failed${latest.error ? `: ${latest.error}` : ''}. Please try again.`;
      else if (!shown && latest?.status === 'pending') shown = latest.instructions;
    }
    const methods = state === 'open' ? await s.checkouts.paymentMethods(ctx.knex, checkout, caller) : [];
    return page(reply, status, renderPayPage({
      storeName: storeName(),
      lang: request.lang,
      checkout: view,
      state,
      methods,
      action: payPageUrl(ctx.config.baseUrl, checkout.id),
      token: s.tokens.tokenFor(checkout.id),
      error: notice,
      instructions: shown,
    }));
  }

  const notFound = (reply: FastifyReply) => page(reply, 404, renderMessagePage(storeName(), 'Not found', 'There is no checkout at this address.'));

  ctx.routes.add({
    method: 'GET',
    path: PATH,
    auth: 'public',
    hidden: true,
    translated: true,
    summary: 'The hosted payment page (HTML): order summary and payment methods; after a payment, its outcome.',
    schema: { params, response: { 200: html, 404: html } },
    handler: async (request, reply) => {
      const checkout = await s.checkouts.require(ctx.knex, request.params.id, request.principal).catch(() => undefined);
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
    summary: 'Pay from the hosted page (form post): 303 to the gateway\'s page, or the instructions of an offline method.',
    schema: { params, body: formBody, response: { 200: html, 303: { type: 'null' }, 400: html, 402: html, 403: html, 404: html, 409: html } },
    handler: async (request, reply) => {
      const checkout = await s.checkouts.require(ctx.knex, request.params.id, request.principal, { trusted: true }).catch(() => undefined);
      if (!checkout) return notFound(reply);
      if (!s.tokens.verify(checkout.id, request.body?.token)) {
        return page(reply, 403, renderMessagePage(storeName(), 'Refused', 'This form has expired or did not come from this store. Reload the payment page and try again.'));
      }
      const methodId = request.body?.payment_method_id;
      if (!methodId) return render(request, reply, checkout, 400, 'Choose a payment method.');
      try {
        const result = await s.pay.pay({ checkoutId: checkout.id, methodId, principal: request.principal, lang: request.lang, ip: request.ip, trusted: true });
        const after = (await s.checkouts.require(ctx.knex, checkout.id, request.principal, { trusted: true }))!;
        if (result.failure) return render(request, reply, after, 402, `Your payment failed: ${result.failure}`);
        if (result.payment.redirect_url) {
          reply.code(303).header('location', result.payment.redirect_url).header('cache-control', 'no-store');
          return;
        }
        return render(request, reply, after, 200, null, result.payment.instructions);
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        const after = (await s.checkouts.require(ctx.knex, checkout.id, ANONYMOUS, { trusted: true }))!;
        const message = err.errors ? Object.values(err.errors).flat().join(' ') : err.message;
        return render(request, reply, after, err.status, message);
      }
    },
  });
}
