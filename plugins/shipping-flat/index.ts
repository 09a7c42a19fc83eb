import { asValue } from 'awilix';
import { definePlugin } from '../../kernel/plugin.ts';
import type { ExchangeReader, StoreSettingsReader } from './services/currency.ts';
import { ShippingMethodService } from './services/methods.ts';
import { FlatRates } from './services/rates.ts';
import { registerRoutes } from './routes.ts';
import { shippingMethodSchema } from './schemas.ts';
// The `checkout` hook set's types (its HookSets entry): the public contract of core-checkout.
import type {} from '../core-checkout/hooks.ts';

export const PLUGIN_NAME = 'shipping-flat';

/**
 * Flat-rate shipping, written as a third-party shipping provider: its own table and routes, and a tap
 * on `checkout.collectShippingRates`. Nothing of core-checkout but its contract and hooks is used.
 */
export default definePlugin({
  name: PLUGIN_NAME,
  version: '1.0.0',
  description: 'Flat-rate shipping methods by country, with a free-shipping threshold.',
  kinds: ['shipping'],
  dependsOn: ['core-store', 'core-auth', 'core-checkout'],
  register(ctx) {
    const settings = ctx.container.resolve<StoreSettingsReader>('storeSettings');
    const exchange = ctx.container.resolve<ExchangeReader>('exchange');
    const methods = new ShippingMethodService({ knex: ctx.knex, clock: ctx.clock, events: ctx.events, settings });
    const rates = new FlatRates({ provider: PLUGIN_NAME, methods, exchange, logger: ctx.logger });
    ctx.container.register({ shippingMethodService: asValue(methods) });
    ctx.schemas.add(shippingMethodSchema as any);
    registerRoutes(ctx, methods);
    ctx.hooks.get('checkout').collectShippingRates.tapPromise({ name: PLUGIN_NAME }, (list, context) => rates.collect(list, context));
  },
});
