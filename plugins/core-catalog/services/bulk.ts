import { AppError } from '../../../kernel/http/errors.ts';
import { toId } from '../../../kernel/http/schemas.ts';
import { CatalogErrors, ErrorCollector } from '../errors.ts';
import type { ProductInput } from './product-input.ts';
import { CreateBatch, type ProductCreate, type ProductService } from './products.ts';
import type { Db, ProductRecord } from './records.ts';
import type { VariantInput, VariantService } from './variants.ts';

export const BULK_MAX = 100;

/** One record of a bulk write: a product with `id` is updated (the fields given), else created. */
export interface BulkRecord extends ProductInput {
  id?: number | string;
  variants?: VariantInput[];
}

/**
 * Creates or updates many products with their variants in the caller's one transaction, all or nothing.
 * Variants are matched by SKU within their product (updated when found, else added; variants not
 * named are kept). Every bad record is collected, named by index (`products.3.variants.0.sku`), and
 * thrown together, so the transaction rolls back with nothing written.
 */
export class BulkService {
  constructor(private readonly parts: { products: ProductService; variants: VariantService }) {}

  async upsert(db: Db, records: BulkRecord[]): Promise<ProductRecord[]> {
    const collector = new ErrorCollector();
    const results: ProductRecord[] = [];
    // Creates leave their numbers per status, search documents and events in the batch, written one
    // statement each before an update record (it may change a product created earlier in the call, and
    // its events follow theirs) and after the last record.
    const batch = new CreateBatch();
    for (const [i, record] of records.entries()) {
      if (record.id !== undefined) await this.parts.products.flushCreates(db, batch);
      const product = await collector.run(`products.${i}.`, () => this.one(db, record, batch));
      if (product) results.push(product);
    }
    await this.parts.products.flushCreates(db, batch);
    collector.throwIfAny();
    return results;
  }

  private async one(db: Db, record: BulkRecord, batch: CreateBatch): Promise<ProductRecord> {
    const { id, variants, ...fields } = record;
    if (id === undefined) {
      if (fields.name === undefined) throw CatalogErrors.invalid({ name: ['This field is required to create a product (a record without id).'] });
      return this.parts.products.create(db, { ...fields, variants } as ProductCreate, batch);
    }
    const productId = toId(id);
    try {
      let product = Object.keys(fields).length
        ? await this.parts.products.update(db, productId, fields, 'patch')
        : await this.parts.variants.lockProduct(db, productId);
      if (variants?.length) {
        await this.parts.products.addVariants(db, product, variants, { matchBySku: true });
        product = await this.parts.products.get(db, productId);
      }
      return product;
    } catch (err) {
      // An unknown id is a bad value in this request, not a missing resource.
      if (err instanceof AppError && err.status === 404) throw CatalogErrors.invalid({ id: [`No product with id ${productId}.`] });
      throw err;
    }
  }
}
