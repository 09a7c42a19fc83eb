import type { Knex } from 'knex';
import { AppError, type FieldErrors } from '../../../kernel/http/errors.ts';
import { parseOrdering, type ListSpec } from '../../../kernel/http/lists.ts';
import { throwIfInvalid } from '../errors.ts';
import type { CategoryService } from './categories.ts';
import type { CatalogPricing } from './pricing.ts';
import { PRODUCT_COLUMNS, PRODUCT_STATUSES, type Db, type ProductStatus } from './records.ts';
import { productMatches } from './search-documents.ts';
import type { CatalogHooks } from '../hooks.ts';

/** The product list's query parameters (besides paging, ordering and created_at bounds, which `paginate` reads). */
export interface ProductListParams {
  category?: string;
  slug?: string;
  in_stock?: boolean | string;
  option?: string | string[];
  status?: ProductStatus;
  search?: string;
  ordering?: string;
  price__gte?: string;
  price__lte?: string;
}

export interface ProductFilters {
  category?: string;
  /**
   * The ids of `category` and its descendants (CategoryService.subtreeIdList), when the caller read them
   * first: one category is then an equality, which the (category_id, status, created_at) index answers
   * in order, where MariaDB sorted every product of the category read through a sub-query (20 ms for a
   * first page at 10,000 products). Without them the list reads the subtree as a sub-query.
   */
  categoryIds?: number[];
  slug?: string;
  inStock?: boolean;
  /** Option name → value: products with a variant of that value (every pair must match one variant each). */
  options: Array<[string, string]>;
  status?: ProductStatus;
  search?: string;
  priceGte?: number;
  priceLte?: number;
  /** Order by relevance first (a search without an explicit `ordering`). */
  byRelevance: boolean;
}

/**
 * Reads the filters, checking the price bounds (decimal strings in the default currency) and the
 * ordering together, so that one 400 names every bad parameter.
 */
export function productFilters(params: ProductListParams, pricing: CatalogPricing, spec: ListSpec): ProductFilters {
  const errors: FieldErrors = {};
  const bound = (field: 'price__gte' | 'price__lte') => {
    const minor = pricing.parse(errors, field, params[field] === '' ? undefined : params[field]);
    return typeof minor === 'number' ? minor : undefined;
  };
  const filters: ProductFilters = {
    category: params.category || undefined,
    slug: params.slug || undefined,
    inStock: params.in_stock === undefined || params.in_stock === '' ? undefined : params.in_stock === true || params.in_stock === 'true',
    options: optionPairs(params.option, errors),
    status: params.status,
    search: params.search?.trim() || undefined,
    priceGte: bound('price__gte'),
    priceLte: bound('price__lte'),
    byRelevance: false,
  };
  try {
    parseOrdering(params.ordering, spec);
  } catch (err) {
    if (!(err instanceof AppError) || !err.errors) throw err;
    Object.assign(errors, err.errors);
  }
  throwIfInvalid(errors);
  filters.byRelevance = filters.search !== undefined && !params.ordering?.trim();
  return filters;
}

const OPTION_PAIR = /^([^:]{1,100}):(.{1,100})$/s;

// `option=Size:M` (repeatable): a name and a value, split at the first colon.
function optionPairs(raw: string | string[] | undefined, errors: FieldErrors): Array<[string, string]> {
  const given = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const pairs: Array<[string, string]> = [];
  for (const text of given) {
    const match = OPTION_PAIR.exec(text);
    if (match) pairs.push([match[1]!.trim(), match[2]!.trim()]);
    else errors.option = ['Give an option as Name:Value, like Size:M.'];
  }
  return pairs;
}

