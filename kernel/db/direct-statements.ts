import type { Knex } from 'knex';
import { idleReadConnection, idleSoleConnection } from './sole-connection.ts';

interface Statement {
  reader: boolean;
  all(bindings: unknown[]): unknown[];
  run(bindings: unknown[]): { changes: number; lastInsertRowid: number | bigint };
}

interface SqliteConnection {
  prepare(sql: string): Statement;
  __knexUid?: string;
  __knexTxId?: string;
}

interface CompiledQuery {
  method: string;
  sql: string;
  bindings: unknown[];
  options?: { safeIntegers?: boolean };
  timeout?: number;
  response?: unknown;
  context?: { lastID: number | bigint; changes: number };
}

interface Emitter {
  listenerCount(event: string): number;
  emit(event: string, ...args: unknown[]): void;
}

interface Builder extends Emitter {
  _method?: string;
  _connection?: unknown;
  _debug?: boolean;
  toSQL(): CompiledQuery | CompiledQuery[];
  toQuery(): string;
  queryContext(): unknown;
}

interface Runner {
  run(): Promise<unknown>;
}

interface Transaction {
  trxClient?: StatementClient;
  isCompleted(): boolean;
  _onAcquire(container: unknown, connection: SqliteConnection): Promise<unknown>;
}

interface StatementClient extends Emitter {
  runner(builder: Builder): Runner;
  transaction(...args: unknown[]): Transaction;
  processResponse(obj: CompiledQuery, runner: Runner): unknown;
  postProcessResponse(response: unknown, queryContext: unknown): unknown;
  _formatBindings(bindings: unknown[]): unknown[];
}

/** The statements knex builds that run here; schema changes, raw SQL and anything else go knex's way. */
const DIRECT = new Set(['select', 'first', 'pluck', 'insert', 'update', 'del', 'counter']);

/** Those of them that only read: outside a transaction they run in the turn's read transaction (sole-connection.ts). */
const READS = new Set(['select', 'first', 'pluck']);

/** Each transaction's client, with its transaction and the connection it holds. */
const transactions = new WeakMap<object, { trx: Transaction; connection: SqliteConnection }>();

const patched = new WeakSet<object>();

/**
 * On SQLite, a statement built with knex runs at once, synchronously, on the connection it is due to
 * run on, when that connection is free for it now: the store's one connection when nothing holds it
 * (no statement or transaction has it, nobody waits for it), or, for a statement of a transaction, the
 * connection that transaction holds while it is not yet committed or rolled back.
 *
 * knex runs every statement through its runner: the connection is asked for (or the transaction's
 * handed over), the statement queued, the driver's answer passed through a chain of promises, each a
 * turn of the event loop with its garbage (bench/README.md, "Statements at once on SQLite"). better-
 * sqlite3 runs a statement synchronously in any case, so one that takes a free connection, runs and
 * gives it back without yielding is indistinguishable from one that went through the queue: nothing
 * else can run meanwhile. It runs exactly as knex's better-sqlite3 client runs it (same prepared-
 * statement cache, same bindings, `all` for statements that return rows, `run` for the others), and
 * knex's own `processResponse` shapes the answer, so callers get what they got before.
 *
 * Everything else goes knex's way: raw statements, schema changes, a statement given its connection
 * or a timeout or driver options, and one whose connection is busy or whose transaction has ended (knex
 * then reports that). A statement that fails is reported as knex reports it, and is not run again: a
 * failure may have ended the transaction it was in (SQLite rolls the whole transaction back on some
 * errors), and a second run would then write outside it. knex's `start`, `query`, `query-response` and
 * `query-error` events are sent as knex sends them, so listeners that count statements or watch the
 * database's health see every one.
 *
 * The store's client and its transactions' clients share one class; the change is made to it once.
 */
