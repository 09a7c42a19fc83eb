import type { Knex } from 'knex';
import type { CliCommand } from '../../kernel/cli-registry.ts';
import type { Clock } from '../../kernel/clock.ts';
import { seedOnce } from './services/policy.ts';
import { DemoRuns } from './services/runs.ts';
import { DemoSeeder, demoServices, summary, type SeedResult } from './services/seeder.ts';

export class DemoDataRefused extends Error {}

/** `npx storekeep seed demo [--force]`: seeds the demo catalogue now and prints what it created. */
export const seedDemo: CliCommand = {
  name: 'seed demo',
  summary: 'Seed the demo catalogue, warehouse MAIN and two shipping methods (refused on a catalogue with products unless --force).',
  options: {
    force: { type: 'boolean', description: 'seed even though the catalogue has products: adds the demo products whose SKUs are free' },
  },
  async run({ options, container, print }) {
    const knex = container.resolve<Knex>('knex');
    const services = demoServices(container);
    const seeder = new DemoSeeder(services);
    // The CLI does not boot the store, so the settings may not be loaded yet.
    const loadedHere = await ensureSettings(services.storeSettings);
    try {
      if (!options.force && (await seeder.hasProducts(knex))) {
        throw new DemoDataRefused(
          'The catalogue already has products, so nothing was seeded. `npx storekeep seed demo --force` adds the demo products whose SKUs are free and leaves existing products alone.',
        );
      }
      const result = await seedOnce(knex, seeder, new DemoRuns(container.resolve<Clock>('clock')), 'cli');
      for (const line of report(result!)) print(line);
    } finally {
      if (loadedHere) services.storeSettings.stop();
    }
  },
};

async function ensureSettings(settings: { get(): unknown; load(): Promise<void> }): Promise<boolean> {
  try {
    settings.get();
    return false;
  } catch {
    await settings.load();
    return true;
  }
}

function report(result: SeedResult): string[] {
  if (result.products.length === 0) {
    return [`Nothing new to seed: every demo product's SKUs exist already (${result.skippedSkus.length} SKUs).`];
  }
  return [
    summary(result),
    ...result.products.map((p) => `  product  ${p.name} (${p.variants} variants)`),
    ...result.categories.map((c) => `  category ${c}`),
    ...(result.warehouse.created ? [`  warehouse ${result.warehouse.code}`] : []),
    ...result.shippingMethods.map((m) => `  shipping ${m}`),
    ...(result.storeRenamed ? ['  store name and tagline set to say this is a demo'] : []),
  ];
}
