import { toDate } from '../db/dialect.ts';
import type { Dialect } from './archive-format.ts';
import type { DecodedValue } from './archive-values.ts';

/** What a column holds, as far as restoring into it matters (booleans are integers on both databases). */
export type ColumnKind = 'datetime' | 'integer' | 'real' | 'decimal' | 'blob' | 'json' | 'text';

/**
 * A column's kind from its declared type: SQLite's declared type (`datetime`, `bigint`, `boolean`,
 * `varchar(255) collate nocase`, …) or MySQL's information_schema DATA_TYPE (`datetime`, `bigint`,
 * `tinyint`, `longtext`, `json`, …).
 */
export function columnKind(declared: string): ColumnKind {
  const type = declared.trim().toLowerCase();
  if (/^(datetime|timestamp|date)\b/.test(type)) return 'datetime';
  if (/^(bool|boolean|bit|tinyint|smallint|mediumint|int|integer|bigint|unsigned big int)\b/.test(type)) return 'integer';
  if (/^(real|double|float)/.test(type)) return 'real';
  if (/^(decimal|numeric)/.test(type)) return 'decimal';
  if (/blob|binary/.test(type)) return 'blob';
  if (/^json/.test(type)) return 'json';
  return 'text';
}

/**
 * The value to insert into a target column of this kind, so that the restored store reads exactly
 * what the original did, whichever database each is on. Datetimes are what the app itself writes: on
 * SQLite epoch milliseconds (knex binds a Date as its valueOf()), on MySQL/MariaDB a Date, which the
 * kernel's mysql2 connection (timezone 'Z', session time_zone +00:00; db/connection.ts) writes as UTC
 * — so a datetime read back through the API is the same instant to the millisecond.
 */
export function coerceValue(value: DecodedValue, kind: ColumnKind, target: Dialect): unknown {
  if (value === null) return null;
  switch (kind) {
    case 'datetime':
      return coerceDatetime(value, target);
    case 'integer':
      return coerceInteger(value);
    case 'real':
      return typeof value === 'string' || typeof value === 'bigint' ? Number(value) : value;
    case 'blob':
      return typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
    case 'decimal':
    case 'json':
    case 'text':
      if (Buffer.isBuffer(value)) return value.toString('utf8');
      if (typeof value === 'bigint') return value.toString();
      if (value instanceof Date) return value.toISOString();
      return value;
  }
}

function coerceDatetime(value: Exclude<DecodedValue, null>, target: Dialect): unknown {
  if (target === 'sqlite') {
    // A text datetime SQLite held stays as it was: only values from MySQL (Dates) need converting.
    if (typeof value === 'string') return value;
    const date = toDate(typeof value === 'bigint' ? Number(value) : value);
    return date && !Number.isNaN(date.getTime()) ? date.getTime() : value;
  }
  const date = toDate(typeof value === 'bigint' ? Number(value) : Buffer.isBuffer(value) ? value.toString('utf8') : value);
  // Something that is no instant (a date-only string) goes in as it is; MySQL judges it.
  return date && !Number.isNaN(date.getTime()) ? date : value;
}

function coerceInteger(value: Exclude<DecodedValue, null>): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : BigInt(value);
  }
  if (value instanceof Date) return value.getTime();
  return value;
}
