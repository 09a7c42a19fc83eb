import { InsufficientStockError, type Shortage } from '../errors.ts';
import { allocate } from './allocator.ts';
import { runChange, type ChangeOptions } from './change.ts';
import type { InventoryDeps, VariantForSale } from './deps.ts';
import { Levels } from './levels.ts';
import { checkReference, mergeLines, variantsOfLines } from './lines.ts';
import { ReservationRows, type NewReservation } from './reservation-rows.ts';
import type { Allocation, Db, Reference, StockLine, StockPart } from './records.ts';

/**
 * Reservations for checkout, called inside the caller's transaction: units held for a reference (an
 * order) so that no two orders are promised the same units.
 */
export class ReservationService {
  constructor(private readonly deps: InventoryDeps) {}

  /**
   * Reserves every line for `reference` from active warehouses by priority: one warehouse for the whole
   * line when one can, else split. Untracked variants are always available (nothing is held);
   * variants allowing backorders get the part beyond stock as a backordered reservation. When any
   * line is short, throws one InsufficientStockError (409) naming every short variant, and nothing of
   * this call remains; with `callerRollsBack`, the caller's rollback is what takes it back.
   */
  async reserve(db: Db, reference: Reference, lines: StockLine[], opts: { actor?: string; variants?: ReadonlyMap<number, VariantForSale> } & ChangeOptions = {}): Promise<Allocation[]> {
    const ref = checkReference(reference);
    const merged = mergeLines(lines);
    const meta = { type: 'reserve' as const, actor: opts.actor ?? 'system', reference: ref };
    const { value } = await runChange(this.deps, db, meta, async (trx, change) => {
      const variants = knownVariants(merged, opts.variants) ?? (await variantsOfLines(this.deps, trx, merged));
      change.knowVariants(variants);
      const tracked = merged.filter((l) => variants.get(l.variant_id)!.track_inventory).map((l) => l.variant_id);
      const candidates = await Levels.candidates(trx, tracked);
      const allocations: Allocation[] = [];
      const rows: NewReservation[] = [];
      const shortages: Shortage[] = [];
      for (const line of merged) {
        const variant = variants.get(line.variant_id)!;
        const part = (warehouse_id: number | null, quantity: number, backordered = false, tracked = true): Allocation => ({ variant_id: line.variant_id, warehouse_id, quantity, backordered, tracked });
        if (!variant.track_inventory) {
          allocations.push(part(null, line.quantity, false, false));
          continue;
        }
        const { steps, short } = await allocate(trx, candidates.get(line.variant_id) ?? [], line.quantity, Levels.reserveIf, change.now);
        for (const { level, quantity } of steps) {
          change.record({ level_id: level.id, variant_id: level.variant_id, warehouse_id: level.warehouse_id }, 0, quantity);
          rows.push({ variant_id: line.variant_id, warehouse_id: level.warehouse_id, level_id: level.id, quantity });
          allocations.push(part(level.warehouse_id, quantity));
        }
        if (short === 0) continue;
        if (variant.allow_backorder) {
          change.record({ variant_id: line.variant_id, warehouse_id: null }, 0, short, { reason: 'backorder' });
          rows.push({ variant_id: line.variant_id, warehouse_id: null, level_id: null, quantity: short });
          allocations.push(part(null, short, true));
        } else {
          shortages.push({ index: line.index, variant_id: line.variant_id, sku: variant.sku, requested: line.quantity, available: line.quantity - short });
        }
      }
      if (shortages.length) throw new InsufficientStockError(shortages);
      await ReservationRows.insert(trx, ref, rows, change.now);
      return allocations;
    }, opts);
    return value;
  }

