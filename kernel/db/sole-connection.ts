import knexModule, { type Knex } from 'knex';

interface Waiter {
  resolve(connection: unknown): void;
  reject(err: Error): void;
  deadline: number;
}

interface PoolClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<void>;
  destroy(callback?: unknown): Promise<void>;
}

interface SqliteConnection {
  prepare(sql: string): { run(): unknown };
  readonly inTransaction: boolean;
}

interface Idle {
  /** The connection when nothing holds it, else undefined. */
  connection(): unknown;
  /** Opens this turn's read transaction on it, unless one is open. */
  read(): void;
  /** Ends this turn's read transaction, if one is open. */
  endRead(): void;
}

const idleConnections = new WeakMap<object, Idle>();

/**
 * The sole connection of the store's knex `client` when nothing holds it (no statement or transaction
 * has it, and none waits), for a caller that writes with it synchronously, start to end, before any
 * other code runs; else undefined. This turn's read transaction, if one is open, is ended first, so the
 * write commits on its own.
 */
export function idleSoleConnection(client: object): unknown {
  const idle = idleConnections.get(client);
  const connection = idle?.connection();
  if (connection !== undefined) idle!.endRead();
  return connection;
}

/**
 * The sole connection, as `idleSoleConnection`, for a read outside any transaction: run inside the
 * read transaction this turn of the event loop shares (opened by its first read, ended at the turn's
 * end or when anything else takes the connection). Every read of a turn then sees one snapshot, and
 * only the first pays for SQLite's locks (a lock and an unlock of the database file and of a read mark
 * of the WAL, four system calls, a sixth of a computed product's detail: bench/README.md, "One read
 * transaction a turn"). What another process commits is seen from the next turn on; what this process
 * writes is written after the read transaction ended, so every read after it sees it.
 */
export function idleReadConnection(client: object): unknown {
  const idle = idleConnections.get(client);
  const connection = idle?.connection();
  if (connection !== undefined) idle!.read();
  return connection;
}

/**
 * Hands SQLite's one connection (connection.ts says why there is one) from statement to statement
 * without knex's pool. Through the pool, each statement outside a transaction made a pending operation
 * with a timeout timer and four promises to take the connection and give it back: a third of what knex
 * allocated on a product list. The connection is taken from the pool once and kept; the statements and
 * transactions that want it meanwhile wait in turn, first come first served, as in the pool, and fail
 * after the pool's `acquireConnectionTimeout` (one timer for the whole queue, armed only while someone
 * waits). Closing waits for the connection to be free and returns it to the pool, which closes it.
 */
export function keepSoleConnection(knex: Knex): void {
  const client = knex.client as unknown as PoolClient;
  const fromPool = client.acquireConnection.bind(client);
  const toPool = client.releaseConnection.bind(client);
  const destroy = client.destroy.bind(client);
  const waitLimit = Number(knex.client.config.acquireConnectionTimeout ?? 60_000);
  let held: unknown;
  let taking: Promise<unknown> | undefined;
  let busy = false;
  let closing = false;
  const waiting: Waiter[] = [];
  let timer: NodeJS.Timeout | undefined;
  let idle: (() => void) | undefined;
  // This turn's read transaction (idleReadConnection), on `held`.
  let reading = false;
  const endRead = () => {
    if (!reading) return;
    reading = false;
    const connection = held as SqliteConnection;
    if (connection.inTransaction) connection.prepare('COMMIT').run();
  };
  const read = () => {
    if (reading) return;
    (held as SqliteConnection).prepare('BEGIN').run();
    reading = true;
    setImmediate(endRead);
  };

  const take = async (): Promise<unknown> => {
    if (held !== undefined) return held;
    taking ??= fromPool().then(
      (connection) => {
        held = connection;
        taking = undefined;
        return connection;
      },
      (err: unknown) => {
        taking = undefined;
        throw err;
      },
    );
    return taking;
  };

  // One timer for the queue: it fails the waiters whose time is up and waits for the next one's.
  const watch = () => {
    if (timer || waiting.length === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      const now = Date.now();
      while (waiting.length > 0 && waiting[0]!.deadline <= now) {
        waiting.shift()!.reject(new knexModule.KnexTimeoutError('Knex: Timeout acquiring a connection. The pool is probably full. Are you missing a .transacting(trx) call?'));
      }
      watch();
    }, Math.max(0, waiting[0]!.deadline - Date.now()));
    timer.unref();
  };

  client.acquireConnection = async () => {
    if (closing) return fromPool();
    if (!busy) {
      busy = true;
      // Whoever takes the connection gets it outside the turn's read transaction.
      endRead();
      try {
        return await take();
      } catch (err) {
        handOn();
        throw err;
      }
    }
    return new Promise((resolve, reject) => {
      waiting.push({ resolve, reject, deadline: Date.now() + waitLimit });
      watch();
    });
  };

  // The next waiter gets the connection (taking it from the pool again if it was given back), else it is free.
  const handOn = () => {
    const next = waiting.shift();
    if (!next) {
      busy = false;
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
      }
      idle?.();
      return;
    }
    take().then(next.resolve, (err: Error) => {
      next.reject(err);
      handOn();
    });
  };

  idleConnections.set(knex.client, { connection: () => (busy || closing ? undefined : held), read, endRead });

  client.releaseConnection = async (connection: unknown) => {
    if (connection !== held) return toPool(connection);
    handOn();
  };

  client.destroy = async (callback?: unknown) => {
    closing = true;
    if (busy) await new Promise<void>((resolve) => (idle = resolve));
    if (held !== undefined) {
      endRead();
      const connection = held;
      held = undefined;
      await toPool(connection);
    }
    return destroy(callback);
  };
}
