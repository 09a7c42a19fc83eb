import { KeptCounts } from '../../../kernel/db/kept-counts.ts';
import type { Knex } from 'knex';
import type { Db, ProductStatus } from './records.ts';

// How many products each status has (`product_counts`, migration 014), kept by the product service in
// the transaction of every create, status change and delete: the count of an unfiltered list is a sum
// of a few rows instead of a scan of every product.
const productCounts = new KeptCounts<ProductStatus>('product_counts');

/**
 * Adds `delta` to the number of products with `status`, in the caller's transaction. The product
 * service calls it wherever a product is created, changes status or is deleted, so that the sum of a
 * status's rows always equals what counting its products would give.
 */
export function adjustProductCount(db: Db, status: ProductStatus, delta: number): Promise<void> {
  return productCounts.adjust(db, status, delta);
}

/** A product changed status: one statement. */
export function moveProductCount(db: Db, from: ProductStatus, to: ProductStatus): Promise<void> {
  return productCounts.move(db, from, to);
}

/**
 * How many products have one of these statuses, a sum over 16 rows per status, as a query of one row
 * and column (`n`): the product list's `countColumn`.
 */
export function productCountQuery(db: Db, statuses: readonly ProductStatus[]): Knex.QueryBuilder {
  return productCounts.sumQuery(db, statuses);
}
