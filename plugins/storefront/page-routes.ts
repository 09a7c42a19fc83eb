import type { FastifyReply } from 'fastify';
import type { PluginContext } from '../../kernel/plugin.ts';
import type { RouteRequest } from '../../kernel/routes.ts';
import type { InternalApi } from '../../kernel/http/internal-api.ts';
import type { StoreLocale } from '../../kernel/http/negotiation.ts';
import type { ResponseCache } from '../../kernel/http/response-cache.ts';
import { MARKERS, type PageResult, type PageSeo, type Storefront } from './storefront.ts';
import { pageHeaders } from './page-headers.ts';
import { wantsFresh } from '../../kernel/http/cache-rules.ts';
import { CURRENCY_COOKIE, Visit } from './visit.ts';

/** One storefront page: its path without the language prefix and what it shows. */
export interface PageDefinition {
  /** Fastify path syntax, without the language prefix: `/products/:slug`. Served also as `/:lang/products/:slug`. */
  path: string;
  method?: 'GET' | 'POST';
  /**
   * The page is the same for every visitor with the same language and currency (apart from the cart
   * count and form tokens, which are filled per visitor): it is kept in the response cache until the
   * next committed change.
   */
  shared?: boolean;
  summary: string;
  handler: (visit: Visit) => Promise<PageResult>;
}

export interface PageServices {
  storefront: Storefront;
  locale: () => StoreLocale;
  api: () => InternalApi;
  responseCache: ResponseCache;
  baseUrl: string;
  storeName: () => string;
  /** Variables every page has besides the kernel's (the header's category navigation). */
  globals?: (visit: Visit) => Promise<Record<string, unknown>>;
}

const html = { type: 'string', description: 'An HTML page.' } as const;
const LANGUAGE_NAMES = new Map<string, Intl.DisplayNames>();

function languageName(code: string): string {
  let names = LANGUAGE_NAMES.get(code);
  if (!names) {
    try {
      names = new Intl.DisplayNames([code], { type: 'language' });
    } catch {
      names = new Intl.DisplayNames(['en'], { type: 'language' });
    }
    LANGUAGE_NAMES.set(code, names);
  }
  return names.of(code) ?? code;
}

/** The visitor's currency: the remembered one when the store still offers it, else the store's default. */
function currencyOf(request: RouteRequest, locale: StoreLocale): string {
  const remembered = request.cookies?.[CURRENCY_COOKIE]?.toUpperCase();
  return remembered && locale.currencies.includes(remembered) ? remembered : locale.defaultCurrency;
}

/** The path of a request without its language prefix and query. */
function pagePath(url: string, lang: string | undefined): string {
  const path = url.split('?')[0] ?? '/';
  if (!lang) return path;
  const rest = path.slice(lang.length + 1);
  return rest === '' ? '/' : rest;
}

/**
 * Mounts storefront pages, each at its path and under every language prefix, and renders what their
 * handlers return: the theme's template in its layout, the shared variables (shop, settings, links,
 * switchers, SEO), the security headers; shared pages through the response cache.
 */
export class PageRoutes {
  constructor(
    private readonly ctx: PluginContext,
    private readonly s: PageServices,
  ) {}

  add(page: PageDefinition): void {
    const method = page.method ?? 'GET';
    for (const prefixed of [false, true]) {
      const path = prefixed ? (page.path === '/' ? '/:lang/' : `/:lang${page.path}`) : page.path;
      this.ctx.routes.add({
        method,
        path,
        auth: 'public',
        summary: page.summary,
        hidden: true,
        // Forms carry the storefront's own token (checked by the handler); the API calls it makes
        // check theirs again.
        csrf: 'none',
        form: method === 'POST',
        // Each API call the page makes runs its own transaction.
        transaction: false,
        schema: { response: { 200: html, 400: html, 404: html, 500: html } },
        handler: (request, reply) => this.serve(page, request, reply),
      });
    }
  }

  /** Resolves language and currency, then answers from the cache or the page's handler. */
  async serve(page: PageDefinition, request: RouteRequest, reply: FastifyReply): Promise<string> {
    const locale = this.s.locale();
    const langParam: string | undefined = request.params?.lang;
    const visitLang = langParam && locale.languages.includes(langParam) ? langParam : locale.defaultLanguage;
    const visit = new Visit(request, reply, visitLang, currencyOf(request, locale), locale, this.s.api());
    if (langParam !== undefined && !locale.languages.includes(langParam)) return this.notFound(visit);
    const { name: activeTheme } = await this.s.storefront.active();
    const theme = this.previewTheme(request) ?? activeTheme;
    const cacheKey = page.shared && request.method === 'GET' && theme === activeTheme ? this.cacheKey(visit, theme) : undefined;
    // `Cache-Control: no-cache` asks for a page computed now, as on the API; the fresh page is kept.
    if (cacheKey && !wantsFresh(request.headers['cache-control'])) {
      const hit = this.s.responseCache.get(cacheKey);
      if (hit) {
        reply.code(200);
        pageHeaders(reply);
        return this.personalise(hit.body.toString(), visit);
      }
    }
    const generation = this.s.responseCache.generation;
    let result: PageResult;
    try {
      result = await page.handler(visit);
    } catch (err) {
      request.log.error({ err, page: page.path }, 'storefront page failed');
      return this.answer(visit, theme, { template: 'error', status: 500, seo: { noindex: true } });
    }
    if ('redirect' in result) {
      reply.code(result.status ?? 303).header('location', result.redirect).header('cache-control', 'no-store');
      return '';
    }
    const body = await this.answer(visit, theme, result, cacheKey === undefined);
    // Kept with the markers in place: each visitor's values are filled in on the way out.
    if (cacheKey && reply.statusCode === 200 && !visit.setCookies) this.s.responseCache.fill(cacheKey, generation, {}, body, false);
    return this.personalise(body, visit);
  }

