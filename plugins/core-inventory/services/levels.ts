import type { Knex } from 'knex';
import { affectedRows, forUpdate, isDuplicateKey, isSqlite, readThroughIndex } from '../../../kernel/db/dialect.ts';
import { levelFromRow, MAX_QUANTITY, type Db, type LevelRow } from './records.ts';

const LEVELS = 'inventory_levels';

/** The unique index of stock records by variant and warehouse (migration 002). */
const LEVELS_BY_VARIANT = 'inventory_levels_variant_id_warehouse_id_unique';

/**
 * Stock records (`l`) in active warehouses (`w`), read through their variant index. Without the hint
 * MariaDB, right after a warehouse came to hold thousands of records (a bulk sync, before its
 * statistics are recomputed), starts from the few warehouses and reads every record of each: two
 * variants' availability examined 6,013 rows (4 ms) where 12 do.
 */
export function levelsInActiveWarehouses(db: Db): Knex.QueryBuilder {
  const query = db(`${LEVELS} as l`).join('warehouses as w', 'w.id', 'l.warehouse_id').where('w.active', 1);
  readThroughIndex(db as Knex, query, `${LEVELS} as l`, LEVELS_BY_VARIANT);
  return query;
}

/**
 * The SQL on `inventory_levels`. Every change is one UPDATE whose WHERE carries the condition that keeps
 * the invariants (0 <= reserved <= quantity), checked by affected rows: under any interleaving of
 * transactions the database, not a read made earlier, decides whether the units are there.
 */
export const Levels = {
  /**
   * The levels of these variants at active warehouses, each list in allocation order (priority, then
   * warehouse id). A plain read: allocation re-checks every step with a conditional update.
   */
  async candidates(db: Db, variantIds: number[]): Promise<Map<number, LevelRow[]>> {
    const byVariant = new Map<number, LevelRow[]>(variantIds.map((id) => [id, []]));
    if (variantIds.length === 0) return byVariant;
    const rows = await levelsInActiveWarehouses(db)
      .whereIn('l.variant_id', variantIds)
      .orderBy([{ column: 'l.variant_id' }, { column: 'w.priority' }, { column: 'l.warehouse_id' }])
      .select('l.*', 'w.priority', 'w.active');
    for (const row of rows) byVariant.get(Number(row.variant_id))?.push(levelFromRow(row));
    return byVariant;
  },

  /** One level, locked for the rest of the transaction (a row lock on MySQL; SQLite has one writer). */
  async lock(db: Db, id: number): Promise<LevelRow | undefined> {
    const row = await forUpdate(db as any, db(LEVELS).where('id', id)).first();
    return row ? levelFromRow(row) : undefined;
  },

  /** The level of a variant at a warehouse, locked; undefined when there is none. */
  async lockPair(db: Db, variantId: number, warehouseId: number): Promise<LevelRow | undefined> {
    // A plain read first: a locking read of a missing row would take a gap lock, and two such
    // transactions inserting the same pair deadlock on MySQL.
    const found = await db(LEVELS).where({ variant_id: variantId, warehouse_id: warehouseId }).first('id');
    if (!found) return undefined;
    return this.lockByPair(db, variantId, warehouseId);
  },

  async lockByPair(db: Db, variantId: number, warehouseId: number): Promise<LevelRow | undefined> {
    const row = await forUpdate(db as any, db(LEVELS).where({ variant_id: variantId, warehouse_id: warehouseId })).first();
    return row ? levelFromRow(row) : undefined;
  },

  /** The level of a variant at a warehouse, created empty when missing; locked. */
  async ensure(db: Db, variantId: number, warehouseId: number, now: Date): Promise<{ level: LevelRow; created: boolean }> {
    const found = await db(LEVELS).where({ variant_id: variantId, warehouse_id: warehouseId }).first('id');
    let created = false;
    if (!found) {
      try {
        await db(LEVELS).insert({ variant_id: variantId, warehouse_id: warehouseId, quantity: 0, reserved: 0, created_at: now, updated_at: now });
        created = true;
      } catch (err) {
        // Another transaction created it meanwhile (MySQL): use that one.
        if (!isDuplicateKey(err)) throw err;
      }
    }
    const level = await this.lockByPair(db, variantId, warehouseId);
    if (!level) throw new Error(`inventory level ${variantId}/${warehouseId} vanished after insert`);
    return { level, created };
  },

  /** Reserves k units if at least k are available. */
  async reserveIf(db: Db, id: number, k: number, now: Date): Promise<boolean> {
    return changed(await db(LEVELS).where('id', id).andWhereRaw('quantity - reserved >= ?', [k]).update({ reserved: db.raw('reserved + ?', [k]), updated_at: now }));
  },

  /** Takes k unreserved units off the shelf (shipping what was not reserved here) if they are there. */
  async takeIf(db: Db, id: number, k: number, now: Date): Promise<boolean> {
    return changed(await db(LEVELS).where('id', id).andWhereRaw('quantity - reserved >= ?', [k]).update({ quantity: db.raw('quantity - ?', [k]), updated_at: now }));
  },

  /** Ships k reserved units: they leave both the shelf and the reservation. */
  async ship(db: Db, id: number, k: number, now: Date): Promise<boolean> {
    return changed(
      await db(LEVELS).where('id', id).andWhere('reserved', '>=', k).update({ quantity: db.raw('quantity - ?', [k]), reserved: db.raw('reserved - ?', [k]), updated_at: now }),
    );
  },

  /** Frees k reserved units. */
  async unreserve(db: Db, id: number, k: number, now: Date): Promise<boolean> {
    return changed(await db(LEVELS).where('id', id).andWhere('reserved', '>=', k).update({ reserved: db.raw('reserved - ?', [k]), updated_at: now }));
  },

  /** Adds k units on hand unless that would pass the column's maximum. */
  async add(db: Db, id: number, k: number, now: Date): Promise<boolean> {
    return changed(await db(LEVELS).where('id', id).andWhere('quantity', '<=', MAX_QUANTITY - k).update({ quantity: db.raw('quantity + ?', [k]), updated_at: now }));
  },

  /** Writes absolute counts on a level the caller holds locked. */
  async write(db: Db, id: number, quantity: number, reserved: number, now: Date): Promise<void> {
    await db(LEVELS).where('id', id).update({ quantity, reserved, updated_at: now });
  },

  /** The levels with these ids (views after a change). */
  async byIds(db: Db, ids: number[]): Promise<LevelRow[]> {
    if (ids.length === 0) return [];
    const rows: any[] = [];
    for (const chunk of chunks(ids, 500)) rows.push(...(await db(LEVELS).whereIn('id', chunk)));
    return rows.map(levelFromRow);
  },
};

function changed(result: unknown): boolean {
  return affectedRows(result) > 0;
}


export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
