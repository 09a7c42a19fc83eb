import { LRUCache } from 'lru-cache';

interface Statement {
  safeIntegers(on?: boolean): unknown;
}

interface SqliteConnection {
  prepare(sql: string): Statement;
}

const STATEMENTS = 500;

/**
 * Keeps a better-sqlite3 connection's prepared statements for reuse: knex prepares every query anew,
 * and compiling the SQL was a tenth of a catalogue read's time, for the same few dozen statements.
 * A reused statement is set back to the connection's default integer mode, which knex then changes
 * per query when asked, exactly as on a fresh one; knex never switches a statement to raw, pluck or
 * expand mode.
 */
export function reusePreparedStatements(connection: SqliteConnection): void {
  const prepare = connection.prepare.bind(connection);
  const statements = new LRUCache<string, Statement>({ max: STATEMENTS });
  connection.prepare = (sql: string) => {
    const known = statements.get(sql);
    if (known) {
      known.safeIntegers(false);
      return known;
    }
    const statement = prepare(sql);
    statements.set(sql, statement);
    return statement;
  };
}
