import type { PageRoutes } from '../../page-routes.ts';

/** Category, product, search and CMS pages; sitemap.xml and robots.txt. */
export function registerCatalogPages(_pages: PageRoutes): void {}
