import { byCodeUnits } from '../code-unit-order.ts';
import type { Kernel } from '../kernel.ts';
import { envelope, listQuerySchema, pageSchema } from '../http/lists.ts';
import { pluginSchema } from './schemas.ts';

const PLUGIN_REF = { $ref: 'Plugin#' };
const NAME_PARAMS = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', maxLength: 100, description: 'The plugin\'s name.' } },
};

/**
 * The installed plugins as a resource, for staff: list, read, and change `enabled` and `settings`. A
 * change takes effect at once on this instance and within a second on the others (see
 * plugin-settings/installed-plugins.ts). Secret settings are write-only: never answered, never in an
 * event; PATCH is outside the Idempotency-Key layer (POST only), so no body is ever kept.
 */
export function registerPluginRoutes(kernel: Kernel): void {
  kernel.schemas.push(pluginSchema as any);
  const plugins = kernel.installedPlugins;

  kernel.routes.add('kernel', {
    method: 'GET',
    path: '/api/v1/plugins/',
    auth: 'staff',
    tag: 'plugins',
    summary: 'List the installed plugins with their state and settings.',
    description: 'Every installed plugin (built-in, npm package or folder), by name: whether it is enabled, its state and why it is not active, its settings schema and current settings. Secret settings are never shown; `secrets_set` names those that have a value.',
    schema: { querystring: listQuerySchema({}), response: { 200: pageSchema(PLUGIN_REF) } },
    handler: async (request) => {
      const { page = 1, page_size: pageSize = 20 } = request.query as { page?: number; page_size?: number };
      const all = plugins.list().sort((a, b) => byCodeUnits(a.name, b.name));
      return envelope(request, kernel.config.baseUrl, all.length, page, pageSize, all.slice((page - 1) * pageSize, page * pageSize));
    },
  });

  kernel.routes.add('kernel', {
    method: 'GET',
    path: '/api/v1/plugins/:name/',
    auth: 'staff',
    tag: 'plugins',
    summary: 'One installed plugin.',
    schema: { params: NAME_PARAMS, response: { 200: PLUGIN_REF } },
    handler: async (request) => plugins.resource(request.params.name),
  });

  kernel.routes.add('kernel', {
    method: 'PATCH',
    path: '/api/v1/plugins/:name/',
    auth: 'staff',
    tag: 'plugins',
    summary: 'Enable, disable or configure a plugin, without a restart.',
    description:
      'Changes `enabled` and merges `settings` (a setting set to null goes back to its default or environment value). Settings are validated against the plugin\'s settings schema; a missing required setting is not refused but leaves the plugin `needs_configuration`. The change takes effect at once, and within a second on every instance sharing the database; it emits `plugin.updated`. Secret settings (writeOnly) are stored sealed and never answered.',
    // Its own transaction (the row, then the event), after which the change is applied in memory.
    transaction: false,
    rules: {
      'settings.<field>': 'A value the plugin\'s settings schema refuses, or a setting it does not declare.',
      core_plugin: 'enabled: false for a core plugin (409): the store needs it.',
      secrets_unreadable: 'The stored secret settings cannot be opened with this store\'s key (409): the change must set every secret setting again.',
    },
    schema: {
      params: NAME_PARAMS,
      body: {
        type: 'object',
        properties: {
          enabled: { type: 'boolean', description: 'false turns the plugin off (not for core plugins); true turns it on.' },
          settings: { type: 'object', additionalProperties: true, description: 'Settings to change, validated against the plugin\'s settings_schema; null resets one.', 'x-rule': 'Each value must satisfy the plugin\'s settings schema.' },
        },
      },
      response: { 200: PLUGIN_REF },
    },
    handler: async (request) => plugins.update(request.params.name, request.body ?? {}),
  });
}
