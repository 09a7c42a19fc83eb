import type { Liquid } from 'liquidjs';
import { lazyImport } from '../../kernel/lazy-require.ts';
import type { Logger } from '../../kernel/logger.ts';
import type { ResponseCache } from '../../kernel/http/response-cache.ts';
import type { StoreLocale } from '../../kernel/http/negotiation.ts';
import type { RenderEnv } from './theme-engine.ts';
import { ThemeAssets } from './assets.ts';
import type { LocaleStrings } from './strings.ts';
import type { Visit } from './visit.ts';

/** What the storefront uses of the themes plugin's `themeRegistry` service. */
export interface ThemeSource {
  resolveFile(theme: string, relativePath: string): string | undefined;
  activeName(): Promise<string>;
  settings(name: string): Promise<Record<string, unknown>>;
  locale(theme: string, language: string): Record<string, unknown>;
  get(name: string): { usable: boolean } | undefined;
}

/** What a page handler gives back: a template and its variables, or where to send the browser. */
export type PageResult =
  | {
      /** A file in the theme's `templates/`, without `.liquid`: `product`, `account/login`. */
      template: string;
      status?: number;
      data?: Record<string, unknown>;
      /** Title, description, canonical path, Open Graph image, JSON-LD objects, `noindex`. */
      seo?: PageSeo;
    }
  | { redirect: string; status?: 302 | 303 };

export interface PageSeo {
  title?: string;
  description?: string;
  /** The page's canonical path without the language prefix (`/products/blue-shirt`). */
  path?: string;
  image?: string | null;
  /** `product`, `website`, … for og:type. */
  type?: string;
  jsonLd?: unknown[];
  noindex?: boolean;
}

/** Markers a shared (cached) page holds where each visitor's own values go. */
export const MARKERS = { csrf: 'skmark0csrf0token', cartCount: 'skmark0cart0count' } as const;

const ENGLISH = 'en';

// The theme engine (and LiquidJS with it, about 1.3 MiB of heap once loaded) is loaded with the first
// page rendered, not at start: a headless store, or one that has served no page yet, never holds it.
const themeEngine = lazyImport(() => import('./theme-engine.ts'));

/**
 * Renders storefront pages from the active theme: the template, then `layout/theme.liquid` around it,
 * with the page's strings, settings and links. A template that fails is logged with the theme and the
 * template and answered with the theme's `error` template; if even that fails, with a plain page.
 */
export class Storefront {
  private readonly engines = new Map<string, Promise<Liquid>>();
  readonly assets: ThemeAssets;
  private activeCache?: { generation: number; name: string; settings: Record<string, unknown> };

  constructor(
    readonly themes: ThemeSource,
    private readonly deps: { logger: Logger; responseCache: ResponseCache; locale: () => StoreLocale; storeName: () => string },
  ) {
    this.assets = new ThemeAssets(themes);
  }

  engine(theme: string): Promise<Liquid> {
    let engine = this.engines.get(theme);
    if (!engine) {
      engine = themeEngine().then(({ createThemeEngine }) => createThemeEngine(this.themes, theme));
      this.engines.set(theme, engine);
      engine.catch(() => this.engines.get(theme) === engine && this.engines.delete(theme));
    }
    return engine;
  }

  /** The active theme and its settings, read once per committed change (the cache generation moves on each). */
  async active(): Promise<{ name: string; settings: Record<string, unknown> }> {
    const generation = this.deps.responseCache.generation;
    if (this.activeCache?.generation === generation) return this.activeCache;
    const name = await this.themes.activeName();
    const settings = this.themes.get(name)?.usable ? await this.themes.settings(name) : {};
    this.activeCache = { generation, name, settings };
    return this.activeCache;
  }

  /** The strings of a page: its language's, then the default language's, then English. */
  strings(theme: string, lang: string): LocaleStrings[] {
    const chain = [lang, this.deps.locale().defaultLanguage, ENGLISH];
    return [...new Set(chain)].map((l) => this.themes.locale(theme, l));
  }

  env(theme: string, visit: Visit): RenderEnv {
    return {
      lang: visit.lang,
      strings: this.strings(theme, visit.lang),
      localize: (path) => visit.localize(path),
      assetUrl: (path) => this.assets.url(theme, path),
    };
  }

  /**
   * The page's HTML: the template inside the layout. Throws what the template threw; `renderSafely`
   * turns that into the error page.
   */
  async render(theme: string, template: string, scope: Record<string, unknown>, visit: Visit): Promise<string> {
    const [engine, { renderThemeFile }] = await Promise.all([this.engine(theme), themeEngine()]);
    const env = this.env(theme, visit);
    const content = await renderThemeFile(engine, `templates/${template}.liquid`, scope, env);
    return renderThemeFile(engine, 'layout/theme.liquid', { ...scope, content_for_layout: content }, env);
  }

  /** Renders a page; a failing template is logged (theme, template) and the error page shown instead. */
  async renderSafely(theme: string, template: string, scope: Record<string, unknown>, visit: Visit): Promise<{ html: string; failed: boolean }> {
    try {
      return { html: await this.render(theme, template, scope, visit), failed: false };
    } catch (err) {
      this.deps.logger.error({ err, theme, template }, `Theme "${theme}" failed to render template "${template}"`);
      return { html: await this.errorPage(theme, scope, visit), failed: true };
    }
  }

  /** The theme's error page, or a plain one when that template fails too. */
  async errorPage(theme: string, scope: Record<string, unknown>, visit: Visit): Promise<string> {
    try {
      return await this.render(theme, 'error', { ...scope, seo: { title: 'Error', noindex: true } }, visit);
    } catch (err) {
      this.deps.logger.error({ err, theme, template: 'error' }, `Theme "${theme}" failed to render template "error"`);
      return plainErrorPage(this.deps.storeName());
    }
  }
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The last resort when the theme cannot render even its error page. */
export function plainErrorPage(storeName: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Something went wrong</title></head><body><main><h1>Something went wrong</h1><p>This page could not be shown. Please try again in a moment.</p><p><a href="/">${escape(storeName)}</a></p></main></body></html>`;
}
