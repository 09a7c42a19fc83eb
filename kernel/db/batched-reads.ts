import type { Knex } from 'knex';
import { isSqlite } from './dialect.ts';
import { preparedRead } from './prepared-reads.ts';
import { turnBatches } from './turn-batches.ts';

type Row = Record<string, unknown>;

/** The largest number of keys one statement asks for; more waiting go in further statements. */
const MOST_KEYS = 64;

/** The sizes of key list a statement is prepared for: a batch is padded up to the next one. */
const SIZES = [1, 2, 4, 8, 16, 32, MOST_KEYS];

/**
 * A read of one row by its key, which on MySQL/MariaDB asks for the keys of every caller of the same
 * turn of the event loop in one statement: the requests a socket poll hands the store at once (fifty
 * visitors' product details) cost the store one round trip to the server instead of one each, and each
 * round trip is a system call into the network stack that costs the store's process more than the
 * server's lookup (bench/README.md, "Reads of one turn in one statement"). The statement is the one
 * `build` makes for a list of keys (`where id in (…)`), prepared on the server once per list size; a
 * batch is padded to the next of a few sizes by repeating its last key, so that a connection prepares
 * at most seven of them.
 *
 * Only reads outside a transaction join a batch: a statement of a transaction runs on that
 * transaction's connection, in its snapshot, as it was asked. Each caller gets its own row (or
 * undefined) exactly as a read of its key alone would have found it when the batch's statement ran,
 * which is after the caller asked; a failing statement fails every caller of its batch. On SQLite,
 * where a statement is a function call in the store's process, each key is read on its own.
 */
export function batchedRead<K extends string | number>(build: (db: Knex, keys: K[]) => Knex.QueryBuilder, keyOf: (row: Row) => K): (db: Knex, key: K) => Promise<Row | undefined> {
  const bySize = new Map<number, (db: Knex, ...keys: K[]) => Promise<Row[]>>();
  for (const size of SIZES) bySize.set(size, preparedRead((db: Knex, ...keys: K[]) => build(db, keys)));
  const single = bySize.get(1)!;
  const copy = (row: Row | undefined) => row && { ...row };

  const ask = turnBatches<K, Knex, Row | undefined>((asked) => {
    const keys = [...asked.keys()];
    const db = asked.get(keys[0]!)!.context;
    for (let from = 0; from < keys.length; from += MOST_KEYS) {
      const chunk = keys.slice(from, from + MOST_KEYS);
      const size = SIZES.find((s) => s >= chunk.length)!;
      const padded = chunk.concat(new Array(size - chunk.length).fill(chunk[chunk.length - 1]));
      bySize.get(size)!(db, ...padded).then(
        (rows) => {
          const found = new Map(rows.map((row) => [keyOf(row), row]));
          for (const key of chunk) asked.get(key)!.answer(found.get(key), copy);
        },
        (err) => {
          for (const key of chunk) asked.get(key)!.fail(err);
        },
      );
    }
  });

  return async (db, key) => (isSqlite(db) || db.isTransaction ? (await single(db, key))[0] : ask(db.client, key, db));
}
