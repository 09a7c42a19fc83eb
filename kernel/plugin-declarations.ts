import { createAjv } from './json-schema.ts';

/**
 * An event type a plugin emits, declared in `definePlugin({ events })` so that webhook endpoints may
 * subscribe to it (`"*"` covers it too) and the OpenAPI document's `webhooks` section shows its body.
 */
export interface EventDeclaration {
  /** One line: when the plugin emits it. */
  summary: string;
  description?: string;
  /** JSON Schema of the event's `data`. */
  schema: Record<string, unknown>;
}

/**
 * Fields a plugin adds to a resource through its serialize taps (`catalog.serializeProduct`, …), declared
 * in `definePlugin({ fields })`: resource schema `$id` (`Product`, `Variant`, `Customer`, …) → field name →
 * JSON Schema. They join that schema's properties, so responses keep them and OpenAPI documents them.
 */
export type FieldDeclarations = Record<string, Record<string, Record<string, unknown>>>;

/** A declared event type with the plugin that declared it (container value `pluginEventTypes`). */
export interface DeclaredEvent extends EventDeclaration {
  type: string;
  plugin: string;
}

export const EVENT_TYPE_PATTERN = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/;
const FIELD_NAME_PATTERN = /^[a-z][a-z0-9_]*$/;

// Declared schemas are compiled once, only to refuse a broken one when the plugin is defined.
const ajv = createAjv({ strict: false });

function checkSchema(plugin: string, what: string, schema: unknown): void {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) throw new Error(`Plugin "${plugin}": ${what} needs a JSON Schema (an object).`);
  // A $ref to a store component (`#/components/schemas/Money`) is for the OpenAPI document only.
  if (JSON.stringify(schema).includes('"$ref"')) return;
  try {
    ajv.compile(schema as object);
  } catch (err) {
    throw new Error(`Plugin "${plugin}": ${what} has an invalid JSON Schema: ${(err as Error).message}`);
  }
}

/** Checks a plugin's `events` and `fields` when it is defined; a broken declaration names the plugin. */
export function checkDeclarations(plugin: string, events: Record<string, EventDeclaration> | undefined, fields: FieldDeclarations | undefined): void {
  for (const [type, declaration] of Object.entries(events ?? {})) {
    if (!EVENT_TYPE_PATTERN.test(type)) throw new Error(`Plugin "${plugin}": event type "${type}" must look like resource.past_tense (lower-case letters, digits, underscores).`);
    if (typeof declaration?.summary !== 'string' || declaration.summary.trim() === '') throw new Error(`Plugin "${plugin}": event type "${type}" needs a summary.`);
    checkSchema(plugin, `event type "${type}"`, declaration.schema);
  }
  for (const [resource, byField] of Object.entries(fields ?? {})) {
    if (!byField || typeof byField !== 'object') throw new Error(`Plugin "${plugin}": fields of "${resource}" must map field names to JSON Schemas.`);
    for (const [field, schema] of Object.entries(byField)) {
      if (!FIELD_NAME_PATTERN.test(field)) throw new Error(`Plugin "${plugin}": field "${resource}.${field}" must be lower-case letters, digits and underscores.`);
      checkSchema(plugin, `field "${resource}.${field}"`, schema);
    }
  }
}

interface Declaring {
  name: string;
  events?: Record<string, EventDeclaration>;
  fields?: FieldDeclarations;
}

/** Every event type the loaded plugins declare; two plugins declaring one type stop start-up, both named. */
export function collectDeclaredEvents(plugins: readonly Declaring[]): DeclaredEvent[] {
  const byType = new Map<string, DeclaredEvent>();
  for (const plugin of plugins) {
    for (const [type, declaration] of Object.entries(plugin.events ?? {})) {
      const twin = byType.get(type);
      if (twin) throw new Error(`Plugins "${twin.plugin}" and "${plugin.name}" both declare event type "${type}".`);
      byType.set(type, { ...declaration, type, plugin: plugin.name });
    }
  }
  return [...byType.values()];
}

type Schema = { $id: string } & Record<string, unknown>;

/**
 * The store's shared schemas with each plugin's declared fields added to the resource they name (copies:
 * the originals are module constants other stores in the process share). Each field carries `x-plugin`.
 * Refuses a resource no schema has, and a field the resource or another plugin already has.
 */
export function withDeclaredFields(schemas: readonly Schema[], plugins: readonly Declaring[]): Schema[] {
  const result = [...schemas];
  const addedBy = new Map<string, string>();
  for (const plugin of plugins) {
    for (const [resource, byField] of Object.entries(plugin.fields ?? {})) {
      const index = result.findIndex((s) => s.$id === resource);
      if (index < 0) {
        const known = result.filter((s) => s.type === 'object').map((s) => s.$id).sort().join(', ');
        throw new Error(`Plugin "${plugin.name}" declares fields on "${resource}", which is not a resource of this store (known: ${known}).`);
      }
      const schema = result[index]!;
      const properties = { ...((schema.properties as Record<string, unknown>) ?? {}) };
      for (const [field, fieldSchema] of Object.entries(byField)) {
        const owner = addedBy.get(`${resource}.${field}`);
        if (owner) throw new Error(`Plugins "${owner}" and "${plugin.name}" both declare field "${resource}.${field}".`);
        if (field in properties) throw new Error(`Plugin "${plugin.name}" declares field "${resource}.${field}", which the resource already has.`);
        properties[field] = { ...fieldSchema, 'x-plugin': plugin.name };
        addedBy.set(`${resource}.${field}`, plugin.name);
      }
      result[index] = { ...schema, properties };
    }
  }
  return result;
}
