import type { PageDefinition } from '../page-routes.ts';

/** The home page: the theme's hero and as many featured products as its settings ask for. */
export function homePage(featuredCount: () => Promise<number>): PageDefinition {
  return {
    path: '/',
    summary: 'Storefront: home page',
    shared: true,
    async handler(visit) {
      const count = await featuredCount();
      let products: unknown[] = [];
      if (count > 0) {
        const res = await visit.read(visit.inCurrency(`/api/v1/products/?page_size=${Math.min(count, 100)}`));
        if (res.status === 200) products = res.body.results ?? [];
      }
      return { template: 'home', data: { featured_products: products }, seo: { path: '/' } };
    },
  };
}
