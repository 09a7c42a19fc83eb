import type { FastifyReply } from 'fastify';
import type { PluginContext } from '../../../kernel/plugin.ts';
import type { RouteRequest } from '../../../kernel/routes.ts';
import { paginate } from '../../../kernel/http/lists.ts';
import { isStaffLike } from '../../../kernel/http/principal.ts';
import type { StoreSettingsService } from '../../core-store/contracts.ts';
import { PageService, type PageViewer } from '../services/pages.ts';
import {
  pageIdParams,
  pageListQuery,
  pageListResponse,
  pageListSpec,
  pagePatchBody,
  pageSchema,
  pageSlugParams,
  pageWriteBody,
} from '../schemas/pages.ts';

const tag = 'pages';
const BASE = '/api/v1/pages/';

function viewerOf(request: RouteRequest): PageViewer {
  return { lang: request.lang, staff: isStaffLike(request.principal) };
}

/**
 * The CMS page endpoints (public reads, staff writes). Builds its own PageService from the plugin's
 * context; the store's languages are read from core-store's `storeSettings` at request time.
 */
export function registerPageRoutes(ctx: PluginContext): void {
  const pages = new PageService({
    knex: ctx.knex,
    clock: ctx.clock,
    events: ctx.events,
    languages: () => ctx.container.resolve<StoreSettingsService>('storeSettings').get().languages,
  });
  const location = (reply: FastifyReply, id: number) => reply.header('location', `${ctx.config.baseUrl}${BASE}${id}/`);

  ctx.routes.add({
    method: 'GET',
    path: BASE,
    auth: 'public',
    cache: 'anonymous',
    tag,
    summary: 'List CMS pages (anonymous callers and customers see published pages only).',
    description: 'Ordering: title (default), created_at, updated_at. `search` matches the title, base or in the negotiated language.',
    translated: true,
    schema: { querystring: pageListQuery, response: { 200: pageListResponse } },
    handler: async (request: RouteRequest) => {
      const viewer = viewerOf(request);
      const query = pages.listQuery(viewer, { search: request.query.search, published: request.query.published });
      return paginate(request, ctx.config.baseUrl, query, pageListSpec, (rows: any[]) => pages.present(rows, viewer));
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: `${BASE}by-slug/:slug/`,
    auth: 'public',
    cache: 'anonymous',
    tag,
    summary: 'One CMS page by its slug (404 for an unpublished page unless staff).',
    description: 'How a shop links to a page (/pages/about-us). Title and body in the negotiated language; the body is sanitised HTML.',
    translated: true,
    schema: { params: pageSlugParams, response: { 200: pageSchema } },
    handler: async (request: RouteRequest) => pages.get({ slug: request.params.slug }, viewerOf(request)),
  });

  ctx.routes.add({
    method: 'GET',
    path: `${BASE}:id/`,
    auth: 'public',
    cache: 'anonymous',
    tag,
    summary: 'One CMS page by id (404 for an unpublished page unless staff).',
    description: 'Title and body in the negotiated language; staff also see drafts and the stored translations.',
    translated: true,
    schema: { params: pageIdParams, response: { 200: pageSchema } },
    handler: async (request: RouteRequest) => pages.get({ id: request.params.id }, viewerOf(request)),
  });

  ctx.routes.add({
    method: 'POST',
    path: BASE,
    auth: 'staff',
    tag,
    summary: 'Create a CMS page; the body HTML is sanitised (emits page.created).',
    description: 'An explicit slug already in use is 409 duplicate_slug; a slug derived from the title gets a -2, -3 … suffix instead.',
    translated: true,
    schema: { body: pageWriteBody, response: { 201: pageSchema } },
    handler: async (request: RouteRequest, reply: FastifyReply) => {
      const page = await pages.create(request.trx!, request.body, viewerOf(request));
      location(reply, page.id).code(201);
      return page;
    },
  });

  ctx.routes.add({
    method: 'PUT',
    path: `${BASE}:id/`,
    auth: 'staff',
    tag,
    summary: 'Replace a CMS page whole (emits page.updated).',
    description: 'Omitted fields are reset: slug derived anew from the title, empty body, unpublished, no translations.',
    translated: true,
    schema: { params: pageIdParams, body: pageWriteBody, response: { 200: pageSchema } },
    handler: async (request: RouteRequest) => pages.replace(request.trx!, request.params.id, request.body, viewerOf(request)),
  });

  ctx.routes.add({
    method: 'PATCH',
    path: `${BASE}:id/`,
    auth: 'staff',
    tag,
    summary: 'Change some fields of a CMS page (emits page.updated).',
    description: 'A new title keeps the slug. `translations` is merged per language; `{"de": null}` removes German.',
    translated: true,
    schema: { params: pageIdParams, body: pagePatchBody, response: { 200: pageSchema } },
    handler: async (request: RouteRequest) => pages.update(request.trx!, request.params.id, request.body, viewerOf(request)),
  });

  ctx.routes.add({
    method: 'DELETE',
    path: `${BASE}:id/`,
    auth: 'staff',
    tag,
    summary: 'Delete a CMS page and its translations (emits page.deleted).',
    description: 'Staff only. The page is gone at once (its slug can be reused); answers 204.',
    schema: { params: pageIdParams, response: { 204: { type: 'null' } } },
    handler: async (request: RouteRequest, reply: FastifyReply) => {
      await pages.remove(request.trx!, request.params.id);
      reply.code(204);
    },
  });
}
