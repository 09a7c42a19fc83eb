import type { PageRoutes } from '../../page-routes.ts';

/** The cart, checkout and order status pages. */
export function registerCartPages(_pages: PageRoutes): void {}
