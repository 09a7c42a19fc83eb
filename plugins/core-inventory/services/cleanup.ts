import { InventoryErrors } from '../errors.ts';
import { runChange } from './change.ts';
import type { InventoryDeps } from './deps.ts';
import { ReservationRows } from './reservation-rows.ts';
import { levelFromRow, type Db } from './records.ts';

/**
 * `catalog.variantRemoving` tap, in the deleting transaction: a variant with live reservations (held or
 * backordered) may not go (409 `variant_reserved`); otherwise its records are deleted, each leaving a
 * `remove` movement that brings its ledger back to zero, so history stays and still sums.
 */
export async function removeVariantStock(deps: InventoryDeps, trx: Db, variantIds: number[]): Promise<void> {
  const reserved = await ReservationRows.variantsWithReservations(trx, variantIds);
  if (reserved.length) throw InventoryErrors.variantReserved(reserved);
  const rows = variantIds.length ? await trx('inventory_levels').whereIn('variant_id', variantIds) : [];
  if (rows.length === 0) return;
  await runChange(deps, trx, { type: 'remove', actor: 'system', reason: 'variant deleted' }, async (db, change) => {
    for (const level of rows.map(levelFromRow)) {
      change.record({ variant_id: level.variant_id, warehouse_id: level.warehouse_id }, -level.quantity, -level.reserved);
    }
    await db('inventory_levels').whereIn('variant_id', variantIds).delete();
  });
}
