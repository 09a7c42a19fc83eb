import type { PluginContext } from '../../../kernel/plugin.ts';
import type { CatalogServices } from '../services/index.ts';
import { bulkBody, bulkResponse } from '../schemas/products.ts';
import { viewOf } from './context.ts';

/** Bulk product synchronisation for integrations: up to 100 products with their variants, all or nothing. */
export function registerBulkRoutes(ctx: PluginContext, s: CatalogServices): void {
  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/products/bulk/',
    auth: 'staff',
    tag: 'products',
    summary: 'Create or update up to 100 products with their variants in one transaction (all or nothing).',
    description:
      'A record with `id` updates that product (the fields given), else creates one. Variants are matched by SKU within ' +
      'their product (updated, else added; others are kept). Every bad record is named by index, e.g. ' +
      '`products.3.variants.0.sku`; nothing is written then. 101 records or more: 400.',
    translated: true,
    currency: true,
    bodyLimit: 16 * 1024 * 1024,
    schema: { body: bulkBody, response: { 200: bulkResponse } },
    handler: async (request) => {
      const records = await s.bulk.upsert(request.trx!, request.body.products);
      return { products: await s.views.products(request.trx!, records, viewOf(request)) };
    },
  });
}
