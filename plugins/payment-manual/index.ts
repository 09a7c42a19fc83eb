import { definePlugin } from '../../kernel/plugin.ts';
import type { PaymentGatewayRegistry } from '../core-checkout/contracts.ts';
import { DEFAULT_HOLD_HOURS, ManualGateway, manualMethodsFor } from './gateway.ts';

/** The part of core-store's settings this plugin reads. */
interface StoreSettingsReader {
  get(): { payment_hold_hours?: Record<string, number> };
}

export const PLUGIN_NAME = 'payment-manual';

/**
 * Bank transfer and cash on delivery, written as a third-party plugin would be: a `manual`
 * PaymentGateway registered with core-checkout and two live methods offered through
 * `checkout.collectPaymentMethods`. No routes of its own: staff capture through core-checkout.
 */
export default definePlugin({
  name: PLUGIN_NAME,
  version: '1.0.0',
  description: 'Manual payments: bank transfer and cash on delivery, captured by staff when the money arrives.',
  kinds: ['payment'],
  dependsOn: ['core-checkout'],
  register(ctx) {
    const bankDetails = process.env.MANUAL_BANK_DETAILS?.trim() || undefined;
    // Read when each payment starts, so a change of the store's setting applies to the next order.
    const holdHours = (methodId: string) =>
      ctx.container.resolve<StoreSettingsReader>('storeSettings').get().payment_hold_hours?.[methodId] ?? DEFAULT_HOLD_HOURS[methodId] ?? 0;
    ctx.container.resolve<PaymentGatewayRegistry>('paymentGateways').register(new ManualGateway(ctx.clock, bankDetails, holdHours));
    ctx.hooks.get('checkout').collectPaymentMethods.tapPromise({ name: PLUGIN_NAME }, async (methods, context) => [
      ...methods,
      ...manualMethodsFor(context),
    ]);
  },
});
