import { toIso } from '../../../kernel/db/dialect.ts';
import type { Principal } from '../../../kernel/http/principal.ts';
import { toMoney } from '../../../kernel/money/money.ts';
import type { CatalogHooks } from '../hooks.ts';
import type { CatalogPricing } from './pricing.ts';
import { translated } from './translations.ts';
import {
  variantsOf,
  type CategoryRecord,
  type CategoryView,
  type Db,
  type ProductRecord,
  type ProductView,
  type VariantRecord,
  type VariantView,
} from './records.ts';

/** Whom a response is for: its language (null: the base text), currency, and whether staff see it. */
export interface ViewContext {
  lang: string | null;
  currency: string;
  staff: boolean;
  principal: Principal;
}

const SYSTEM: Principal = Object.freeze({ kind: 'anonymous' });

/**
 * Turns records into the API's views: text in the asked language, every Money in the asked currency,
 * `translations` for staff only. The list and detail views are built here, once per response, and
 * passed through the `serializeProduct` / `serializeVariant` hooks in one call.
 */
export class CatalogViews {
  constructor(
    private readonly pricing: CatalogPricing,
    private readonly hooks: CatalogHooks,
    private readonly defaultLanguage: () => string,
  ) {}

  /** The staff view in base text and the default currency, without taps: what events carry. */
  baseContext(): ViewContext {
    return { lang: null, currency: this.pricing.defaultCurrency, staff: true, principal: SYSTEM };
  }

  variant(v: VariantRecord, vc: ViewContext): VariantView {
    return {
      id: v.id,
      product_id: v.product_id,
      sku: v.sku,
      options: v.options,
      price: toMoney(this.pricing.priceIn(v, vc.currency).minor, vc.currency),
      compare_at_price: this.pricing.nullableMoney(v.compare_at_price, vc.currency),
      prices: this.pricing.fixedMoney(v.prices),
      track_inventory: v.track_inventory,
      allow_backorder: v.allow_backorder,
      weight: v.weight,
      dimensions: v.dimensions,
      created_at: toIso(v.created_at)!,
      updated_at: toIso(v.updated_at)!,
    };
  }

  product(p: ProductRecord, variants: VariantRecord[], vc: ViewContext): ProductView {
    const text = translated(p, p.translations, vc.lang);
    const view: ProductView = {
      id: p.id,
      name: text.name,
      description: text.description,
      slug: p.slug,
      status: p.status,
      category_id: p.category_id,
      options: p.options,
      images: p.images,
      price: this.productPrice(p, variants, vc.currency),
      compare_at_price: this.pricing.nullableMoney(p.compare_at_price, vc.currency),
      variants: variants.map((v) => this.variant(v, vc)),
      created_at: toIso(p.created_at)!,
      updated_at: toIso(p.updated_at)!,
    };
    if (vc.staff) view.translations = p.translations;
    return view;
  }

  // The explicit price, else the lowest variant price in this currency (a fixed price may be the lowest).
  private productPrice(p: ProductRecord, variants: VariantRecord[], currency: string) {
    if (p.price !== null) return this.pricing.money(p.price, currency);
    if (variants.length === 0) return null;
    const lowest = Math.min(...variants.map((v) => this.pricing.priceIn(v, currency).minor));
    return toMoney(lowest, currency);
  }

  /** The response's products: their variants in one query, then `serializeProduct` once for all. */
  async products(db: Db, records: ProductRecord[], vc: ViewContext, known?: Map<number, VariantRecord[]>): Promise<ProductView[]> {
    const variants = known ?? (await variantsOf(db, records.map((p) => p.id)));
    const views = records.map((p) => this.product(p, variants.get(p.id) ?? [], vc));
    return this.hooks.serializeProduct.promise(views, this.serializeContext(db, vc));
  }

  /** The response's variants, passed through `serializeVariant` once. */
  async variants(db: Db, records: VariantRecord[], vc: ViewContext): Promise<VariantView[]> {
    const views = records.map((v) => this.variant(v, vc));
    return this.hooks.serializeVariant.promise(views, this.serializeContext(db, vc));
  }

  category(c: CategoryRecord, vc: ViewContext): CategoryView {
    const text = translated(c, c.translations, vc.lang);
    const view: CategoryView = {
      id: c.id,
      name: text.name,
      slug: c.slug,
      description: text.description,
      parent_id: c.parent_id,
      created_at: toIso(c.created_at)!,
      updated_at: toIso(c.updated_at)!,
    };
    if (vc.staff) view.translations = c.translations;
    return view;
  }

  /** What serialisation and fingerprint taps learn about the response. */
  serializeContext(db: Db, vc: ViewContext) {
    return { db, lang: vc.lang ?? this.defaultLanguage(), currency: vc.currency, principal: vc.principal };
  }
}
