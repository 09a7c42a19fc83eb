import { Liquid, LookupType, Tag, type Context, type Emitter, type TagToken, type TopLevelToken } from 'liquidjs';
import { formatMoney } from '../../kernel/money/format.ts';
import type { Money } from '../../kernel/money/money.ts';
import { themeFileSystem, type ThemeFileSource } from './theme-files.ts';
import { translate, type LocaleStrings } from './strings.ts';

/** What the filters of one render need: the page's language, its strings, its links and asset URLs. */
export interface RenderEnv {
  lang: string;
  /** The page language's strings, then the default language's, then English. */
  strings: LocaleStrings[];
  /** A store path in the page's language: `/cart` → `/de/cart`. */
  localize(path: string): string;
  /** A theme asset's content-hashed URL. */
  assetUrl(path: string): string;
}

const ENV = '__storefront';

function envOf(context: Context): RenderEnv {
  return (context.globals as Record<string, unknown>)[ENV] as RenderEnv;
}

const SECTION_NAME = /^[a-z0-9][a-z0-9_-]*$/i;

// `{% section 'header' %}`: renders sections/header.liquid with the page's variables, like Shopify's.
class SectionTag extends Tag {
  private readonly file: string;
  constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid) {
    super(token, remain, liquid);
    const name = token.args.trim().replace(/^(['"])(.*)\1$/, '$2');
    if (!SECTION_NAME.test(name)) throw new Error(`{% section %} needs a section name in quotes, got ${token.args.trim() || 'nothing'}.`);
    this.file = `sections/${name}.liquid`;
  }
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const templates = (yield this.liquid._parseFile(this.file, ctx.sync, LookupType.Root)) as any;
    yield this.liquid.renderer.renderTemplates(templates, ctx, emitter);
  }
}

// JSON for a <script type="application/ld+json"> block: `<`, `>` and `&` escaped so no value can close the element.
function jsonForScript(value: unknown): string {
  return JSON.stringify(value ?? null).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function named(args: unknown[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const arg of args) if (Array.isArray(arg) && arg.length === 2 && typeof arg[0] === 'string') values[arg[0]] = arg[1];
  return values;
}

/**
 * The Liquid engine of one theme. Every `{{ }}` output is HTML-escaped (`outputEscape`); a template
 * opts out with `| raw`, which the default theme uses only for sanitised CMS HTML and JSON-LD. Templates
 * see only own properties of the objects they are given, and an unknown filter is an error (the page
 * answers with the theme's error page and a log line naming the template).
 */
export function createThemeEngine(source: ThemeFileSource, theme: string): Liquid {
  const engine = new Liquid({
    fs: themeFileSystem(source, theme),
    root: ['.'],
    partials: ['snippets'],
    layouts: ['layout'],
    extname: '.liquid',
    cache: true,
    outputEscape: 'escape',
    ownPropertyOnly: true,
    strictFilters: true,
    relativeReference: false,
  });
  engine.registerTag('section', SectionTag as any);
  engine.registerFilter('t', function (this: { context: Context }, key: unknown, ...args: unknown[]) {
    return translate(envOf(this.context).strings, String(key ?? ''), named(args));
  });
  engine.registerFilter('money', function (this: { context: Context }, money: unknown) {
    return formatMoney(money as Money, envOf(this.context).lang);
  });
  engine.registerFilter('url', function (this: { context: Context }, path: unknown) {
    return envOf(this.context).localize(String(path ?? '/'));
  });
  engine.registerFilter('asset_url', function (this: { context: Context }, path: unknown) {
    return envOf(this.context).assetUrl(String(path ?? ''));
  });
  engine.registerFilter('json_script', (value: unknown) => jsonForScript(value));
  return engine;
}

/**
 * Renders a theme file (`templates/product.liquid`) with the page's variables and its env. Every tag
 * and filter of the storefront is synchronous and its data is loaded before rendering, so the page is
 * rendered synchronously: LiquidJS's asynchronous renderer turns each step into a promise, which was
 * the largest part of rendering an uncached category page.
 */
export async function renderThemeFile(engine: Liquid, file: string, scope: Record<string, unknown>, env: RenderEnv): Promise<string> {
  return engine.renderFileSync(file, scope, { globals: { [ENV]: env } });
}
