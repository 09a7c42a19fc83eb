import type { Clock } from '../../../kernel/clock.ts';
import type { EventBus } from '../../../kernel/events.ts';
import type { FieldErrors } from '../../../kernel/http/errors.ts';
import type { SearchDocument } from '../../../kernel/db/search-index.ts';
import { CatalogErrors, ErrorCollector, throwIfInvalid } from '../errors.ts';
import type { CategoryService } from './categories.ts';
import { optionConflicts } from './options.ts';
import { adjustProductCount, moveProductCount } from './product-counts.ts';
import { adjustCategoryCount, moveCategoryCount } from './category-counts.ts';
import type { CatalogPricing } from './pricing.ts';
import { checkProductInput, PRODUCT_DEFAULTS, productColumns, type ProductInput } from './product-input.ts';
import { PRODUCT_COLUMNS, productFromRow, variantsOf, type Db, type ProductRecord, type ProductStatus, type VariantRecord } from './records.ts';
import { insertProductSearch, productSearchDocuments, removeProductSearch } from './search-documents.ts';
import { freeSlug, slugify, slugTaken } from './slugs.ts';
import type { VariantInput, VariantService } from './variants.ts';
import type { CatalogViews } from './views.ts';

export interface ProductParts {
  clock: Clock;
  events: EventBus;
  pricing: CatalogPricing;
  views: CatalogViews;
  categories: CategoryService;
  variants: VariantService;
  languages: () => string[];
}

export type ProductCreate = ProductInput & { name: string; variants?: VariantInput[] };

/**
 * What the product creates of one write leave for `ProductService.flushCreates`, so that a bulk write
 * writes them in one statement each instead of one per product: the numbers per status (and per
 * category and status), the search documents, the events (in order). It also keeps the categories found
 * so far, not looked up again.
 */
export class CreateBatch {
  readonly categories = new Set<number>();
  readonly counts = new Map<ProductStatus, number>();
  /** Per category, the number of products created per status. */
  readonly categoryCounts = new Map<number, Map<ProductStatus, number>>();
  readonly documents: SearchDocument[] = [];
  readonly events: Array<{ type: string; data: unknown }> = [];
}

/**
 * Products: their fields, options, translations and status (publishing is `status: "active"`), and
 * their life cycle with the variants they own. Every write emits its event and keeps the search
 * documents in step, in the caller's transaction.
 */
export class ProductService {
  constructor(private readonly parts: ProductParts) {}

  /** One product; `activeOnly` (anonymous callers and customers) hides drafts and archived ones as 404. */
  async get(db: Db, id: number, opts: { activeOnly?: boolean } = {}): Promise<ProductRecord> {
    return productFromRow(await this.row(db, id, opts));
  }

  /** `get`'s row as read. */
  async row(db: Db, id: number, opts: { activeOnly?: boolean } = {}): Promise<Record<string, unknown>> {
    const query = db('products').where('id', id).first();
    if (opts.activeOnly) query.where('status', 'active');
    const row = await query;
    if (!row) throw CatalogErrors.productNotFound();
    return row;
  }

