import type { PageRoutes } from '../../page-routes.ts';
import { registerAuthPages } from './auth.ts';
import { registerAccountOverviewPages } from './account.ts';

/** Customer account pages: register, log in and out, password reset, orders, addresses. */
export function registerAccountPages(pages: PageRoutes): void {
  registerAuthPages(pages);
  registerAccountOverviewPages(pages);
}
