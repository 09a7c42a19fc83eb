import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import type { Knex } from 'knex';

// knex's transaction class, and its list of query methods (those every knex instance forwards to a new
// query builder): the same modules knex itself loaded.
const requireFromKnex = createRequire(import.meta.url);
const TransactionClass: unknown = requireFromKnex('knex/lib/execution/transaction');
const QueryInterface: unknown = requireFromKnex('knex/lib/query/method-constants');

/**
 * What a transaction hands its callback (`trx`), made without knex's cost of making one.
 *
 * knex makes each transaction's `trx` as it makes the store's `knex`: a new function with 123 query
 * methods, 17 properties and the event-emitter methods put on it one by one, and a context object with
 * a dozen new closures. That is about 25 µs and several KB of garbage per transaction (a third of an
 * empty transaction's time on SQLite), and a checkout makes some fifteen transactions (bench/README.md,
 * "Transactions without their knex copy"). Here `trx` is the same callable function with the same
 * methods, but the methods are shared: they sit on one prototype made once (the query methods call
 * `this.queryBuilder()`, the properties and the context's methods work through `this`, as knex's own
 * do), and only what differs per transaction (its client, context, events, commit and rollback) is set
 * on it. The rest of knex's `_onAcquire` (the transaction's client on its connection, BEGIN or a
 * savepoint, commit or rollback by the callback's outcome) follows knex 3's code step for step;
 * kernel/test/light-transactors.test.ts holds the handle to what the store's knex offers.
 *
 * Installed once per process, on knex's transaction class (every dialect's transactions inherit its
 * `_onAcquire`), so wrappers of a single transaction's `_onAcquire` (direct-statements.ts) wrap this one.
 * `lightTransactorsInstalled` tells whether it took: with a knex of another shape, transactions stay
 * knex's own.
 */
export function useLightTransactors(knex: Knex): void {
  if (installed !== undefined) return;
  const shared = sharedParts(knex);
  const transaction = TransactionClass as { prototype?: { _onAcquire?: unknown } } | undefined;
  installed = Boolean(shared && typeof transaction?.prototype?._onAcquire === 'function');
  if (!installed) return;
  transaction!.prototype!._onAcquire = function (this: KnexTransaction, container: (trx: unknown) => unknown, connection: unknown) {
    return onAcquire(this, container, connection, shared!);
  };
}

/** Whether transactions are made here (see useLightTransactors). */
export function lightTransactorsInstalled(): boolean {
  return installed === true;
}

let installed: boolean | undefined;

interface TransactionClient extends EventEmitter {
  transacting?: boolean;
  version?: unknown;
  config: unknown;
  driver: unknown;
  connectionSettings: unknown;
  valueForUndefined: unknown;
  logger: unknown;
  query(connection: unknown, obj: unknown): Promise<unknown>;
  stream(connection: unknown, obj: unknown, stream: unknown, options: unknown): Promise<unknown>;
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
  queryBuilder(): { table(name: unknown, options: unknown): unknown };
}

interface KnexTransaction extends EventEmitter {
  client: TransactionClient;
  trxClient?: TransactionClient;
  userParams?: Record<string, unknown>;
  outerTx?: KnexTransaction & { transactor: unknown };
  transactor?: unknown;
  _resolver?: (value: unknown) => void;
  _rejecter?: (reason: unknown) => void;
  begin(connection: unknown): Promise<unknown>;
  savepoint(connection: unknown): Promise<unknown>;
  commit(connection: unknown, value: unknown): unknown;
  rollback(connection: unknown, error: unknown): unknown;
  release(connection: unknown, value: unknown): unknown;
  rollbackTo(connection: unknown, error: unknown): unknown;
  isCompleted(): boolean;
}

interface SharedParts {
  /** The prototype of every `trx`: Function.prototype's methods, the query methods, knex's properties, EventEmitter's. */
  transactorPrototype: object;
  /** The prototype of every `trx.context`: knex's context methods, which use `this`. */
  contextPrototype: object;
}

