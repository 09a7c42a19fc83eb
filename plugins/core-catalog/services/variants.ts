import type { Knex } from 'knex';
import type { Clock } from '../../../kernel/clock.ts';
import type { EventBus } from '../../../kernel/events.ts';
import { AppError, type FieldErrors } from '../../../kernel/http/errors.ts';
import { forUpdate, isDuplicateKey, isSqlite } from '../../../kernel/db/dialect.ts';
import type { CatalogHooks } from '../hooks.ts';
import { CatalogErrors, throwIfInvalid, type ErrorCollector } from '../errors.ts';
import { checkVariantOptions, describeOptions, optionsKey } from './options.ts';
import type { CatalogPricing } from './pricing.ts';
import { productFromRow, variantFromRow, type Db, type OptionDef, type ProductRecord, type VariantRecord, dimensionsToRow, type Dimensions } from './records.ts';
import { syncProductSearch } from './search-documents.ts';
import { variantsForSale, type VariantColumns, type VariantForSale, type VariantIds } from './for-sale.ts';
import type { CatalogViews } from './views.ts';

/** A variant as a client writes it. */
export interface VariantInput {
  options?: Record<string, string>;
  sku?: string;
  price?: string;
  prices?: Record<string, string>;
  compare_at_price?: string | null;
  track_inventory?: boolean;
  allow_backorder?: boolean;
  weight?: number | null;
  dimensions?: Dimensions | null;
}

/** A variant's row as a create writes it, before it has an id and a product. */
export interface NewVariantRow {
  sku: string;
  sku_key: string;
  options: string;
  options_key: string;
  price: number;
  compare_at_price: number | null;
  prices: string;
  track_inventory: boolean;
  allow_backorder: boolean;
  weight: number | null;
  length_mm: number | null;
  width_mm: number | null;
  height_mm: number | null;
  created_at: Date;
  updated_at: Date;
}

/** A variant of a product being created, checked: its row, or why it is refused. */
export interface NewVariant {
  input: VariantInput;
  options?: Record<string, string>;
  row?: NewVariantRow;
  refusal?: AppError;
}

export interface VariantParts {
  clock: Clock;
  events: EventBus;
  hooks: CatalogHooks;
  pricing: CatalogPricing;
  views: CatalogViews;
}

/**
 * Variants: one option combination of a product, with a SKU unique in the store, a price in the
 * default currency, optional fixed prices per currency and the inventory flags. Every change keeps the
 * product's effective price and search documents in step, in the same transaction.
 */
export class VariantService {
  constructor(private readonly parts: VariantParts) {}

  /** One variant; `activeOnly` hides variants of products that are not active (404). */
  async get(db: Db, id: number, opts: { activeOnly?: boolean } = {}): Promise<VariantRecord> {
    const query = db('variants').where('variants.id', id).first('variants.*');
    if (opts.activeOnly) query.join('products', 'products.id', 'variants.product_id').where('products.status', 'active');
    const row = await query;
    if (!row) throw CatalogErrors.variantNotFound();
    return variantFromRow(row);
  }

  /** The base query of the variant list: by SKU (case-insensitive, exact) and/or product. */
  listQuery(db: Db, filters: { sku?: string; product?: number; activeOnly?: boolean }): Knex.QueryBuilder {
    const query = db('variants').select('variants.*');
    if (filters.sku !== undefined) query.where('variants.sku_key', filters.sku.toLowerCase());
    if (filters.product !== undefined) query.where('variants.product_id', filters.product);
    if (filters.activeOnly) query.whereIn('variants.product_id', db('products').select('id').where('status', 'active'));
    return query;
  }

  /** For inventory and checkout: the variants with these ids (or a subquery's), keyed by id, in one query. */
  getVariantsForSale(db: Db, ids: VariantIds, columns?: VariantColumns): Promise<Map<number, VariantForSale>> {
    return variantsForSale(db, ids, columns);
  }

  /**
   * A variant's price in `currency`, exactly: its fixed price there (rate null), else its default-currency
   * price converted at the store's rate (returned, for the order to record).
   */
  priceIn(variant: { price_minor: number; prices: Record<string, number> }, currency: string): { minor: number; rate: string | null } {
    return this.parts.pricing.priceIn({ price: variant.price_minor, prices: variant.prices }, currency);
  }

  /** Adds a variant to a product (POST /products/{id}/variants/). */
  async create(db: Db, productId: number, input: VariantInput): Promise<VariantRecord> {
    const product = await this.lockProduct(db, productId);
    const variant = await this.insert(db, product, input);
    await this.refreshProduct(db, productId);
    return variant;
  }

  /** Changes the given fields of a variant. */
  async update(db: Db, id: number, input: VariantInput): Promise<VariantRecord> {
    const current = await this.get(db, id);
    const product = await this.lockProduct(db, current.product_id);
    const variant = await this.change(db, product, current, input);
    await this.refreshProduct(db, product.id);
    return variant;
  }

  /** Deletes a variant (after `variantRemoving` taps had their say). */
  async remove(db: Db, id: number): Promise<void> {
    const variant = await this.get(db, id);
    await this.lockProduct(db, variant.product_id);
    await this.removeMany(db, [variant]);
    await this.refreshProduct(db, variant.product_id);
  }

