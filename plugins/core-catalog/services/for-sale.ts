import type { Knex } from 'knex';
import { parseJson, toBool } from '../../../kernel/db/dialect.ts';
import { dimensionsFromRow, type Db, type Dimensions } from './records.ts';

/** What inventory and checkout need to sell a variant, read in one query. */
export interface VariantForSale {
  id: number;
  product_id: number;
  /** The product's base name (orders snapshot it). */
  product_name: string;
  sku: string;
  options: Record<string, string>;
  /** In minor units of the store's default currency. */
  price_minor: number;
  /** Fixed prices per currency, in that currency's minor units. */
  prices: Record<string, number>;
  track_inventory: boolean;
  allow_backorder: boolean;
  /** Grams; null when not known (shipping providers rate by it). */
  weight: number | null;
  /** Package size in millimetres; null when not known. */
  dimensions: Dimensions | null;
  /** Whether the product is active: only those may be put in a cart. */
  purchasable: boolean;
  /** The values of the caller's `columns`, by name, when it asked for any (another plugin's data on the variant). */
  columns?: Record<string, unknown>;
}

/**
 * Subqueries correlated to `variants.id` to select with the variants, by the name their values take in
 * `VariantForSale.columns`: another plugin's data on the same variants (core-inventory's units
 * available) in the same statement.
 */
export type VariantColumns = Record<string, Knex.QueryBuilder>;

/**
 * Which variants: their ids, or a query of another plugin's that selects one column of variant ids
 * (core-checkout's "the variants of this cart's items"), so that finding the ids costs no statement of
 * its own. A plain `IN (subquery)` is what both databases answer by looking the ids up (a semi-join);
 * mixed with a list of ids it would become a scan of every variant, so it is one or the other.
 */
export type VariantIds = number[] | Knex.QueryBuilder;

/** The variants with these ids (unknown ids are simply absent), in one query, with `columns` when given. */
export async function variantsForSale(db: Db, ids: VariantIds, columns?: VariantColumns): Promise<Map<number, VariantForSale>> {
  const result = new Map<number, VariantForSale>();
  let wanted: number[] | Knex.QueryBuilder = ids;
  if (Array.isArray(ids)) {
    wanted = [...new Set(ids.map(Number))].filter((id) => Number.isSafeInteger(id) && id > 0);
    if (wanted.length === 0) return result;
  }
  const rows = await db('variants')
    .join('products', 'products.id', 'variants.product_id')
    .whereIn('variants.id', wanted)
    .select(
      'variants.id', 'variants.product_id', 'variants.sku', 'variants.options', 'variants.price', 'variants.prices',
      'variants.track_inventory', 'variants.allow_backorder', 'variants.weight', 'variants.length_mm', 'variants.width_mm', 'variants.height_mm', 'products.name as product_name', 'products.status as product_status',
      ...Object.entries(columns ?? {}).map(([name, subquery]) => subquery.as(columnName(name))),
    );
  const names = Object.keys(columns ?? {});
  for (const row of rows) {
    const id = Number(row.id);
    const variant: VariantForSale = {
      id,
      product_id: Number(row.product_id),
      product_name: row.product_name,
      sku: row.sku,
      options: parseJson<Record<string, string>>(row.options, {}),
      price_minor: Number(row.price),
      prices: parseJson<Record<string, number>>(row.prices, {}),
      track_inventory: toBool(row.track_inventory),
      allow_backorder: toBool(row.allow_backorder),
      weight: row.weight === null || row.weight === undefined ? null : Number(row.weight),
      dimensions: dimensionsFromRow(row),
      purchasable: row.product_status === 'active',
    };
    if (names.length) variant.columns = Object.fromEntries(names.map((name) => [name, row[columnName(name)] ?? null]));
    result.set(id, variant);
  }
  return result;
}

// Apart from the variant's own columns, whatever a caller names its own.
const columnName = (name: string) => `__column_${name}`;