// A variant's options are stored as the JSON text of their object (`{"Size":"M","Colour":"Red"}`,
// JSON.stringify's spacing), so a pair is found as its own JSON text inside it.
function optionLike(name: string, value: string): string {
  const pair = `${JSON.stringify(name)}:${JSON.stringify(value)}`;
  return `%${pair.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** The product list's queries: the page's, and what its count counts. */
export interface ProductListQuery {
  query: Knex.QueryBuilder;
  /**
   * The statuses the list shows when nothing else narrows it (no filter of its own, no plugin's), so
   * that its count is the number of products with those statuses (services/product-counts.ts);
   * undefined when the list must be counted.
   */
  countedStatuses?: ProductStatus[];
  /**
   * For a list narrowed by its category only (no other filter of its own, no plugin's), whose subtree
   * was read (`ProductFilters.categoryIds`): its categories and the statuses it shows, so that its count
   * is the number of products with those statuses in them (services/category-counts.ts).
   */
  countedInCategory?: { ids: number[]; statuses: ProductStatus[] };
  /** For a search: builds the same list with the matches unranked, which counts the same rows for less. */
  countQuery?: () => Knex.QueryBuilder;
}

/**
 * The base query of the product list: visibility (only active products unless `staff`), the filters,
 * and the search joined as a subquery. One query, whatever the filters: the category subtree and the
 * search are subqueries, not lookups of their own.
 */
export function productListQuery(db: Db, categories: CategoryService, filters: ProductFilters, opts: ListOptions): ProductListQuery {
  const { query, narrowedByPlugins } = filteredProducts(db, categories, filters, opts, true);
  if (filters.search) return { query, countQuery: () => filteredProducts(db, categories, filters, opts, false).query };
  const otherwiseUnfiltered = !filters.slug && filters.options.length === 0 && filters.inStock === undefined && filters.priceGte === undefined && filters.priceLte === undefined;
  if (!otherwiseUnfiltered || narrowedByPlugins) return { query };
  const visible: ProductStatus[] = opts.staff ? [...PRODUCT_STATUSES] : ['active'];
  const statuses = visible.filter((status) => !filters.status || status === filters.status);
  if (!filters.category) return { query, countedStatuses: statuses };
  return filters.categoryIds ? { query, countedInCategory: { ids: filters.categoryIds, statuses } } : { query };
}

interface ListOptions {
  staff: boolean;
  lang: string;
  hooks?: CatalogHooks;
}

function filteredProducts(db: Db, categories: CategoryService, filters: ProductFilters, opts: ListOptions, ranked: boolean): { query: Knex.QueryBuilder; narrowedByPlugins: boolean } {
  const query = db('products').select(PRODUCT_COLUMNS);
  // A search reads its matches from the search index and then each matching product by id. Were the
  // status compared as an indexed column, SQLite would read every product of that status instead and
  // look each up among the matches (at 100,000 products, twice the time of the whole search); the
  // unary plus keeps the comparison off the index on both databases.
  const statusIs = (status: string) => (filters.search ? query.whereRaw('+?? = ?', ['products.status', status]) : query.where('products.status', status));
  if (!opts.staff) statusIs('active');
  // Anonymous callers may filter by status too, within what they see: status=draft is an empty list.
  if (filters.status) statusIs(filters.status);
  if (filters.category) {
    const ids = filters.categoryIds;
    if (ids?.length === 1) query.where('products.category_id', ids[0]!);
    else query.whereIn('products.category_id', ids ?? categories.subtreeIds(db, filters.category));
  }
  if (filters.slug) query.where('products.slug', filters.slug);
  for (const [name, value] of filters.options) {
    query.whereExists(db('variants as ov').whereRaw('ov.product_id = products.id').whereRaw("ov.options LIKE ? ESCAPE '!'", [optionLike(name, value)]).select(db.raw('1')));
  }
  // A plugin's filterProducts tap may narrow even a plain list (core-inventory's does for in_stock
  // only); whether one did is told by the builder's statements (every where, join or order adds one),
  // so that the list's count is taken from the kept numbers only when none did.
  const before = statementsOf(query);
  opts.hooks?.filterProducts.call({ query, db, inStock: filters.inStock });
  const narrowedByPlugins = statementsOf(query) !== before;
  if (filters.priceGte !== undefined) query.where('products.effective_price', '>=', filters.priceGte);
  if (filters.priceLte !== undefined) query.where('products.effective_price', '<=', filters.priceLte);
  if (filters.search) {
    query.join(productMatches(db, filters.search, opts.lang, { ranked }).as('s'), 's.ref_id', 'products.id');
    if (filters.byRelevance && ranked) query.orderBy('s.score', 'desc');
  }
  return { query, narrowedByPlugins };
}

// knex keeps every where, join, order and column of a query builder in `_statements` (not in its types).
function statementsOf(query: Knex.QueryBuilder): number {
  return (query as unknown as { _statements: unknown[] })._statements.length;
}
