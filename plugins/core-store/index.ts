import { asValue } from 'awilix';
import { definePlugin } from '../../kernel/plugin.ts';
import { StoreSettingsService } from './services/store-settings.ts';
import { ExchangeService } from './services/exchange.ts';
import { registerStoreRoutes } from './routes.ts';
import { storeSchema } from './schemas.ts';
import type { ResponseCache } from '../../kernel/http/response-cache.ts';

export default definePlugin({
  name: 'core-store',
  version: '1.0.0',
  description: 'Store settings: currencies and exchange rates, languages, tax settings, test mode, branding.',
  register(ctx) {
    const settings = new StoreSettingsService(ctx.knex, ctx.clock, ctx.events, ctx.logger);
    const exchange = new ExchangeService(settings);
    ctx.container.register({
      storeSettings: asValue(settings),
      exchange: asValue(exchange),
      storeLocale: asValue(() => settings.locale()),
    });
    // Answers are built from the settings in memory: cached ones go when those change, including when
    // the refresh picks up another process's change.
    const responseCache = ctx.container.resolve<ResponseCache>('responseCache');
    settings.onChange(() => responseCache.invalidate());
    ctx.schemas.add(storeSchema as any);
    registerStoreRoutes(ctx, settings);
    const kernel = ctx.hooks.get('kernel');
    // Runs first at boot: other plugins' boot work may read settings.
    kernel.boot.tapPromise({ name: 'core-store', stage: -100 }, () => settings.load());
    kernel.shutdown.tapPromise({ name: 'core-store' }, async () => settings.stop());
  },
});
