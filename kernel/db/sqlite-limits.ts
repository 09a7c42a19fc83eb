import type { Knex } from 'knex';

interface LimitCompiler {
  single: { limit?: unknown };
  _getValueOrParameterFromAttribute(attribute: string, rawValue?: unknown): string;
}

const inlined = new WeakSet<object>();

/**
 * On SQLite, a query's LIMIT is written into its SQL as a number instead of a bound parameter.
 *
 * SQLite prepares a statement whose LIMIT is a parameter anew each time it runs with its values bound
 * again, as better-sqlite3 does on every call: a one-row `select *` of a product took 17 µs with
 * `limit ?` and 6 µs with `limit 1`, the difference growing with the columns read (bench/README.md,
 * "LIMIT as a number on SQLite"). knex binds every limit, `first()`'s included. knex has already parsed
 * the limit to an integer, so writing it costs nothing in safety; a page size makes a handful of
 * statements for the prepared-statement cache. OFFSET stays a parameter: it costs nothing bound, and
 * each deep page would otherwise be a statement of its own.
 *
 * The change is to the SQLite query compiler's class, which a transaction's client shares with the
 * store's; MySQL/MariaDB compile as before.
 */
export function inlineSqliteLimits(knex: Knex): void {
  const probe = (knex.client as unknown as { queryCompiler(builder: unknown): LimitCompiler }).queryCompiler(knex.queryBuilder());
  const proto = Object.getPrototypeOf(probe) as LimitCompiler;
  if (inlined.has(proto)) return;
  inlined.add(proto);
  const valueOrParameter = proto._getValueOrParameterFromAttribute;
  proto._getValueOrParameterFromAttribute = function (this: LimitCompiler, attribute: string, rawValue?: unknown) {
    if (attribute === 'limit') {
      const limit = rawValue ?? this.single.limit;
      if (Number.isSafeInteger(limit)) return String(limit);
    }
    return valueOrParameter.call(this, attribute, rawValue);
  };
}