  /**
   * Checks and inserts a variant of `product`, emitting `variant.created` (unless the caller emits it
   * later, after its product's own event); the caller refreshes the product afterwards (once).
   */
  async insert(db: Db, product: ProductRecord, input: VariantInput, opts: { emit?: boolean } = {}): Promise<VariantRecord> {
    const checked = this.checkedRow(product.options, input, this.parts.clock.now());
    await this.checkUnique(db, product.id, input.sku!, checked.options);
    const row = { ...checked.row, product_id: product.id };
    const [id] = await db('variants').insert(row);
    const variant = variantFromRow({ ...row, id: Number(id) });
    if (opts.emit !== false) await this.emitCreated(db, variant);
    return variant;
  }

  /**
   * Checks the variants of a product about to be created, all at once: each one's own values, then
   * their SKUs against the store's in one query and against each other's, in order, as inserting them
   * one by one would (a SKU or an option combination given twice is refused the second time). Returns,
   * in input order, each one's row or refusal; `insertNew` writes the rows.
   */
  async checkNew(db: Db, options: OptionDef[], inputs: VariantInput[], now: Date): Promise<NewVariant[]> {
    const checked: NewVariant[] = inputs.map((input) => {
      try {
        return { input, ...this.checkedRow(options, input, now) };
      } catch (err) {
        if (err instanceof AppError) return { input, refusal: err };
        throw err;
      }
    });
    const keys = [...new Set(checked.flatMap((c) => (c.row ? [c.row.sku_key] : [])))];
    // A product being created has no variants yet, so only SKUs can clash with stored rows.
    const taken = new Set<string>(keys.length ? await db('variants').whereIn('sku_key', keys).pluck('sku_key') : []);
    const combinations = new Set<string>();
    for (const c of checked) {
      if (!c.row) continue;
      if (taken.has(c.row.sku_key)) c.refusal = CatalogErrors.duplicateSku(c.input.sku!);
      else if (combinations.has(c.row.options_key)) c.refusal = CatalogErrors.duplicateVariant(describeOptions(c.options!));
      if (c.refusal) {
        c.row = undefined;
        continue;
      }
      taken.add(c.row.sku_key);
      combinations.add(c.row.options_key);
    }
    return checked;
  }

  /**
   * Inserts the rows `checkNew` accepted as variants of `product` (just created), in one statement,
   * and returns them in input order; refusals go to `collector` under `variants.<index>.`. Stored keys
   * the check could not see as equal (MySQL/MariaDB compare SKUs by their collation, which also folds
   * accents) make the insert fail: then the variants are checked and inserted one by one, which
   * refuses exactly as that would.
   */
  async insertNew(db: Db, product: ProductRecord, checked: NewVariant[], collector: ErrorCollector): Promise<VariantRecord[]> {
    const rows = checked.flatMap((c) => (c.row ? [{ ...c.row, product_id: product.id }] : []));
    let ids: Map<string, number>;
    try {
      ids = await this.insertRows(db, product.id, rows);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const created: VariantRecord[] = [];
      for (const [i, c] of checked.entries()) {
        await collector.run(`variants.${i}.`, async () => {
          created.push(await this.insert(db, product, c.input, { emit: false }));
        });
      }
      return created;
    }
    for (const [i, c] of checked.entries()) if (c.refusal) collector.add(`variants.${i}.`, c.refusal);
    return rows.map((row) => variantFromRow({ ...row, id: ids.get(row.sku_key) }));
  }

  // The ids of rows inserted in one statement, by SKU key: SQLite returns them; MySQL/MariaDB have no
  // RETURNING for INSERT (and consecutive ids from one insert depend on innodb_autoinc_lock_mode), so
  // they are read back.
  private async insertRows(db: Db, productId: number, rows: Array<{ sku_key: string }>): Promise<Map<string, number>> {
    if (rows.length === 0) return new Map();
    if (isSqlite(db)) {
      const inserted: Array<{ id: number; sku_key: string }> = await db('variants').insert(rows).returning(['id', 'sku_key']);
      return new Map(inserted.map((r) => [r.sku_key, Number(r.id)]));
    }
    await db('variants').insert(rows);
    const stored: Array<{ id: number; sku_key: string }> = await db('variants').where('product_id', productId).select('id', 'sku_key');
    return new Map(stored.map((r) => [r.sku_key, Number(r.id)]));
  }

  // A new variant's row from its input, checked against the product's options (400 naming each bad field).
  private checkedRow(productOptions: OptionDef[], input: VariantInput, now: Date) {
    const errors: FieldErrors = {};
    const options = checkVariantOptions(productOptions, input.options ?? {}, errors);
    const price = this.parts.pricing.parse(errors, 'price', input.price);
    const compareAt = this.parts.pricing.parse(errors, 'compare_at_price', input.compare_at_price);
    const prices = this.parts.pricing.parseFixed(errors, 'prices', input.prices) ?? {};
    throwIfInvalid(errors);
    const row: NewVariantRow = {
      sku: input.sku!,
      sku_key: input.sku!.toLowerCase(),
      options: JSON.stringify(options),
      options_key: optionsKey(options),
      price: price!,
      compare_at_price: compareAt ?? null,
      prices: JSON.stringify(prices),
      track_inventory: input.track_inventory ?? true,
      allow_backorder: input.allow_backorder ?? false,
      weight: input.weight ?? null,
      ...dimensionsToRow(input.dimensions ?? null),
      created_at: now,
      updated_at: now,
    };
    return { options, row };
  }

