import { AsyncSeriesHook, AsyncSeriesWaterfallHook, SyncHook, SyncWaterfallHook } from 'tapable';
import type { Knex } from 'knex';
import type { Principal } from '../../kernel/http/principal.ts';
import type { Db, ProductView, VariantView } from './services/records.ts';

/** What serialization taps learn about the response they add fields to. */
export interface SerializeContext {
  /** The request's transaction on writes, the knex on reads: taps query through it. */
  db: Db;
  /** The negotiated language (Accept-Language among the store's languages). */
  lang: string;
  /** The currency every Money of the response is in. */
  currency: string;
  principal: Principal;
}

/** What `catalog.variantRemoving` taps receive. */
export interface VariantRemoving {
  /** The deleting transaction: work done here commits or rolls back with the deletion. */
  trx: Db;
  variantIds: number[];
}

/** Hooks core-catalog offers to later plugins. */
export interface CatalogHooks {
  /**
   * Called once per response with every product of it (each with its `variants`): a tap adds fields
   * for the whole page with one query and returns the array (inventory availability, reviews).
   */
  serializeProduct: AsyncSeriesWaterfallHook<[ProductView[], SerializeContext]>;
  /** The same for the variant endpoints (`/api/v1/variants/…`), once per response. */
  serializeVariant: AsyncSeriesWaterfallHook<[VariantView[], SerializeContext]>;
  /**
   * Inside the transaction, before variants (alone or with their product) are deleted: a tap may
   * clean up its own rows or veto by throwing an AppError (409).
   */
  variantRemoving: AsyncSeriesHook<[VariantRemoving]>;
  /**
   * While the product list's query is built: a tap narrows it for a filter whose facts it keeps
   * (core-inventory: `in_stock`). Synchronous: add `where` clauses or subqueries, run no query.
   */
  filterProducts: SyncHook<[ProductListFilter]>;
  /**
   * Once per product read by customers and anonymous callers, before `serializeProduct`: a plugin that
   * taps `serializeProduct` also taps this and appends to each product's fingerprint whatever its
   * fields depend on beyond the product's own rows, the language and the currency (core-inventory: the
   * units available per variant), with one query for the whole response. The catalogue keeps each
   * product's serialised JSON per language and currency and reuses it while the product's revision and
   * every fingerprint are unchanged. While some plugin taps `serializeProduct` but not this hook, nothing
   * is reused and every answer is built afresh.
   */
  fingerprintProducts: AsyncSeriesWaterfallHook<[Map<number, string>, SerializeContext]>;
  /**
   * A fingerprint as a column instead: a tap appends a scalar subquery over its own tables, correlated
   * to `products.id`, whose value (text, or NULL for none) changes whenever what it adds to a product
   * does; the catalogue selects it with the product rows where it reads them anyway (MySQL/MariaDB's
   * product pages and details), and reads it alone elsewhere, so the fingerprint costs no round trip
   * of its own. Tapping this instead of `fingerprintProducts` fingerprints the tap's `serializeProduct`
   * fields just as well. Synchronous: build the subquery, run no query.
   */
  fingerprintColumns: SyncWaterfallHook<[FingerprintColumn[], { db: Db }]>;
}

/** One plugin's fingerprint column (`catalog.fingerprintColumns`). */
export interface FingerprintColumn {
  /** The tapping plugin (its tap name). */
  plugin: string;
  /** A scalar subquery correlated to `products.id`. */
  subquery: Knex.QueryBuilder;
}

/** What `catalog.filterProducts` taps receive. */
export interface ProductListFilter {
  /** The list's query over `products` (add conditions on `products.id`). */
  query: Knex.QueryBuilder;
  db: Knex | Knex.Transaction;
  /** `?in_stock=true`: only products with a variant that can be bought now; `false`: only those without. */
  inStock?: boolean;
}

declare module '../../kernel/hooks.ts' {
  interface HookSets {
    catalog: CatalogHooks;
  }
}

export function createCatalogHooks(): CatalogHooks {
  return {
    serializeProduct: new AsyncSeriesWaterfallHook<[ProductView[], SerializeContext]>(['products', 'context']),
    serializeVariant: new AsyncSeriesWaterfallHook<[VariantView[], SerializeContext]>(['variants', 'context']),
    variantRemoving: new AsyncSeriesHook<[VariantRemoving]>(['removal']),
    filterProducts: new SyncHook<[ProductListFilter]>(['filter']),
    fingerprintProducts: new AsyncSeriesWaterfallHook<[Map<number, string>, SerializeContext]>(['fingerprints', 'context']),
    fingerprintColumns: new SyncWaterfallHook<[FingerprintColumn[], { db: Db }]>(['columns', 'context']),
  };
}
