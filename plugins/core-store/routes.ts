import type { PluginContext } from '../../kernel/plugin.ts';
import type { StoreSettingsService } from './services/store-settings.ts';
import type { StoreSettings } from './services/defaults.ts';
import { storePatchSchema } from './schemas.ts';

/** The store endpoints: public read, staff change. */
export function registerStoreRoutes(ctx: PluginContext, settings: StoreSettingsService): void {
  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/store/',
    auth: 'public',
    tag: 'store',
    summary: 'The store: name, currencies and rates, languages, tax settings, test mode, branding.',
    description: 'Public: shops read it to show prices, languages and branding. Nothing secret is in it.',
    cache: 'anonymous',
    schema: { response: { 200: { $ref: 'Store#' } } },
    handler: async () => settings.get(),
  });
  ctx.routes.add({
    method: 'PATCH',
    path: '/api/v1/store/',
    auth: 'staff',
    tag: 'store',
    summary: 'Change store settings (any subset); the whole result is validated.',
    description: 'Staff only. The changed settings are merged into the current ones and the whole result is checked at once: every bad field is named in one 400. Emits store.updated.',
    schema: { body: storePatchSchema, response: { 200: { $ref: 'Store#' } } },
    handler: async (request) => settings.update(request.trx!, request.body as Partial<StoreSettings>),
  });
}
