import type { PluginContext } from '../../kernel/plugin.ts';
import { AppError } from '../../kernel/http/errors.ts';
import type { AdminBundle } from './bundle.ts';
import { SHELL_HEADERS, shellHtml } from './shell.ts';

const YEAR = 'public, max-age=31536000, immutable';

/**
 * `/admin/` and every path under it answer the panel's page (the client routes, so a shared link or a
 * reload opens the same screen); `/admin/assets/{name}` the bundle's content-hashed files. Who may do
 * what is the API's business: the page itself is public and holds nothing of the store.
 */
export function registerAdminRoutes(ctx: PluginContext, bundle: () => Promise<AdminBundle>, storeName: () => string): void {
  const shell = {
    auth: 'public' as const,
    hidden: true,
    schema: { response: { 200: { description: 'The admin panel page.' } } },
    async handler(_request: unknown, reply: any) {
      return reply.headers(SHELL_HEADERS).send(shellHtml(await bundle(), storeName()));
    },
  };
  ctx.routes.add({ ...shell, method: 'GET', path: '/admin/', summary: 'Admin panel' });
  ctx.routes.add({
    ...shell,
    method: 'GET',
    path: '/admin/*',
    summary: 'Admin panel (a screen of it)',
    schema: { params: { type: 'object', properties: { '*': { type: 'string', maxLength: 500 } } }, response: shell.schema.response },
  });
  ctx.routes.add({
    method: 'GET',
    path: '/admin/assets/:name',
    auth: 'public',
    hidden: true,
    summary: 'Admin panel: a bundle file under its content-hashed name',
    schema: { params: { type: 'object', properties: { name: { type: 'string', maxLength: 120 } } }, response: { 200: { description: 'The file.' } } },
    async handler(request, reply) {
      const file = (await bundle()).files.get((request.params as { name: string }).name);
      if (!file) throw new AppError(404, 'not_found', 'Not found.');
      return reply.header('content-type', file.type).header('x-content-type-options', 'nosniff').header('cache-control', YEAR).send(file.body);
    },
  });
}