export function runStatementsAtOnce(knex: Knex): void {
  const proto = Object.getPrototypeOf(knex.client) as StatementClient;
  if (patched.has(proto)) return;
  patched.add(proto);
  const makeRunner = proto.runner;
  const makeTransaction = proto.transaction;

  proto.transaction = function (this: StatementClient, ...args: unknown[]) {
    const trx = makeTransaction.apply(this, args);
    const onAcquire = trx._onAcquire;
    // The transaction's client is made, with the connection, when the transaction begins.
    trx._onAcquire = function (this: Transaction, container: unknown, connection: SqliteConnection) {
      const begun = onAcquire.call(this, container, connection);
      if (this.trxClient) transactions.set(this.trxClient, { trx: this, connection });
      return begun;
    };
    return trx;
  };

  proto.runner = function (this: StatementClient, builder: Builder) {
    const runner = makeRunner.call(this, builder);
    if (builder._method === undefined || !DIRECT.has(builder._method) || builder._connection !== undefined || builder._debug) return runner;
    const client = this;
    const queued = runner.run.bind(runner);
    runner.run = () => {
      const connection = freeConnection(client, READS.has(builder._method!));
      if (!connection) return queued();
      const compiled = builder.toSQL();
      if (Array.isArray(compiled) || !DIRECT.has(compiled.method) || compiled.timeout || compiled.options?.safeIntegers !== undefined) return queued();
      const events = new KnexEvents(client, builder, connection, compiled);
      events.before();
      try {
        execute(client, connection, compiled);
      } catch (err) {
        return Promise.reject(events.failed(err));
      }
      // The statement ran; what shapes its answer fails as a rejection, as it would in knex's runner.
      try {
        const response = client.postProcessResponse(client.processResponse(compiled, runner), builder.queryContext());
        events.after(response);
        return Promise.resolve(response);
      } catch (err) {
        return Promise.reject(err);
      }
    };
    return runner;
  };
}

// The connection a statement of `client` may use right now, if any.
function freeConnection(client: StatementClient, reads: boolean): SqliteConnection | undefined {
  const transaction = transactions.get(client);
  if (transaction) return transaction.trx.isCompleted() ? undefined : transaction.connection;
  return (reads ? idleReadConnection(client) : idleSoleConnection(client)) as SqliteConnection | undefined;
}

// What knex's better-sqlite3 client does in `_query`, without the promises.
function execute(client: StatementClient, connection: SqliteConnection, compiled: CompiledQuery): void {
  const statement = connection.prepare(compiled.sql);
  const bindings = client._formatBindings(compiled.bindings);
  if (statement.reader) {
    compiled.response = statement.all(bindings);
    return;
  }
  const result = statement.run(bindings);
  compiled.response = result;
  compiled.context = { lastID: result.lastInsertRowid, changes: result.changes };
}

/**
 * knex's events around one statement, as its runner and client send them: `start` and `query` before
 * it runs, then `query-response`, or `query-error` with the error's message prefixed by the statement
 * (bindings filled in, unless `compileSqlOnError` is off). The query objects are made only for someone
 * listening.
 */
class KnexEvents {
  constructor(
    private readonly client: StatementClient,
    private readonly builder: Builder,
    private readonly connection: SqliteConnection,
    private readonly compiled: CompiledQuery,
  ) {}

  private query(): CompiledQuery {
    return Object.assign({ __knexUid: this.connection.__knexUid, __knexTxId: this.connection.__knexTxId }, this.compiled);
  }

  private send(emitter: Emitter, event: string, ...args: unknown[]): void {
    if (emitter.listenerCount(event) === 0) return;
    emitter.emit(event, ...args.map((arg) => (arg === QUERY ? this.query() : arg)));
  }

  before(): void {
    this.send(this.client, 'start', this.builder);
    this.send(this.builder, 'start', this.builder);
    this.send(this.client, 'query', QUERY);
    this.send(this.builder, 'query', QUERY);
  }

  after(response: unknown): void {
    this.send(this.builder, 'query-response', response, QUERY, this.builder);
    this.send(this.client, 'query-response', response, QUERY, this.builder);
    this.send(this.builder, 'end');
  }

  failed(err: unknown): unknown {
    if (err instanceof Error) {
      const statement = (this.client as unknown as { config?: { compileSqlOnError?: boolean } }).config?.compileSqlOnError === false ? this.compiled.sql : this.builder.toQuery();
      err.message = `${statement} - ${err.message}`;
    }
    this.send(this.client, 'query-error', err, QUERY);
    this.send(this.builder, 'error', err);
    return err;
  }
}

// Stands for the query object in `send`'s arguments, made only when someone listens.
const QUERY = Symbol('query');
