import type { Knex } from 'knex';

/**
 * Columns a list computes for the rows of its page only (`ListReading.overPage`): the page's query is
 * read as a derived table named `alias`, and these columns are selected over its rows, in the page's
 * order. MySQL/MariaDB evaluates a select list's sub-queries for every row a statement with a window
 * function matched, not for the rows the LIMIT keeps, so a search (whose count is a window over its
 * matches) read its page's per-product columns in a second statement. A derived table with a LIMIT is
 * materialised, never merged into the statement around it, so its columns are computed for its rows:
 * one round trip where there were two.
 */
export interface ColumnsOverPage {
  /** The store's database handle, which builds the statement around the page. */
  db: Knex;
  /** The derived table's name: what the columns' correlated sub-queries refer to (`products`). */
  alias: string;
  columns: ReadonlyArray<Knex.QueryBuilder | Knex.Raw>;
}

// One ordering of a builder as knex keeps it (`orderBy(column, direction)`).
interface OrderStatement {
  grouping: string;
  type?: string;
  value?: unknown;
  direction?: unknown;
  nulls?: unknown;
}

const orderKey = (i: number) => `__page_order_${i}`;

/**
 * The page (`page`: its filters, order, offset and limit set) as the inner statement of one that adds
 * `over.columns` and repeats the page's order, which a derived table does not keep. The page's ordering
 * columns ride along as `__page_order_<n>`, added to `page` itself (read the returned query, not it),
 * and `strip` takes them off the rows read. Undefined, with `page` untouched, when the
 * page is ordered by anything but plain columns (a raw ordering), which cannot be repeated by name:
 * the caller then reads the columns its own way.
 */
export function overPageQuery(page: Knex.QueryBuilder, over: ColumnsOverPage): { query: Knex.QueryBuilder; strip(rows: Array<Record<string, unknown>>): void } | undefined {
  const orders = (page as unknown as { _statements: OrderStatement[] })._statements.filter((s) => s.grouping === 'order');
  if (!orders.every((o) => o.type === 'orderByBasic' && typeof o.value === 'string' && !o.nulls)) return undefined;
  const keys = orders.map((_, i) => orderKey(i));
  orders.forEach((o, i) => page.select(`${o.value as string} as ${keys[i]}`));
  const query = over.db.from(page.as(over.alias)).select(`${over.alias}.*`, ...over.columns);
  orders.forEach((o, i) => query.orderBy(`${over.alias}.${keys[i]}`, (o.direction as 'asc' | 'desc' | undefined) ?? 'asc'));
  return {
    query,
    strip: (rows) => {
      for (const row of rows) for (const key of keys) delete row[key];
    },
  };
}
