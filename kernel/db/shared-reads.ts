import type { Knex } from 'knex';
import { turnBatches } from './turn-batches.ts';

type Row = Record<string, unknown>;

interface Builder {
  client: { config: { client?: unknown }; dialect?: string; transacting?: boolean };
  _connection?: unknown;
  toSQL(): { sql: string; bindings: readonly unknown[] } | Array<unknown>;
}

const copy = (rows: Row[]) => rows.map((row) => ({ ...row }));

// Each statement of the turn is sent once, by its first caller's builder.
const ask = turnBatches<string, Knex.QueryBuilder, Row[]>((asked) => {
  for (const { context: query, answer, fail } of asked.values()) (query as unknown as Promise<Row[]>).then((rows) => answer(rows, copy), fail);
});

/**
 * The rows of a list page's SELECT, sent once for every caller of the same turn of the event loop that
 * asks the same statement with the same values: fifty logged-in customers opening the same catalogue
 * page (which the anonymous response cache does not answer), or the visitors of a page whose cached
 * answer the last change cleared, cost the store one statement, not one each. On MySQL/MariaDB that is
 * one round trip to the server instead of fifty; on SQLite, where a statement is a function call in
 * this process, one execution of it (a search's ranking, a page's availability) instead of fifty
 * (bench/README.md, "Reads of one turn in one statement", "Identical reads of one turn on SQLite").
 *
 * The statement is sent after every caller of the turn asked, so each gets what a statement of its own
 * sent at that moment would have found: nothing older than its request. Each caller gets rows of its
 * own (shallow copies), which it may change as it pleases. A read inside a transaction and one given its
 * connection are sent as they come; a failing statement fails every caller that shared it.
 */
export function sharedRows<R = Row>(query: Knex.QueryBuilder): Promise<R[]> {
  const builder = query as unknown as Builder;
  const alone = query as unknown as Promise<R[]>;
  if (builder.client.transacting || builder._connection !== undefined) return alone;
  const compiled = builder.toSQL();
  if (Array.isArray(compiled)) return alone;
  const key = keyOf(compiled.sql, compiled.bindings);
  return key === undefined ? alone : (ask(builder.client, key, query) as Promise<R[]>);
}

// The statement with its values; undefined for values JSON cannot write (a bigint): such a read is sent alone.
function keyOf(sql: string, bindings: readonly unknown[]): string | undefined {
  try {
    // A date and the text of its instant bind differently, and so do bytes and their base64: tagged apart.
    const tagged = bindings.map((b) => (b instanceof Date ? { date: b.getTime() } : Buffer.isBuffer(b) ? { bytes: b.toString('base64') } : b));
    return `${sql}\u0000${JSON.stringify(tagged)}`;
  } catch {
    return undefined;
  }
}
