import { asValue } from 'awilix';
import { definePlugin } from '../../kernel/plugin.ts';
import type { ResponseCache } from '../../kernel/http/response-cache.ts';
import { discoverThemes, resolveThemes } from './theme-catalogue.ts';
import { ThemeRegistry } from './theme-registry.ts';
import { registerThemeRoutes } from './routes.ts';
import { themeSchema, themeSettingsSchema } from './schemas.ts';

export default definePlugin({
  name: 'themes',
  version: '1.0.0',
  description: 'Theme packages (THEMES_DIR and THEMES): validation, extends chains, files, locales and settings; the active theme and its settings, over the API.',
  // theme.activated and theme.updated are in the webhooks plugin's built-in event catalogue.
  register(ctx) {
    const installed = resolveThemes(discoverThemes(ctx.config.themesDir, ctx.config.themes, process.cwd()));
    for (const theme of installed.values()) {
      if (!theme.usable) ctx.logger.warn({ theme: theme.name }, `Theme "${theme.name}" (${theme.source}) cannot be used: ${theme.reason}`);
    }
    if (!installed.get(ctx.config.theme)?.usable) {
      ctx.logger.warn({ theme: ctx.config.theme }, `THEME names "${ctx.config.theme}", which is not a usable installed theme.`);
    }
    const responseCache = ctx.container.resolve<ResponseCache>('responseCache');
    const registry = new ThemeRegistry(installed, {
      knex: ctx.knex,
      clock: ctx.clock,
      events: ctx.events,
      defaultTheme: ctx.config.theme,
      onChange: () => responseCache.invalidate(),
    });
    ctx.container.register({ themeRegistry: asValue(registry) });
    ctx.schemas.add(themeSchema as any);
    ctx.schemas.add(themeSettingsSchema as any);
    registerThemeRoutes(ctx, registry);
  },
});
