import { indexMigration, type IndexSpec } from '../../../kernel/db/schema.ts';

// A category's products were found through the index on status, so counting the products of a
// category (its page's count, the product list's `category` filter) read every active product of the
// store: with 20,000 products, a category of 50 took as long to count as one of 20,000. With the
// category first, a count reads that category's entries only.
const INDEXES: IndexSpec[] = [[['category_id', 'status', 'created_at'], 'products_category_status_created_index']];

export const { up, down } = indexMigration('products', INDEXES);
