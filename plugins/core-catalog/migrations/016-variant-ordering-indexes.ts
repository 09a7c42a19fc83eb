import { indexMigration, type IndexSpec } from '../../../kernel/db/schema.ts';

// The variant list's orderings (sku, price, created_at) had no index: an integration reading every
// variant by SKU sorted the whole table for each page, and a catalogue of 100,000 products has
// 300,000 variants. Both databases append the primary key to these indexes, which is the list's
// tie-breaker. (`sku_key`, the unique lower-cased SKU, finds a SKU but does not give the list's order,
// which is the SKU as written.)
const INDEXES: IndexSpec[] = [
  [['sku'], 'variants_sku_index'],
  [['price'], 'variants_price_index'],
  [['created_at'], 'variants_created_at_index'],
];

export const { up, down } = indexMigration('variants', INDEXES);
