/**
 * How a database value is written into the archive and read back, the same from either database.
 * Strings, safe integers, finite numbers and null are plain JSON; anything JSON cannot carry exactly is
 * a one-key tagged object:
 *
 * - `{"$date": "2024-05-01T10:00:00.000Z"}` — a datetime mysql2 returned as a Date (UTC). SQLite
 *   keeps the app's datetimes as epoch milliseconds, which are archived as the plain numbers they are;
 *   restore turns either into what the target column holds (column-coercion.ts).
 * - `{"$bigint": "9007199254740993"}` — an integer beyond 2^53.
 * - `{"$bytes": "<base64>"}` — a binary value.
 * - `{"$float": "Infinity"}` — a non-finite number.
 *
 * Booleans are archived as 1/0, as both databases store them; a JSON column MySQL 8 returns parsed is
 * archived as its JSON text, as SQLite and MariaDB store it.
 */
export type ArchivedValue = null | string | number | { $date: string } | { $bigint: string } | { $bytes: string } | { $float: string };

export function encodeValue(value: unknown): ArchivedValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : { $float: String(value) };
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) && BigInt(Number(value)) === value ? Number(value) : { $bigint: value.toString() };
  if (typeof value === 'boolean') return value ? 1 : 0;
  // A zero date ('0000-00-00') comes back from mysql2 as an invalid Date: it holds no instant.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : { $date: value.toISOString() };
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') };
  if (typeof value === 'object') return JSON.stringify(value);
  throw new Error(`A value of type ${typeof value} cannot be archived.`);
}

export function encodeRow(row: unknown[]): ArchivedValue[] {
  return row.map(encodeValue);
}

/** A value read back from the archive: tags become Date, bigint, Buffer or number again. */
export type DecodedValue = null | string | number | bigint | Date | Buffer;

export function decodeValue(value: unknown): DecodedValue {
  if (value === null || typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'object' && !Array.isArray(value)) {
    const tagged = value as Record<string, unknown>;
    if (typeof tagged.$date === 'string') {
      const date = new Date(tagged.$date);
      if (!Number.isNaN(date.getTime())) return date;
    }
    if (typeof tagged.$bigint === 'string' && /^-?\d+$/.test(tagged.$bigint)) return BigInt(tagged.$bigint);
    if (typeof tagged.$bytes === 'string') return Buffer.from(tagged.$bytes, 'base64');
    if (typeof tagged.$float === 'string') return Number(tagged.$float);
  }
  throw new Error(`an archived value is of an unknown kind: ${JSON.stringify(value).slice(0, 80)}`);
}
