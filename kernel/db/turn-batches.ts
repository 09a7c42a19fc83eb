/** The callers of one key in a turn: the context the first one gave, and how each is answered. */
export interface Asked<C, V> {
  context: C;
  /** The first caller gets `value`, each other one `copy(value)`, so that none sees what another did to its own. */
  answer(value: V, copy: (value: V) => V): void;
  fail(err: unknown): void;
}

interface Waiting<V> {
  resolve(value: V): void;
  reject(err: unknown): void;
}

interface Entry<C, V> extends Asked<C, V> {
  waiting: Waiting<V>[];
}

/**
 * Gathers the callers of one turn of the event loop by key, per owner (a database client), and hands
 * them to `send` from `setImmediate`, once every caller of the turn has asked: what `send` then reads
 * is never older than any of their requests. Used by db/batched-reads.ts (keys of one statement) and
 * db/shared-reads.ts (callers of one statement).
 */
export function turnBatches<K, C, V>(send: (asked: Map<K, Asked<C, V>>) => void): (owner: object, key: K, context: C) => Promise<V> {
  const pending = new WeakMap<object, Map<K, Entry<C, V>>>();
  return (owner, key, context) => {
    let turn = pending.get(owner);
    if (!turn) {
      const fresh = new Map<K, Entry<C, V>>();
      pending.set(owner, fresh);
      setImmediate(() => {
        pending.delete(owner);
        send(fresh);
      });
      turn = fresh;
    }
    let entry = turn.get(key);
    if (!entry) turn.set(key, (entry = entryOf<C, V>(context)));
    const { waiting } = entry;
    return new Promise<V>((resolve, reject) => waiting.push({ resolve, reject }));
  };
}

function entryOf<C, V>(context: C): Entry<C, V> {
  const waiting: Waiting<V>[] = [];
  return {
    context,
    waiting,
    answer: (value, copy) => {
      for (const [n, w] of waiting.entries()) w.resolve(n === 0 ? value : copy(value));
    },
    fail: (err) => {
      for (const w of waiting) w.reject(err);
    },
  };
}
