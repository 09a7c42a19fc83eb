import { definePlugin } from '../../kernel/plugin.ts';
import { authCommands } from './cli.ts';
import { createAuthHooks } from './hooks.ts';
import { registerApiKeyRoutes, registerAuthRoutes } from './routes.ts';
import { registerStaffRoutes } from './staff-routes.ts';
import { createAuthenticator } from './services/authenticate.ts';
import { bootstrapOwner } from './services/bootstrap-owner.ts';
import { createAuthServices, testModeReader } from './services/index.ts';

const PLUGIN_NAME = 'core-auth';

export default definePlugin({
  name: PLUGIN_NAME,
  version: '1.0.0',
  description: 'Staff users, customers, sessions with CSRF, API keys, login throttling and the owner account.',
  dependsOn: ['core-store'],
  register(ctx) {
    const hooks = ctx.hooks.define('auth', createAuthHooks());
    const services = createAuthServices(ctx, hooks);
    const kernel = ctx.hooks.get('kernel');
    kernel.authenticate.tapPromise(
      { name: PLUGIN_NAME },
      createAuthenticator({ knex: ctx.knex, apiKeys: services.apiKeys, sessions: services.sessions, addresses: services.addresses, testMode: testModeReader(ctx) }),
    );
    kernel.boot.tapPromise({ name: PLUGIN_NAME }, () =>
      bootstrapOwner({ knex: ctx.knex, config: ctx.config, logger: ctx.logger, users: services.users, sessions: services.sessions, passwords: services.passwords }),
    );
    ctx.worker.every('core-auth.purge-expired', 3_600_000, async () => {
      await services.sessions.purgeExpired(ctx.knex);
      await services.failures.purge();
      await services.trusted.purge(ctx.knex);
      await services.passwordResets.purge(ctx.knex);
    });
    registerAuthRoutes(ctx, services);
    registerApiKeyRoutes(ctx, services);
    registerStaffRoutes(ctx, services);
    for (const command of authCommands) ctx.cli.add(command);
  },
});
