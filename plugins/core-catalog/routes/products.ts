import type { Knex } from 'knex';
import { forceIndex, isMysql } from '../../../kernel/db/dialect.ts';
import type { PluginContext } from '../../../kernel/plugin.ts';
import type { DirectReply, DirectRequest } from '../../../kernel/http/direct-request.ts';
import { paginate, type Page } from '../../../kernel/http/lists.ts';
import { sendKept, sendKeptPage } from '../../../kernel/http/kept-json.ts';
import { idParams } from '../../../kernel/http/schemas.ts';
import { AppError, badRequest, type FieldErrors } from '../../../kernel/http/errors.ts';
import { CatalogErrors } from '../errors.ts';
import type { CatalogServices } from '../services/index.ts';
import { productCountQuery } from '../services/product-counts.ts';
import { categoryProductCountQuery } from '../services/category-counts.ts';
import { FACET_PRODUCTS, productFacets } from '../services/product-facets.ts';
import { productFilters, productListQuery, type ProductListParams } from '../services/product-list.ts';
import { PRODUCT_COLUMNS, productFromRow, type ProductView } from '../services/records.ts';
import type { ProductSerializer } from '../services/product-memo.ts';
import { noContent } from '../schemas/common.ts';
import { currencyOnlyQuery } from '../schemas/variants.ts';
import { orderingIndex, productCreateBody, productFacets as facetsSchema, productFacetsQuery, productListQuery as listQuery, productListSpec, productPage, productPatchBody, productPutBody } from '../schemas/products.ts';
import { created, viewOf } from './context.ts';

const tag = 'products';
// One schema object: the routes' response schema, and what each route compiles its item serializer for, once.
const product = { $ref: 'Product#' };
const LIST_TOTAL = 'list_total';