  /** These products' records, in the order of `ids` (products that do not exist, or are not active when asked, are left out). */
  async records(db: Db, ids: number[], opts: { activeOnly?: boolean } = {}): Promise<ProductRecord[]> {
    if (ids.length === 0) return [];
    const byId = new Map<number, ProductRecord>();
    // Found by primary key alone, the status checked here: with `status = ?` beside `id in (…)`,
    // SQLite read the ids through the status index, every active product of the store.
    for (const row of await db('products').whereIn('id', ids).select(PRODUCT_COLUMNS)) {
      if (!opts.activeOnly || row.status === 'active') byId.set(Number(row.id), productFromRow(row));
    }
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * Creates a product (and the variants given with it); the slug is derived from the name unless given.
   * With a `batch` (a bulk write's), its number per status, search documents and events are left there
   * for `flushCreates`; without, they are written before it returns.
   */
  async create(db: Db, input: ProductCreate, batch?: CreateBatch): Promise<ProductRecord> {
    if (!batch) {
      const own = new CreateBatch();
      const product = await this.create(db, input, own);
      await this.flushCreates(db, own);
      return product;
    }
    const errors: FieldErrors = {};
    const changes = await checkProductInput(db, { ...PRODUCT_DEFAULTS, ...input }, { ...this.deps(), knownCategories: batch.categories }, errors);
    throwIfInvalid(errors);
    const slug = await this.slugFor(db, input.slug, input.name);
    const now = this.parts.clock.now();
    const variants = await this.parts.variants.checkNew(db, changes.options ?? [], input.variants ?? [], now);
    // The row is written as it ends up once its variants are in (read back, it would be the same): the
    // explicit price, else the lowest variant price; revision 1, the first write.
    const prices = variants.flatMap((v) => (v.row ? [v.row.price] : []));
    const row = {
      ...productColumns(changes),
      slug,
      effective_price: changes.price ?? (prices.length ? Math.min(...prices) : null),
      revision: 1,
      created_at: now,
      updated_at: now,
    };
    const [id] = await db('products').insert(row);
    const product = productFromRow({ ...row, id });
    batch.counts.set(product.status, (batch.counts.get(product.status) ?? 0) + 1);
    if (product.category_id !== null) {
      const inCategory = batch.categoryCounts.get(product.category_id) ?? new Map<ProductStatus, number>();
      inCategory.set(product.status, (inCategory.get(product.status) ?? 0) + 1);
      batch.categoryCounts.set(product.category_id, inCategory);
    }
    // A refused variant refuses the product, but the product and its other variants are still written, so
    // that the rest of a bulk write finds their slug and SKUs taken and names every clash; the refusal
    // rolls the transaction back.
    const collector = new ErrorCollector();
    const created = await this.parts.variants.insertNew(db, product, variants, collector);
    collector.throwIfAny();
    batch.documents.push(...productSearchDocuments(product, created.map((v) => v.sku)));
    // product.created goes first, carrying its variants; then one variant.created per variant.
    batch.events.push(
      { type: 'product.created', data: this.parts.views.product(product, created, this.parts.views.baseContext()) },
      ...created.map((variant) => this.parts.variants.createdEvent(variant)),
    );
    return product;
  }

  /**
   * Writes what the creates of `batch` left: one statement for their numbers per status, one for their
   * search documents and one for their events (in the order of the creates), and empties it.
   */
  async flushCreates(db: Db, batch: CreateBatch): Promise<void> {
    for (const [status, n] of batch.counts) await adjustProductCount(db, status, n);
    batch.counts.clear();
    for (const [categoryId, counts] of batch.categoryCounts) for (const [status, n] of counts) await adjustCategoryCount(db, categoryId, status, n);
    batch.categoryCounts.clear();
    await insertProductSearch(db, batch.documents.splice(0));
    await this.parts.events.emitMany(db, batch.events.splice(0));
  }

  /**
   * Changes a product: `patch` changes the fields given; `put` replaces every writable field (left-out
   * ones take their defaults, except the slug, which stays unless given). Options that existing
   * variants contradict are a 409 naming the option or value.
   */
  async update(db: Db, id: number, input: ProductInput, mode: 'patch' | 'put' = 'patch'): Promise<ProductRecord> {
    const before = await this.parts.variants.lockProduct(db, id);
    const given = mode === 'put' ? { ...PRODUCT_DEFAULTS, ...input } : input;
    const errors: FieldErrors = {};
    const changes = await checkProductInput(db, given, this.deps(), errors);
    throwIfInvalid(errors);
    if (changes.options !== undefined) {
      const variants = (await variantsOf(db, [id])).get(id)!;
      const conflicts = optionConflicts(changes.options, variants);
      if (conflicts.length) throw CatalogErrors.optionInUse(conflicts);
    }
    const row = productColumns(changes);
    if (input.slug !== undefined && input.slug !== before.slug) {
      if (await slugTaken(db, 'products', input.slug, id)) throw CatalogErrors.duplicateSlug(input.slug);
      row.slug = input.slug;
    }
    await db('products').where('id', id).update({ ...row, updated_at: this.parts.clock.now() });
    await this.parts.variants.refreshProduct(db, id);
    const product = await this.get(db, id);
    if (product.status !== before.status) await moveProductCount(db, before.status, product.status);
    await moveCategoryCount(db, { categoryId: before.category_id, status: before.status }, { categoryId: product.category_id, status: product.status });
    const variants = await variantsOf(db, [id]);
    await this.parts.events.emit(db, 'product.updated', this.parts.views.product(product, variants.get(id)!, this.parts.views.baseContext()));
    return product;
  }

  /**
   * Deletes a product with its variants (`catalog.variantRemoving` may veto); emits `variant.deleted`
   * for each and `product.deleted` with the product as it was. Orders keep their own snapshot.
   */
  async remove(db: Db, id: number): Promise<void> {
    const product = await this.parts.variants.lockProduct(db, id);
    const variants = (await variantsOf(db, [id])).get(id)!;
    const view = this.parts.views.product(product, variants, this.parts.views.baseContext());
    await this.parts.variants.removeMany(db, variants);
    await removeProductSearch(db, [id]);
    await db('products').where('id', id).delete();
    await adjustProductCount(db, product.status, -1);
    await adjustCategoryCount(db, product.category_id, product.status, -1);
    await this.parts.events.emit(db, 'product.deleted', view);
  }

  /**
   * Adds or updates variants of a product, matched by SKU (bulk) or always added; every refusal is
   * collected under `variants.<index>.` and thrown together. Refreshes the product once at the end and
   * returns the variants it created.
   */
  async addVariants(db: Db, product: ProductRecord, inputs: VariantInput[], opts: { matchBySku?: boolean } = {}): Promise<VariantRecord[]> {
    if (inputs.length === 0) return [];
    const existing = opts.matchBySku ? (await variantsOf(db, [product.id])).get(product.id)! : [];
    const bySku = new Map(existing.map((v) => [v.sku.toLowerCase(), v]));
    const collector = new ErrorCollector();
    const created: VariantRecord[] = [];
    for (const [i, input] of inputs.entries()) {
      const current = input.sku ? bySku.get(input.sku.toLowerCase()) : undefined;
      await collector.run(`variants.${i}.`, async () => {
        if (current) await this.parts.variants.change(db, product, current, input);
        else created.push(await this.parts.variants.insert(db, product, input));
      });
    }
    collector.throwIfAny();
    await this.parts.variants.refreshProduct(db, product.id);
    return created;
  }

  private deps() {
    return { pricing: this.parts.pricing, categories: this.parts.categories, languages: this.parts.languages() };
  }

  // A derived slug takes the first free suffix; a chosen one is the caller's or a 409.
  private async slugFor(db: Db, explicit: string | undefined, name: string): Promise<string> {
    if (explicit === undefined) return freeSlug(db, 'products', slugify(name, 'product'));
    if (await slugTaken(db, 'products', explicit)) throw CatalogErrors.duplicateSlug(explicit);
    return explicit;
  }
}