// The properties knex defines on each instance (make-knex.js, KNEX_PROPERTY_DEFINITIONS): accessors
// and methods that reach the instance's context through `this`.
const INSTANCE_PROPERTIES = ['client', 'userParams', 'schema', 'migrate', 'seed', 'fn', 'raw', 'batchInsert', 'transaction', 'transactionProvider', 'initialize', 'destroy', 'ref', 'withUserParams', 'queryBuilder', 'disableProcessing', 'enableProcessing'];
// The events of a statement, passed on from a transaction's client as knex passes them on.
const STATEMENT_EVENTS = ['start', 'query', 'query-error', 'query-response'];
// The context's methods that use only `this` (withUserParams and transaction are set per transactor).
const CONTEXT_METHODS = ['queryBuilder', 'raw', 'batchInsert', '_transaction', 'transactionProvider', 'initialize', 'destroy', 'ref', 'disableProcessing', 'enableProcessing'];

// The shared parts, read off the store's own knex instance. When this knex does not have the shape
// they are read from (another major version), transactions stay knex's own.
function sharedParts(knex: Knex): SharedParts | undefined {
  const instance = knex as unknown as Record<string, unknown> & { context: Record<string, unknown> };
  const descriptors: PropertyDescriptorMap = {};
  for (const name of INSTANCE_PROPERTIES) {
    const descriptor = Object.getOwnPropertyDescriptor(instance, name);
    if (!descriptor) return undefined;
    descriptors[name] = descriptor;
  }
  const context: Record<string, unknown> = {};
  for (const name of CONTEXT_METHODS) {
    if (typeof instance.context?.[name] !== 'function') return undefined;
    context[name] = instance.context[name];
  }
  if (!Array.isArray(QueryInterface)) return undefined;
  const transactorPrototype = Object.create(Function.prototype) as Record<string | symbol, unknown>;
  for (const key of Reflect.ownKeys(EventEmitter.prototype)) {
    if (key !== 'constructor') Object.defineProperty(transactorPrototype, key, Object.getOwnPropertyDescriptor(EventEmitter.prototype, key)!);
  }
  for (const method of QueryInterface as string[]) {
    transactorPrototype[method] = function (this: { queryBuilder(): Record<string, (...args: unknown[]) => unknown> }, ...args: unknown[]) {
      const builder = this.queryBuilder();
      return builder[method]!(...args);
    };
  }
  Object.defineProperties(transactorPrototype, descriptors);
  return { transactorPrototype, contextPrototype: context };
}

// knex's `makeKnex` for a transaction's client, with the shared prototype.
function lightKnex(client: TransactionClient, shared: SharedParts): any {
  const transactor: any = function knex(tableName?: unknown, options?: unknown) {
    const builder = transactor.context.queryBuilder();
    if (!tableName) transactor.context.client.logger.warn('calling knex without a tableName is deprecated. Use knex.queryBuilder() instead.');
    return tableName ? builder.table(tableName, options) : builder;
  };
  Object.setPrototypeOf(transactor, shared.transactorPrototype);
  transactor.context = Object.create(shared.contextPrototype);
  transactor.context.client = client;
  EventEmitter.call(transactor);
  // Passes the client's statement events on to the `trx` object, as knex's instances do.
  transactor._internalListeners = [];
  for (const eventName of STATEMENT_EVENTS) {
    const listener = (...args: unknown[]) => transactor.emit(eventName, ...args);
    client.on(eventName, listener);
    transactor._internalListeners.push({ eventName, listener });
  }
  return transactor;
}

