import type { FastifyReply, FastifyRequest } from 'fastify';
import { definePlugin } from '../../kernel/plugin.ts';
import type { InternalApi } from '../../kernel/http/internal-api.ts';
import type { StoreLocale } from '../../kernel/http/negotiation.ts';
import type { ResponseCache } from '../../kernel/http/response-cache.ts';
import type { RouteRequest } from '../../kernel/routes.ts';
import { Storefront, type ThemeSource } from './storefront.ts';
import { PageRoutes } from './page-routes.ts';
import { homePage } from './pages/home.ts';
import { currencyPage } from './pages/currency.ts';
import { registerAssetRoute } from './asset-route.ts';
import { registerCatalogPages } from './pages/catalog/index.ts';
import { loadCategories } from './pages/catalog/categories.ts';
import { registerCartPages } from './pages/cart/index.ts';
import { registerAccountPages } from './pages/account/index.ts';

export const PLUGIN_NAME = 'storefront';

export default definePlugin({
  name: PLUGIN_NAME,
  version: '1.0.0',
  description: 'The shop in the browser: renders the active theme (Liquid) over the REST API on the same port.',
  dependsOn: ['core-store', 'core-checkout', 'themes'],
  register(ctx) {
    const themes = ctx.container.resolve<ThemeSource>('themeRegistry');
    const responseCache = ctx.container.resolve<ResponseCache>('responseCache');
    const locale = () => ctx.container.resolve<() => StoreLocale>('storeLocale')();
    const storeName = () => ctx.container.resolve<{ get(): { name: string } }>('storeSettings').get().name;
    const storefront = new Storefront(themes, { logger: ctx.logger, responseCache, locale, storeName });
    const pages = new PageRoutes(ctx, {
      storefront,
      locale,
      // The app exists once the kernel built it, after every plugin registered.
      api: () => ctx.container.resolve<InternalApi>('internalApi'),
      responseCache,
      baseUrl: ctx.config.baseUrl,
      storeName,
      globals: async (visit) => ({ navigation: { categories: (await loadCategories(visit)).filter((c) => c.parent_id === null) } }),
    });
    registerAssetRoute(ctx, storefront);
    pages.add(homePage(async () => Number((await storefront.active()).settings.featured_products_count ?? 8)));
    pages.add(currencyPage);
    registerCatalogPages(pages, { ctx, baseUrl: ctx.config.baseUrl, storeName });
    registerCartPages(pages);
    registerAccountPages(pages);
    // The hosted payment page (where gateways send shoppers back) in the active theme.
    ctx.hooks.get('checkout').renderPayPage.tapPromise({ name: PLUGIN_NAME }, (page, request, reply) =>
      pages.renderFor(request as RouteRequest, reply, { template: 'checkout-pay', status: page.status, data: { hosted: page }, seo: { noindex: true } }),
    );
    // An unknown path asked for by a browser gets the theme's 404 page; API paths keep the JSON 404.
    ctx.hooks.get('kernel').notFound.tapPromise({ name: PLUGIN_NAME }, async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0]!;
      if (path.startsWith('/api/') || path.startsWith('/admin') || path.startsWith('/assets/')) return undefined;
      if (!/text\/html|\*\/\*/.test(String(request.headers.accept ?? ''))) return undefined;
      const body = await pages.notFoundFor(request as RouteRequest, reply);
      reply.send(body);
      return true;
    });
  },
});
