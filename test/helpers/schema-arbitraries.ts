import fc from 'fast-check';

/**
 * fast-check arbitraries built from the JSON schemas of the served OpenAPI document: values a schema
 * accepts (`valid`), and mutations of a valid object the schema refuses (`invalidBody`). Only the
 * keywords the document uses are understood; a schema using another one fails loudly, so the fuzz
 * test cannot silently stop covering it.
 */

export type Schema = Record<string, any>;
export type Resolve = (ref: string) => Schema;

const KNOWN = new Set([
  'type', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', 'properties', 'required', 'additionalProperties', 'items', 'minItems', 'maxItems',
  'uniqueItems', 'minLength', 'maxLength', 'pattern', 'format', 'minimum', 'maximum', 'minProperties', 'maxProperties', 'propertyNames',
  'description', 'default', 'examples', 'example', '$ref', '$id', 'title', 'readOnly', 'writeOnly', 'deprecated', 'not', 'if', 'then',
]);

// Formats as the store reads them (ISO timestamps with seconds and Z, https URLs, plain e-mails).
const FORMATS: Record<string, () => fc.Arbitrary<string>> = {
  'date-time': () => fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString().replace(/\.\d{3}Z$/, 'Z')),
  date: () => fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  email: () => fc.tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/), fc.constantFrom('example.com', 'example.org')).map(([l, d]) => `${l}@${d}`),
  uri: () => fc.stringMatching(/^[a-z0-9]{1,12}$/).map((p) => `https://hooks.example.com/${p}`),
  uuid: () => fc.uuid(),
};

// Short, printable text: what a client would send. Lengths are bounded so requests stay small.
const word = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789 -_é'), minLength: min, maxLength: max });

/**
 * Values `schema` accepts. `overrides` are likelier values for properties of that name at any depth
 * (seeded ids, the store's currency), tried alongside generated ones.
 */
export function valid(schema: Schema, resolve: Resolve, overrides: Record<string, fc.Arbitrary<unknown>> = {}, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || (schema as unknown) === true) return fc.constant('x');
  for (const key of Object.keys(schema)) if (!KNOWN.has(key) && !key.startsWith('x-')) throw new Error(`schema keyword "${key}" is not understood by the fuzz generators`);
  if (schema.$ref) return valid(resolve(schema.$ref), resolve, overrides, depth);
  // if/then: always meeting `then` is always valid (e.g. a bulk record that names what a new one needs).
  if (schema.if) {
    const { if: _if, then, ...rest } = schema;
    return valid({ ...rest, required: [...new Set([...(rest.required ?? []), ...(then?.required ?? [])])] }, resolve, overrides, depth);
  }
  if (schema.not) {
    const { not, ...rest } = schema;
    const refused: unknown[] = 'const' in not ? [not.const] : not.enum;
    if (!Array.isArray(refused)) throw new Error('only `not: {const}` or `not: {enum}` is understood by the fuzz generators');
    return valid(rest, resolve, overrides, depth).filter((v) => !refused.includes(v));
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf || schema.oneOf) {
    const branches = (schema.anyOf ?? schema.oneOf) as Schema[];
    const { anyOf: _a, oneOf: _o, ...rest } = schema;
    return fc.oneof(...branches.map((b) => valid({ ...rest, ...b }, resolve, overrides, depth)));
  }
  if (schema.allOf) return valid(Object.assign({}, ...schema.allOf.map((s: Schema) => (s.$ref ? resolve(s.$ref) : s)), { ...schema, allOf: undefined }), resolve, overrides, depth);
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ['string'];
  if (types.length > 1) return fc.oneof(...types.map((t) => valid({ ...schema, type: t }, resolve, overrides, depth)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1000;
      const max = schema.maximum ?? Math.max(min + 1000, 1000);
      return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)) });
    }
    case 'string': {
      if (schema.format && FORMATS[schema.format]) return FORMATS[schema.format]!();
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.min(schema.maxLength ?? 20, minLength + 20);
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern, 'u');
        return fc.stringMatching(pattern).filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity) && s.length <= 200);
      }
      return word(minLength, maxLength);
    }
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? 3, minLength + (depth > 1 ? 1 : 3));
      const items = valid(schema.items ?? {}, resolve, overrides, depth + 1);
      return fc.array(items, { minLength, maxLength });
    }
    case 'object':
      return objectOf(schema, resolve, overrides, depth);
    default:
      throw new Error(`schema type "${types[0]}" is not understood by the fuzz generators`);
  }
}

