import { definePlugin } from '@storekeep-commerce/sdk';
import type { CheckoutPaymentsService, PaymentGatewayRegistry } from '@storekeep-commerce/sdk/checkout';
import { AcmeGateway, acmeMethodsFor } from './gateway.ts';
import { registerAcmePage } from './hosted-page.ts';
import { DEVELOPMENT_SECRET } from './signature.ts';

const PLUGIN_NAME = 'payment-acme';

/**
 * An example third-party payment gateway, the model of docs/payment-gateways.md. Install it like any plugin:
 * `PLUGINS=examples/payment-acme npm start`. It uses only what core-checkout offers every plugin:
 * the PaymentGateway contract, the `paymentGateways` and `checkoutPayments` services and the
 * `checkout.collectPaymentMethods` hook.
 */
export default definePlugin({
  name: PLUGIN_NAME,
  version: '1.0.0',
  storeVersions: '>=0.1.0 <0.2.0',
  description: 'Example payment gateway: Acme cards, a hosted page and signed notifications.',
  kinds: ['payment'],
  // A card on the admin panel's order page (bundled into the panel at start).
  admin: './admin/order-widget.tsx',
  dependsOn: ['core-checkout'],
  // Set through PATCH /api/v1/plugins/payment-acme/ or `npx storekeep plugins configure payment-acme
  // webhook_secret=…`; the ACME_WEBHOOK_SECRET environment variable gives its default.
  settings: {
    type: 'object',
    properties: {
      webhook_secret: {
        type: 'string',
        minLength: 16,
        writeOnly: true,
        'x-env': 'ACME_WEBHOOK_SECRET',
        description: 'The secret Acme signs its notifications with (Acme dashboard → Developers). Unset, a development secret anyone can read is used.',
      },
    },
  },
  register(ctx) {
    // The secret Acme signs notifications with, from the current settings: a change applies to the next notification.
    const secretOf = (settings: { webhook_secret?: string }) => {
      if (settings.webhook_secret) return settings.webhook_secret;
      ctx.logger.warn('webhook_secret is unset: anyone who reads this example can sign Acme notifications.');
      return DEVELOPMENT_SECRET;
    };
    let gateway = new AcmeGateway(secretOf(ctx.settings.get()));
    ctx.settings.onChange((next) => {
      gateway = new AcmeGateway(secretOf(next));
    });

    // 1. The gateway, for core-checkout to call when a shopper pays with one of its methods (always the
    //    one built with the current secret).
    const current = new Proxy(gateway, {
      get: (_target, prop) => {
        const value = Reflect.get(gateway, prop, gateway);
        return typeof value === 'function' ? value.bind(gateway) : value;
      },
    });
    ctx.container.resolve<PaymentGatewayRegistry>('paymentGateways').register(current);

    // 2. Its methods, offered per checkout (list in, list out; never remove another plugin's methods).
    ctx.hooks.get('checkout').collectPaymentMethods.tapPromise({ name: PLUGIN_NAME }, async (methods, context) => [
      ...methods,
      ...acmeMethodsFor(context),
    ]);

    // 3. The provider's page, simulated on the store (a real gateway redirects to the provider instead).
    registerAcmePage(ctx, ctx.container.resolve<CheckoutPaymentsService>('checkoutPayments'));
  },
});
