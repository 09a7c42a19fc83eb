import type { Knex } from 'knex';
import { badRequest } from './errors.ts';

// Keyset paging: a list's `next` link carries `after`, the position of the page's last row in the
// list's ordering, and the next page is read as "the rows after it" instead of by skipping rows with an
// OFFSET. The cost of a page then no longer grows with its number (an OFFSET walks every row it skips),
// and a client walking the list by its links neither misses nor repeats a row when rows are added or
// removed meanwhile.

/** One column of a keyset ordering; the list's id always comes last, so that positions are unique. */
export interface KeysetKey {
  column: string;
  order: 'asc' | 'desc';
  /** Whether the column can hold NULL (both databases sort NULL first ascending, last descending). */
  nullable: boolean;
}

/** A position's values, one per key; dates read from the database stay dates. */
export type KeysetValues = unknown[];

/** What a cursor is checked against: the list's ordering as asked (a cursor of another is a 400). */
const ERROR = 'Not a position this list gave (use the next link as it is; it belongs to its ordering).';

/** The cursor of a position: opaque to clients (base64url of the ordering and the values). */
export function encodeCursor(ordering: string, values: KeysetValues): string {
  const stored = values.map((v) => (v instanceof Date ? { t: v.getTime() } : v));
  return Buffer.from(JSON.stringify([ordering, stored])).toString('base64url');
}

/** Reads a cursor back, refusing (400 on `after`) one that is malformed or of another ordering. */
export function decodeCursor(text: string, ordering: string, keys: KeysetKey[]): KeysetValues {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || parsed[0] !== ordering || !Array.isArray(parsed[1]) || parsed[1].length !== keys.length) throw refused();
  return (parsed[1] as unknown[]).map((value, i) => {
    const key = keys[i]!;
    if (value === null && key.nullable) return null;
    if (typeof value === 'string' && value.length <= 1000) return value;
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (isStoredDate(value)) return new Date(value.t);
    throw refused();
  });
}

function isStoredDate(value: unknown): value is { t: number } {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 1 && Number.isFinite((value as { t?: unknown }).t);
}

const refused = () => badRequest(`after: ${ERROR}`, { after: [ERROR] });

/**
 * Reads up to `limit` rows of `query` (ordered by the keys) after the position `values`. After a value
 * of a nullable first key ordered descending come the smaller values and then every NULL (last when
 * descending); the two are read as two ranges of the index, the NULLs only when the page reaches them,
 * since neither database reads "below v or NULL" as one range of the index.
 */
export async function readAfter(query: Knex.QueryBuilder, keys: KeysetKey[], values: KeysetValues, limit: number): Promise<Array<Record<string, unknown>>> {
  const first = keys[0]!;
  if (!(first.nullable && first.order === 'desc' && values[0] !== null)) {
    whereAfter(query, keys, values);
    return query.limit(limit);
  }
  const nulls = query.clone().whereNull(first.column);
  whereAfter(query, [{ ...first, nullable: false }, ...keys.slice(1)], values);
  const valued = (await query.limit(limit)) as Array<Record<string, unknown>>;
  return valued.length < limit ? [...valued, ...((await nulls.limit(limit - valued.length)) as Array<Record<string, unknown>>)] : valued;
}

/**
 * Narrows `query` to the rows after `values` in the keys' order: for keys k1..kn, the rows where
 * (k1 after v1) or (k1 = v1 and k2 after v2) or … A plain range on the first key comes first, so that
 * both databases read the ordering's index from the position on instead of testing every row. A
 * nullable first key ordered descending from a value never comes here (`readAfter` splits it).
 */
function whereAfter(query: Knex.QueryBuilder, keys: KeysetKey[], values: KeysetValues): void {
  const first = keys[0]!;
  const v0 = values[0];
  if (v0 !== null) query.where(first.column, first.order === 'asc' ? '>=' : '<=', v0 as Knex.Value);
  query.where((any) => {
    keys.forEach((key, i) => {
      any.orWhere((one) => {
        for (let j = 0; j < i; j++) equal(one, keys[j]!, values[j]);
        after(one, key, values[i]);
      });
    });
  });
}

function equal(b: Knex.QueryBuilder, key: KeysetKey, value: unknown): void {
  if (value === null) b.whereNull(key.column);
  else b.where(key.column, value as Knex.Value);
}

// NULL sorts first ascending and last descending: after a NULL ascending come all the values; after a
// NULL descending, nothing but the NULLs that tie on it.
function after(b: Knex.QueryBuilder, key: KeysetKey, value: unknown): void {
  if (value === null) {
    if (key.order === 'asc') b.whereNotNull(key.column);
    else b.whereRaw('1 = 0');
  } else if (key.order === 'asc') {
    b.where(key.column, '>', value as Knex.Value);
  } else if (key.nullable) {
    b.where((x) => x.where(key.column, '<', value as Knex.Value).orWhereNull(key.column));
  } else {
    b.where(key.column, '<', value as Knex.Value);
  }
}
