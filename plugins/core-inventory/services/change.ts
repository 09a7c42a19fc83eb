import { chunks, Levels } from './levels.ts';
import { levelView, type Db, type LevelRow, type LevelView, type Reference } from './records.ts';
import type { InventoryDeps, VariantForSale } from './deps.ts';
import type { OutboxEvent } from '../../../kernel/events.ts';

/** The kinds of movement in the ledger. */
export type MovementType = 'set' | 'adjust' | 'reserve' | 'release' | 'ship' | 'restock' | 'remove';

export interface ChangeMeta {
  type: MovementType;
  actor: string;
  reason?: string;
  reference?: Reference;
}

interface Touched {
  variant_id: number;
  warehouse_id: number;
  /** Net change of available units (quantity − reserved) made by this change. */
  deltaAvailable: number;
}

/**
 * One change of stock (a request, a reservation, a shipment): it records a ledger row for every level
 * update the service makes, then writes the rows, reads the changed levels once and emits their events.
 * A level at `warehouse_id: null` is the backorder pool: units promised with no stock behind them.
 */
export class StockChange {
  private readonly movements: Record<string, unknown>[] = [];
  private readonly touched = new Map<number, Touched>();
  private readonly finals = new Map<number, LevelRow>();
  private readonly skus = new Map<number, string>();
  readonly views = new Map<number, LevelView>();

  constructor(
    private readonly deps: InventoryDeps,
    readonly meta: ChangeMeta,
    readonly now: Date = deps.clock.now(),
  ) {}

  /** Records one movement of a level (`warehouse_id` null: the backorder pool, with no level). */
  record(at: { level_id?: number; variant_id: number; warehouse_id: number | null }, deltaQuantity: number, deltaReserved: number, over: Partial<ChangeMeta> = {}): void {
    if (deltaQuantity === 0 && deltaReserved === 0) return;
    const meta = { ...this.meta, ...over };
    this.movements.push({
      variant_id: at.variant_id,
      warehouse_id: at.warehouse_id,
      type: meta.type,
      delta_quantity: deltaQuantity,
      delta_reserved: deltaReserved,
      reason: (meta.reason ?? meta.type).slice(0, 200),
      actor: meta.actor,
      reference_type: meta.reference ? meta.reference.type : null,
      reference_id: meta.reference ? String(meta.reference.id) : null,
      created_at: this.now,
    });
    if (at.level_id === undefined || at.warehouse_id === null) return;
    const t = this.touched.get(at.level_id) ?? { variant_id: at.variant_id, warehouse_id: at.warehouse_id, deltaAvailable: 0 };
    t.deltaAvailable += deltaQuantity - deltaReserved;
    this.touched.set(at.level_id, t);
  }

  /** Marks a level as changed without a movement (a record created empty). */
  touch(level: LevelRow): void {
    if (!this.touched.has(level.id)) this.touched.set(level.id, { variant_id: level.variant_id, warehouse_id: level.warehouse_id, deltaAvailable: 0 });
  }

  /** The level as it stands after the change, when the service already knows it (saves a read). */
  final(level: LevelRow): void {
    this.finals.set(level.id, level);
  }

  /** SKUs the service already read, for the views. */
  knowVariants(variants: Map<number, VariantForSale>): void {
    for (const [id, v] of variants) this.skus.set(id, v.sku);
  }

  skuOf(variantId: number): string | null {
    return this.skus.get(variantId) ?? null;
  }

  /** Whether the service already gave the level's state after this change. */
  isFinal(levelId: number): boolean {
    return this.finals.has(levelId);
  }

  get changedLevels(): number {
    return this.touched.size;
  }

  /** Writes the ledger rows and builds the views of every changed level. */
  async persist(db: Db): Promise<void> {
    for (const chunk of chunks(this.movements, 500)) await db('inventory_movements').insert(chunk);
    const missing = [...this.touched.keys()].filter((id) => !this.finals.has(id));
    for (const level of await Levels.byIds(db, missing)) this.finals.set(level.id, level);
    const unknownSkus = [...new Set([...this.touched.values()].map((t) => t.variant_id))].filter((id) => !this.skus.has(id));
    if (unknownSkus.length) this.knowVariants(await this.deps.variants.getVariantsForSale(db, unknownSkus));
    for (const id of this.touched.keys()) {
      const level = this.finals.get(id);
      if (level) this.views.set(id, levelView(level, this.skus.get(level.variant_id) ?? null));
    }
  }

  /**
   * Emits `inventory.updated` per changed level, and `inventory.low_stock` for each whose available
   * units fell from at least the store's threshold to below it in this change.
   */
  async emit(db: Db): Promise<void> {
    // One insert for the change's events, in the order they were listed.
    await this.deps.events.emitMany(db, this.events());
  }

  /** The events `emit` writes, in its order. */
  events(): OutboxEvent[] {
    const threshold = this.deps.lowStockThreshold();
    const events: OutboxEvent[] = [];
    for (const [id, view] of this.views) {
      events.push({ type: 'inventory.updated', data: view });
      const before = view.available - (this.touched.get(id)?.deltaAvailable ?? 0);
      if (threshold > 0 && before >= threshold && view.available < threshold) events.push({ type: 'inventory.low_stock', data: { ...view, threshold } });
    }
    return events;
  }
}

/** How a change runs in the caller's transaction. */
export interface ChangeOptions {
  /**
   * The caller rolls its whole transaction back when the change throws (the checkout's pay does), so
   * the change runs in that transaction directly, without a savepoint of its own: two statements less.
   */
  callerRollsBack?: boolean;
  /**
   * With `callerRollsBack`: the change's events are added to this list instead of being written, for
   * the caller to write in its own insert of events in the same transaction (the pay writes them with
   * `order.created`: one statement less). The caller must write them, or they are lost.
   */
  events?: OutboxEvent[];
}

/**
 * Runs a change of stock inside a savepoint of the caller's transaction, so that a refusal (insufficient
 * stock, a conflict) undoes exactly this change even when the caller catches it and goes on; then emits
 * its events in the caller's transaction, to be delivered only if that commits.
 */
export async function runChange<T>(deps: InventoryDeps, db: Db, meta: ChangeMeta, work: (trx: Db, change: StockChange) => Promise<T>, opts: ChangeOptions = {}): Promise<{ value: T; change: StockChange }> {
  // Given a bare knex instead of a transaction, the change gets a transaction of its own, events included.
  const outer = (db as { isTransaction?: boolean }).isTransaction === true;
  // Run in the caller's transaction itself, when it rolls back on a refusal; else in a savepoint of it.
  const inPlace = outer && opts.callerRollsBack === true;
  const run = async (trx: Db) => {
    const change = new StockChange(deps, meta);
    const value = await work(trx, change);
    await change.persist(trx);
    // In a savepoint, the events are written once it is released (below).
    if (inPlace && opts.events) opts.events.push(...change.events());
    else if (!outer || inPlace) await change.emit(trx);
    return { value, change };
  };
  if (inPlace) return run(db);
  const out = await db.transaction(run);
  if (outer) await out.change.emit(db);
  return out;
}
