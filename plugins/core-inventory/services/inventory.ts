import type { Allocation, Db, LevelView, Reference, StockLine, StockPart } from './records.ts';
import type { VariantForSale } from './deps.ts';
import type { ReservationService } from './reservations.ts';
import type { ShippingService } from './shipping.ts';
import type { AdjustInput, SetInput, StockService } from './stock.ts';
import type { Knex } from 'knex';
import type { OutboxEvent } from '../../../kernel/events.ts';
import { availableByVariant, availableUnitsColumn } from './availability.ts';

/**
 * `inventoryService` in the container: what other plugins (checkout, returns, point of sale) call, each
 * method inside the caller's transaction, which it takes first. Every change runs in a savepoint of
 * that transaction: a refusal leaves nothing behind even when the caller catches it (unless the caller
 * says it rolls back on a refusal: `reserve`'s `callerRollsBack`). Actors default to `system`.
 */
export class InventoryService {
  constructor(
    private readonly reservations: ReservationService,
    private readonly shipping: ShippingService,
    private readonly stock: StockService,
  ) {}

  /**
   * Holds stock for every line of `reference` (see ReservationService.reserve); throws
   * InsufficientStockError. `callerRollsBack`: the caller ends its transaction when this throws, so no
   * savepoint is made for it. `variants`: the lines' variants as the caller read them from the catalogue
   * (getVariantsForSale) in this transaction, so they are not read again. `events` (with
   * `callerRollsBack`): the reservation's events are added to this list, for the caller to write with its
   * own in this transaction, instead of in an insert of their own.
   */
  reserve(trx: Db, reference: Reference, lines: StockLine[], opts?: { actor?: string; callerRollsBack?: boolean; variants?: ReadonlyMap<number, VariantForSale>; events?: OutboxEvent[] }): Promise<Allocation[]> {
    return this.reservations.reserve(trx, reference, lines, opts);
  }

  /** Frees every live reservation of `reference`; returns what was freed where. */
  release(trx: Db, reference: Reference, opts?: { actor?: string; reason?: string }): Promise<StockPart[]> {
    return this.reservations.release(trx, reference, opts);
  }

  /** Frees up to each line's quantity of what `reference` holds of its variant; returns what was freed where. */
  releaseLines(trx: Db, reference: Reference, lines: StockLine[], opts?: { actor?: string; reason?: string }): Promise<StockPart[]> {
    return this.reservations.releaseLines(trx, reference, lines, opts);
  }

  /** Ships lines of `reference` (reserved units leave the shelf); returns what left from where. */
  commit(trx: Db, reference: Reference, lines: StockLine[], warehouseId?: number | string | null, opts?: { actor?: string }): Promise<StockPart[]> {
    return this.shipping.commit(trx, reference, lines, warehouseId, opts);
  }

  /** Puts returned units back on hand at a warehouse; returns the changed records. */
  restock(trx: Db, lines: StockLine[], warehouseId: number | string, opts?: { actor?: string; reason?: string; reference?: Reference }): Promise<LevelView[]> {
    return this.shipping.restock(trx, lines, warehouseId, opts);
  }

  /** The live reservations of `reference`. */
  reservationsOf(db: Db, reference: Reference): Promise<StockPart[]> {
    return this.reservations.reservationsOf(db, reference);
  }

  /** Sets a record's quantity on hand (creating it); 409 below reserved unless `force`. */
  set(trx: Db, input: SetInput, opts: { actor?: string } = {}): Promise<{ record: LevelView; created: boolean }> {
    return this.stock.set(trx, input, { actor: opts.actor ?? 'system', mode: 'upsert' });
  }

  /** Applies a relative change to a record's quantity on hand. */
  adjust(trx: Db, input: AdjustInput, opts: { actor?: string } = {}): Promise<LevelView> {
    return this.stock.adjust(trx, input, { actor: opts.actor ?? 'system' });
  }

  /** Units available per variant over active warehouses (variants without records are absent). */
  available(db: Db, variantIds: number[]): Promise<Map<number, number>> {
    return availableByVariant(db, variantIds);
  }

  /**
   * `available` as a subquery correlated to `variants.id`, to select with the variants in one statement
   * (null for a variant without stock records in active warehouses).
   */
  availableColumn(db: Db): Knex.QueryBuilder {
    return availableUnitsColumn(db);
  }
}