  async emitCreated(db: Db, variant: VariantRecord): Promise<void> {
    const { type, data } = this.createdEvent(variant);
    await this.parts.events.emit(db, type, data);
  }

  /** The `variant.created` event of a variant, for a caller that records it with others. */
  createdEvent(variant: VariantRecord): { type: string; data: unknown } {
    return { type: 'variant.created', data: this.parts.views.variant(variant, this.parts.views.baseContext()) };
  }

  /** Checks and applies changes to a variant of `product`, emitting `variant.updated`; the caller refreshes. */
  async change(db: Db, product: ProductRecord, current: VariantRecord, input: VariantInput): Promise<VariantRecord> {
    const errors: FieldErrors = {};
    const changes: Record<string, unknown> = {};
    const options = input.options !== undefined ? checkVariantOptions(product.options, input.options, errors) : current.options;
    if (input.options !== undefined) Object.assign(changes, { options: JSON.stringify(options), options_key: optionsKey(options) });
    if (input.price !== undefined) changes.price = this.parts.pricing.parse(errors, 'price', input.price);
    if (input.compare_at_price !== undefined) changes.compare_at_price = this.parts.pricing.parse(errors, 'compare_at_price', input.compare_at_price);
    if (input.prices !== undefined) changes.prices = JSON.stringify(this.parts.pricing.parseFixed(errors, 'prices', input.prices));
    if (input.track_inventory !== undefined) changes.track_inventory = input.track_inventory;
    if (input.allow_backorder !== undefined) changes.allow_backorder = input.allow_backorder;
    if (input.weight !== undefined) changes.weight = input.weight;
    if (input.dimensions !== undefined) Object.assign(changes, dimensionsToRow(input.dimensions));
    if (input.sku !== undefined) Object.assign(changes, { sku: input.sku, sku_key: input.sku.toLowerCase() });
    throwIfInvalid(errors);
    await this.checkUnique(db, product.id, input.sku ?? current.sku, options, current.id);
    changes.updated_at = this.parts.clock.now();
    await db('variants').where('id', current.id).update(changes);
    const variant = variantFromRow(await db('variants').where('id', current.id).first());
    await this.parts.events.emit(db, 'variant.updated', this.parts.views.variant(variant, this.parts.views.baseContext()));
    return variant;
  }

  /** Deletes variants: `variantRemoving` first (taps may veto), then the rows, then one event each. */
  async removeMany(db: Db, variants: VariantRecord[]): Promise<void> {
    if (variants.length === 0) return;
    const ids = variants.map((v) => v.id);
    await this.parts.hooks.variantRemoving.promise({ trx: db, variantIds: ids });
    await db('variants').whereIn('id', ids).delete();
    const base = this.parts.views.baseContext();
    for (const v of variants) await this.parts.events.emit(db, 'variant.deleted', this.parts.views.variant(v, base));
  }

  /**
   * After every write to a product or its variants: recomputes its effective price (explicit, else
   * lowest variant) and its search documents, and raises its revision.
   */
  async refreshProduct(db: Db, productId: number): Promise<void> {
    await db('products')
      .where('id', productId)
      .update({
        effective_price: db.raw('coalesce(price, (select min(v.price) from variants v where v.product_id = ?))', [productId]),
        revision: db.raw('revision + 1'),
      });
    await syncProductSearch(db, productId);
  }

  /** The product, locked for the rest of the transaction (variant writes of one product take turns). */
  async lockProduct(db: Db, productId: number): Promise<ProductRecord> {
    const row = await forUpdate(db as Knex, db('products').where('id', productId)).first();
    if (!row) throw CatalogErrors.productNotFound();
    return productFromRow(row);
  }

  // SKUs are unique in the store (case-insensitively), option combinations within a product.
  // One statement for both (each side of the OR has its index): a product's variants are written one by
  // one, and bulk sync writes a few hundred at a time.
  private async checkUnique(db: Db, productId: number, sku: string, options: Record<string, string>, exceptId?: number): Promise<void> {
    const skuKey = sku.toLowerCase();
    const query = db('variants')
      .select('sku_key')
      .where((q) => q.where('sku_key', skuKey).orWhere((combo) => combo.where({ product_id: productId, options_key: optionsKey(options) })))
      .limit(2);
    if (exceptId !== undefined) query.whereNot('id', exceptId);
    const clashes: Array<{ sku_key: string }> = await query;
    if (clashes.some((c) => c.sku_key === skuKey)) throw CatalogErrors.duplicateSku(sku);
    if (clashes.length) throw CatalogErrors.duplicateVariant(describeOptions(options));
  }
}
