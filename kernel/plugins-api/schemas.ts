/** The plugin resource as the API shows it (component `Plugin`); also the `data` of `plugin.updated`. */
export const pluginSchema = {
  $id: 'Plugin',
  type: 'object',
  required: ['name', 'version', 'description', 'kinds', 'source', 'enabled', 'state', 'reason', 'settings_schema', 'settings', 'secrets_set', 'updated_at'],
  properties: {
    name: { type: 'string', description: 'The plugin\'s name (what PLUGINS and the URL use).' },
    version: { type: 'string' },
    description: { type: 'string' },
    kinds: { type: 'array', items: { type: 'string' }, description: 'What it provides: payment, shipping, marketing, …' },
    source: { type: 'string', enum: ['built-in', 'package', 'folder'], description: 'Shipped with the store, an installed npm package, or a folder named in PLUGINS.' },
    enabled: { type: 'boolean', description: 'Whether an operator left it on. Core plugins are always enabled.' },
    state: {
      type: 'string',
      enum: ['active', 'needs_configuration', 'disabled', 'failed'],
      description: 'active: it serves. needs_configuration: a required setting is missing or one is invalid. disabled: an operator turned it off. failed: it could not take a change (see reason). Off, its routes answer 404, its hooks are skipped, its jobs wait and its payment and shipping methods are not offered.',
    },
    reason: { type: ['string', 'null'], description: 'Why it is not active; null when it is.' },
    settings_schema: { type: 'object', additionalProperties: true, description: 'The JSON Schema of its settings. Properties with writeOnly: true are secrets; x-env names the environment variable giving a default.' },
    settings: { type: 'object', additionalProperties: true, description: 'The current settings (defaults < environment < set through this API), secrets left out.' },
    secrets_set: { type: 'array', items: { type: 'string' }, description: 'The secret settings that have a value (which is never shown).' },
    updated_at: { type: ['string', 'null'], format: 'date-time', description: 'When an operator last changed it; null if never.' },
  },
  additionalProperties: false,
} as const;
