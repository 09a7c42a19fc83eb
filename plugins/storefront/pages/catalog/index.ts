import type { PluginContext } from '../../../../kernel/plugin.ts';
import type { PageRoutes } from '../../page-routes.ts';
import type { PageResult } from '../../storefront.ts';
import type { Visit } from '../../visit.ts';
import { breadcrumbs, loadCategories, trail } from './categories.ts';
import { listingQuery, pagination, productsUrl, SORT_OPTIONS } from './listing.ts';
import { productJsonLd, summary } from './product-seo.ts';
import { registerSeoRoutes } from './seo-routes.ts';

/** Each option name with its values on offer, and whether the listing filters by each. */
function optionFilters(options: Array<{ name: string; values: string[] }>, chosen: string[]) {
  return options.map(({ name, values }) => ({ name, values: values.map((value) => ({ value, pair: `${name}:${value}`, checked: chosen.includes(`${name}:${value}`) })) }));
}

const NOT_FOUND: PageResult = { template: '404', status: 404, seo: { noindex: true } };

interface CatalogDeps {
  ctx: PluginContext;
  baseUrl: string;
  storeName: () => string;
}

/** Category, product, search and CMS pages; sitemap.xml and robots.txt. */
export function registerCatalogPages(pages: PageRoutes, deps: CatalogDeps): void {
  const { baseUrl, storeName } = deps;
  const absolute = (visit: Visit, path: string) => baseUrl + visit.localize(path);

  pages.add({
    path: '/categories/:slug',
    summary: 'Storefront: a category with its products',
    shared: true,
    async handler(visit) {
      const slug = String(visit.request.params.slug ?? '');
      const categories = await loadCategories(visit);
      const category = categories.find((c) => c.slug === slug);
      if (!category) return NOT_FOUND;
      const listing = listingQuery(visit.request.query ?? {});
      const [res, facets] = await Promise.all([
        visit.read(productsUrl(visit, listing, { category: String(category.id) })),
        // The option values on offer in the category, for its filters.
        visit.read<{ options: Array<{ name: string; values: string[] }> }>(`/api/v1/products/facets/?category=${category.id}`),
      ]);
      if (res.status !== 200) return NOT_FOUND;
      const path = `/categories/${category.slug}`;
      const crumbs = breadcrumbs(visit, baseUrl, storeName(), trail(categories, category.id).map((c) => ({ name: c.name, path: `/categories/${c.slug}` })));
      return {
        template: 'category',
        data: {
          category,
          subcategories: categories.filter((c) => c.parent_id === category.id),
          products: res.body.results,
          pagination: pagination(visit.localize(path), listing, res.body.count),
          listing: { sort: listing.sort, min_price: listing.minPrice ?? '', max_price: listing.maxPrice ?? '', sorts: SORT_OPTIONS, in_stock: listing.inStock },
          option_filters: optionFilters(facets.status === 200 ? facets.body.options : [], listing.options),
          breadcrumbs: crumbs.items,
        },
        seo: {
          title: category.name,
          description: summary(category.description),
          path: listing.page > 1 ? `${path}?page=${listing.page}` : path,
          jsonLd: [crumbs.jsonLd],
          noindex: Boolean(listing.sort || listing.minPrice || listing.maxPrice || listing.inStock || listing.options.length),
        },
      };
    },
  });

  pages.add({
    path: '/products/:slug',
    summary: 'Storefront: a product with its variant picker',
    shared: true,
    async handler(visit) {
      const slug = String(visit.request.params.slug ?? '');
      const res = await visit.read(visit.inCurrency(`/api/v1/products/?slug=${encodeURIComponent(slug)}`));
      const product = res.status === 200 ? res.body.results[0] : undefined;
      if (!product) return NOT_FOUND;
      const asked = Number(visit.request.query?.variant);
      const variants: any[] = product.variants ?? [];
      const selected = variants.find((v) => v.id === asked) ?? variants.find((v) => v.in_stock !== false) ?? variants[0] ?? null;
      const categories = product.category_id === null ? [] : await loadCategories(visit);
      const path = `/products/${product.slug}`;
      const crumbs = breadcrumbs(visit, baseUrl, storeName(), [
        ...trail(categories, product.category_id).map((c) => ({ name: c.name, path: `/categories/${c.slug}` })),
        { name: product.name, path },
      ]);
      return {
        template: 'product',
        data: {
          product,
          selected_variant: selected,
          breadcrumbs: crumbs.items,
          product_data: {
            variants: variants.map((v) => ({ id: v.id, options: v.options, price: v.price, compare_at_price: v.compare_at_price, in_stock: v.in_stock !== false, available: v.available ?? null })),
          },
        },
        seo: {
          title: product.name,
          description: summary(product.description),
          path,
          image: product.images?.[0]?.url ?? null,
          type: 'product',
          jsonLd: [productJsonLd(product, absolute(visit, path)), crumbs.jsonLd],
        },
      };
    },
  });

  pages.add({
    path: '/search',
    summary: 'Storefront: search the catalogue',
    shared: true,
    async handler(visit) {
      const listing = listingQuery(visit.request.query ?? {});
      let products: unknown[] = [];
      let count = 0;
      if (listing.q) {
        const res = await visit.read(productsUrl(visit, listing));
        if (res.status === 200) {
          products = res.body.results;
          count = res.body.count;
        }
      }
      return {
        template: 'search',
        data: { query: listing.q ?? '', products, results_count: count, pagination: pagination(visit.localize('/search'), listing, count) },
        seo: { noindex: true },
      };
    },
  });

  pages.add({
    path: '/pages/:slug',
    summary: 'Storefront: a CMS page',
    shared: true,
    async handler(visit) {
      const slug = String(visit.request.params.slug ?? '');
      const res = await visit.read(`/api/v1/pages/by-slug/${encodeURIComponent(slug)}/`);
      if (res.status !== 200) return NOT_FOUND;
      return { template: 'page', data: { page: res.body }, seo: { title: res.body.title, description: summary(res.body.body), path: `/pages/${res.body.slug}` } };
    },
  });

  registerSeoRoutes(deps.ctx, baseUrl);
}
