import type { Knex } from 'knex';
import { createKeptCountSlots, KeptCounts } from '../../../kernel/db/kept-counts.ts';
import { PRODUCT_STATUSES, type Db, type ProductStatus } from './records.ts';

// How many products each category has per status (`category_product_counts`, migration 018), kept by
// the product service in the transaction of every create, status or category change and delete, so that
// the count of a list narrowed by its category only is a sum over the category's subtree, not a scan.
const TABLE = 'category_product_counts';
const categoryCounts = new KeptCounts<ProductStatus>(TABLE);

/** Every slot of every status of a new category, in the transaction that creates it. */
export function createCategoryCounts(db: Db, categoryId: number): Promise<void> {
  return createKeptCountSlots(db, { table: TABLE, keys: PRODUCT_STATUSES, scope: { category_id: categoryId } });
}

/** A deleted category's slots (all 0: only a category without products is deleted). */
export async function removeCategoryCounts(db: Db, categoryId: number): Promise<void> {
  await db(TABLE).where('category_id', categoryId).delete();
}

/** Adds `delta` to the number of products with `status` in the category (none: no category, nothing kept). */
export async function adjustCategoryCount(db: Db, categoryId: number | null, status: ProductStatus, delta: number): Promise<void> {
  if (categoryId !== null) await categoryCounts.adjust(db, status, delta, { category_id: categoryId });
}

/** A product left category `from` with status `fromStatus` for category `to` with status `toStatus`. */
export async function moveCategoryCount(db: Db, from: { categoryId: number | null; status: ProductStatus }, to: { categoryId: number | null; status: ProductStatus }): Promise<void> {
  if (from.categoryId === to.categoryId) {
    if (from.categoryId !== null) await categoryCounts.move(db, from.status, to.status, { category_id: from.categoryId });
    return;
  }
  await adjustCategoryCount(db, from.categoryId, from.status, -1);
  await adjustCategoryCount(db, to.categoryId, to.status, 1);
}

/**
 * How many products with one of these statuses the categories `subtree` (their ids:
 * CategoryService.subtreeIdList) have, as a query of one row and column (`n`): a category list's
 * `countColumn`.
 */
export function categoryProductCountQuery(db: Db, subtree: number[], statuses: readonly ProductStatus[]): Knex.QueryBuilder {
  return categoryCounts.sumQuery(db, statuses).whereIn('category_id', subtree);
}
