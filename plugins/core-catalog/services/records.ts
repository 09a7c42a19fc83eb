import type { Knex } from 'knex';
import type { Money } from '../../../kernel/money/money.ts';
import { isSqlite, parseJson, toBool, toDate } from '../../../kernel/db/dialect.ts';

/** The transaction of a request (or the knex outside one): every service function takes it first. */
export type Db = Knex | Knex.Transaction;

export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export interface OptionDef {
  name: string;
  values: string[];
}

export interface Image {
  url: string;
  alt: string;
}

export interface TranslatedText {
  name?: string;
  description?: string;
}

/** Language tag → translated fields; keys are among the store's languages, sorted. */
export type Translations = Record<string, TranslatedText>;

/** A product as stored; amounts in minor units of the store's default currency. */
export interface ProductRecord {
  id: number;
  name: string;
  description: string;
  status: ProductStatus;
  slug: string;
  category_id: number | null;
  options: OptionDef[];
  images: Image[];
  translations: Translations;
  price: number | null;
  compare_at_price: number | null;
  effective_price: number | null;
  /** Raised by every write to the product or its variants (migration 013). */
  revision: number;
  created_at: Date;
  updated_at: Date;
}

/** A variant as stored; `prices` are fixed prices per currency, in that currency's minor units. */
export interface VariantRecord {
  id: number;
  product_id: number;
  sku: string;
  options: Record<string, string>;
  price: number;
  compare_at_price: number | null;
  prices: Record<string, number>;
  track_inventory: boolean;
  allow_backorder: boolean;
  /** Grams; null when not known. */
  weight: number | null;
  /** Millimetres; null when not known. */
  dimensions: Dimensions | null;
  created_at: Date;
  updated_at: Date;
}

/** A variant's package size in whole millimetres. */
export interface Dimensions {
  length: number;
  width: number;
  height: number;
}

/** The stored columns of `dimensions` (all null, or all set). */
export function dimensionsFromRow(row: any): Dimensions | null {
  if (row.length_mm === null || row.length_mm === undefined) return null;
  return { length: Number(row.length_mm), width: Number(row.width_mm), height: Number(row.height_mm) };
}

export function dimensionsToRow(d: Dimensions | null): { length_mm: number | null; width_mm: number | null; height_mm: number | null } {
  return { length_mm: d?.length ?? null, width_mm: d?.width ?? null, height_mm: d?.height ?? null };
}

export interface CategoryRecord {
  id: number;
  name: string;
  slug: string;
  description: string;
  parent_id: number | null;
  translations: Translations;
  created_at: Date;
  updated_at: Date;
}

/** A variant as the API shows it; `serializeVariant` taps may add fields. */
export interface VariantView {
  id: number;
  product_id: number;
  sku: string;
  options: Record<string, string>;
  price: Money;
  compare_at_price: Money | null;
  prices: Record<string, Money>;
  track_inventory: boolean;
  allow_backorder: boolean;
  weight: number | null;
  dimensions: Dimensions | null;
  created_at: string;
  updated_at: string;
  [extra: string]: unknown;
}

/** A product as the API shows it, with its variants; `serializeProduct` taps may add fields. */
export interface ProductView {
  id: number;
  name: string;
  description: string;
  slug: string;
  status: ProductStatus;
  category_id: number | null;
  options: OptionDef[];
  images: Image[];
  price: Money | null;
  compare_at_price: Money | null;
  variants: VariantView[];
  translations?: Translations;
  created_at: string;
  updated_at: string;
  [extra: string]: unknown;
}

export interface CategoryView {
  id: number;
  name: string;
  slug: string;
  description: string;
  parent_id: number | null;
  translations?: Translations;
  created_at: string;
  updated_at: string;
}

const nullableNumber = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export function productFromRow(row: any): ProductRecord {
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description ?? '',
    status: row.status,
    slug: row.slug,
    category_id: nullableNumber(row.category_id),
    options: parseJson<OptionDef[]>(row.options, []),
    images: parseJson<Image[]>(row.images, []),
    translations: parseJson<Translations>(row.translations, {}),
    price: nullableNumber(row.price),
    compare_at_price: nullableNumber(row.compare_at_price),
    effective_price: nullableNumber(row.effective_price),
    revision: Number(row.revision ?? 0),
    created_at: toDate(row.created_at)!,
    updated_at: toDate(row.updated_at)!,
  };
}

export function variantFromRow(row: any): VariantRecord {
  return {
    id: Number(row.id),
    product_id: Number(row.product_id),
    sku: row.sku,
    options: parseJson<Record<string, string>>(row.options, {}),
    price: Number(row.price),
    compare_at_price: nullableNumber(row.compare_at_price),
    prices: parseJson<Record<string, number>>(row.prices, {}),
    track_inventory: toBool(row.track_inventory),
    allow_backorder: toBool(row.allow_backorder),
    weight: nullableNumber(row.weight),
    dimensions: dimensionsFromRow(row),
    created_at: toDate(row.created_at)!,
    updated_at: toDate(row.updated_at)!,
  };
}

export function categoryFromRow(row: any): CategoryRecord {
  return {
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    description: row.description ?? '',
    parent_id: nullableNumber(row.parent_id),
    translations: parseJson<Translations>(row.translations, {}),
    created_at: toDate(row.created_at)!,
    updated_at: toDate(row.updated_at)!,
  };
}

/** The columns of `products` a product view needs (all of them, named so joins stay unambiguous). */
export const PRODUCT_COLUMNS = [
  'id', 'name', 'description', 'status', 'slug', 'category_id', 'options', 'images', 'translations',
  'price', 'compare_at_price', 'effective_price', 'revision', 'created_at', 'updated_at',
].map((c) => `products.${c}`);

/** The columns `variantFromRow` reads (not the keys the unique indexes use). */
const VARIANT_COLUMNS = [
  'id', 'product_id', 'sku', 'options', 'price', 'compare_at_price', 'prices', 'track_inventory', 'allow_backorder',
  'weight', 'length_mm', 'width_mm', 'height_mm', 'created_at', 'updated_at',
];

// On SQLite the rows come back as one JSON array built by the database: better-sqlite3 builds a row
// object property by property, which made the variants of a 20-product page the costliest read of a
// computed list; one string through JSON.parse is about a third of that. (On MySQL/MariaDB
// JSON_ARRAYAGG is capped by group_concat_max_len, so rows stay rows there.)
const VARIANTS_AS_JSON = `json_group_array(json_object(${VARIANT_COLUMNS.map((c) => `'${c}', ${c}`).join(', ')}))`;

/** Loads the variants of these products in one query, grouped by product, each group in id order. */
export async function variantsOf(db: Db, productIds: number[]): Promise<Map<number, VariantRecord[]>> {
  const byProduct = new Map<number, VariantRecord[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return byProduct;
  let rows: any[];
  if (isSqlite(db)) {
    const [row] = await db('variants').whereIn('product_id', productIds).select(db.raw(`${VARIANTS_AS_JSON} as rows`));
    rows = (JSON.parse(row?.rows ?? '[]') as any[]).sort((a, b) => a.id - b.id);
  } else {
    rows = await db('variants').whereIn('product_id', productIds).orderBy('id').select(VARIANT_COLUMNS);
  }
  for (const row of rows) {
    const v = variantFromRow(row);
    byProduct.get(v.product_id)?.push(v);
  }
  return byProduct;
}
