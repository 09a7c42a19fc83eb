import type { Knex } from 'knex';
import { affectedRows } from './dialect.ts';

type Db = Knex | Knex.Transaction;

/** Rows per key in a kept-counts table (its migration creates them all with `createKeptCounts`). */
export const KEPT_COUNT_SLOTS = 16;

// Each transaction adds to one slot of its own, so that transactions writing at the same time never
// wait for each other's count row (a slot's row stays locked until its transaction ends on
// MySQL/MariaDB). A slot's row is a share of the key's number, not the rows of that slot: a row
// counted in one slot and uncounted in another leaves the sum right, and one slot may go below zero.
// Slots are handed out per process, one per transaction for every table; instances may share one,
// which only makes them wait.
const slotOfTransaction = new WeakMap<object, number>();
const slotsInUse = new Set<number>();
let nextSlot = Math.floor(Math.random() * KEPT_COUNT_SLOTS);

function slotFor(db: Db): number {
  const trx = (db as Knex.Transaction).isTransaction ? (db as Knex.Transaction) : undefined;
  const kept = trx && slotOfTransaction.get(trx);
  if (kept !== undefined) return kept;
  let slot = nextSlot;
  for (let i = 0; i < KEPT_COUNT_SLOTS; i++) {
    const candidate = (nextSlot + i) % KEPT_COUNT_SLOTS;
    if (!slotsInUse.has(candidate)) {
      slot = candidate;
      break;
    }
  }
  nextSlot = (slot + 1) % KEPT_COUNT_SLOTS;
  if (trx) {
    slotOfTransaction.set(trx, slot);
    slotsInUse.add(slot);
    const release = () => slotsInUse.delete(slot);
    trx.executionPromise.then(release, release);
  }
  return slot;
}

/**
 * Numbers of rows per key (a status) kept in a table of their own (`key`, `slot`, `n`), changed in the
 * transaction of every write that changes them, so that counting the rows with some keys is a sum of a
 * few rows instead of a scan, whatever the table's size. A table may keep the numbers per key within a
 * scope as well (`category_id`, `key`, `slot`, `n`: the products of each category per status): every
 * write then names its scope's columns (`scope`), and a sum narrows them on the query it returns.
 */
export class KeptCounts<K extends string> {
  constructor(
    readonly table: string,
    readonly keyColumn = 'status',
  ) {}

  /** Adds `delta` to the number of rows with `key` (within `scope`), in the caller's transaction. */
  async adjust(db: Db, key: K, delta: number, scope: Record<string, unknown> = {}): Promise<void> {
    if (delta === 0) return;
    const slot = slotFor(db);
    const changed = await db(this.table).where({ ...scope, [this.keyColumn]: key, slot }).increment('n', delta);
    // Writers only update: a key added later needs a migration that creates its slots (a scope, the
    // writer that creates it: createKeptCountSlots).
    if (!changed) throw new Error(`${this.table} has no slot ${slot} for ${this.keyColumn} "${key}"${describeScope(scope)}`);
  }

  /** One row moved from key `from` to key `to` (within `scope`): one statement. */
  async move(db: Db, from: K, to: K, scope: Record<string, unknown> = {}): Promise<void> {
    if (from === to) return;
    const slot = slotFor(db);
    const changed = await db(this.table)
      .where({ ...scope, slot })
      .whereIn(this.keyColumn, [from, to])
      .update({ n: db.raw(`n + case when ?? = ? then -1 else 1 end`, [this.keyColumn, from]) });
    if (affectedRows(changed) !== 2) throw new Error(`${this.table} has no slot ${slot} for ${this.keyColumn} "${from}" or "${to}"${describeScope(scope)}`);
  }

  /** How many rows have one of these keys. */
  async sum(db: Db, keys: readonly K[]): Promise<number> {
    if (keys.length === 0) return 0;
    const row = await this.sumQuery(db, keys).first();
    return Number(row?.n ?? 0);
  }

  /** The same sum as a query of one row and column `n` (NULL for no keys), for use as a sub-query. */
  sumQuery(db: Db, keys: readonly K[]): Knex.QueryBuilder {
    return db(this.table).whereIn(this.keyColumn, keys).sum({ n: 'n' });
  }
}

function describeScope(scope: Record<string, unknown>): string {
  const parts = Object.entries(scope).map(([column, value]) => `${column} ${String(value)}`);
  return parts.length ? ` of ${parts.join(', ')}` : '';
}

/**
 * Writes every slot of every key of a new scope with a number of 0, in the transaction that creates
 * what the scope counts in (a category): writers only ever update a slot.
 */
export async function createKeptCountSlots(db: Db, opts: { table: string; keys: readonly string[]; keyColumn?: string; scope: Record<string, unknown> }): Promise<void> {
  const keyColumn = opts.keyColumn ?? 'status';
  const rows = opts.keys.flatMap((key) => Array.from({ length: KEPT_COUNT_SLOTS }, (_, slot) => ({ ...opts.scope, [keyColumn]: key, slot, n: 0 })));
  await db(opts.table).insert(rows);
}

/**
 * Creates a kept-counts table in a migration: every slot of every key, filled from the rows of
 * `source` (counted into slots by id modulo the slots).
 */
export async function createKeptCounts(knex: Knex, opts: { table: string; source: string; keys: readonly string[]; keyColumn?: string }): Promise<void> {
  const keyColumn = opts.keyColumn ?? 'status';
  await knex.schema.createTable(opts.table, (t) => {
    t.string(keyColumn, 20).notNullable();
    t.integer('slot').notNullable();
    t.bigInteger('n').notNullable().defaultTo(0);
    t.primary([keyColumn, 'slot']);
  });
  const counted = await knex(opts.source).select(keyColumn, knex.raw(`id % ${KEPT_COUNT_SLOTS} as slot`)).count({ n: '*' }).groupBy(keyColumn, 'slot');
  const n = new Map(counted.map((r: any) => [`${r[keyColumn]}/${Number(r.slot)}`, Number(r.n)]));
  const rows = opts.keys.flatMap((key) => Array.from({ length: KEPT_COUNT_SLOTS }, (_, slot) => ({ [keyColumn]: key, slot, n: n.get(`${key}/${slot}`) ?? 0 })));
  for (let i = 0; i < rows.length; i += 100) await knex(opts.table).insert(rows.slice(i, i + 100));
}
