import { LRUCache } from 'lru-cache';

interface Statement {
  readonly reader: boolean;
  safeIntegers(on?: boolean): unknown;
  raw(on?: boolean): unknown;
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
  pluck(on?: boolean): Statement;
  columns(): Array<{ name: string }>;
}

interface SqliteConnection {
  prepare(sql: string): Statement;
}

const STATEMENTS = 500;

/**
 * What the kept statements may hold of SQLite's memory, estimated from their text (`statementBytes`).
 * A multi-row insert is compiled to code for every value it binds: one of a bulk stock sync's, 1,000
 * rows of 12 values, holds 1.1 MiB, where a catalogue read holds about 7 KiB. Kept by count alone, the
 * bulk writes of a day (each row count its own statement) would pin up to 500 of them.
 */
const STATEMENT_BYTES = 8 * 1024 * 1024;

/**
 * SQLite's memory for a prepared statement, roughly: 7 KiB, and 100 bytes for each value it binds
 * (measured with better-sqlite3: 500 small selects, and 1,000-row inserts of 12 values).
 */
export function statementBytes(sql: string): number {
  let parameters = 0;
  for (let i = sql.indexOf('?'); i !== -1; i = sql.indexOf('?', i + 1)) parameters++;
  return 7 * 1024 + 100 * parameters;
}

/**
 * Keeps a better-sqlite3 connection's prepared statements for reuse: knex prepares every query anew,
 * and compiling the SQL was a tenth of a catalogue read's time, for the same few dozen statements.
 * A reused statement is set back to the connection's default integer mode, which knex then changes
 * per query when asked, exactly as on a fresh one; knex never switches a statement to raw, pluck or
 * expand mode. At most 500 statements and 8 MiB of their memory are kept, the least recently used
 * going first; SQLite frees a dropped statement's memory when its object is collected.
 */
export function reusePreparedStatements(connection: SqliteConnection): void {
  const prepare = connection.prepare.bind(connection);
  const statements = new LRUCache<string, Statement>({ max: STATEMENTS, maxSize: STATEMENT_BYTES, sizeCalculation: (_statement, sql) => statementBytes(sql) });
  const schemaVersion = schemaVersionOf(prepare);
  connection.prepare = (sql: string) => {
    const known = statements.get(sql);
    if (known) {
      known.safeIntegers(false);
      return known;
    }
    const statement = prepare(sql);
    if (statement.reader && SELECT.test(sql)) {
      if (sql.includes('*')) readRowsAsArrays(statement, schemaVersion);
      else readNamedColumnsAsArrays(statement);
    }
    statements.set(sql, statement);
    return statement;
  };
}

const SELECT = /^\s*select\b/i;

/**
 * Reads the rows of a SELECT that names each of its columns (no `*` anywhere in its text) as arrays,
 * and builds each object with a function compiled for its columns when it is prepared. Such a
 * statement's column names are given by its text and the columns it names, so no schema version is
 * read: a schema change that removes or renames one of those columns makes the statement fail. (One
 * exception: a column named bare, unaliased, takes its declared spelling, so a rename that changed only
 * its letters' case would rename the key as well; the store's columns are lower-case snake_case, and a
 * migration has no reason to do that.) better-sqlite3 makes a row object property
 * by property: a page of 20 rows of 5 columns took 26 µs read as objects and 16 µs read as arrays and
 * built here (bench/README.md, "Named columns as arrays").
 */
function readNamedColumnsAsArrays(statement: Statement): void {
  const names = statement.columns().map((c) => c.name);
  if (names.includes('__proto__')) return;
  const build = rowBuilder(names);
  const objectsOf = statement.all.bind(statement);
  statement.all = (...params: unknown[]) => {
    const rows = arraysOf(statement, objectsOf, params);
    for (let i = 0; i < rows.length; i++) rows[i] = build(rows[i] as unknown[]);
    return rows;
  };
}

/** The statement's rows as arrays (better-sqlite3's raw mode), the statement left in its object mode. */
function arraysOf(statement: Statement, objectsOf: (...params: unknown[]) => unknown[], params: unknown[]): unknown[] {
  statement.raw(true);
  try {
    return objectsOf(...params);
  } finally {
    statement.raw(false);
  }
}

/**
 * A row of a SELECT with a `*` as wide as this or wider is read as an array and built by the statement's own function; a
 * narrower one costs less as better-sqlite3's object than the schema check the array needs.
 */
export const WIDE_ROW = 12;

/** Builds a row object from a row read as an array, for one statement's columns at one schema version. */
interface RowShape {
  version: number;
  build: (row: unknown[]) => Record<string, unknown>;
}

/**
 * Reads a wide SELECT's rows as arrays and builds each object with a function compiled for its
 * columns. better-sqlite3 makes a row object property by property, which took half of the time of a
 * page of 20 orders (36 columns each); an object literal of known keys costs a tenth of that.
 *
 * Column names are known only for a schema: a migration, here or in another process, may change what a
 * `select *` returns. So each read also reads the schema version (SQLite raises it with every change
 * and never lowers it), and uses the compiled function only when it was made at that version: rows
 * read before the version was then read cannot be newer than it, nor older than the function. Anything
 * else reads the rows again as better-sqlite3's objects (only SELECTs are read this way, so reading
 * again changes nothing) and learns the columns when no change came between the two version reads.
 */
function readRowsAsArrays(statement: Statement, schemaVersion: () => number): void {
  const objectsOf = statement.all.bind(statement);
  let shape: RowShape | undefined;
  let narrow = false;
  statement.all = (...params: unknown[]) => {
    if (shape) {
      const rows = arraysOf(statement, objectsOf, params);
      if (schemaVersion() === shape.version) {
        for (let i = 0; i < rows.length; i++) rows[i] = shape.build(rows[i] as unknown[]);
        return rows;
      }
      shape = undefined;
    }
    if (narrow) return objectsOf(...params);
    const before = schemaVersion();
    const rows = objectsOf(...params);
    if (schemaVersion() === before) {
      const names = statement.columns().map((c) => c.name);
      if (names.length < WIDE_ROW || names.includes('__proto__')) narrow = true;
      else shape = { version: before, build: rowBuilder(names) };
    }
    return rows;
  };
}

// `{"id": row[0], "name": row[1], …}`: an object literal of constant keys, which V8 creates from one
// template. A repeated name keeps its last value, as better-sqlite3's own objects do.
function rowBuilder(names: string[]): RowShape['build'] {
  const fields = names.map((name, i) => `${JSON.stringify(name)}: row[${i}]`).join(', ');
  return new Function('row', `return { ${fields} };`) as RowShape['build'];
}

function schemaVersionOf(prepare: (sql: string) => Statement): () => number {
  const statement = prepare('pragma schema_version').pluck(true);
  return () => statement.get() as number;
}