// knex's `makeTransactor` (execution/transaction.js), over `lightKnex`.
function makeTransactor(trx: KnexTransaction, connection: unknown, trxClient: TransactionClient, shared: SharedParts): any {
  const transactor = lightKnex(trxClient, shared);
  transactor.context.withUserParams = () => {
    throw new Error('Cannot set user params on a transaction - it can only inherit params from main knex instance');
  };
  transactor.isTransaction = true;
  transactor.userParams = trx.userParams || {};
  transactor.context.transaction = function (this: { _transaction(c: unknown, o: unknown, t: unknown): unknown }, container: unknown, options?: { doNotRejectOnRollback?: boolean }) {
    if (!options) options = { doNotRejectOnRollback: true };
    else if (options.doNotRejectOnRollback === undefined) options.doNotRejectOnRollback = true;
    return this._transaction(container, options, trx);
  };
  transactor.savepoint = (container: unknown, options: unknown) => transactor.transaction(container, options);
  if (trx.client.transacting) {
    transactor.commit = (value: unknown) => trx.release(connection, value);
    transactor.rollback = (error: unknown) => trx.rollbackTo(connection, error);
  } else {
    transactor.commit = (value: unknown) => trx.commit(connection, value);
    transactor.rollback = (error: unknown) => trx.rollback(connection, error);
  }
  transactor.isCompleted = () => trx.isCompleted();
  return transactor;
}

// knex's `makeTxClient`: a client that always uses the transaction's connection and never releases it.
function makeTxClient(trx: KnexTransaction, client: TransactionClient, connection: unknown): TransactionClient {
  const trxClient = Object.create(client.constructor.prototype) as TransactionClient;
  trxClient.version = client.version;
  trxClient.config = client.config;
  trxClient.driver = client.driver;
  trxClient.connectionSettings = client.connectionSettings;
  trxClient.transacting = true;
  trxClient.valueForUndefined = client.valueForUndefined;
  trxClient.logger = client.logger;
  for (const eventName of STATEMENT_EVENTS) {
    trxClient.on(eventName, (...args: unknown[]) => {
      trx.emit(eventName, ...args);
      client.emit(eventName, ...args);
    });
  }
  // A statement or stream runs only on the transaction's connection, and not once it has ended.
  const onItsConnection = <A extends unknown[]>(run: (conn: unknown, ...rest: A) => Promise<unknown>) =>
    function (conn: unknown, ...rest: A): Promise<unknown> {
      const completed = trx.isCompleted();
      return new Promise((resolve, reject) => {
        try {
          if (conn !== connection) throw new Error('Invalid connection for transaction query.');
          if (completed) throw new Error('Transaction query already complete, run with DEBUG=knex:tx for more info');
          resolve(run.call(trxClient, conn, ...rest));
        } catch (e) {
          reject(e);
        }
      });
    };
  trxClient.query = onItsConnection(trxClient.query);
  trxClient.stream = onItsConnection(trxClient.stream);
  trxClient.acquireConnection = () => Promise.resolve(connection);
  trxClient.releaseConnection = () => Promise.resolve();
  return trxClient;
}

// knex's `Transaction#_onAcquire`: BEGIN (or a savepoint), the callback with the transactor, then
// commit on its value or roll back on its error.
function onAcquire(trx: KnexTransaction, container: (transactor: unknown) => unknown, connection: unknown, shared: SharedParts): Promise<unknown> {
  const trxClient = (trx.trxClient = makeTxClient(trx, trx.client, connection));
  const init = trx.client.transacting ? trx.savepoint(connection) : trx.begin(connection);
  const executionPromise = new Promise((resolve, reject) => {
    trx._resolver = resolve;
    trx._rejecter = reject;
  });
  init
    .then(() => makeTransactor(trx, connection, trxClient, shared))
    .then((transactor) => {
      trx.transactor = transactor;
      if (trx.outerTx) transactor.parentTransaction = trx.outerTx.transactor;
      transactor.executionPromise = executionPromise;
      let result: any;
      try {
        result = container(transactor);
      } catch (err) {
        result = Promise.reject(err);
      }
      if (result && result.then && typeof result.then === 'function') {
        result.then((value: unknown) => transactor.commit(value)).catch((err: unknown) => transactor.rollback(err));
      }
      return null;
    })
    .catch((e) => trx._rejecter!(e));
  return executionPromise;
}
