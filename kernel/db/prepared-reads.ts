import type { Knex } from 'knex';
import { isSqlite } from './dialect.ts';
import { idleReadConnection } from './sole-connection.ts';

/** What a prepared read takes: values bound into the statement, one placeholder each. */
export type Scalar = string | number;

type Row = Record<string, unknown>;

interface SqliteStatement {
  all(bindings: unknown[]): Row[];
}

interface MysqlConnection {
  execute(options: { sql: string }, bindings: unknown[], done: (err: Error | null, rows: Row[]) => void): void;
}

interface Client {
  _formatBindings(bindings: unknown[]): unknown[];
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<void>;
  listenerCount(event: string): number;
  emit(event: string, ...args: unknown[]): void;
}

/** A statement's SQL and, for each of its bindings, the argument it is (or the constant it always is). */
interface Learned {
  sql: string;
  /** Per binding: the index of the argument, or -1 for a constant of the statement. */
  sources: number[];
  constants: unknown[];
}

const AS_BUILT = 'as built' as const;

let sequence = 0;

/**
 * A SELECT a hot read sends with other values every time (a product by its id), built once with knex
 * and then run from its SQL: no builder, no compile, no runner per call. On SQLite it runs at once on
 * the store's connection when nothing holds it, in the turn's read transaction (as
 * db/direct-statements.ts runs built reads), otherwise through knex (`raw`, queued for the connection). On MySQL/MariaDB it is a prepared
 * statement of the server (mysql2's `execute`, on a connection of knex's pool): the server parses it
 * once per connection instead of at every call, which was a tenth of its work for a product's detail.
 * knex's `query` and `query-response` events are sent for it as for any statement.
 *
 * Learned on first use per database: built with the arguments, then with a stand-in for each, and
 * kept only when both give the same SQL and each binding is an argument (or the same constant in both);
 * otherwise it is built every time, as a plain knex query would be.
 */
export function preparedRead<A extends Scalar[]>(build: (db: Knex, ...args: A) => Knex.QueryBuilder): (db: Knex, ...args: A) => Promise<Row[]> {
  const learned = new WeakMap<object, Learned | typeof AS_BUILT>();
  return async (db, ...args) => {
    let statement = learned.get(db.client);
    if (statement === undefined) {
      statement = learn(db, build, args);
      learned.set(db.client, statement);
    }
    if (statement === AS_BUILT) return rowsOf(await build(db, ...args));
    const bindings = new Array(statement.sources.length);
    for (let i = 0; i < bindings.length; i++) {
      const source = statement.sources[i]!;
      bindings[i] = source < 0 ? statement.constants[i] : args[source];
    }
    return run(db, statement.sql, bindings);
  };
}

function learn<A extends Scalar[]>(db: Knex, build: (db: Knex, ...args: A) => Knex.QueryBuilder, args: A): Learned | typeof AS_BUILT {
  const compiled = build(db, ...args).toSQL();
  const standIns = args.map((value, n) => (typeof value === 'string' ? `\u0000storekeep-prepared-${n}\u0000` : 7_000_000_000_000 + n));
  const again = build(db, ...(standIns as A)).toSQL();
  if (Array.isArray(compiled) || again.sql !== compiled.sql || again.bindings.length !== compiled.bindings.length) return AS_BUILT;
  const sources: number[] = [];
  const constants: unknown[] = [];
  for (let i = 0; i < compiled.bindings.length; i++) {
    const at = standIns.indexOf(again.bindings[i] as Scalar);
    if (at >= 0 && compiled.bindings[i] === args[at]) {
      sources.push(at);
      constants.push(undefined);
      continue;
    }
    const constant = compiled.bindings[i];
    const primitive = constant === null || (typeof constant !== 'object' && typeof constant !== 'function');
    if (at >= 0 || !primitive || again.bindings[i] !== constant) return AS_BUILT;
    sources.push(-1);
    constants.push(constant);
  }
  return { sql: compiled.sql, sources, constants };
}

async function run(db: Knex, sql: string, bindings: unknown[]): Promise<Row[]> {
  const client = db.client as unknown as Client;
  if (!isSqlite(db)) return reported(client, sql, bindings, () => executed(client, sql, bindings));
  const connection = idleReadConnection(client) as { prepare(sql: string): SqliteStatement } | undefined;
  if (!connection) return rowsOf(await db.raw(sql, bindings as Knex.RawBinding[]));
  return reported(client, sql, bindings, () => connection.prepare(sql).all(client._formatBindings(bindings)));
}

// The statement as knex's events tell it, to whoever listens (the query object is made only then).
async function reported(client: Client, sql: string, bindings: unknown[], send: () => Row[] | Promise<Row[]>): Promise<Row[]> {
  const query = client.listenerCount('query') + client.listenerCount('query-response') > 0 ? { method: 'select', sql, bindings, __knexQueryUid: `skp${(++sequence).toString(36)}` } : undefined;
  if (query) client.emit('query', query);
  const rows = await send();
  if (query) client.emit('query-response', rows, query);
  return rows;
}

// A prepared statement of the MySQL/MariaDB server on a pooled connection (mysql2 keeps one per SQL text and connection).
async function executed(client: Client, sql: string, bindings: unknown[]): Promise<Row[]> {
  const connection = (await client.acquireConnection()) as MysqlConnection;
  try {
    return await new Promise<Row[]>((resolve, reject) => connection.execute({ sql }, bindings, (err, rows) => (err ? reject(err) : resolve(rows))));
  } finally {
    await client.releaseConnection(connection);
  }
}

// What knex answers for a SELECT, as rows: a builder's rows (or its one row, for `first`), or `raw`'s
// driver answer (mysql2's [rows, fields]; better-sqlite3's rows).
function rowsOf(answer: unknown): Row[] {
  if (Array.isArray(answer)) return (Array.isArray(answer[0]) ? answer[0] : answer) as Row[];
  return answer === undefined || answer === null ? [] : [answer as Row];
}
