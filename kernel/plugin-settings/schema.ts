import type { ValidateFunction } from 'ajv';
import { createAjv } from '../json-schema.ts';
import { fieldErrorsFromAjv } from '../http/error-handler.ts';
import type { FieldErrors } from '../http/errors.ts';

/** One setting: any JSON Schema, plus `writeOnly: true` (a secret) and `x-env` (the variable giving its default). */
export type SettingSchema = Record<string, unknown> & { writeOnly?: boolean; 'x-env'?: string; default?: unknown; type?: string | string[] };

/** What `definePlugin({ settings })` takes: the JSON Schema of an object, one property per setting. */
export interface SettingsSchema {
  type: 'object';
  properties: Record<string, SettingSchema>;
  required?: string[];
  description?: string;
  [keyword: string]: unknown;
}

export type Settings = Record<string, any>;

// `x-env` and `x-invalid` are this store's annotations; verbose: messages read the schema's `x-invalid`.
const ajv = createAjv({ allErrors: true, verbose: true, strict: false });

/**
 * A plugin's settings schema, checked once when the plugin is defined, and what the store derives from
 * it: which settings are secrets, their defaults (the schema's `default`, then the `x-env` variable),
 * and validation of stored values (each named as `settings.<field>` in a 400) apart from `required`,
 * which is not a refusal but what makes the plugin `needs_configuration`.
 */
export class SettingsSpec {
  readonly secrets: readonly string[];
  private readonly validateValues: ValidateFunction;

  constructor(plugin: string, readonly schema: SettingsSchema) {
    if (!schema || schema.type !== 'object' || typeof schema.properties !== 'object' || schema.properties === null) {
      throw new Error(`Plugin "${plugin}": settings must be the JSON Schema of an object (type "object" with properties).`);
    }
    for (const [name, property] of Object.entries(schema.properties)) {
      if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`Plugin "${plugin}": setting "${name}" must be lower-case letters, digits and underscores.`);
      const env = property['x-env'];
      if (env !== undefined && (typeof env !== 'string' || !/^[A-Z_][A-Z0-9_]*$/.test(env))) throw new Error(`Plugin "${plugin}": setting "${name}" has an x-env that is not an environment variable name.`);
    }
    for (const name of schema.required ?? []) {
      if (!(name in schema.properties)) throw new Error(`Plugin "${plugin}": required setting "${name}" is not among its properties.`);
    }
    this.secrets = Object.entries(schema.properties).filter(([, p]) => p.writeOnly === true).map(([name]) => name);
    const { required: _required, ...open } = schema;
    try {
      // Closed: a setting the schema does not name is refused, not silently kept.
      this.validateValues = ajv.compile({ ...open, additionalProperties: false });
    } catch (err) {
      throw new Error(`Plugin "${plugin}": its settings schema is not a valid JSON Schema: ${(err as Error).message}`);
    }
  }

  isSecret(name: string): boolean {
    return this.secrets.includes(name);
  }

  /** The schema's defaults, overridden by the `x-env` variables that are set (read as the setting's type). */
  defaults(env: Record<string, string | undefined>): Settings {
    const out: Settings = {};
    for (const [name, property] of Object.entries(this.schema.properties)) {
      if (property.default !== undefined) out[name] = structuredClone(property.default);
      const raw = property['x-env'] ? env[property['x-env']] : undefined;
      if (raw !== undefined && raw !== '') out[name] = fromEnv(raw, property);
    }
    return out;
  }

  /** Field errors of these values (`settings.<field>`: messages), `required` aside; empty when valid. */
  errors(values: Settings): FieldErrors {
    if (this.validateValues(values)) return {};
    const errors: FieldErrors = {};
    for (const [field, messages] of Object.entries(fieldErrorsFromAjv(this.validateValues.errors as any))) {
      errors[field === 'non_field_errors' ? 'settings' : `settings.${field}`] = messages;
    }
    return errors;
  }

  /** The required settings without a value. */
  missing(values: Settings): string[] {
    return (this.schema.required ?? []).filter((name) => values[name] === undefined || values[name] === null || values[name] === '');
  }
}

// An environment variable is a string: read as the setting's type when that type is not a string.
function fromEnv(raw: string, property: SettingSchema): unknown {
  const types = Array.isArray(property.type) ? property.type : [property.type];
  if (types.includes('string') || types.includes(undefined)) return raw;
  if (types.includes('boolean') && /^(true|false|1|0|yes|no|on|off)$/i.test(raw)) return /^(true|1|yes|on)$/i.test(raw);
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** Checks a settings schema when a plugin is defined (a bad one stops the plugin from loading, named). */
export function checkSettingsSchema(plugin: string, schema: SettingsSchema): void {
  new SettingsSpec(plugin, schema);
}
