/**
 * How many rows one multi-row INSERT takes at most: 250 (knex writes a multi-row insert on SQLite as a
 * compound SELECT, which SQLite limits to 500 terms), and about 1 MiB of text (well below MySQL's
 * max_allowed_packet).
 */
export const ROWS_PER_INSERT = 250;
export const CHARS_PER_INSERT = 1 << 20;

/**
 * Splits rows, in order, into the batches of a multi-row insert each: at most ROWS_PER_INSERT rows and
 * about CHARS_PER_INSERT characters of `length(row)` (a row larger than that goes alone).
 */
export function insertBatches<T>(rows: readonly T[], length: (row: T) => number): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let chars = 0;
  for (const row of rows) {
    const size = length(row);
    if (batch.length && (chars + size > CHARS_PER_INSERT || batch.length === ROWS_PER_INSERT)) {
      batches.push(batch);
      batch = [];
      chars = 0;
    }
    batch.push(row);
    chars += size;
  }
  if (batch.length) batches.push(batch);
  return batches;
}
