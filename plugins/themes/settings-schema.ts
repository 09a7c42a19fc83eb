/**
 * A theme's settings as theme.json declares them (typed fields, Shopify-style) and the JSON Schema the
 * store derives from them: it validates stored settings and is shown to staff as `settings_schema`.
 */
export type SettingType = 'color' | 'text' | 'image_url' | 'select' | 'checkbox' | 'range';

export interface SettingField {
  id: string;
  type: SettingType;
  label: string;
  default: unknown;
  /** `select`: the choices. */
  options?: Array<{ value: string; label: string }>;
  /** `range`: bounds and step. */
  min?: number;
  max?: number;
  step?: number;
}

export const SETTING_TYPES: readonly SettingType[] = ['color', 'text', 'image_url', 'select', 'checkbox', 'range'];
const SETTING_ID = /^[a-z][a-z0-9_]{0,63}$/;

/** The JSON Schema of one field's value. */
function valueSchema(field: SettingField): Record<string, unknown> {
  switch (field.type) {
    case 'color':
      return { type: 'string', pattern: '^#[0-9a-fA-F]{6}$', 'x-invalid': 'Must be a colour like "#1a2b3c".' };
    case 'text':
      return { type: 'string', maxLength: 2000 };
    case 'image_url':
      // Empty (no image), an absolute http(s) URL, or a path on the store ("/assets/hero.jpg").
      return { type: 'string', maxLength: 2000, pattern: '^((https?://|/)\\S*)?$', 'x-invalid': 'Must be empty, an http(s) URL or a path starting with "/".' };
    case 'select':
      return { type: 'string', enum: (field.options ?? []).map((o) => o.value) };
    case 'checkbox':
      return { type: 'boolean' };
    case 'range':
      return { type: 'number', minimum: field.min, maximum: field.max, ...(field.step ? { multipleOf: field.step } : {}) };
  }
}

/** The settings' JSON Schema: one property per field with its label as title and its default. */
export function settingsJsonSchema(fields: SettingField[]): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const field of fields) {
    properties[field.id] = { title: field.label, 'x-setting-type': field.type, ...valueSchema(field), default: field.default };
  }
  return { type: 'object', additionalProperties: false, properties };
}

/**
 * Problems of one (resolved) field, in words naming the field; empty when it is usable. The default
 * must itself satisfy the field, so the effective settings are always valid.
 */
export function fieldProblems(field: Partial<SettingField>): string[] {
  const where = `setting "${field.id ?? '?'}"`;
  if (typeof field.id !== 'string' || !SETTING_ID.test(field.id)) return [`${where}: id must be lower-case letters, digits and underscores`];
  if (!SETTING_TYPES.includes(field.type as SettingType)) return [`${where}: type must be one of ${SETTING_TYPES.join(', ')}`];
  const problems: string[] = [];
  if (typeof field.label !== 'string' || field.label === '') problems.push(`${where}: needs a label`);
  if (!('default' in field)) problems.push(`${where}: needs a default`);
  if (field.type === 'select') {
    const ok = Array.isArray(field.options) && field.options.length > 0 && field.options.every((o) => o && typeof o.value === 'string' && typeof o.label === 'string');
    if (!ok) problems.push(`${where}: a select needs options [{value, label}, …]`);
  }
  if (field.type === 'range') {
    const nums = [field.min, field.max].every((n) => typeof n === 'number' && Number.isFinite(n));
    if (!nums || field.min! >= field.max!) problems.push(`${where}: a range needs numbers min < max`);
    if (field.step !== undefined && !(typeof field.step === 'number' && field.step > 0)) problems.push(`${where}: step must be a positive number`);
  }
  return problems;
}
