import type { PluginContext } from '../../kernel/plugin.ts';
import { AppError } from '../../kernel/http/errors.ts';
import type { Storefront } from './storefront.ts';

const YEAR = 'public, max-age=31536000, immutable';

/**
 * `GET /assets/{theme}/{hash}/{path}`: a theme's file. The current hash is cached for a year (the URL
 * changes with the file); an old hash still answers the current file, briefly cached, so a page
 * rendered before a deployment keeps its styles.
 */
export function registerAssetRoute(ctx: PluginContext, storefront: Storefront): void {
  ctx.routes.add({
    method: 'GET',
    path: '/assets/:theme/:hash/*',
    auth: 'public',
    summary: 'Storefront: a theme asset under its content-hashed URL',
    hidden: true,
    schema: {
      params: { type: 'object', properties: { theme: { type: 'string', maxLength: 100 }, hash: { type: 'string', maxLength: 64 }, '*': { type: 'string', maxLength: 300 } } },
      response: { 200: { description: 'The file.' } },
    },
    async handler(request, reply) {
      const { theme, hash } = request.params as { theme: string; hash: string };
      const relative = (request.params as Record<string, string>)['*'] ?? '';
      if (!storefront.themes.get(theme)?.usable) throw new AppError(404, 'not_found', 'Not found.');
      const asset = storefront.assets.get(theme, relative);
      if (!asset) throw new AppError(404, 'not_found', 'Not found.');
      reply.header('content-type', asset.type).header('x-content-type-options', 'nosniff');
      reply.header('cache-control', asset.hash === hash ? YEAR : 'public, max-age=300');
      return reply.send(asset.body);
    },
  });
}
