import type { FieldErrors } from '../../../kernel/http/errors.ts';
import { toId } from '../../../kernel/http/schemas.ts';
import { checkOptionDefs } from './options.ts';
import type { CatalogPricing } from './pricing.ts';
import type { Db, Image, OptionDef, ProductStatus, TranslatedText, Translations } from './records.ts';
import { checkTranslations } from './translations.ts';
import type { CategoryService } from './categories.ts';

/** A product as a client writes it (POST, PUT, PATCH, a bulk record). */
export interface ProductInput {
  name?: string;
  description?: string;
  status?: ProductStatus;
  slug?: string;
  category_id?: number | string | null;
  options?: OptionDef[];
  images?: Image[];
  price?: string | null;
  compare_at_price?: string | null;
  translations?: Record<string, TranslatedText>;
}

/** The checked fields of a write, in stored form (amounts in minor units); only the fields given. */
export interface ProductChanges {
  name?: string;
  description?: string;
  status?: ProductStatus;
  category_id?: number | null;
  options?: OptionDef[];
  images?: Image[];
  price?: number | null;
  compare_at_price?: number | null;
  translations?: Translations;
}

/** What a PUT resets a field to when it is left out, as a POST would create it. */
export const PRODUCT_DEFAULTS: Required<Omit<ProductInput, 'name' | 'slug'>> = {
  description: '',
  status: 'draft',
  category_id: null,
  options: [],
  images: [],
  price: null,
  compare_at_price: null,
  translations: {},
};

/**
 * Checks what a JSON schema cannot (amounts, store languages, option uniqueness, the category's
 * existence) and records every problem in `errors`; returns the stored form of the given fields.
 * `knownCategories` holds categories already found in the same transaction (a bulk write's products
 * mostly share a few), which are not looked up again: nothing deletes a category during a product write.
 */
export async function checkProductInput(
  db: Db,
  input: ProductInput,
  deps: { pricing: CatalogPricing; categories: CategoryService; languages: string[]; knownCategories?: Set<number> },
  errors: FieldErrors,
): Promise<ProductChanges> {
  const out: ProductChanges = {};
  if (input.name !== undefined) out.name = input.name;
  if (input.description !== undefined) out.description = input.description;
  if (input.status !== undefined) out.status = input.status;
  if (input.images !== undefined) out.images = input.images.map((i) => ({ url: i.url, alt: i.alt ?? '' }));
  if (input.options !== undefined) out.options = checkOptionDefs(input.options, errors);
  if (input.translations !== undefined) out.translations = checkTranslations(input.translations, deps.languages, errors);
  for (const field of ['price', 'compare_at_price'] as const) {
    if (input[field] === undefined) continue;
    const minor = deps.pricing.parse(errors, field, input[field]);
    if (minor !== undefined) out[field] = minor;
  }
  if (input.category_id !== undefined) {
    out.category_id = input.category_id === null ? null : toId(input.category_id);
    const id = out.category_id;
    if (id !== null && !deps.knownCategories?.has(id)) {
      if (await deps.categories.checkExists(db, id, errors, 'category_id')) deps.knownCategories?.add(id);
    }
  }
  return out;
}

/** The columns of a product row for these changes (JSON documents as text). */
export function productColumns(changes: ProductChanges): Record<string, unknown> {
  const row: Record<string, unknown> = { ...changes };
  for (const field of ['options', 'images', 'translations'] as const) {
    if (changes[field] !== undefined) row[field] = JSON.stringify(changes[field]);
  }
  return row;
}
