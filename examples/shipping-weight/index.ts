import { definePlugin } from '@storekeep-commerce/sdk';
import { WeightBandService, type StoreCurrencies } from './bands.ts';
import { WeightRates } from './rates.ts';
import { registerRoutes } from './routes.ts';
import { weightBandSchema } from './schemas.ts';

const PLUGIN_NAME = 'shipping-weight';

/**
 * An example third-party shipping provider: prices by parcel weight, per destination country and
 * currency. Its own table (migrations/), staff routes for the bands, and a tap on
 * `checkout.collectShippingRates` that reads the shipping context's `total_weight`. It reaches the
 * store only through `@storekeep-commerce/sdk`: core-checkout's hooks and contracts, core-store's
 * `storeSettings` service.
 */
export default definePlugin({
  name: PLUGIN_NAME,
  version: '1.0.0',
  storeVersions: '>=0.1.0 <0.2.0',
  description: 'Weight-based shipping: a price per weight band, destination country and currency.',
  kinds: ['shipping'],
  dependsOn: ['core-store', 'core-auth', 'core-checkout'],
  register(ctx) {
    const store = ctx.container.resolve<StoreCurrencies>('storeSettings');
    const bands = new WeightBandService({ now: () => ctx.clock.now(), store });
    const rates = new WeightRates({ provider: PLUGIN_NAME, bands, logger: ctx.logger });
    ctx.schemas.add(weightBandSchema as any);
    registerRoutes(ctx, bands);
    ctx.hooks.get('checkout').collectShippingRates.tapPromise({ name: PLUGIN_NAME }, (list, context) => rates.collect(list, context));
  },
});
