import type { Knex } from 'knex';
import { isSqlite } from '../../../kernel/db/dialect.ts';
import type { ProductView, VariantView } from '../../core-catalog/contracts.ts';
import { levelsInActiveWarehouses } from './levels.ts';
import type { Db } from './records.ts';

/** What the catalogue shows about stock on each variant. */
export interface VariantAvailability {
  /** Units available (on hand − reserved) over active warehouses; null when the variant is not tracked. */
  available: number | null;
  /** Whether it can be bought now: untracked, backorders allowed, or available > 0. */
  in_stock: boolean;
}

// The units stock records in active warehouses make available, summed per group.
const UNITS_AVAILABLE = 'SUM(l.quantity - l.reserved)';

/** Available units per variant over active warehouses, in one query (variants without records: absent). */
export async function availableByVariant(db: Db, variantIds: number[]): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  const unique = [...new Set(variantIds)];
  if (unique.length === 0) return result;
  const rows = await levelsInActiveWarehouses(db)
    .whereIn('l.variant_id', unique)
    .groupBy('l.variant_id')
    .select('l.variant_id', db.raw(`${UNITS_AVAILABLE} as available`));
  for (const row of rows) result.set(Number(row.variant_id), Number(row.available));
  return result;
}

/**
 * The units available for `variants.id` over active warehouses, as a subquery correlated to the
 * variants' row (null when the variant has no stock record there): selected with the variants a
 * checkout prices (`getVariantsForSale`'s `columns`), it answers what `availableByVariant` would in the
 * same statement, one round trip less for every priced cart.
 */
export function availableUnitsColumn(db: Db): Knex.QueryBuilder {
  return levelsInActiveWarehouses(db).whereRaw('?? = ??', ['l.variant_id', 'variants.id']).select(db.raw(UNITS_AVAILABLE));
}

function annotate<V extends VariantView>(v: V, available: Map<number, number>): V & VariantAvailability {
  if (!v.track_inventory) return { ...v, available: null, in_stock: true };
  const units = available.get(v.id) ?? 0;
  return { ...v, available: units, in_stock: v.allow_backorder || units > 0 };
}

const trackedIds = (variants: VariantView[]) => variants.filter((v) => v.track_inventory).map((v) => v.id);

/**
 * `catalog.serializeProduct` tap: `available` and `in_stock` on every variant, and on each product
 * (`available`: the sum over its tracked variants, null when none is tracked; `in_stock`: any variant
 * is). One query for the whole response, none when nothing in it is tracked.
 */
export async function withProductAvailability(products: ProductView[], db: Db): Promise<ProductView[]> {
  const available = await availableByVariant(db, trackedIds(products.flatMap((p) => p.variants)));
  return products.map((p) => {
    const variants = p.variants.map((v) => annotate(v, available));
    const tracked = variants.filter((v) => v.available !== null);
    return {
      ...p,
      variants,
      available: tracked.length ? tracked.reduce((sum, v) => sum + (v.available as number), 0) : null,
      in_stock: variants.some((v) => v.in_stock),
    };
  });
}

/**
 * `catalog.fingerprintColumns` tap: what `withProductAvailability` adds depends on the units available
 * per variant over active warehouses (the variants' own flags are in the product's revision), so a
 * product's fingerprint lists `record=units` for each of its stock records in an active warehouse: any
 * change of those units, a record added or removed, or a warehouse turned on or off changes it. The
 * entries come in the order the plan reads them, not sorted (an ORDER BY in the concatenation made
 * SQLite build a temporary b-tree per product: 168 µs for a page of 20 where 6 µs do); the text is
 * one for one data, so an order that changed with the plan only rebuilds. A subquery correlated to
 * `products.id`, which the catalogue selects with its rows.
 */
export function availabilityFingerprintColumn(db: Db): Knex.QueryBuilder {
  const entries = isSqlite(db as Knex)
    ? "group_concat(l.id || '=' || (l.quantity - l.reserved), ';')"
    : "group_concat(concat(l.id, '=', l.quantity - l.reserved) separator ';')";
  return levelsInActiveWarehouses(db).join('variants as v', 'v.id', 'l.variant_id').whereRaw('?? = ??', ['v.product_id', 'products.id']).select(db.raw(entries));
}

/** `catalog.serializeVariant` tap: the same fields on variant responses, one query. */
export async function withVariantAvailability(variants: VariantView[], db: Db): Promise<VariantView[]> {
  const available = await availableByVariant(db, trackedIds(variants));
  return variants.map((v) => annotate(v, available));
}

/**
 * `catalog.filterProducts` tap for `?in_stock=`: a product is in stock when one of its variants can be
 * bought now, as `in_stock` on the product says (untracked, backorders allowed, or units available).
 */
export function inStockFilter({ query, db, inStock }: { query: any; db: Db; inStock?: boolean }): void {
  if (inStock === undefined) return;
  const available = db('inventory_levels as il').whereRaw('il.variant_id = iv.id').groupBy('il.variant_id').havingRaw('SUM(il.quantity - il.reserved) > 0').select(db.raw('1'));
  const buyable = db('variants as iv')
    .whereRaw('iv.product_id = products.id')
    .where((w: any) => w.where('iv.track_inventory', false).orWhere('iv.allow_backorder', true).orWhereExists(available))
    .select(db.raw('1'));
  if (inStock) query.whereExists(buyable);
  else query.whereNotExists(buyable);
}
