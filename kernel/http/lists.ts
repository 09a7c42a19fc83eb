import type { Knex } from 'knex';
import { overPageQuery, type ColumnsOverPage } from './columns-over-page.ts';
import { sharedRows } from '../db/shared-reads.ts';
import { AppError, badRequest, type FieldErrors } from './errors.ts';
import { decodeCursor, encodeCursor, readAfter, type KeysetKey } from './keyset.ts';
import type { ListPositions } from './list-positions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Positions of rows in lists, for pages asked by number far into a list (list-positions.ts). */
    listPositions?: ListPositions;
  }
}

/** What a list reads of its request: the query (validated), the URL its links are made from, the positions of its rows. */
export interface ListRequest {
  query: unknown;
  url: string;
  server: { listPositions?: ListPositions };
}

/** The list envelope of docs/api.md (conventions, lists). */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export type RangeKind = 'datetime' | 'integer' | 'money';

export interface ListSpec {
  /** Public ordering names → column (or expression) to sort by; `-name` sorts descending. */
  ordering?: Record<string, string>;
  defaultOrdering?: string;
  /** Fields that take `__gte` / `__lte` bounds, with how their values are read. */
  ranges?: Record<string, RangeKind>;
  search?: boolean;
  /**
   * Keyset paging (keyset.ts): `next` links carry `after`, the position of the page's last row, and a
   * page asked with it is read from that position instead of with an OFFSET. `nullable` names the
   * ordering fields whose column can hold NULL.
   */
  keyset?: { nullable?: string[] };
}

/**
 * The querystring schema every list shares: page and page_size (over 100 is a 400, not a clamp),
 * ordering, search and the `__gte`/`__lte` bounds the route declares, plus the route's own filters.
 */
export function listQuerySchema(spec: ListSpec, filters: Record<string, object> = {}): object {
  const properties: Record<string, object> = {
    page: { type: 'integer', minimum: 1, default: 1, description: '1-indexed page number.' },
    page_size: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: `Items per page, at most ${MAX_PAGE_SIZE}.` },
    ...filters,
  };
  if (spec.ordering) {
    const names = Object.keys(spec.ordering);
    // The allow-list as a pattern (one name, or several comma-separated), so clients see it and the
    // schema refuses an unknown field before the list is read.
    const one = `\\s*-?(?:${names.map((n) => n.replace(/[^a-z0-9_]/gi, '')).join('|')})\\s*`;
    properties.ordering = {
      type: 'string',
      maxLength: 200,
      pattern: `^(?:${one}(?:,${one})*)?$`,
      examples: [names[0], `-${names[0]}`],
      'x-invalid': `Unknown field. Allowed: ${names.join(', ')} (prefix - for descending).`,
      description: `Comma-separated; prefix with - for descending. Allowed: ${names.flatMap((n) => [n, `-${n}`]).join(', ')}.`,
    };
  }
  if (spec.search) properties.search = { type: 'string', maxLength: 200, description: 'Text search.' };
  if (spec.keyset) {
    properties.after = {
      type: 'string',
      maxLength: 2000,
      pattern: '^[A-Za-z0-9_-]*$',
      'x-invalid': 'Not a position this list gave.',
      'x-rule': 'A position from a `next` link of this list, with the same `ordering`; a list that ranks a search by relevance takes none with `search`.',
      description: 'The position the `next` link carries: the page is read from the row after it (with `page` only numbering it), so deep pages cost what the first does and a walk by `next` links neither misses nor repeats a row when rows change meanwhile.',
    };
  }
  for (const [field, kind] of Object.entries(spec.ranges ?? {})) {
    const schema = kind === 'datetime'
      ? {
          type: 'string',
          maxLength: 40,
          anyOf: [{ format: 'date', 'x-invalid': DATE_BOUND_MESSAGE }, { format: 'date-time', 'x-invalid': DATE_BOUND_MESSAGE }],
          pattern: DATE_BOUND_PATTERN,
          'x-invalid': DATE_BOUND_MESSAGE,
        }
      : kind === 'money'
        ? {
          type: 'string',
          maxLength: 40,
          pattern: '^\\d+(\\.\\d+)?$',
          'x-invalid': 'Enter a plain decimal amount such as "12.50".',
          'x-rule': 'At most as many decimals as the currency has.',
        }
        : { type: 'integer' };
    const what = kind === 'datetime' ? ': an ISO 8601 date (2026-01-31, the whole day) or timestamp (2026-01-31T12:00:00Z)' : kind === 'money' ? ': a decimal amount ("12.50")' : '';
    properties[`${field}__gte`] = { ...schema, description: `Lower bound (inclusive) on ${field}${what}.` };
    properties[`${field}__lte`] = { ...schema, description: `Upper bound (inclusive) on ${field}${what}.` };
  }
  return { type: 'object', properties };
}