function objectOf(schema: Schema, resolve: Resolve, overrides: Record<string, fc.Arbitrary<unknown>>, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set<string>(schema.required ?? []);
  const entries = Object.entries(properties).map(([name, s]) => {
    const generated = valid(s, resolve, overrides, depth + 1);
    const likely = overrides[name];
    return [name, likely ? fc.oneof({ arbitrary: likely, weight: 3 }, { arbitrary: generated, weight: 1 }) : generated] as const;
  });
  if (entries.length === 0 && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    const keys = schema.propertyNames?.pattern ? fc.stringMatching(new RegExp(schema.propertyNames.pattern, 'u')) : word(1, 8);
    const max = Math.min(schema.maxProperties ?? 2, 2);
    return fc.dictionary(keys, valid(schema.additionalProperties, resolve, {}, depth + 1), { minKeys: schema.minProperties ?? 0, maxKeys: max });
  }
  const record = fc.record(Object.fromEntries(entries), { requiredKeys: [...required].filter((k) => k in properties) }) as fc.Arbitrary<Record<string, unknown>>;
  const minProperties = schema.minProperties ?? 0;
  return minProperties > 0 ? record.filter((r) => Object.keys(r).length >= minProperties) : record;
}

/** A value of the wrong JSON type for `schema` (a type it does not list). */
function wrongType(schema: Schema, resolve: Resolve): unknown[] {
  const s = schema.$ref ? resolve(schema.$ref) : schema;
  const candidates: unknown[] = ['not-a-valid-value', 12345, -1, true, null, [1, 2], { nested: 'object' }, 1e300, '', 'x'.repeat(5000)];
  return candidates.filter((c) => !acceptsLoosely(s, c));
}

// A rough pre-filter only: the fuzz test asks ajv whether a mutation really is invalid.
function acceptsLoosely(schema: Schema, value: unknown): boolean {
  if (!schema.type && !schema.enum) return false;
  const t = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
  const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes(t) || (t === 'integer' && types.includes('number'));
}

export type Mutation = { kind: string; value: Record<string, unknown> };

/** Mutations of a valid object that its schema should refuse: missing required, unknown field, wrong type. */
export function invalidBody(schema: Schema, resolve: Resolve, base: fc.Arbitrary<unknown>): fc.Arbitrary<Mutation> {
  const s = schema.$ref ? resolve(schema.$ref) : schema;
  const properties = Object.keys(s.properties ?? {});
  const required: string[] = s.required ?? [];
  const kinds: Array<fc.Arbitrary<Mutation>> = [
    base.map((v) => ({ kind: 'unknown field', value: { ...(v as object), zz_unknown_field: 'surprise' } })),
    fc.constantFrom<unknown>([], 'text', 42, null).map((v) => ({ kind: 'not an object', value: v as any })),
  ];
  if (required.length) kinds.push(fc.tuple(base, fc.constantFrom(...required)).map(([v, k]) => {
    const copy = { ...(v as Record<string, unknown>) };
    delete copy[k];
    return { kind: `missing ${k}`, value: copy };
  }));
  if (properties.length) {
    kinds.push(fc.tuple(base, fc.constantFrom(...properties)).chain(([v, k]) => {
      const wrong = wrongType(s.properties[k], resolve);
      return fc.constantFrom(...(wrong.length ? wrong : ['x'])).map((w) => ({ kind: `${k}: ${JSON.stringify(w).slice(0, 30)}`, value: { ...(v as object), [k]: w } }));
    }));
  }
  return fc.oneof(...kinds);
}
