import fastJsonStringify from 'fast-json-stringify';

type Schema = Record<string, unknown>;

/**
 * Fastify's default serializer compiler hands every shared schema to fast-json-stringify for every
 * response schema of every route, which checks and indexes all of them each time: hundreds of
 * megabytes allocated and most of the start-up time for a store with a few hundred routes. This one
 * gives each response schema only the shared schemas it reaches through `$ref` (`Money#`,
 * `Order#/properties/items`), so each compilation does only its own work.
 */
export function serializerCompiler(shared: readonly Schema[]) {
  const byId = new Map(shared.map((s) => [String(s.$id), s]));
  return ({ schema }: { schema: Schema }) => fastJsonStringify(schema as any, { schema: reachable(schema, byId) as any });
}

/** The shared schemas a schema refers to, directly or through each other, by `$id`. */
export function reachable(schema: Schema, byId: ReadonlyMap<string, Schema>): Record<string, Schema> {
  const found: Record<string, Schema> = {};
  const pending: unknown[] = [schema];
  while (pending.length) {
    const value = pending.pop();
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') {
        const id = child.split('#')[0]!;
        const target = byId.get(id);
        if (id && target && !found[id]) {
          found[id] = target;
          pending.push(target);
        }
      } else if (typeof child === 'object' && child !== null) {
        pending.push(child);
      }
    }
  }
  return found;
}