// What parseDateBound reads: a date, or a timestamp with a T, optional seconds and a zone (Z or ±hh:mm).
const DATE_BOUND_PATTERN = '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2}))?$';

const DATE_BOUND_MESSAGE = 'Enter an ISO 8601 date (2026-01-31) or UTC timestamp (2026-01-31T12:00:00Z).';

export interface OrderBy {
  column: string;
  order: 'asc' | 'desc';
}

// The fields of an ordering as asked (the list's default when none is), each with its `-`.
function orderingParts(value: string | undefined, spec: ListSpec): string[] {
  const raw = value?.trim() ? value : spec.defaultOrdering;
  return (raw ?? '').split(',').map((p) => p.trim()).filter(Boolean);
}

/**
 * The one field a list's ordering (or its default) sorts by, without its direction; undefined when it
 * sorts by several or none. A route whose index holds that field can name the index to the database.
 */
export function orderingField(value: string | undefined, spec: ListSpec): string | undefined {
  const parts = orderingParts(value, spec);
  return parts.length === 1 ? parts[0]!.replace(/^-/, '') : undefined;
}

/** Reads `ordering=name,-price` against the route's allow-list; an unknown field is a 400. */
export function parseOrdering(value: string | undefined, spec: ListSpec): OrderBy[] {
  const allowed = spec.ordering ?? {};
  const result: OrderBy[] = [];
  const bad: string[] = [];
  for (const part of orderingParts(value, spec)) {
    const desc = part.startsWith('-');
    const name = desc ? part.slice(1) : part;
    const column = Object.hasOwn(allowed, name) ? allowed[name] : undefined;
    if (!column) bad.push(part);
    else result.push({ column, order: desc ? 'desc' : 'asc' });
  }
  if (bad.length) {
    const names = Object.keys(allowed);
    throw badRequest(`Unknown ordering field: ${bad.join(', ')}.`, {
      ordering: [`Unknown field ${bad.map((b) => `"${b}"`).join(', ')}. Allowed: ${names.length ? names.join(', ') : 'none'}.`],
    });
  }
  return result;
}

