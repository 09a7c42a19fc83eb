import { definePlugin } from '../../kernel/plugin.ts';
import { createCheckoutHooks } from './hooks.ts';
import { CART_COOKIE, registerCartRoutes } from './routes/carts.ts';
import { registerCheckoutRoutes } from './routes/checkouts.ts';
import { registerOrderRoutes } from './routes/orders.ts';
import { registerPayPageRoutes } from './routes/pay-page.ts';
import { registerPaymentRoutes } from './routes/payments.ts';
import { cartSchema } from './schemas/carts.ts';
import { checkoutSchema } from './schemas/checkouts.ts';
import { orderSchema } from './schemas/orders.ts';
import { refundSchema } from './schemas/refunds.ts';
import { shipmentSchema } from './schemas/shipments.ts';
import { registerRefundRoutes } from './routes/refunds.ts';
import { registerShipmentRoutes } from './routes/shipments.ts';
import { createCheckoutServices } from './services/index.ts';
import { expireUnpaidOrders } from './services/orders/expiry.ts';
import { taxStep } from './services/totals/totals.ts';

export const PLUGIN_NAME = 'core-checkout';

export default definePlugin({
  name: PLUGIN_NAME,
  version: '1.0.0',
  description: 'Carts, checkout sessions, the totals and tax pipeline, order placement, payments through gateway plugins, orders.',
  dependsOn: ['core-store', 'core-auth', 'core-catalog', 'core-inventory'],
  register(ctx) {
    const hooks = ctx.hooks.define('checkout', createCheckoutHooks());
    const services = createCheckoutServices(ctx, hooks);
    // Shoppers change carts and checkouts all the time; no cached catalogue answer shows them, so
    // their events leave the anonymous response cache alone (placing an order emits order and stock events).
    ctx.events.declarePrivate('cart.created', 'cart.updated', 'checkout.created', 'checkout.updated');
    for (const schema of [cartSchema, checkoutSchema, shipmentSchema, refundSchema, orderSchema]) ctx.schemas.add(schema as any);
    hooks.calculateTotals.tapPromise({ name: PLUGIN_NAME, stage: 100 }, taxStep(services.deps));
    ctx.hooks.get('auth').loggedIn.tapPromise({ name: PLUGIN_NAME }, async ({ trx, user, cookies }) => {
      if (user.kind === 'customer') await services.carts.mergeAtLogin(trx, user.id, cookies?.[CART_COOKIE]);
    });
    ctx.hooks.get('kernel').boot.tapPromise({ name: PLUGIN_NAME }, () => services.tokens.load(ctx.knex));
    ctx.worker.every('core-checkout.expire-unpaid-orders', 60_000, async () => {
      await expireUnpaidOrders(services.deps, services.orders, ctx.knex);
    });
    ctx.worker.every('core-checkout.complete-delivered-orders', 3_600_000, async () => {
      await services.lifecycle.autoComplete(ctx.knex);
    });
    ctx.worker.every('core-checkout.purge-carts', 3_600_000, async () => {
      await services.carts.purgeExpired(ctx.knex);
    });
    registerCartRoutes(ctx, services);
    registerCheckoutRoutes(ctx, services);
    registerOrderRoutes(ctx, services);
    registerShipmentRoutes(ctx, services);
    registerRefundRoutes(ctx, services);
    registerPaymentRoutes(ctx, services);
    registerPayPageRoutes(ctx, services, hooks);
  },
});
