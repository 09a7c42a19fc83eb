import type { PluginContext } from '../../../kernel/plugin.ts';
import { paginate } from '../../../kernel/http/lists.ts';
import { idParams } from '../../../kernel/http/schemas.ts';
import { AppError } from '../../../kernel/http/errors.ts';
import type { CatalogServices } from '../services/index.ts';
import { categoryFromRow } from '../services/records.ts';
import { noContent } from '../schemas/common.ts';
import { categoryCreateBody, categoryListQuery, categoryListSpec, categoryPage, categoryPatchBody } from '../schemas/categories.ts';
import { created, viewOf } from './context.ts';

const tag = 'categories';
const category = { $ref: 'Category#' };

/** The category endpoints: public reads, staff writes. */
export function registerCategoryRoutes(ctx: PluginContext, s: CatalogServices): void {
  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/categories/',
    auth: 'public',
    cache: 'anonymous',
    tag,
    summary: 'List categories (ordering: name (default), created_at; parent=<id>|null for one level).',
    description: 'Public. parent=<id> lists the children of one category, parent=null the top level; names in the negotiated language.',
    translated: true,
    schema: { querystring: categoryListQuery, response: { 200: categoryPage } },
    handler: async (request) => {
      const vc = viewOf(request);
      const parent = request.query.parent === undefined ? undefined : request.query.parent === 'null' ? null : Number(request.query.parent);
      const query = s.categories.listQuery(ctx.knex, { parent });
      return paginate(request, ctx.config.baseUrl, query, categoryListSpec, (rows: any[]) => rows.map((r) => s.views.category(categoryFromRow(r), vc)), 'categories.id');
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/categories/by-slug/:slug/',
    auth: 'public',
    cache: 'anonymous',
    tag,
    summary: 'One category by its slug.',
    description: 'How a shop links to a category (/categories/shoes): the same answer as GET /api/v1/categories/{id}/.',
    translated: true,
    schema: { params: { type: 'object', required: ['slug'], properties: { slug: { type: 'string', minLength: 1, maxLength: 200 } } }, response: { 200: category } },
    handler: async (request) => {
      const row = await ctx.knex('categories').where({ slug: request.params.slug }).first();
      if (!row) throw new AppError(404, 'not_found', 'No category with this slug.');
      return s.views.category(categoryFromRow(row), viewOf(request));
    },
  });

  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/categories/',
    auth: 'staff',
    tag,
    summary: 'Create a category.',
    description: 'Unknown parent_id: 400. Taken slug: 409 duplicate_slug. Emits category.created.',
    translated: true,
    schema: { body: categoryCreateBody, response: { 201: category } },
    handler: async (request, reply) => {
      const record = await s.categories.create(request.trx!, request.body);
      created(ctx, reply, `/api/v1/categories/${record.id}/`);
      return s.views.category(record, viewOf(request));
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/categories/:id/',
    auth: 'public',
    cache: 'anonymous',
    tag,
    summary: 'One category.',
    description: 'Public; name and description in the negotiated language. Staff also see the stored translations.',
    translated: true,
    schema: { params: idParams, response: { 200: category } },
    handler: async (request) => s.views.category(await s.categories.get(ctx.knex, request.params.id), viewOf(request)),
  });

  ctx.routes.add({
    method: 'PATCH',
    path: '/api/v1/categories/:id/',
    auth: 'staff',
    tag,
    summary: 'Change a category (moving it under itself or a descendant: 400).',
    description: 'Emits category.updated.',
    translated: true,
    schema: { params: idParams, body: categoryPatchBody, response: { 200: category } },
    handler: async (request) => s.views.category(await s.categories.update(request.trx!, request.params.id, request.body), viewOf(request)),
  });

  ctx.routes.add({
    method: 'DELETE',
    path: '/api/v1/categories/:id/',
    auth: 'staff',
    tag,
    summary: 'Delete an empty category (with subcategories or products: 409 category_not_empty).',
    description: 'Emits category.deleted.',
    schema: { params: idParams, response: noContent },
    handler: async (request, reply) => {
      await s.categories.remove(request.trx!, request.params.id);
      reply.code(204);
    },
  });
}