  /**
   * A page another plugin's route answers with, drawn by the active theme (the hosted payment page):
   * in the request's negotiated language and the store's currency.
   */
  async renderFor(request: RouteRequest, reply: FastifyReply, result: Exclude<PageResult, { redirect: string }>): Promise<string> {
    const locale = this.s.locale();
    const lang = locale.languages.includes(request.lang) ? request.lang : locale.defaultLanguage;
    const visit = new Visit(request, reply, lang, currencyOf(request, locale), locale, this.s.api());
    const { name } = await this.s.storefront.active();
    return this.personalise(await this.answer(visit, name, result), visit);
  }

  /** The themed 404 page for a path no route serves (the kernel's notFound hook). */
  async notFoundFor(request: RouteRequest, reply: FastifyReply): Promise<string> {
    const locale = this.s.locale();
    const first = request.url.split('/')[1] ?? '';
    const lang = locale.languages.includes(first) ? first : locale.defaultLanguage;
    return this.notFound(new Visit(request, reply, lang, currencyOf(request, locale), locale, this.s.api()));
  }

  /** The themed 404 page (unknown path or record). */
  async notFound(visit: Visit): Promise<string> {
    const { name } = await this.s.storefront.active();
    return this.personalise(await this.answer(visit, name, { template: '404', status: 404, seo: { noindex: true } }), visit);
  }

  private previewTheme(request: RouteRequest): string | undefined {
    const asked = request.query?.preview_theme;
    if (typeof asked !== 'string' || !asked) return undefined;
    // Staff only, through a session (a preview link opened in the browser).
    if (request.principal.kind !== 'staff') return undefined;
    return this.s.storefront.themes.get(asked)?.usable ? asked : undefined;
  }

  private cacheKey(visit: Visit, theme: string): string {
    return `storefront ${theme} ${visit.lang} ${visit.currency} ${visit.request.url}`;
  }

  /** Renders the result, with markers where the per-visitor values go. */
  private async answer(visit: Visit, theme: string, result: Exclude<PageResult, { redirect: string }>, personal = true): Promise<string> {
    const scope = await this.scope(visit, theme, result, personal);
    const { html: body, failed } = await this.s.storefront.renderSafely(theme, result.template, scope, visit);
    visit.reply.code(failed ? 500 : (result.status ?? 200));
    pageHeaders(visit.reply);
    return body;
  }

  /** Fills in the visitor's form token and cart count. */
  private async personalise(body: string, visit: Visit): Promise<string> {
    let out = body;
    if (out.includes(MARKERS.csrf)) out = out.replaceAll(MARKERS.csrf, visit.csrfToken());
    if (out.includes(MARKERS.cartCount)) out = out.replaceAll(MARKERS.cartCount, String(await this.cartCount(visit)));
    return out;
  }

  private async cartCount(visit: Visit): Promise<number> {
    if (!visit.request.cookies?.cart_id && visit.request.principal.kind !== 'customer') return 0;
    const res = await visit.call<{ items?: Array<{ quantity: number }> }>('GET', '/api/v1/cart/');
    if (res.status !== 200 || !Array.isArray(res.body?.items)) return 0;
    return res.body.items.reduce((sum, item) => sum + (Number(item.quantity) || 0), 0);
  }

  /** The variables every template sees. */
  private async scope(visit: Visit, theme: string, result: Exclude<PageResult, { redirect: string }>, personal: boolean): Promise<Record<string, unknown>> {
    const locale = visit.locale;
    const { settings: activeSettings, name: activeName } = await this.s.storefront.active();
    const settings = theme === activeName ? activeSettings : await this.s.storefront.themes.settings(theme);
    const path = pagePath(visit.request.url, visit.request.params?.lang);
    const query = visit.request.url.includes('?') ? visit.request.url.slice(visit.request.url.indexOf('?')) : '';
    const seo: PageSeo = result.seo ?? {};
    const canonicalPath = seo.path ?? path;
    const absolute = (p: string, lang: string) => `${this.s.baseUrl}${lang === locale.defaultLanguage ? p : `/${lang}${p === '/' ? '/' : p}`}`;
    const principal = visit.request.principal;
    return {
      ...(this.s.globals ? await this.s.globals(visit) : {}),
      ...result.data,
      shop: { name: this.s.storeName(), languages: locale.languages, currencies: locale.currencies, default_language: locale.defaultLanguage, default_currency: locale.defaultCurrency },
      settings,
      theme: { name: theme },
      template: result.template,
      request: { lang: visit.lang, currency: visit.currency, path, query, base_url: this.s.baseUrl },
      languages: locale.languages.map((code) => ({ code, name: languageName(code), url: visit.localizeFor(code, path) + query, current: code === visit.lang })),
      currencies: locale.currencies.map((code) => ({ code, current: code === visit.currency })),
      csrf_token: MARKERS.csrf,
      cart_count: MARKERS.cartCount,
      customer: personal && principal.kind === 'customer' ? { signed_in: true } : null,
      seo: {
        title: seo.title ?? this.s.storeName(),
        description: seo.description ?? '',
        canonical: absolute(canonicalPath, visit.lang),
        alternates: seo.noindex ? [] : locale.languages.map((lang) => ({ lang, url: absolute(canonicalPath, lang) })),
        default_url: absolute(canonicalPath, locale.defaultLanguage),
        image: seo.image ?? null,
        type: seo.type ?? 'website',
        json_ld: seo.jsonLd ?? [],
        noindex: seo.noindex ?? false,
      },
    };
  }
}
