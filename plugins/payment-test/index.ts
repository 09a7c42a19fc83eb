import { definePlugin } from '../../kernel/plugin.ts';
import type { CheckoutPaymentsService, PaymentGatewayRegistry } from '../core-checkout/contracts.ts';
import { TEST_METHOD, TestGateway } from './gateway.ts';
import { registerHostedPageRoutes } from './routes.ts';

export const PLUGIN_NAME = 'payment-test';

/**
 * The `test` payment gateway, written as a third-party plugin would be: it registers a
 * PaymentGateway with core-checkout, offers its one method through `checkout.collectPaymentMethods`
 * (test mode and test keys only) and serves the hosted page where the shopper picks the outcome.
 */
export default definePlugin({
  name: PLUGIN_NAME,
  version: '1.0.0',
  description: 'Test payments: a hosted page of the store where the shopper makes the payment succeed or fail.',
  kinds: ['payment'],
  dependsOn: ['core-checkout', 'core-store'],
  register(ctx) {
    ctx.container.resolve<PaymentGatewayRegistry>('paymentGateways').register(new TestGateway());
    ctx.hooks.get('checkout').collectPaymentMethods.tapPromise({ name: PLUGIN_NAME }, async (methods, context) =>
      context.test ? [...methods, { ...TEST_METHOD }] : methods,
    );
    const storeName = () => ctx.container.resolve<{ get(): { name: string } }>('storeSettings').get().name;
    registerHostedPageRoutes(ctx, ctx.container.resolve<CheckoutPaymentsService>('checkoutPayments'), storeName);
  },
});
