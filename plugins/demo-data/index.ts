import { definePlugin } from '../../kernel/plugin.ts';
import { seedDemo } from './cli.ts';
import { seedAtBoot } from './services/policy.ts';
import { DemoRuns } from './services/runs.ts';
import { DemoSeeder, demoServices, summary } from './services/seeder.ts';

export const PLUGIN_NAME = 'demo-data';

/**
 * Seeds a small demo store (categories, products with variants, stock at warehouse MAIN, two flat-rate
 * shipping methods) through the other plugins' services, at the first start of an empty store or on
 * `npx storekeep seed demo`.
 */
export default definePlugin({
  name: PLUGIN_NAME,
  version: '1.0.0',
  description: 'A demo catalogue, warehouse and shipping methods on the first start of an empty store (DEMO_DATA).',
  dependsOn: ['core-store', 'core-catalog', 'core-inventory', 'shipping-flat'],
  register(ctx) {
    ctx.cli.add(seedDemo);
    // Late: after core-store loaded the settings and every other plugin's boot work.
    ctx.hooks.get('kernel').boot.tapPromise({ name: PLUGIN_NAME, stage: 100 }, async () => {
      const seeder = new DemoSeeder(demoServices(ctx.container));
      const result = await seedAtBoot(ctx.knex, ctx.config.demoData, seeder, new DemoRuns(ctx.clock));
      if (result) ctx.config.notices(summary(result));
    });
  },
});
