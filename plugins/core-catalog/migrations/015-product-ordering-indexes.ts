import { indexMigration, type IndexSpec } from '../../../kernel/db/schema.ts';

// The product list's orderings (created_at, name, price) had indexes only behind status, which serve
// anonymous callers (active products only) but not staff, who list every status: at 100,000 products
// the admin panel's first page sorted the whole table (about 80 ms on SQLite) where an index gives the
// first 20 rows at once. Both databases append the primary key to these indexes, which is the list's
// tie-breaker.
const INDEXES: IndexSpec[] = [
  [['created_at'], 'products_created_at_index'],
  [['name'], 'products_name_index'],
  [['effective_price'], 'products_effective_price_index'],
];

export const { up, down } = indexMigration('products', INDEXES);
