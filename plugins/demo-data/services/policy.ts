import type { Knex } from 'knex';
import type { DemoRuns, Trigger } from './runs.ts';
import type { DemoSeeder, SeedResult } from './seeder.ts';

/** Seeds in one transaction with its run row; `undefined` when another instance's boot seeding won. */
export async function seedOnce(knex: Knex, seeder: DemoSeeder, runs: DemoRuns, trigger: Trigger): Promise<SeedResult | undefined> {
  return knex.transaction(async (trx) => {
    const run = await runs.claim(trx, trigger);
    if (!run) return undefined;
    const result = await seeder.seed(trx);
    await runs.finish(trx, run.id, { products: result.products.length, variants: result.variants });
    return result;
  });
}

/**
 * The decision at start (the README: DEMO_DATA defaults to true on the first start of an empty store):
 * `false` never seeds; `true` seeds unless demo data was seeded before; unset seeds only when nothing
 * was ever seeded or declined here and the catalogue is empty. A start that does not seed an unseeded
 * store records that, so deleting every product later does not bring the demo back.
 */
export async function seedAtBoot(knex: Knex, wanted: boolean | undefined, seeder: DemoSeeder, runs: DemoRuns): Promise<SeedResult | undefined> {
  if (await runs.everSeeded(knex)) return undefined;
  if (wanted === false) {
    await runs.decline(knex);
    return undefined;
  }
  if (wanted === undefined) {
    if (await runs.declined(knex)) return undefined;
    if (await seeder.hasProducts(knex)) {
      await runs.decline(knex);
      return undefined;
    }
  }
  await knex.transaction((trx) => seeder.setUpDemoStore(trx));
  return seedOnce(knex, seeder, runs, 'boot');
}