  /** Releases every live reservation of `reference` (a cancelled or expired order); none is not an error. */
  async release(db: Db, reference: Reference, opts: { actor?: string; reason?: string } = {}): Promise<StockPart[]> {
    const ref = checkReference(reference);
    const meta = { type: 'release' as const, actor: opts.actor ?? 'system', reason: opts.reason, reference: ref };
    const { value } = await runChange(this.deps, db, meta, async (trx, change) => {
      const rows = await ReservationRows.ofReference(trx, ref);
      // One update per level (and per variant for backorders), in variant order like allocation.
      const parts = new Map<string, StockPart & { level_id: number | null }>();
      for (const row of rows.sort((a, b) => a.variant_id - b.variant_id || (a.warehouse_id ?? Infinity) - (b.warehouse_id ?? Infinity))) {
        const key = `${row.variant_id}:${row.warehouse_id}`;
        const part = parts.get(key) ?? { variant_id: row.variant_id, warehouse_id: row.warehouse_id, level_id: row.level_id, quantity: 0 };
        part.quantity += row.quantity;
        parts.set(key, part);
      }
      for (const part of parts.values()) {
        if (part.level_id !== null && !(await Levels.unreserve(trx, part.level_id, part.quantity, change.now))) {
          throw new Error(`inventory level ${part.level_id} holds fewer reserved units than its reservations`);
        }
        change.record({ level_id: part.level_id ?? undefined, variant_id: part.variant_id, warehouse_id: part.warehouse_id }, 0, -part.quantity);
      }
      if (rows.length) await ReservationRows.deleteOfReference(trx, ref);
      return [...parts.values()].map(({ level_id: _, ...part }) => part);
    });
    return value;
  }

  /**
   * Releases part of what `reference` holds: for each line, up to `quantity` units of the variant
   * (a refunded item that will not ship), backordered units first, then held ones newest first. Units
   * the reference does not hold are not an error (an order already released holds nothing). Returns
   * what was freed where.
   */
  async releaseLines(db: Db, reference: Reference, lines: StockLine[], opts: { actor?: string; reason?: string } = {}): Promise<StockPart[]> {
    const ref = checkReference(reference);
    const merged = mergeLines(lines);
    const meta = { type: 'release' as const, actor: opts.actor ?? 'system', reason: opts.reason, reference: ref };
    const { value } = await runChange(this.deps, db, meta, async (trx, change) => {
      const rows = await ReservationRows.ofReference(trx, ref);
      const freed: StockPart[] = [];
      for (const line of merged) {
        const held = rows.filter((r) => r.variant_id === line.variant_id).sort((a, b) => (a.level_id === null ? 0 : 1) - (b.level_id === null ? 0 : 1) || b.id - a.id);
        let remaining = line.quantity;
        for (const row of held) {
          if (remaining === 0) break;
          const k = Math.min(remaining, row.quantity);
          if (row.level_id !== null && !(await Levels.unreserve(trx, row.level_id, k, change.now))) {
            throw new Error(`inventory level ${row.level_id} holds fewer reserved units than its reservations`);
          }
          change.record({ level_id: row.level_id ?? undefined, variant_id: row.variant_id, warehouse_id: row.warehouse_id }, 0, -k);
          await ReservationRows.reduce(trx, row, k);
          freed.push({ variant_id: row.variant_id, warehouse_id: row.warehouse_id, quantity: k });
          remaining -= k;
        }
      }
      return freed;
    });
    return value;
  }

  /** The live reservations of a reference (what an order holds), oldest first. */
  async reservationsOf(db: Db, reference: Reference): Promise<StockPart[]> {
    const rows = await ReservationRows.ofReference(db, checkReference(reference));
    return rows.map((r) => ({ variant_id: r.variant_id, warehouse_id: r.warehouse_id, quantity: r.quantity }));
  }
}

/**
 * The lines' variants as the caller read them from the catalogue in this transaction (the checkout's
 * pay has, to price the order), when it holds every one; else undefined and they are read here.
 */
function knownVariants(lines: Array<{ variant_id: number }>, known: ReadonlyMap<number, VariantForSale> | undefined): Map<number, VariantForSale> | undefined {
  if (!known || !lines.every((l) => known.has(l.variant_id))) return undefined;
  return new Map(lines.map((l) => [l.variant_id, known.get(l.variant_id)!]));
}
