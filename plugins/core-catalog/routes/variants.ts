import type { PluginContext } from '../../../kernel/plugin.ts';
import { paginate } from '../../../kernel/http/lists.ts';
import { idParams } from '../../../kernel/http/schemas.ts';
import type { CatalogServices } from '../services/index.ts';
import { variantFromRow } from '../services/records.ts';
import { noContent } from '../schemas/common.ts';
import { currencyOnlyQuery, variantCreateBody, variantListQuery, variantListSpec, variantPage, variantPatchBody } from '../schemas/variants.ts';
import { created, dbOf, viewOf } from './context.ts';

const tag = 'variants';
const variant = { $ref: 'Variant#' };

/** The variant endpoints: public reads (variants of active products unless staff), staff writes. */
export function registerVariantRoutes(ctx: PluginContext, s: CatalogServices): void {
  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/products/:id/variants/',
    auth: 'staff',
    tag,
    summary: 'Add a variant to a product.',
    description:
      'options: exactly the product\'s option names with allowed values (400 naming the bad option); a combination once per product ' +
      '(409 duplicate_variant); a SKU once per store (409 duplicate_sku). Emits variant.created.',
    currency: true,
    schema: { params: idParams, body: variantCreateBody, response: { 201: variant } },
    handler: async (request, reply) => {
      const record = await s.variants.create(request.trx!, request.params.id, request.body);
      created(ctx, reply, `/api/v1/variants/${record.id}/`);
      return (await s.views.variants(request.trx!, [record], viewOf(request)))[0];
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/variants/',
    auth: 'public',
    cache: 'anonymous',
    tag,
    summary: 'List variants, by SKU and/or product (anonymous callers and customers: variants of active products only).',
    description: 'Filter by exact SKU (case-insensitive) or by product; prices in ?currency= when asked. Staff see the variants of every product.',
    currency: true,
    schema: { querystring: variantListQuery, response: { 200: variantPage } },
    handler: async (request) => {
      const vc = viewOf(request);
      const query = s.variants.listQuery(ctx.knex, { sku: request.query.sku, product: request.query.product, activeOnly: !vc.staff });
      return paginate(request, ctx.config.baseUrl, query, variantListSpec, (rows: any[]) => s.views.variants(ctx.knex, rows.map(variantFromRow), vc), 'variants.id');
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/variants/:id/',
    auth: 'public',
    cache: 'anonymous',
    tag,
    summary: 'One variant (404 for a variant of a product that is not active, unless staff).',
    description: 'Price in ?currency= when asked; with stock (available, in_stock) when core-inventory is loaded.',
    currency: true,
    schema: { params: idParams, querystring: currencyOnlyQuery, response: { 200: variant } },
    handler: async (request) => {
      const db = dbOf(ctx, request);
      const vc = viewOf(request);
      const record = await s.variants.get(db, request.params.id, { activeOnly: !vc.staff });
      return (await s.views.variants(db, [record], vc))[0];
    },
  });

  ctx.routes.add({
    method: 'PATCH',
    path: '/api/v1/variants/:id/',
    auth: 'staff',
    tag,
    summary: 'Change a variant.',
    description: 'The same rules as creating one. Emits variant.updated.',
    currency: true,
    schema: { params: idParams, body: variantPatchBody, response: { 200: variant } },
    handler: async (request) => {
      const record = await s.variants.update(request.trx!, request.params.id, request.body);
      return (await s.views.variants(request.trx!, [record], viewOf(request)))[0];
    },
  });

  ctx.routes.add({
    method: 'DELETE',
    path: '/api/v1/variants/:id/',
    auth: 'staff',
    tag,
    summary: 'Delete a variant.',
    description: 'Plugins may veto through catalog.variantRemoving (409). Emits variant.deleted.',
    schema: { params: idParams, response: noContent },
    handler: async (request, reply) => {
      await s.variants.remove(request.trx!, request.params.id);
      reply.code(204);
    },
  });
}
