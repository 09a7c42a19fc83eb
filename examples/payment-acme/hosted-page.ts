import crypto from 'node:crypto';
import { formatAmount, type FastifyReply, type PluginContext } from '@storekeep-commerce/sdk';
import type { CheckoutPaymentsService, Db } from '@storekeep-commerce/sdk/checkout';
import { AcmeGateway, acmePageUrl } from './gateway.ts';

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
};

const escape = (value: unknown) => String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function sameToken(expected: string | null, given: unknown): boolean {
  if (!expected || typeof given !== 'string' || given.length !== expected.length) return false;
  return crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}

/**
 * Acme's hosted card page, simulated on the store so that the example runs without an Acme account.
 * A real gateway has no routes like these: the shopper pays on the provider's site, which sends them
 * back to the return URL and tells the store the outcome by a signed notification (gateway.ts). Here
 * the page stands in for Acme itself, so it may settle the payment directly.
 */
export function registerAcmePage(ctx: PluginContext, payments: CheckoutPaymentsService): void {
  const path = '/acme/pay/:payment_id/';
  const schema = {
    params: { type: 'object', required: ['payment_id'], properties: { payment_id: { type: 'integer', minimum: 1 } } },
    querystring: { type: 'object', properties: { token: { type: 'string', maxLength: 100 } } },
  };

  // The payment behind a page link: an Acme payment whose reference is the link's token.
  const find = async (db: Db, request: { params: { payment_id: number }; query: { token?: string } }) => {
    const payment = await payments.get(db, request.params.payment_id).catch((err) => {
      if (err?.status === 404) return undefined;
      throw err;
    });
    return payment && payment.gateway === AcmeGateway.identifier && sameToken(payment.external_id, request.query.token) ? payment : undefined;
  };
  const notFound = (reply: FastifyReply) => {
    reply.code(404).headers(HEADERS);
    return '<!doctype html><title>Acme</title><h1>Unknown payment</h1>';
  };

  ctx.routes.add({
    method: 'GET',
    path,
    auth: 'public',
    hidden: true,
    summary: 'Acme card page (simulated).',
    schema: { ...schema, response: { 200: { type: 'string' } } },
    handler: async (request, reply) => {
      const payment = await find(ctx.knex, request);
      if (!payment) return notFound(reply);
      reply.headers(HEADERS);
      const amount = `${formatAmount(payment.amount_minor, payment.currency)} ${payment.currency}`;
      const form =
        payment.status === 'pending'
          ? `<form method="post" action="${escape(acmePageUrl(ctx.config.baseUrl, payment.id, payment.external_id!))}">
<button name="outcome" value="succeeded">Pay ${escape(amount)}</button> <button name="outcome" value="failed">Cancel</button></form>`
          : `<p>Payment ${escape(payment.status)}. <a href="${escape(payment.return_url)}">Back to the shop</a></p>`;
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme · Pay</title></head>
<body><h1>Acme</h1><p>Order ${escape(payment.order_number)}: ${escape(amount)}</p>${form}</body></html>`;
    },
  });

  ctx.routes.add({
    method: 'POST',
    path,
    auth: 'public',
    hidden: true,
    form: true,
    // A browser form cannot send X-CSRFToken: the link's token protects the post.
    csrf: 'none',
    summary: 'Acme card page outcome (simulated); 303 back to the store.',
    schema: {
      ...schema,
      body: { type: 'object', required: ['outcome'], properties: { outcome: { type: 'string', enum: ['succeeded', 'failed'] } } },
      // The kernel wants a 2xx among the responses; the answer is always the 303.
      response: { 200: { type: 'string' }, 303: { type: 'null' } },
    },
    handler: async (request, reply) => {
      const payment = await find(request.trx!, request);
      if (!payment) return notFound(reply);
      // Settling is idempotent; a superseded (cancelled) attempt must not be paid from an old tab.
      if (payment.status === 'pending') await payments.settle(request.trx!, payment.id, request.body.outcome);
      reply.code(303).header('location', payment.return_url);
    },
  });
}
