import type { Knex } from 'knex';

// The variant list's orderings (sku, price, created_at) had no index: an integration reading every
// variant by SKU sorted the whole table for each page, and a catalogue of 100,000 products has
// 300,000 variants. Both databases append the primary key to these indexes, which is the list's
// tie-breaker. (`sku_key`, the unique lower-cased SKU, finds a SKU but does not give the list's order,
// which is the SKU as written.)
const INDEXES = [
  ['sku', 'variants_sku_index'],
  ['price', 'variants_price_index'],
  ['created_at', 'variants_created_at_index'],
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('variants', (t) => {
    for (const [column, name] of INDEXES) t.index([column], name);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('variants', (t) => {
    for (const [, name] of INDEXES) t.dropIndex([], name);
  });
}
