import { definePlugin } from '../../kernel/plugin.ts';
import { createCatalogHooks } from './hooks.ts';
import { registerBulkRoutes } from './routes/bulk.ts';
import { registerCategoryRoutes } from './routes/categories.ts';
import { registerPageRoutes } from './routes/pages.ts';
import { registerProductRoutes } from './routes/products.ts';
import { registerVariantRoutes } from './routes/variants.ts';
import { categorySchema } from './schemas/categories.ts';
import { productSchema } from './schemas/products.ts';
import { variantSchema } from './schemas/variants.ts';
import { createCatalogServices } from './services/index.ts';

export const PLUGIN_NAME = 'core-catalog';

export default definePlugin({
  name: PLUGIN_NAME,
  version: '1.0.0',
  description: 'Products, options, variants, categories, CMS pages, translations, currencies and search.',
  dependsOn: ['core-store', 'core-auth'],
  register(ctx) {
    const hooks = ctx.hooks.define('catalog', createCatalogHooks());
    const services = createCatalogServices(ctx, hooks);
    for (const schema of [variantSchema, productSchema, categorySchema]) ctx.schemas.add(schema as any);
    // Bulk first: its static path must be registered before anything else claims /products/….
    registerBulkRoutes(ctx, services);
    registerProductRoutes(ctx, services);
    registerVariantRoutes(ctx, services);
    registerCategoryRoutes(ctx, services);
    registerPageRoutes(ctx);
  },
});
