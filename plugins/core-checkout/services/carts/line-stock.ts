import type { Db } from '../../contracts.ts';
import type { CheckoutDeps } from '../deps.ts';
import type { PricedItems } from '../totals/lines.ts';

/**
 * Units available per variant of the lines, over active warehouses: a number for a variant whose stock
 * limits a sale (tracked, no backorders), null for one that any quantity may be bought of (not
 * tracked, or backorders allowed). One query for the whole cart.
 */
export async function lineStock(deps: CheckoutDeps, db: Db, priced: PricedItems): Promise<Map<number, number | null>> {
  const limited = new Set<number>();
  for (const { line } of priced.lines) {
    const v = priced.variants.get(line.variant_id);
    if (v && v.track_inventory && !v.allow_backorder) limited.add(line.variant_id);
  }
  const available = limited.size ? await deps.inventory.available(db, [...limited]) : new Map<number, number>();
  const stock = new Map<number, number | null>();
  for (const { line } of priced.lines) {
    stock.set(line.variant_id, limited.has(line.variant_id) ? Math.max(0, available.get(line.variant_id) ?? 0) : null);
  }
  return stock;
}
