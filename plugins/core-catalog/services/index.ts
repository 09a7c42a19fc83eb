import { asValue } from 'awilix';
import type { PluginContext } from '../../../kernel/plugin.ts';
import type { CatalogHooks } from '../hooks.ts';
import { BulkService } from './bulk.ts';
import { CategoryService, type ChangeGeneration } from './categories.ts';
import { CatalogPricing, type ExchangeReader, type StoreSettingsReader } from './pricing.ts';
import { ProductMemo } from './product-memo.ts';
import { ProductService } from './products.ts';
import { VariantService } from './variants.ts';
import { CatalogViews } from './views.ts';

/** Every core-catalog service, as the routes share them. */
export interface CatalogServices {
  pricing: CatalogPricing;
  views: CatalogViews;
  memo: ProductMemo;
  categories: CategoryService;
  products: ProductService;
  variants: VariantService;
  bulk: BulkService;
}

/**
 * Builds the services on core-store's settings and exchange rates and registers them in the container
 * under the names other plugins resolve: productService, variantService, categoryService,
 * catalogPricing, catalogViews.
 */
export function createCatalogServices(ctx: PluginContext, hooks: CatalogHooks): CatalogServices {
  const settings = ctx.container.resolve<StoreSettingsReader>('storeSettings');
  const exchange = ctx.container.resolve<ExchangeReader>('exchange');
  const languages = () => settings.get().languages;
  const pricing = new CatalogPricing(settings, exchange);
  const views = new CatalogViews(pricing, hooks, () => settings.get().default_language);
  const base = { clock: ctx.clock, events: ctx.events };
  const categories = new CategoryService({ ...base, views, languages, changes: ctx.container.resolve<ChangeGeneration>('responseCache') });
  const variants = new VariantService({ ...base, hooks, pricing, views });
  const products = new ProductService({ ...base, pricing, views, categories, variants, languages });
  const bulk = new BulkService({ products, variants });
  const memo = new ProductMemo({ views, hooks, settings });
  ctx.container.register({
    productService: asValue(products),
    variantService: asValue(variants),
    categoryService: asValue(categories),
    catalogPricing: asValue(pricing),
    catalogViews: asValue(views),
  });
  return { pricing, views, memo, categories, products, variants, bulk };
}
