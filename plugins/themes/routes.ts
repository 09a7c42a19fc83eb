import type { PluginContext } from '../../kernel/plugin.ts';
import { envelope, listQuerySchema, pageSchema } from '../../kernel/http/lists.ts';
import type { ThemeRegistry } from './theme-registry.ts';

const THEME_REF = { $ref: 'Theme#' };
const SETTINGS_REF = { $ref: 'ThemeSettings#' };
const NAME_PARAMS = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', maxLength: 100, description: 'The theme\'s name.' } },
};

/** The installed themes as a resource, for staff: list, read, activate, configure. */
export function registerThemeRoutes(ctx: PluginContext, themes: ThemeRegistry): void {
  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/themes/',
    auth: 'staff',
    tag: 'themes',
    summary: 'List the installed themes.',
    description: 'Every theme in THEMES_DIR or named in THEMES, usable or not (an unusable one says why), with its parent, whether it is active and its settings schema.',
    schema: { querystring: listQuerySchema({}), response: { 200: pageSchema(THEME_REF) } },
    handler: async (request) => {
      const { page = 1, page_size: pageSize = 20 } = request.query as { page?: number; page_size?: number };
      const all = await themes.list(request.trx);
      return envelope(request, ctx.config.baseUrl, all.length, page, pageSize, all.slice((page - 1) * pageSize, page * pageSize));
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/themes/:name/',
    auth: 'staff',
    tag: 'themes',
    summary: 'One installed theme.',
    schema: { params: NAME_PARAMS, response: { 200: THEME_REF } },
    handler: async (request) => themes.view((request.params as { name: string }).name, request.trx),
  });

  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/themes/:name/activate/',
    auth: 'staff',
    tag: 'themes',
    summary: 'Make a theme the one the storefront uses.',
    description: 'The choice is stored, so it holds on every instance and after a restart (THEME is only the default until a theme is activated). Emits theme.activated; cached anonymous answers are dropped.',
    rules: { theme_unusable: 'The theme cannot be used (409): its `reason` says why.' },
    schema: { params: NAME_PARAMS, response: { 200: THEME_REF } },
    handler: async (request) => themes.activate(request.trx!, (request.params as { name: string }).name),
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/themes/:name/settings/',
    auth: 'staff',
    tag: 'themes',
    summary: 'A theme\'s effective settings (stored values over defaults).',
    rules: { theme_unusable: 'The theme cannot be used (409), so it has no settings.' },
    schema: { params: NAME_PARAMS, response: { 200: SETTINGS_REF } },
    handler: async (request) => {
      const { name } = request.params as { name: string };
      return themes.settingsView(name, request.trx);
    },
  });

  ctx.routes.add({
    method: 'PUT',
    path: '/api/v1/themes/:name/settings/',
    auth: 'staff',
    tag: 'themes',
    summary: 'Replace a theme\'s settings; any setting left out goes back to its default.',
    description: 'Validated against the theme\'s settings_schema: every bad or unknown setting is named as `settings.<id>` in one 400. Works for inactive themes too (configure before activating). Emits theme.updated; cached anonymous answers are dropped.',
    rules: {
      'settings.<id>': 'A value the theme\'s settings schema refuses, or a setting the theme does not have.',
      theme_unusable: 'The theme cannot be used (409).',
    },
    schema: {
      params: NAME_PARAMS,
      body: {
        type: 'object',
        required: ['settings'],
        additionalProperties: false,
        properties: {
          settings: { type: 'object', additionalProperties: true, description: 'Setting id → value.', 'x-rule': 'Each value must satisfy the theme\'s settings schema; only its settings.' },
        },
      },
      response: { 200: SETTINGS_REF },
    },
    handler: async (request) => {
      const { name } = request.params as { name: string };
      return themes.updateSettings(request.trx!, name, (request.body as { settings: Record<string, unknown> }).settings);
    },
  });
}
