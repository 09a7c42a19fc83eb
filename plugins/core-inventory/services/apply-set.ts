import { InventoryErrors } from '../errors.ts';
import type { StockChange } from './change.ts';
import { Levels } from './levels.ts';
import { ReservationRows } from './reservation-rows.ts';
import type { Db, LevelRow } from './records.ts';

/**
 * Sets a locked level's quantity on hand. Below what is reserved there it is a 409 (`field` names the
 * input) unless `force`: then the reservations that no longer fit, newest first, become backorders of
 * their references (held by no warehouse), so reserved never exceeds quantity. Returns the level after.
 */
export async function applySet(trx: Db, change: StockChange, level: LevelRow, quantity: number, force: boolean, field: string): Promise<LevelRow> {
  if (quantity === level.quantity) return level;
  let reserved = level.reserved;
  if (quantity < level.reserved) {
    if (!force) throw InventoryErrors.belowReserved(field, quantity, level.reserved);
    reserved = await moveToBackorder(trx, change, level, level.reserved - quantity);
  }
  await Levels.write(trx, level.id, quantity, reserved, change.now);
  change.record({ level_id: level.id, variant_id: level.variant_id, warehouse_id: level.warehouse_id }, quantity - level.quantity, 0);
  const after = { ...level, quantity, reserved, updated_at: change.now };
  change.final(after);
  return after;
}

// Moves `excess` reserved units of a level to the backorder pool; returns the level's reserved after.
async function moveToBackorder(trx: Db, change: StockChange, level: LevelRow, excess: number): Promise<number> {
  let left = excess;
  for (const row of await ReservationRows.atLevel(trx, level.id)) {
    if (left === 0) break;
    const k = Math.min(left, row.quantity);
    await ReservationRows.reduce(trx, row, k);
    await ReservationRows.insert(trx, row.reference, [{ variant_id: row.variant_id, warehouse_id: null, level_id: null, quantity: k }], change.now);
    const over = { reference: row.reference, reason: 'forced below reserved: backordered' };
    change.record({ level_id: level.id, variant_id: level.variant_id, warehouse_id: level.warehouse_id }, 0, -k, over);
    change.record({ variant_id: level.variant_id, warehouse_id: null }, 0, k, over);
    left -= k;
  }
  if (left > 0) throw new Error(`inventory level ${level.id} holds more reserved units than its reservations`);
  return level.reserved - excess;
}
