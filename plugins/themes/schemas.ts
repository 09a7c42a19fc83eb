/** The Theme resource and a theme's settings, as the API answers them. */
export const themeSchema = {
  $id: 'Theme',
  type: 'object',
  required: ['name', 'version', 'parent', 'active', 'source', 'usable', 'reason', 'settings_schema'],
  properties: {
    name: { type: 'string', description: 'The theme\'s name (theme.json `name`).' },
    version: { type: ['string', 'null'], description: 'Its version (semver); null when theme.json could not be read.' },
    parent: { type: ['string', 'null'], description: 'The theme it extends (`extends`), whose files and settings it inherits.' },
    active: { type: 'boolean', description: 'Whether the storefront uses it.' },
    source: { type: 'string', description: '`THEMES_DIR`, or the THEMES entry (folder path or npm package) it was installed from.' },
    usable: { type: 'boolean', description: 'false when it cannot be activated; `reason` says why.' },
    reason: { type: ['string', 'null'], description: 'Why it cannot be used (invalid theme.json, a missing parent, an extends cycle, …).' },
    settings_schema: {
      type: ['object', 'null'],
      additionalProperties: true,
      description: 'JSON Schema of its settings: one property per field, with `title` (the label), `default` and `x-setting-type` (color, text, image_url, select, checkbox, range). Null for an unusable theme.',
    },
  },
} as const;

export const themeSettingsSchema = {
  $id: 'ThemeSettings',
  type: 'object',
  required: ['theme', 'settings'],
  properties: {
    theme: { type: 'string', description: 'The theme\'s name.' },
    settings: { type: 'object', additionalProperties: true, description: 'Every setting of the theme: the stored value, else the default.' },
  },
} as const;
