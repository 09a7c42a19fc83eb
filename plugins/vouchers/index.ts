import { asValue } from 'awilix';
import { definePlugin } from '../../kernel/plugin.ts';
// The `checkout` hook set's types (its HookSets entry): the public contract of core-checkout.
import type {} from '../core-checkout/hooks.ts';
import { VoucherApplications } from './services/applications.ts';
import { CartAccess, type CartServiceLike } from './services/cart.ts';
import type { ExchangeReader, StoreSettingsReader } from './services/currency.ts';
import { APPLIED, VoucherDiscounts } from './services/discounts.ts';
import { VoucherUsage } from './services/usage.ts';
import { VoucherService } from './services/vouchers.ts';
import { registerRoutes } from './routes.ts';
import { voucherSchema } from './schemas.ts';

export const PLUGIN_NAME = 'vouchers';

/**
 * Voucher codes, written as a third-party discount plugin: its own tables and routes, and taps on the
 * `checkout` hooks (calculateTotals at stage 10, placeOrder, orderReleased). Of core-checkout it uses
 * only the contract, the hooks and the `cartService` from the container.
 */
export default definePlugin({
  name: PLUGIN_NAME,
  version: '1.0.0',
  description: 'Voucher codes: percentage or fixed discounts with limits, validity windows and minimums.',
  kinds: ['marketing'],
  dependsOn: ['core-store', 'core-auth', 'core-checkout'],
  register(ctx) {
    const settings = ctx.container.resolve<StoreSettingsReader>('storeSettings');
    const exchange = ctx.container.resolve<ExchangeReader>('exchange');
    const carts = new CartAccess(() => ctx.container.resolve<CartServiceLike>('cartService'));
    const vouchers = new VoucherService({ clock: ctx.clock, events: ctx.events, settings });
    const usage = new VoucherUsage({ source: PLUGIN_NAME, clock: ctx.clock });
    const applications = new VoucherApplications({ clock: ctx.clock, exchange, carts, vouchers, usage });
    const discounts = new VoucherDiscounts({ source: PLUGIN_NAME, clock: ctx.clock, exchange, applications, usage });
    ctx.container.register({ voucherService: asValue(vouchers) });
    ctx.schemas.add(voucherSchema as any);
    registerRoutes(ctx, { vouchers, applications, carts });

    // How many vouchers a cart holds comes with its lines, so pricing a cart without any reads nothing here.
    ctx.container.resolve<CartServiceLike>('cartService').countWithLines(APPLIED, VoucherApplications.countOf);
    const checkout = ctx.hooks.get('checkout');
    checkout.calculateTotals.tapPromise({ name: PLUGIN_NAME, stage: 10 }, (totals, context) => discounts.apply(totals, context));
    checkout.placeOrder.tapPromise({ name: PLUGIN_NAME }, (event) => usage.take(event));
    checkout.orderReleased.tapPromise({ name: PLUGIN_NAME }, (event) => usage.giveBack(event));
  },
});
