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
  dependsOn: ['core-checkout'],
  register(ctx) {
    // The secret Acme signs notifications with. Plugin settings would be the place once the store has them.
    const secret = process.env.ACME_WEBHOOK_SECRET || DEVELOPMENT_SECRET;
    if (secret === DEVELOPMENT_SECRET) ctx.logger.warn('ACME_WEBHOOK_SECRET is unset: anyone who reads this example can sign Acme notifications.');

    // 1. The gateway, for core-checkout to call when a shopper pays with one of its methods.
    ctx.container.resolve<PaymentGatewayRegistry>('paymentGateways').register(new AcmeGateway(secret));

    // 2. Its methods, offered per checkout (list in, list out; never remove another plugin's methods).
    ctx.hooks.get('checkout').collectPaymentMethods.tapPromise({ name: PLUGIN_NAME }, async (methods, context) => [
      ...methods,
      ...acmeMethodsFor(context),
    ]);

    // 3. The provider's page, simulated on the store (a real gateway redirects to the provider instead).
    registerAcmePage(ctx, ctx.container.resolve<CheckoutPaymentsService>('checkoutPayments'));
  },
});
