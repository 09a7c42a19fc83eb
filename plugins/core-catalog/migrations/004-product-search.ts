import type { Knex } from 'knex';
import { createSearchIndex, dropSearchIndex } from '../../../kernel/db/search-index.ts';

// One search document per product and language: 'und' holds the base text, each translated language
// its own (with the base text where a field is not translated). SKUs are in every document.
const SPEC = { table: 'product_search', fields: ['name', 'description', 'skus'] };

export async function up(knex: Knex): Promise<void> {
  await createSearchIndex(knex, SPEC);
}

export async function down(knex: Knex): Promise<void> {
  await dropSearchIndex(knex, SPEC);
}
