import { InsufficientStockError, InventoryErrors, type Shortage } from '../errors.ts';
import { allocate } from './allocator.ts';
import { runChange, type StockChange } from './change.ts';
import type { InventoryDeps, VariantForSale } from './deps.ts';
import { Levels } from './levels.ts';
import { checkReference, idFrom, mergeLines, variantsOfLines, type MergedLine } from './lines.ts';
import { ReservationRows, type ReservationRow } from './reservation-rows.ts';
import type { Db, LevelRow, LevelView, Reference, StockLine, StockPart } from './records.ts';
import type { WarehouseService } from './warehouses.ts';

/** Shipments (reserved units leave the shelf) and returns (units come back onto it). */
export class ShippingService {
  constructor(
    private readonly deps: InventoryDeps,
    private readonly warehouses: WarehouseService,
  ) {}

  /**
   * Ships `lines` of `reference`: reserved units become shipped ones (quantity and reserved both go
   * down), from `warehouseId` when given, else from wherever the reference holds them. Units the
   * reference did not hold there (backordered, reserved elsewhere, or never reserved) come off the
   * shelf if unreserved ones are there (the warehouse given, else active warehouses by priority), and
   * as many of the reference's other reservations of the variant are released. Untracked variants ship
   * without touching stock. A line that cannot be served makes it one InsufficientStockError (409).
   */
  async commit(db: Db, reference: Reference, lines: StockLine[], warehouseId?: number | string | null, opts: { actor?: string } = {}): Promise<StockPart[]> {
    const ref = checkReference(reference);
    const merged = mergeLines(lines);
    const from = warehouseId === undefined || warehouseId === null ? null : idFrom(warehouseId);
    const meta = { type: 'ship' as const, actor: opts.actor ?? 'system', reference: ref };
    const { value } = await runChange(this.deps, db, meta, async (trx, change) => {
      if (from !== null && !(await this.warehouses.existing(trx, [from])).has(from)) {
        throw InventoryErrors.invalid({ warehouse_id: [`No warehouse with id ${String(warehouseId)}.`] });
      }
      const variants = await variantsOfLines(this.deps, trx, merged);
      change.knowVariants(variants);
      const held = new Map<number, ReservationRow[]>();
      for (const row of await ReservationRows.ofReference(trx, ref)) (held.get(row.variant_id) ?? held.set(row.variant_id, []).get(row.variant_id)!).push(row);
      const shipped: StockPart[] = [];
      const shortages: Shortage[] = [];
      for (const line of merged) {
        const rows = order(held.get(line.variant_id) ?? [], from);
        const short = await this.shipLine(trx, change, line, variants.get(line.variant_id)!, rows, from, shipped);
        if (short > 0) shortages.push({ index: line.index, variant_id: line.variant_id, sku: variants.get(line.variant_id)!.sku, requested: line.quantity, available: line.quantity - short });
      }
      if (shortages.length) throw new InsufficientStockError(shortages);
      return mergeParts(shipped);
    });
    return value;
  }

  /**
   * Puts returned units back on hand at `warehouseId` (a refund with returned goods), creating the record
   * when missing. Untracked variants are skipped. Returns the changed records.
   */
  async restock(db: Db, lines: StockLine[], warehouseId: number | string, opts: { actor?: string; reason?: string; reference?: Reference } = {}): Promise<LevelView[]> {
    const merged = mergeLines(lines);
    const ref = opts.reference ? checkReference(opts.reference) : undefined;
    const at = idFrom(warehouseId);
    const meta = { type: 'restock' as const, actor: opts.actor ?? 'system', reason: opts.reason, reference: ref };
    const { change } = await runChange(this.deps, db, meta, async (trx, change) => {
      if (!(await this.warehouses.existing(trx, [at])).has(at)) throw InventoryErrors.invalid({ warehouse_id: [`No warehouse with id ${String(warehouseId)}.`] });
      const variants = await variantsOfLines(this.deps, trx, merged);
      change.knowVariants(variants);
      for (const line of merged) {
        if (!variants.get(line.variant_id)!.track_inventory) continue;
        const { level } = await Levels.ensure(trx, line.variant_id, at, change.now);
        if (!(await Levels.add(trx, level.id, line.quantity, change.now))) throw InventoryErrors.tooMuch(`lines.${line.index}.quantity`);
        change.record({ level_id: level.id, variant_id: line.variant_id, warehouse_id: at }, line.quantity, 0);
      }
    });
    return [...change.views.values()];
  }

