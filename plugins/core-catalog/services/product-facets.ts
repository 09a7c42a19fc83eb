import { parseJson } from '../../../kernel/db/dialect.ts';
import type { CatalogHooks } from '../hooks.ts';
import type { CategoryService } from './categories.ts';
import { productListQuery, type ProductFilters } from './product-list.ts';
import type { Db, OptionDef } from './records.ts';

/**
 * At most this many products are read for their options, the first in the list's default order
 * (newest first): what a shop's filters offer, bounded, so a large category costs no more than this.
 */
export const FACET_PRODUCTS = 1000;

export interface ProductFacets {
  /** Each option name with every value the products offer, in the order first met. */
  options: OptionDef[];
  /** Whether more products matched than were read (`FACET_PRODUCTS`). */
  truncated: boolean;
}

/**
 * The option names and values of the products a list with these filters shows: one query of the
 * products' option definitions, not the products themselves (a shop's category page used to read 100
 * whole products for its filters).
 */
export async function productFacets(
  db: Db,
  categories: CategoryService,
  filters: ProductFilters,
  opts: { staff: boolean; lang: string; hooks?: CatalogHooks },
): Promise<ProductFacets> {
  const { query, countQuery } = productListQuery(db, categories, filters, opts);
  // A search's matches unranked (its count's query): the options do not depend on relevance.
  const rows: Array<{ options: unknown }> = await (countQuery ? countQuery() : query)
    .clearSelect()
    .clearOrder()
    .select('products.options')
    .orderBy('products.created_at', 'desc')
    .orderBy('products.id', 'desc')
    .limit(FACET_PRODUCTS + 1);
  const byName = new Map<string, Set<string>>();
  // Products of one kind share their options' text: each distinct text is parsed once.
  const seen = new Set<unknown>();
  for (const row of rows.slice(0, FACET_PRODUCTS)) {
    if (seen.has(row.options)) continue;
    seen.add(row.options);
    for (const option of parseJson<OptionDef[]>(row.options, [])) {
      const values = byName.get(option.name) ?? byName.set(option.name, new Set()).get(option.name)!;
      for (const value of option.values ?? []) values.add(value);
    }
  }
  return { options: [...byName].map(([name, values]) => ({ name, values: [...values] })), truncated: rows.length > FACET_PRODUCTS };
}
