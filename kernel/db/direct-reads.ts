import type { Knex } from 'knex';
import { idleSoleConnection } from './sole-connection.ts';

interface Statement {
  all(bindings: unknown[]): unknown[];
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
  queryContext(): unknown;
}

interface Runner {
  run(): Promise<unknown>;
}

interface ReadingClient extends Emitter {
  runner(builder: Builder): Runner;
  processResponse(obj: CompiledQuery, runner: Runner): unknown;
  postProcessResponse(response: unknown, queryContext: unknown): unknown;
  _formatBindings(bindings: unknown[]): unknown[];
}

const READS = new Set(['select', 'first', 'pluck']);

/**
 * SELECTs outside a transaction run at once on SQLite's one connection when it is idle. knex runs every
 * statement through its runner: the connection is asked for, the statement queued, the answer passed
 * through a chain of promises, each a turn of the event loop with its garbage (bench/README.md, "Reads
 * at once on SQLite"). When nothing holds the connection (no statement or transaction has it, nobody
 * waits for it), a read that takes it, runs and gives it back without yielding is indistinguishable
 * from one that went through the queue: nothing else can run meanwhile. So it runs synchronously on the
 * spot, through the same prepared-statement cache, and its answer is shaped by knex's own
 * `processResponse`.
 *
 * Everything else goes knex's way: writes, raw statements, reads in a transaction (their builders
 * belong to the transaction's client, not this one), reads while the connection is busy, a timeout or
 * driver options, and a read that fails, which is then run again by knex so that its error is reported
 * exactly as any other. knex's `start`, `query` and `query-response` events are sent as knex sends them,
 * so listeners that count statements or watch the database's health see every read.
 */
export function readAtOnceWhenIdle(knex: Knex): void {
  const client = knex.client as unknown as ReadingClient;
  const makeRunner = client.runner.bind(client);
  client.runner = (builder: Builder) => {
    const runner = makeRunner(builder);
    if (builder._method === undefined || !READS.has(builder._method) || builder._connection !== undefined || builder._debug) return runner;
    const queued = runner.run.bind(runner);
    runner.run = () => {
      const connection = idleSoleConnection(knex) as SqliteConnection | undefined;
      if (!connection) return queued();
      const compiled = builder.toSQL();
      if (Array.isArray(compiled) || !READS.has(compiled.method) || compiled.timeout || compiled.options?.safeIntegers !== undefined) return queued();
      let rows: unknown[];
      try {
        rows = connection.prepare(compiled.sql).all(client._formatBindings(compiled.bindings));
      } catch {
        return queued();
      }
      return Promise.resolve(answer(client, builder, runner, connection, compiled, rows));
    };
    return runner;
  };
}

function answer(client: ReadingClient, builder: Builder, runner: Runner, connection: SqliteConnection, compiled: CompiledQuery, rows: unknown[]): unknown {
  // knex's events carry the query with the connection's ids; made only for someone listening.
  const heard = (emitter: Emitter, event: string) => emitter.listenerCount(event) > 0;
  const query = () => Object.assign({ __knexUid: connection.__knexUid, __knexTxId: connection.__knexTxId }, compiled);
  if (heard(client, 'start')) client.emit('start', builder);
  if (heard(builder, 'start')) builder.emit('start', builder);
  if (heard(client, 'query')) client.emit('query', query());
  if (heard(builder, 'query')) builder.emit('query', query());
  compiled.response = rows;
  const response = client.postProcessResponse(client.processResponse(compiled, runner), builder.queryContext());
  if (heard(builder, 'query-response')) builder.emit('query-response', response, query(), builder);
  if (heard(client, 'query-response')) client.emit('query-response', response, query(), builder);
  if (heard(builder, 'end')) builder.emit('end');
  return response;
}
