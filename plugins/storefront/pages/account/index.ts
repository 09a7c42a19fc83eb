import type { PageRoutes } from '../../page-routes.ts';

/** Customer account pages: register, log in and out, password reset, orders, addresses. */
export function registerAccountPages(_pages: PageRoutes): void {}
