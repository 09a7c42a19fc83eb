import type { FastifyReply } from 'fastify';
import type { PluginContext } from '../../kernel/plugin.ts';
import { formatAmount } from '../../kernel/money/money.ts';
import type { CheckoutPaymentsService, Db, PaymentLookup } from '../core-checkout/contracts.ts';
import { TestGateway, hostedPagePath, hostedPageUrl, tokenMatches } from './gateway.ts';
import { PAGE_HEADERS, renderNotFoundPage, renderPaymentPage } from './page.ts';

const PATH = hostedPagePath(':payment_id');

// The id stays a string in the schema so that a malformed one gets the same 404 page as an unknown one.
const params = {
  type: 'object',
  required: ['payment_id'],
  properties: { payment_id: { type: 'string', maxLength: 40 } },
} as const;
const query = { type: 'object', properties: { token: { type: 'string', maxLength: 200 } } } as const;
const outcomeBody = {
  type: 'object',
  required: ['outcome'],
  properties: { outcome: { type: 'string', enum: ['succeeded', 'failed'] } },
} as const;
const html = { type: 'string', description: 'An HTML page.' } as const;
// The route registry wants a 2xx in every route's responses; the form post's success is the 303, and
// the 200 is declared only to satisfy it (the kernel could count a 3xx as success).
const redirect = { 200: html, 303: { type: 'null', description: 'To the checkout\'s return page.' } } as const;

interface PageRequest {
  params: { payment_id: string };
  query: { token?: string };
}

/** The payment id a hosted-page URL names, when it has the shape of one. */
function paymentIdOf(request: PageRequest): number | undefined {
  const raw = request.params.payment_id;
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : undefined;
}

/** Whether a payment is this gateway's and the URL's token is its own. */
function pageOf(payment: PaymentLookup, request: PageRequest): boolean {
  return payment.gateway === TestGateway.identifier && tokenMatches(payment, request.query.token);
}

/** The payment a hosted-page URL names, when it is this gateway's and the token is right; else undefined. */
async function paymentOf(payments: CheckoutPaymentsService, db: Db, request: PageRequest): Promise<PaymentLookup | undefined> {
  const id = paymentIdOf(request);
  if (id === undefined) return undefined;
  const payment = await payments.get(db, id).catch((err) => {
    if (err?.status === 404) return undefined;
    throw err;
  });
  return payment && pageOf(payment, request) ? payment : undefined;
}

function page(reply: FastifyReply, status: number, body: string): string {
  reply.code(status).headers(PAGE_HEADERS);
  return body;
}

/**
 * The hosted page of docs/api.md (payments in test mode): GET shows the payment with a form; POST of that form
 * (`outcome=succeeded|failed`, form-encoded) settles the payment and answers 303 to the checkout's
 * return page. Public (the shopper holds the link), kept out of the OpenAPI document.
 */
export function registerHostedPageRoutes(ctx: PluginContext, payments: CheckoutPaymentsService, storeName: () => string): void {
  ctx.routes.add({
    method: 'GET',
    path: PATH,
    auth: 'public',
    hidden: true,
    summary: 'The hosted test payment page (HTML).',
    schema: { params, querystring: query, response: { 200: html, 404: html } },
    handler: async (request, reply) => {
      const payment = await paymentOf(payments, ctx.knex, request);
      if (!payment) return page(reply, 404, renderNotFoundPage());
      return page(
        reply,
        200,
        renderPaymentPage({
          storeName: storeName(),
          orderNumber: payment.order_number,
          amount: `${formatAmount(payment.amount_minor, payment.currency)} ${payment.currency}`,
          status: payment.status,
          action: hostedPageUrl(ctx.config.baseUrl, payment.id, payment.external_id!),
          returnUrl: payment.return_url,
        }),
      );
    },
  });

  ctx.routes.add({
    method: 'POST',
    path: PATH,
    auth: 'public',
    hidden: true,
    form: true,
    // A browser form cannot send X-CSRFToken: the unguessable token in the page's URL protects the post.
    csrf: 'none',
    summary: 'Settle a test payment from its hosted page (form post); 303 to the checkout.',
    description: 'Posting again changes nothing: the first outcome stands, and the answer is the same 303.',
    schema: { params, querystring: query, body: outcomeBody, response: { ...redirect, 404: html } },
    handler: async (request, reply) => {
      const id = paymentIdOf(request);
      // The payment and its order are read once, locked, and settled in the same step when the page is
      // this payment's. Only a pending payment takes an outcome: a settled one keeps its first (settle is
      // idempotent anyway), and a superseded one must not be paid from an old tab.
      const payment = id === undefined ? undefined : await payments.settleWhen(request.trx!, id, request.body.outcome, (found) => pageOf(found, request) && found.status === 'pending');
      if (!payment || !pageOf(payment, request)) return page(reply, 404, renderNotFoundPage());
      reply.code(303).header('location', payment.return_url).header('cache-control', 'no-store');
    },
  });
}
