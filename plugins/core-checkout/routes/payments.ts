import type { PluginContext } from '../../../kernel/plugin.ts';
import type { CheckoutServices } from '../services/index.ts';

const params = { type: 'object', required: ['gateway'], properties: { gateway: { type: 'string', maxLength: 50 } } } as const;
const response = {
  type: 'object',
  required: ['received', 'payment_id', 'status', 'changed'],
  properties: { received: { type: 'boolean' }, payment_id: { type: 'integer' }, status: { type: 'string' }, changed: { type: 'boolean' } },
} as const;

/** Provider notifications for payment gateways (webhooks from the payment provider). */
export function registerPaymentRoutes(ctx: PluginContext, s: CheckoutServices): void {
  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/payments/notify/:gateway/',
    auth: 'public',
    tag: 'payments',
    form: true,
    summary: 'A payment provider\'s notification for gateway {gateway}: verified by the gateway, then the payment is settled.',
    description: 'Unknown gateway (or one taking no notifications): 404. Not verified: 400 invalid_notification. Settling twice changes nothing.',
    schema: { params, response: { 200: response } },
    handler: async (request) => {
      // The exact bytes the provider signed (the kernel keeps the raw JSON or form body).
      const raw = Buffer.from(request.rawBody ?? '', 'utf8');
      const settled = await s.payments.notify(request.trx!, request.params.gateway, raw, request.headers as Record<string, string | string[] | undefined>);
      return { received: true, payment_id: settled.id, status: settled.status, changed: settled.changed };
    },
  });
}