  // Ships one line; returns how many units could not be served.
  private async shipLine(trx: Db, change: StockChange, line: MergedLine, variant: VariantForSale, rows: ReservationRow[], from: number | null, shipped: StockPart[]): Promise<number> {
    let remaining = line.quantity;
    // Reserved units at the warehouse shipped from (any warehouse when none is named) leave with it.
    for (const row of rows) {
      if (remaining === 0) break;
      if (row.level_id === null || row.quantity === 0 || (from !== null && row.warehouse_id !== from)) continue;
      const k = Math.min(remaining, row.quantity);
      if (!(await Levels.ship(trx, row.level_id, k, change.now))) throw new Error(`inventory level ${row.level_id} holds fewer reserved units than its reservations`);
      change.record({ level_id: row.level_id, variant_id: row.variant_id, warehouse_id: row.warehouse_id }, -k, -k);
      await ReservationRows.reduce(trx, row, k);
      shipped.push({ variant_id: row.variant_id, warehouse_id: row.warehouse_id, quantity: k });
      remaining -= k;
    }
    if (remaining === 0) return 0;
    // The rest comes off the shelf unreserved (or, untracked, from nowhere in particular) …
    let fromShelf = remaining;
    if (variant.track_inventory) {
      const levels = from !== null ? [await Levels.lockPair(trx, line.variant_id, from)].filter((l): l is LevelRow => l !== undefined) : (await Levels.candidates(trx, [line.variant_id])).get(line.variant_id)!;
      const { steps, short } = await allocate(trx, levels, remaining, Levels.takeIf, change.now);
      for (const { level, quantity } of steps) {
        change.record({ level_id: level.id, variant_id: level.variant_id, warehouse_id: level.warehouse_id }, -quantity, 0);
        shipped.push({ variant_id: line.variant_id, warehouse_id: level.warehouse_id, quantity });
      }
      if (short > 0) return short;
    } else {
      shipped.push({ variant_id: line.variant_id, warehouse_id: null, quantity: remaining });
    }
    // … and releases as many of the reference's other claims on this variant (elsewhere, or backordered).
    for (const row of rows) {
      if (fromShelf === 0) break;
      if (row.quantity === 0) continue;
      const k = Math.min(fromShelf, row.quantity);
      if (row.level_id !== null && !(await Levels.unreserve(trx, row.level_id, k, change.now))) throw new Error(`inventory level ${row.level_id} holds fewer reserved units than its reservations`);
      const reason = row.level_id === null ? 'backorder shipped' : 'shipped from another warehouse';
      change.record({ level_id: row.level_id ?? undefined, variant_id: row.variant_id, warehouse_id: row.warehouse_id }, 0, -k, { type: 'release', reason });
      await ReservationRows.reduce(trx, row, k);
      fromShelf -= k;
    }
    return 0;
  }
}

// The reservations a shipment consumes first: those at the warehouse shipped from, then held ones, then
// backordered ones; oldest first within each.
function order(rows: ReservationRow[], from: number | null): ReservationRow[] {
  const rank = (r: ReservationRow) => (r.warehouse_id === null ? 2 : from === null || r.warehouse_id === from ? 0 : 1);
  return [...rows].sort((a, b) => rank(a) - rank(b) || a.id - b.id);
}

function mergeParts(parts: StockPart[]): StockPart[] {
  const merged = new Map<string, StockPart>();
  for (const p of parts) {
    const key = `${p.variant_id}:${p.warehouse_id}`;
    const m = merged.get(key);
    if (m) m.quantity += p.quantity;
    else merged.set(key, { ...p });
  }
  return [...merged.values()];
}
