import type { PluginContext } from '../../../../kernel/plugin.ts';
import type { InternalApi } from '../../../../kernel/http/internal-api.ts';
import type { StoreLocale } from '../../../../kernel/http/negotiation.ts';

// The sitemap protocol's limit for one file; a catalogue beyond it needs a sitemap index.
const MAX_URLS = 50_000;

function xml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** Every record of a public list, page after page (anonymous reads: what any visitor may see). */
async function everything(api: InternalApi, path: string, limit: number): Promise<any[]> {
  const all: any[] = [];
  for (let page = 1; all.length < limit; page++) {
    const res = await api.request<{ results: any[]; next: string | null }>({ url: `${path}${path.includes('?') ? '&' : '?'}page_size=100&page=${page}` });
    if (res.status !== 200) break;
    all.push(...res.body.results);
    if (!res.body.next) break;
  }
  return all.slice(0, limit);
}

/** `/sitemap.xml` (every active product, category and CMS page, in every language) and `/robots.txt`. */
export function registerSeoRoutes(ctx: PluginContext, baseUrl: string): void {
  const api = () => ctx.container.resolve<InternalApi>('internalApi');
  const locale = () => ctx.container.resolve<() => StoreLocale>('storeLocale')();

  ctx.routes.add({
    method: 'GET',
    path: '/sitemap.xml',
    auth: 'public',
    cache: 'anonymous',
    hidden: true,
    summary: 'Storefront: the sitemap of products, categories and CMS pages in every language',
    schema: { response: { 200: { type: 'string', description: 'XML.' } } },
    async handler(_request, reply) {
      const store = locale();
      const [products, categories, pages] = await Promise.all([
        everything(api(), '/api/v1/products/?ordering=created_at', MAX_URLS),
        everything(api(), '/api/v1/categories/', MAX_URLS),
        everything(api(), '/api/v1/pages/', MAX_URLS),
      ]);
      const paths = ['/', ...categories.map((c) => `/categories/${c.slug}`), ...products.map((p) => `/products/${p.slug}`), ...pages.map((p) => `/pages/${p.slug}`)].slice(0, Math.floor(MAX_URLS / store.languages.length));
      const url = (path: string, lang: string) => `${baseUrl}${lang === store.defaultLanguage ? path : `/${lang}${path === '/' ? '/' : path}`}`;
      const entries = paths.flatMap((path) =>
        store.languages.map((lang) => {
          const alternates = store.languages.map((other) => `<xhtml:link rel="alternate" hreflang="${xml(other)}" href="${xml(url(path, other))}"/>`).join('');
          return `<url><loc>${xml(url(path, lang))}</loc>${store.languages.length > 1 ? alternates : ''}</url>`;
        }),
      );
      reply.header('content-type', 'application/xml; charset=utf-8');
      return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/robots.txt',
    auth: 'public',
    cache: 'anonymous',
    hidden: true,
    summary: 'Storefront: robots.txt',
    schema: { response: { 200: { type: 'string', description: 'Text.' } } },
    async handler(_request, reply) {
      reply.header('content-type', 'text/plain; charset=utf-8');
      const store = locale();
      const privatePaths = ['/cart', '/checkout', '/account', '/orders/', '/api/', '/admin/'];
      const prefixed = store.languages.filter((l) => l !== store.defaultLanguage).flatMap((l) => ['/cart', '/checkout', '/account', '/orders/'].map((p) => `/${l}${p}`));
      return `User-agent: *\n${[...privatePaths, ...prefixed].map((p) => `Disallow: ${p}`).join('\n')}\nAllow: /\n\nSitemap: ${baseUrl}/sitemap.xml\n`;
    },
  });
}