// `Date` rolls 2026-02-31 over to March 3rd; a bound naming a day that does not exist is a 400 instead.
function realCalendarDay(value: string): boolean {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

// Runs each check; one failure is rethrown as is, several become one 400 naming every field.
function allChecks(checks: Array<() => void>): void {
  const failed: AppError[] = [];
  for (const check of checks) {
    try {
      check();
    } catch (err) {
      if (!(err instanceof AppError) || !err.errors) throw err;
      failed.push(err);
    }
  }
  if (failed.length === 1) throw failed[0];
  if (failed.length > 1) {
    const errors: FieldErrors = Object.assign({}, ...failed.map((e) => e.errors));
    throw badRequest(`Invalid input: ${Object.keys(errors).join(', ')}.`, errors);
  }
}

/** Parses a `__gte`/`__lte` datetime bound; a bare date means its start (gte) or end (lte) in UTC. */
export function parseDateBound(field: string, value: string, bound: 'gte' | 'lte'): Date {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const ok = dateOnly || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(value);
  const date = ok && realCalendarDay(value) ? new Date(dateOnly ? `${value}T00:00:00.000Z` : value) : new Date(NaN);
  if (Number.isNaN(date.getTime())) {
    throw badRequest(`${field}__${bound}: not an ISO 8601 date or timestamp.`, {
      [`${field}__${bound}`]: ['Enter an ISO 8601 date (2026-01-31) or UTC timestamp (2026-01-31T12:00:00Z).'],
    });
  }
  if (dateOnly && bound === 'lte') date.setUTCHours(23, 59, 59, 999);
  return date;
}

/**
 * Applies the declared datetime/integer bounds to a query; money bounds are left to the route. Every
 * malformed bound is named in one 400.
 */
export function applyRanges(query: Knex.QueryBuilder, params: Record<string, any>, spec: ListSpec, columns: Record<string, string> = {}): void {
  const checks: Array<() => void> = [];
  for (const [field, kind] of Object.entries(spec.ranges ?? {})) {
    if (kind === 'money') continue;
    const column = columns[field] ?? field;
    for (const bound of ['gte', 'lte'] as const) {
      const raw = params[`${field}__${bound}`];
      if (raw === undefined || raw === '') continue;
      checks.push(() => {
        const value = kind === 'datetime' ? parseDateBound(field, String(raw), bound) : raw;
        query.where(column, bound === 'gte' ? '>=' : '<=', value);
      });
    }
  }
  allChecks(checks);
}

/**
 * Absolute URL of the same list with another page number (and position, for keyset paging), or null.
 * Built from the request's own path and its query as `URLSearchParams` writes it, after BASE_URL as
 * `URL` writes it (concatenated, not resolved: a BASE_URL with a path, https://example.com/shop, keeps
 * it): the text `new URL(base + request.url)` gives after the same changes, for a path a list route
 * matched, without parsing a URL per link (a list writes two).
 */
function pageUrl(baseUrl: string, request: ListRequest, page: number | null, after?: string): string | null {
  if (page === null) return null;
  const target = request.url;
  const q = target.indexOf('?');
  const params = new URLSearchParams(q < 0 ? '' : target.slice(q + 1));
  if (page === 1) params.delete('page');
  else params.set('page', String(page));
  if (after) params.set('after', after);
  else params.delete('after');
  const query = params.toString();
  return `${normalizedBase(baseUrl)}${q < 0 ? target : target.slice(0, q)}${query ? `?${query}` : ''}`;
}

const normalizedBases = new Map<string, string>();

/** BASE_URL as `URL` writes it (host in lower case, no default port), without a trailing slash. */
function normalizedBase(baseUrl: string): string {
  let normal = normalizedBases.get(baseUrl);
  if (normal === undefined) {
    normal = new URL(`${baseUrl}/`).href.slice(0, -1);
    normalizedBases.set(baseUrl, normal);
  }
  return normal;
}

/**
 * Builds the envelope; a page past the end is a 404 (page 1 of an empty list is an empty page). With
 * `keyset`, `next` carries the position after which the next page starts.
 */
export function envelope<T>(request: ListRequest, baseUrl: string, count: number, page: number, pageSize: number, results: T[], keyset?: { after: string | null }): Page<T> {
  const last = Math.max(1, Math.ceil(count / pageSize));
  if (page > last) throw new AppError(404, 'not_found', 'Invalid page.');
  return {
    count,
    next: page < last && keyset?.after !== null ? pageUrl(baseUrl, request, page + 1, keyset?.after) : null,
    previous: pageUrl(baseUrl, request, page > 1 ? page - 1 : null),
    results,
  };
}

/** From how many skipped rows a list with `rowsOfIds` reads its page's ids first. */
export const IDS_FIRST_OFFSET = 1000;

/** Cheaper ways for `paginate` to count a list and to read one of its pages, where a route knows them. */
export interface ListReading {
  /** The count itself (kept numbers, say), used while no declared range bound narrows the list. */
  count?: () => Promise<number>;
  /**
   * The count itself as a query of one row and one column (`KeptCounts.sumQuery`), used as `count` is:
   * a page by number near the start selects it with its rows (see `paginate`), elsewhere it is read on
   * its own. With `count` as well, `count` is what is read on its own.
   */
  countColumn?: Knex.QueryBuilder;
  /**
   * Builds a query that counts the same rows for less (the page's query is counted when absent); built
   * only when a count is read from a query.
   */
  countQuery?: () => Knex.QueryBuilder;
  /**
   * A window column (`count(*) over () as list_total`) that the page's query selects, so that a list
   * whose every match must be read for its order anyway (a search ranked by relevance) is read once,
   * not once to count and once for the page. Only a page past the end is counted on its own.
   */
  totalColumn?: { select: Knex.Raw; name: string };
  /**
   * With `totalColumn`: columns computed for the page's rows only, selected over the page read as a
   * derived table (columns-over-page.ts says why), in the same statement.
   */
  overPage?: ColumnsOverPage;
  /**
   * For a page that skips many rows (`IDS_FIRST_OFFSET`), read the page's ids first and then their rows
   * with this reader (by primary key, unordered): MySQL/MariaDB reads the whole row of every skipped row
   * for an OFFSET (about 10 ms at page 400 of products), while the ids alone come from the ordering's
   * index. Nearer the start one query costs less than two. Not with `totalColumn`.
   */
  rowsOfIds?: (ids: number[]) => Promise<unknown[]>;
  /**
   * Adjusts the query of a page read after a position (keyset), before it runs: MariaDB reads a
   * position's range of a two-column index (status, then the ordering) only when told to use that index,
   * and otherwise walks every row of the status from the start (an index hint; see the product list).
   */
  keysetPage?: (query: Knex.QueryBuilder) => void;
  /**
   * Adjusts the query of every page, by number or after a position, before it runs: an index hint where
   * the route knows the index that fits its filters and ordering (see the order list).
   */
  pageQuery?: (query: Knex.QueryBuilder) => void;
}

/**
 * Runs a list query the standard way: one page of rows with the requested ordering (always ending on
 * `id` so that pages are stable), mapped by `serialize`, and the list's count (with the page, as a
 * sub-query of its query, for a page by number before IDS_FIRST_OFFSET). A list with `spec.keyset`
 * (and no `totalColumn`) gives `next` links with a position and reads a page asked with one from there.
 */
export async function paginate<R, T>(
  request: ListRequest,
  baseUrl: string,
  query: Knex.QueryBuilder,
  spec: ListSpec,
  serialize: (rows: R[]) => T[] | Promise<T[]>,
  idColumn = 'id',
  reading: ListReading = {},
): Promise<Page<T>> {
  const params = request.query as Record<string, any>;
  const page = Number(params.page ?? 1);
  const pageSize = Number(params.page_size ?? DEFAULT_PAGE_SIZE);
  const after = typeof params.after === 'string' && params.after !== '' ? params.after : undefined;
  // Ordering and bounds are checked together, so one 400 names every bad parameter.
  let ordering: OrderBy[] = [];
  allChecks([() => (ordering = parseOrdering(params.ordering, spec)), () => applyRanges(query, params, spec)]);
  // A relevance ranking is the route's own order, not one a position can be taken in.
  const keyset = spec.keyset && !reading.totalColumn ? keysetOf(spec, params.ordering, ordering, idColumn) : undefined;
  if (after !== undefined && !keyset) throw badRequest('after: not with a search.', { after: ['A search is paged by number only.'] });
  // The bounds were checked on `query` above; a count query of the route's gets them too.
  const counted = (): Knex.QueryBuilder => {
    if (!reading.countQuery) return query;
    const countQuery = reading.countQuery();
    applyRanges(countQuery, params, spec);
    return countQuery;
  };
  const rowsQuery = query.clone();
  reading.pageQuery?.(rowsQuery);
  for (const o of ordering) rowsQuery.orderBy(o.column, o.order);
  rowsQuery.orderBy(idColumn, ordering[0]?.order ?? 'asc');
  if (reading.totalColumn) {
    const pageQuery = rowsQuery.offset((page - 1) * pageSize).limit(pageSize).select(reading.totalColumn.select);
    const over = reading.overPage && overPageQuery(pageQuery, reading.overPage);
    const rows = await sharedRows<R & Record<string, unknown>>(over?.query ?? pageQuery);
    over?.strip(rows);
    const total = rows.length ? Number(rows[0]![reading.totalColumn.name]) : await countOf(counted());
    return envelope(request, baseUrl, total, page, pageSize, await serialize(rows));
  }
  const given = keptCountOf(reading);
  const count = () => (given && !hasRangeBound(params, spec) ? given() : countOf(counted()));
  if (keyset && after !== undefined) {
    const position = decodeCursor(after, keyset.ordering, keyset.keys);
    reading.keysetPage?.(rowsQuery);
    // One row more than the page tells whether there is a next page, whatever changed since the count.
    const total = await count();
    const read = (await readAfter(keyset.select(rowsQuery), keyset.keys, position, pageSize + 1)) as Array<R & Record<string, unknown>>;
    const rows = read.slice(0, pageSize);
    const next = read.length > pageSize ? keyset.cursorOf(rows[rows.length - 1]!) : null;
    keyset.strip(read);
    return {
      count: total,
      next: next === null ? null : pageUrl(baseUrl, request, page + 1, next),
      previous: pageUrl(baseUrl, request, page > 1 ? page - 1 : null),
      results: await serialize(rows),
    };
  }
  const offset = (page - 1) * pageSize;
  const positions = keyset && offset >= IDS_FIRST_OFFSET ? request.server.listPositions : undefined;
  // Before the first statement: a position learned from rows read before a change is not kept.
  const generation = positions?.generation ?? 0;
  const countColumn = offset < IDS_FIRST_OFFSET ? countColumnOf(reading, params, spec, counted) : undefined;
  let total: number;
  let rows: R[];
  if (countColumn) {
    // The count rides on the page's rows as a sub-query: one statement where there were two, and the
    // two agree (one snapshot). Only an empty page is counted on its own.
    rows = await pageAt<R>(allColumnsUnlessChosen(rowsQuery).offset(offset).limit(pageSize).select(countColumn.as(COUNT_COLUMN)), idColumn, reading, keyset, false);
    total = rows.length ? Number((rows[0] as Record<string, unknown>)[COUNT_COLUMN] ?? 0) : await count();
    for (const row of rows as Array<Record<string, unknown>>) delete row[COUNT_COLUMN];
    if (total <= offset) return envelope(request, baseUrl, total, page, pageSize, await serialize([]));
  } else {
    total = await count();
    if (total <= offset) return envelope(request, baseUrl, total, page, pageSize, await serialize([]));
    rows = positions
      ? await deepPage<R>(rowsQuery, offset, pageSize, { positions, generation, keyset: keyset!, idColumn, reading })
      : await pageAt<R>(rowsQuery.offset(offset).limit(pageSize), idColumn, reading, keyset, offset >= IDS_FIRST_OFFSET);
  }
  if (!keyset) return envelope(request, baseUrl, total, page, pageSize, await serialize(rows));
  const position = rows.length ? keyset.cursorOf(rows[rows.length - 1] as Record<string, unknown>) : null;
  keyset.strip(rows as Array<Record<string, unknown>>);
  return envelope(request, baseUrl, total, page, pageSize, await serialize(rows), { after: position });
}

/** A list's keyset: its keys, the ordering its cursors belong to, and the key columns a page reads. */
interface Keyset {
  keys: KeysetKey[];
  ordering: string;
  /** Adds the keys to a page's columns, as `__key0`… (`strip` removes them before serialising). */
  select(query: Knex.QueryBuilder): Knex.QueryBuilder;
  cursorOf(row: Record<string, unknown>): string;
  strip(rows: Array<Record<string, unknown>>): void;
}

function keysetOf(spec: ListSpec, asked: string | undefined, ordering: OrderBy[], idColumn: string): Keyset {
  const nullable = new Set((spec.keyset?.nullable ?? []).map((name) => spec.ordering?.[name]));
  const keys: KeysetKey[] = [
    ...ordering.map((o) => ({ column: o.column, order: o.order, nullable: nullable.has(o.column) })),
    { column: idColumn, order: ordering[0]?.order ?? 'asc', nullable: false },
  ];
  const names = keys.map((_, i) => `__key${i}`);
  // The ordering as asked, spaces aside (the default when none is given).
  const orderingText = (asked?.trim() ? asked : spec.defaultOrdering ?? '').replace(/\s+/g, '');
  return {
    keys,
    ordering: orderingText,
    select: (query) => query.select(keys.map((k, i) => `${k.column} as ${names[i]}`)),
    cursorOf: (row) => encodeCursor(orderingText, names.map((n) => row[n])),
    strip: (rows) => {
      for (const row of rows) for (const n of names) delete row[n];
    },
  };
}

// A page of `rowsQuery` (offset and limit set): in one query, or, far into the list and where the
// route reads rows by id, its ids first and then their rows (`rowsOfIds`).
async function pageAt<R>(rowsQuery: Knex.QueryBuilder, idColumn: string, reading: ListReading, keyset: Keyset | undefined, deep: boolean): Promise<R[]> {
  const withKeys = (query: Knex.QueryBuilder) => (keyset ? keyset.select(query) : query);
  if (!reading.rowsOfIds || !deep) return sharedRows<R>(withKeys(rowsQuery));
  const idRows = (await withKeys(idsOf(rowsQuery, idColumn))) as Array<Record<string, unknown>>;
  return rowsOfIdRows<R>(idRows, idColumn, reading.rowsOfIds, keyset);
}

// The same rows' ids alone, which come from the ordering's index.
function idsOf(rowsQuery: Knex.QueryBuilder, idColumn: string): Knex.QueryBuilder {
  return rowsQuery.clone().clearSelect().select(idColumn);
}

// The rows of these ids (in order, from the ordering's index) from the route's reader, put in that
// order; with a keyset, the last row's keys come from the ids' rows.
async function rowsOfIdRows<R>(idRows: Array<Record<string, unknown>>, idColumn: string, rowsOfIds: (ids: number[]) => Promise<unknown[]>, keyset?: Keyset): Promise<R[]> {
  const idKey = idColumn.slice(idColumn.lastIndexOf('.') + 1);
  const ids = idRows.map((r) => Number(r[idKey]));
  if (ids.length === 0) return [];
  const rows = (await rowsOfIds(ids)) as Array<R & Record<string, unknown>>;
  const at = new Map(ids.map((id, i) => [id, i]));
  const ordered = rows.filter((row) => at.has(Number(row[idKey]))).sort((a, b) => at.get(Number(a[idKey]))! - at.get(Number(b[idKey]))!);
  // The last row's keys ride on it, as they do when the page is read in one query.
  const last = ordered[ordered.length - 1];
  if (keyset && last) Object.assign(last, Object.fromEntries(Object.entries(idRows[at.get(Number(last[idKey]))!]!).filter(([k]) => k.startsWith('__key'))));
  return ordered;
}

interface DeepPageParts {
  positions: ListPositions;
  generation: number;
  keyset: Keyset;
  idColumn: string;
  reading: ListReading;
}

/**
 * A page far into a keyset list, asked by number. When the position of the row just before it is known
 * (list-positions.ts), the page is the rows after that row: read from the ordering's index like a
 * `next` link's page, whatever its number. Otherwise it is read with the row before it, by OFFSET, and
 * that row's position is kept, so the same page asked again costs no walk. Either way the position of
 * its last row is kept, so the page after it costs none either.
 */
async function deepPage<R>(rowsQuery: Knex.QueryBuilder, offset: number, pageSize: number, parts: DeepPageParts): Promise<R[]> {
  const { positions, generation, keyset, idColumn, reading } = parts;
  const list = listKey(keyset.select(rowsQuery.clone()));
  const before = positions.at(list, offset - 1);
  let rows: Array<R & Record<string, unknown>>;
  if (before !== undefined) {
    reading.keysetPage?.(rowsQuery);
    rows = (await readAfter(keyset.select(rowsQuery), keyset.keys, decodeCursor(before, keyset.ordering, keyset.keys), pageSize)) as typeof rows;
  } else {
    rowsQuery.offset(offset - 1).limit(pageSize + 1);
    const read = (await keyset.select(reading.rowsOfIds ? idsOf(rowsQuery, idColumn) : rowsQuery)) as typeof rows;
    if (read.length) positions.remember(list, offset - 1, keyset.cursorOf(read[0]!), generation);
    rows = reading.rowsOfIds ? await rowsOfIdRows<R & Record<string, unknown>>(read.slice(1), idColumn, reading.rowsOfIds, keyset) : read.slice(1);
  }
  // A row the route's reader left out (its visibility changed meanwhile) leaves the count of rows short
  // of the page: the last position is then not the page's end.
  const last = rows[rows.length - 1];
  if (last && rows.length === pageSize) positions.remember(list, offset + pageSize - 1, keyset.cursorOf(last), generation);
  return rows;
}

// A list's identity for its positions: its statement with every filter, ordering and value.
function listKey(query: Knex.QueryBuilder): string {
  const { sql, bindings } = query.toSQL();
  return JSON.stringify([sql, bindings]);
}

async function countOf(query: Knex.QueryBuilder): Promise<number> {
  const [{ count }] = await countQueryOf(query);
  return Number(count);
}

function countQueryOf(query: Knex.QueryBuilder): Knex.QueryBuilder {
  return query.clone().clearSelect().clearOrder().count({ count: '*' });
}

/**
 * A query that selects no column reads `*`; one column more would make it read that column alone, so
 * such a query is given its `*` first.
 */
function allColumnsUnlessChosen(query: Knex.QueryBuilder): Knex.QueryBuilder {
  const statements = (query as unknown as { _statements: Array<{ grouping: string }> })._statements;
  return statements.some((st) => st.grouping === 'columns') ? query : query.select('*');
}

/** The column a page by number reads its list's count as (removed from the rows before serialising). */
const COUNT_COLUMN = '__list_count';

/**
 * The count of a page by number as a sub-query its own query selects: the route's kept number
 * (`countColumn`) where `count` would be read, else the count of the list's rows.
 */
function countColumnOf(reading: ListReading, params: Record<string, any>, spec: ListSpec, counted: () => Knex.QueryBuilder): Knex.QueryBuilder | undefined {
  if (keptCountOf(reading) && !hasRangeBound(params, spec)) return reading.countColumn?.clone();
  return countQueryOf(counted());
}

/** The route's own count (`count`, else its `countColumn` read on its own), if it gave one. */
function keptCountOf(reading: ListReading): (() => Promise<number>) | undefined {
  const column = reading.countColumn;
  return reading.count ?? (column && (async () => Number(Object.values((await column.clone().first()) ?? {})[0] ?? 0)));
}

function hasRangeBound(params: Record<string, any>, spec: ListSpec): boolean {
  return Object.keys(spec.ranges ?? {}).some((field) => ['gte', 'lte'].some((bound) => params[`${field}__${bound}`] !== undefined && params[`${field}__${bound}`] !== ''));
}

/** JSON schema of a page of `item`s, for a route's 200 response. */
export function pageSchema(item: object): object {
  return {
    type: 'object',
    required: ['count', 'next', 'previous', 'results'],
    properties: {
      count: { type: 'integer' },
      next: { type: ['string', 'null'], format: 'uri' },
      previous: { type: ['string', 'null'], format: 'uri' },
      results: { type: 'array', items: item },
    },
  };
}
