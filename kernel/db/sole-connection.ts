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

const idleConnections = new WeakMap<object, () => unknown>();

/**
 * The sole connection of the store's knex `client` when nothing holds it (no statement or transaction
 * has it, and none waits), for a caller that uses it synchronously, start to end, before any other code
 * runs; else undefined.
 */
export function idleSoleConnection(client: object): unknown {
  return idleConnections.get(client)?.();
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

  idleConnections.set(knex.client, () => (busy || closing ? undefined : held));

  client.releaseConnection = async (connection: unknown) => {
    if (connection !== held) return toPool(connection);
    handOn();
  };

  client.destroy = async (callback?: unknown) => {
    closing = true;
    if (busy) await new Promise<void>((resolve) => (idle = resolve));
    if (held !== undefined) {
      const connection = held;
      held = undefined;
      await toPool(connection);
    }
    return destroy(callback);
  };
}
