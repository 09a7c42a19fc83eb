import { emitCheckout } from '../services/checkouts/checkout-events.ts';
import type { PluginContext } from '../../../kernel/plugin.ts';
import { envelope } from '../../../kernel/http/lists.ts';
import { CheckoutErrors } from '../errors.ts';
import type { CheckoutServices } from '../services/index.ts';
import { paymentView } from '../services/payments/payment-rows.ts';
import {
  checkout,
  checkoutParams,
  createCheckoutBody,
  patchCheckoutBody,
  payBody,
  payResponse,
  paymentMethodsPage,
  paymentMethodsQuery,
} from '../schemas/checkouts.ts';
import { callerOf, created, dbOf } from './context.ts';

const tag = 'checkout';

/** Checkout sessions: open one on a cart, change it, list payment methods, pay. */
export function registerCheckoutRoutes(ctx: PluginContext, s: CheckoutServices): void {
  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/checkout/',
    auth: 'public',
    tag,
    translated: true,
    summary: 'Open a checkout on a cart: e-mail and shipping address; answers the shipping methods, totals and payment_url.',
    description:
      'Every missing or bad field is named at once (400). Unknown cart: 404; a cart already ordered: 409 cart_ordered; empty: 409 empty_cart; an item no longer for sale: 409 variant_unavailable; not enough stock (checked, not reserved): 409 insufficient_stock naming the items. No method shipping to the address: shipping_methods is empty.',
    schema: { body: createCheckoutBody, response: { 201: checkout } },
    handler: async (request, reply) => {
      const made = await s.checkouts.create(request.trx!, request.body, callerOf(request));
      created(ctx, reply, `/api/v1/checkout/${made.checkout.id}/`);
      // The event carries the view this response shows, priced once: by the opening's own pricing.
      const view = await s.checkouts.viewOfOpen(request.trx!, made.checkout, made.evaluation, made.stock);
      await emitCheckout(s.deps, request.trx!, 'checkout.created', view);
      return view;
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/checkout/:id/',
    auth: 'public',
    tag,
    translated: true,
    summary: 'A checkout: status (open, paid, expired), addresses, shipping methods, totals, payment_url, order once placed.',
    description: 'Anyone holding the checkout id may read it (a customer\'s only that customer). Shows what the shopper will pay: the shipping methods offered for the address, totals and where to pay.',
    schema: { params: checkoutParams, response: { 200: checkout } },
    handler: async (request) => s.checkouts.view(ctx.knex, await s.checkouts.require(ctx.knex, request.params.id, request.principal), callerOf(request)),
  });

  ctx.routes.add({
    method: 'PATCH',
    path: '/api/v1/checkout/:id/',
    auth: 'public',
    tag,
    translated: true,
    summary: 'Select a shipping method, or change the e-mail or addresses.',
    description:
      'shipping_method_id must be one of those offered for the (new) address, else 400. An address change collects the rates again and drops a selection no longer offered. Once the order is placed: 409 checkout_locked (already_paid, checkout_expired).',
    schema: { params: checkoutParams, body: patchCheckoutBody, response: { 200: checkout } },
    handler: async (request) => {
      const trx = request.trx!;
      const found = await s.checkouts.require(trx, request.params.id, request.principal, { lock: true });
      // Priced by the change itself: the view is the stored checkout with that pricing.
      const changed = await s.checkouts.update(trx, found, request.body, callerOf(request));
      const view = await s.checkouts.viewOfOpen(trx, changed.checkout, changed.evaluation);
      await emitCheckout(s.deps, trx, 'checkout.updated', view);
      return view;
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/checkout/:id/payment-methods/',
    auth: 'public',
    tag,
    translated: true,
    summary: 'The payment methods offered for this checkout (list envelope).',
    description: 'In test mode or with a test API key only test methods, otherwise only live ones.',
    schema: { params: checkoutParams, querystring: paymentMethodsQuery, response: { 200: paymentMethodsPage } },
    handler: async (request) => {
      const db = dbOf(ctx, request);
      const methods = await s.checkouts.paymentMethods(db, await s.checkouts.require(db, request.params.id, request.principal), callerOf(request));
      const { page, page_size: size } = request.query;
      return envelope(request, ctx.config.baseUrl, methods.length, page, size, methods.slice((page - 1) * size, page * size).map((m) => ({ ...m, description: m.description ?? null })));
    },
  });

  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/checkout/:id/pay/',
    auth: 'public',
    tag,
    // PayService runs its own transaction: a gateway refusal must keep the order and the failed payment.
    transaction: false,
    summary: 'Pay: places the order (pending, stock reserved, order.created) and starts a payment with the chosen method.',
    description:
      'Answers the payment with redirect_url (a hosted page) or instructions (offline methods). A method not offered: 400. The gateway refusing: 402 payment_failed (the order stays; pay again with a method). Paying again after a failed payment starts a new payment on the same order. A paid checkout: 409 already_paid naming the order; an expired one: 409 checkout_expired; superseded by another pay of the order while the gateway answered: 409 payment_superseded. The gateway is asked after the order is committed, outside any transaction. Honour Idempotency-Key for retries.',
    schema: { params: checkoutParams, body: payBody, response: { 201: payResponse } },
    handler: async (request, reply) => {
      const result = await s.pay.pay({ checkoutId: request.params.id, methodId: request.body.payment_method_id, ...callerOf(request), ip: request.ip });
      if (result.failure) throw CheckoutErrors.paymentFailed(result.failure);
      reply.code(201);
      return { ...paymentView(result.payment), order: { id: result.order.id, order_number: result.order.order_number } };
    },
  });
}
