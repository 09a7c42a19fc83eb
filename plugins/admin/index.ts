import { definePlugin } from '../../kernel/plugin.ts';
import type { AdminExtensionModule } from '../../kernel/admin-extensions.ts';
import { adminBundle } from './bundle.ts';
import { registerAdminRoutes } from './routes.ts';

export const PLUGIN_NAME = 'admin';

export default definePlugin({
  name: PLUGIN_NAME,
  version: '1.0.0',
  description: 'The admin panel at /admin/: a Preact application that runs the store through the REST API.',
  dependsOn: ['core-store', 'core-auth'],
  register(ctx) {
    const extensions = () => ctx.container.resolve<AdminExtensionModule[]>('adminExtensions');
    const storeName = () => ctx.container.resolve<{ get(): { name: string } }>('storeSettings').get().name;
    const bundle = () => adminBundle(extensions());
    registerAdminRoutes(ctx, bundle, storeName);
    // Built when the store starts (one esbuild run, in memory), so the first visit does not wait.
    ctx.hooks.get('kernel').boot.tap({ name: PLUGIN_NAME }, () => {
      bundle().catch((err: Error) => ctx.logger.error({ err }, `The admin panel could not be bundled: ${err.message}`));
    });
  },
});