/** The product endpoints: public reads (active products only unless staff), staff writes. */
export function registerProductRoutes(ctx: PluginContext, s: CatalogServices): void {
  // Customers and anonymous callers get products from the memo (services/product-memo.ts): serialised
  // JSON sent as it is. Staff get views built afresh, serialised by the route's schema.
  const serializerOf = (reply: DirectReply): ProductSerializer => reply.compileSerializationSchema(product, '200') as ProductSerializer;
  const one = async (request: DirectRequest, reply: DirectReply, id: number) => {
    const db = ctx.knex as Knex;
    const vc = viewOf(request);
    if (!s.memo.usable(vc)) return (await s.views.products(db, [productFromRow(await s.products.row(db, id, { activeOnly: !vc.staff }))], vc))[0];
    // The product's version first: kept as it is, nothing else is read.
    const ref = await s.memo.activeRef(db, id);
    const json = ref && (await s.memo.serialized(db, [ref], vc, serializerOf(reply), (ids) => s.products.records(db, ids, { activeOnly: true })))[0];
    if (!json) throw CatalogErrors.productNotFound();
    return sendKept(reply, json);
  };

  // `?category=` naming no category, as a field error.
  const unknownCategory = async (query: { category?: unknown }): Promise<FieldErrors> => {
    const category = typeof query.category === 'string' && query.category ? query.category : undefined;
    return category && !(await s.categories.exists(ctx.knex, category)) ? { category: ['No category with this id or slug.'] } : {};
  };
  // A category that does not exist is a 400 (named with any other bad parameter), not an empty answer.
  // It is asked only when something already went wrong or nothing matched, so an answer costs no extra
  // query.
  const requireCategory = async (query: { category?: unknown }, others: FieldErrors = {}) => {
    const errors = { ...(await unknownCategory(query)), ...others };
    if (Object.keys(errors).length) throw badRequest(`Invalid input: ${Object.keys(errors).join(', ')}.`, errors);
  };
  // The list's filters (list and facets); a refusal names a category that does not exist as well.
  const filtersOf = async (query: ProductListParams) => {
    try {
      const filters = productFilters(query, s.pricing, productListSpec);
      if (filters.category) filters.categoryIds = await s.categories.subtreeIdList(ctx.knex, filters.category);
      return filters;
    } catch (err) {
      if (err instanceof AppError && err.status === 400 && err.errors) await requireCategory(query, err.errors);
      throw err;
    }
  };

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/products/',
    auth: 'public',
    cache: 'anonymous',
    direct: true,
    tag,
    summary: 'List products with their variants (anonymous callers and customers: active products only).',
    description:
      'Filters: category (id or slug, with subcategories), slug (one product, as a shop links to it), option=Name:Value (repeatable: a variant with that value), in_stock (with core-inventory), status (staff), price__gte/price__lte (default currency), ' +
      'created_at__gte/__lte, search (name, description, SKUs and the negotiated language\'s translations; ranked by relevance ' +
      'unless `ordering` is given). Ordering: name, price, created_at (default -created_at).',
    translated: true,
    currency: true,
    schema: { querystring: listQuery, response: { 200: productPage } },
    checkQueryOnRefusal: unknownCategory,
    handler: async (request, reply) => {
      const vc = viewOf(request);
      const filters = await filtersOf(request.query);
      const { query, countQuery, countedStatuses, countedInCategory } = productListQuery(ctx.knex, s.categories, filters, { staff: vc.staff, lang: request.lang, hooks: ctx.hooks.get('catalog') });
      // An unfiltered list's count is the kept number of products per status, not a scan of them all, and
      // a list narrowed by its category only sums the kept numbers of the category's subtree; a search
      // reads its matches once, for the page and the count together.
      const countColumn = countedStatuses
        ? productCountQuery(ctx.knex, countedStatuses)
        : countedInCategory && categoryProductCountQuery(ctx.knex, countedInCategory.ids, countedInCategory.statuses);
      const totalColumn = filters.search ? { select: ctx.knex.raw(`count(*) over () as ${LIST_TOTAL}`), name: LIST_TOTAL } : undefined;
      const memo = s.memo.usable(vc);
      // With the memo, the page reads ids, revisions and (MySQL/MariaDB, not for a search's window count)
      // the fingerprint columns only; the records of products to build are read after.
      // A search's page, whose count is a window over its matches, gets them over its twenty rows read
      // as a derived table instead: one statement (SQLite, which has none here, measured no gain from it).
      const fingerprintColumns = memo ? s.memo.columnsWithRows(ctx.knex) : [];
      const fingerprints = filters.search ? [] : fingerprintColumns;
      if (memo) query.clearSelect().select('products.id', 'products.revision', ...fingerprints);
      const overPage = filters.search && fingerprintColumns.length ? { db: ctx.knex as Knex, alias: 'products', columns: fingerprintColumns } : undefined;
      // A page that skips IDS_FIRST_OFFSET rows or more reads its ids first, then these rows by id
      // (lists.ts says why); the ids passed the filters a moment before. Visibility is asked again,
      // kept off the status index (+) so that the rows are read by id.
      const rowsOfIds = (ids: number[]) => {
        const rows = ctx.knex('products').whereIn('products.id', ids).select(memo ? ['products.id', 'products.revision', ...fingerprints] : PRODUCT_COLUMNS);
        return vc.staff ? rows : rows.whereRaw('+?? = ?', ['products.status', 'active']);
      };
      const build = (rows: any[]): Promise<Array<Buffer | ProductView>> =>
        memo
          ? s.memo.serialized(ctx.knex, rows.map((r) => s.memo.refOf(r)), vc, serializerOf(reply), (ids) => s.products.records(ctx.knex, ids, { activeOnly: true }))
          : s.views.products(ctx.knex, rows.map(productFromRow), vc);
      // MariaDB reads a page after a position from the (status, ordering) index's range only when told
      // to: left to itself it walks the status's rows from the first (8 ms at page 400 of 10,000, not 1).
      const keysetIndex = isMysql(ctx.knex) && countedStatuses ? orderingIndex(request.query.ordering, vc.staff && !filters.status) : undefined;
      const keysetPage = keysetIndex ? (page: Knex.QueryBuilder) => forceIndex(ctx.knex, page, 'products', keysetIndex) : undefined;
      const page = await paginate(request, ctx.config.baseUrl, query, productListSpec, build, 'products.id', { countColumn, countQuery, totalColumn, overPage, rowsOfIds: totalColumn ? undefined : rowsOfIds, keysetPage }).catch(async (err: unknown) => {
        await requireCategory(request.query);
        throw err;
      });
      if (page.count === 0) await requireCategory(request.query);
      if (!memo) return page;
      return sendKeptPage(reply, page as Page<Buffer>);
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/products/facets/',
    auth: 'public',
    cache: 'anonymous',
    tag,
    summary: "The option names and values on offer among the products a list with the same filters shows: a shop's filters.",
    description:
      'Takes the product list\'s filters (category, option, in_stock, status, search, price__gte/price__lte) and reads the options of the newest ' +
      `${FACET_PRODUCTS} matching products; \`truncated\` says whether more matched. Anonymous callers and customers: active products only.`,
    translated: true,
    schema: { querystring: productFacetsQuery, response: { 200: facetsSchema } },
    checkQueryOnRefusal: unknownCategory,
    handler: async (request) => {
      const vc = viewOf(request);
      const filters = await filtersOf(request.query);
      const facets = await productFacets(ctx.knex, s.categories, filters, { staff: vc.staff, lang: request.lang, hooks: ctx.hooks.get('catalog') });
      if (facets.options.length === 0) await requireCategory(request.query);
      return facets;
    },
  });

  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/products/',
    auth: 'staff',
    tag,
    summary: 'Create a product (a draft unless status says otherwise), optionally with its variants.',
    description: 'Emits product.created (then variant.created per variant). Unknown category_id: 400. Taken slug: 409 duplicate_slug.',
    translated: true,
    currency: true,
    schema: { body: productCreateBody, response: { 201: product } },
    handler: async (request, reply) => {
      const record = await s.products.create(request.trx!, request.body);
      created(ctx, reply, `/api/v1/products/${record.id}/`);
      return (await s.views.products(request.trx!, [record], viewOf(request)))[0];
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/products/:id/',
    auth: 'public',
    cache: 'anonymous',
    direct: true,
    tag,
    summary: 'One product with its variants (404 for a product that is not active, unless staff).',
    description: 'Prices are in ?currency= when asked (converted, or a variant\'s fixed price in that currency); text is in the language Accept-Language negotiates. Staff also see drafts, archived products and the stored translations.',
    translated: true,
    currency: true,
    schema: { params: idParams, querystring: currencyOnlyQuery, response: { 200: product } },
    handler: async (request, reply) => one(request, reply, request.params.id),
  });

  for (const method of ['PUT', 'PATCH'] as const) {
    ctx.routes.add({
      method,
      path: '/api/v1/products/:id/',
      auth: 'staff',
      tag,
      summary: method === 'PUT' ? 'Replace a product\'s fields (left-out fields take their defaults; the slug stays).' : 'Change a product (publish: {"status": "active"}).',
      description: 'Emits product.updated. Removing an option value (or option) a variant uses: 409 option_in_use.',
      translated: true,
      currency: true,
      schema: { params: idParams, body: method === 'PUT' ? productPutBody : productPatchBody, response: { 200: product } },
      handler: async (request) => {
        const record = await s.products.update(request.trx!, request.params.id, request.body, method === 'PUT' ? 'put' : 'patch');
        return (await s.views.products(request.trx!, [record], viewOf(request)))[0];
      },
    });
  }

  ctx.routes.add({
    method: 'DELETE',
    path: '/api/v1/products/:id/',
    auth: 'staff',
    tag,
    summary: 'Delete a product and its variants.',
    description: 'Emits variant.deleted per variant and product.deleted. Plugins may veto through catalog.variantRemoving (409).',
    schema: { params: idParams, response: noContent },
    handler: async (request, reply) => {
      await s.products.remove(request.trx!, request.params.id);
      reply.code(204);
    },
  });
}
