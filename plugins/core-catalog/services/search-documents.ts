import type { Knex } from 'knex';
import {
  removeSearchDocuments,
  replaceSearchDocuments,
  searchMatches,
  upsertSearchDocuments,
  type SearchDocument,
  type SearchIndexSpec,
} from '../../../kernel/db/search-index.ts';
import { productFromRow, type Db, type ProductRecord } from './records.ts';

/** The product search index (migration 004): name, description and SKUs per product and language. */
export const PRODUCT_SEARCH: SearchIndexSpec = { table: 'product_search', fields: ['name', 'description', 'skus'] };

/** The language of the document holding a product's base (untranslated) text. */
export const BASE_LANG = 'und';

/**
 * Rewrites a product's search documents from what is stored, in the caller's transaction: the base
 * document and one per translated language (untranslated fields fall back to the base text). Called
 * after every write that changes a product, its translations or its variants' SKUs.
 */
export async function syncProductSearch(db: Db, productId: number): Promise<void> {
  const row = await db('products').where('id', productId).first('id', 'name', 'description', 'translations');
  if (!row) return removeSearchDocuments(db, PRODUCT_SEARCH, [productId]);
  const product = productFromRow({ ...row, options: null, images: null });
  const skus = await db('variants').where('product_id', productId).orderBy('id').pluck('sku');
  // Rewrites by key (kernel/db/search-index.ts says why): concurrent product writes never lock each other's documents.
  await replaceSearchDocuments(db, PRODUCT_SEARCH, productId, productSearchDocuments(product, skus).map(({ ref_id: _, ...doc }) => doc));
}

/**
 * The search documents of a product whose variants have these SKUs (in id order): the base document
 * and one per translated language, untranslated fields filled with the base text.
 */
export function productSearchDocuments(product: Pick<ProductRecord, 'id' | 'name' | 'description' | 'translations'>, skus: string[]): SearchDocument[] {
  const text = skus.join(' ');
  const docs: SearchDocument[] = [{ ref_id: product.id, lang: BASE_LANG, name: product.name, description: product.description, skus: text }];
  for (const [lang, t] of Object.entries(product.translations)) {
    docs.push({ ref_id: product.id, lang, name: t.name ?? product.name, description: t.description ?? product.description, skus: text });
  }
  return docs;
}

/**
 * Writes the search documents of products that have none yet (just created), built from what was
 * written rather than read back, for many products in one statement.
 */
export async function insertProductSearch(db: Db, docs: SearchDocument[]): Promise<void> {
  await upsertSearchDocuments(db, PRODUCT_SEARCH, docs);
}

export async function removeProductSearch(db: Db, productIds: number[]): Promise<void> {
  await removeSearchDocuments(db, PRODUCT_SEARCH, productIds);
}

/**
 * Products matching every word of `term` in their base text or in the `lang` translation, as a
 * subquery of (ref_id, score) to join against `products`; `ranked: false` leaves the score out (0),
 * for counting the matches.
 */
export function productMatches(db: Db, term: string, lang: string, opts: { ranked?: boolean } = {}): Knex.QueryBuilder {
  return searchMatches(db, PRODUCT_SEARCH, term, { langs: [...new Set([BASE_LANG, lang])], ranked: opts.ranked });
}
