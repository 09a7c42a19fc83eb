import type { FieldErrors } from '../../../kernel/http/errors.ts';
import { addError, InventoryErrors } from '../errors.ts';
import { applySet } from './apply-set.ts';
import { runChange } from './change.ts';
import type { InventoryDeps, VariantForSale } from './deps.ts';
import { Levels } from './levels.ts';
import { idFrom } from './lines.ts';
import { levelView, MAX_QUANTITY, type Db, type LevelView } from './records.ts';
import type { WarehouseService } from './warehouses.ts';

export interface SetInput {
  variant_id: number | string;
  warehouse_id: number | string;
  quantity: number;
  force?: boolean;
}

export interface AdjustInput {
  variant_id: number | string;
  warehouse_id: number | string;
  delta: number;
  reason?: string;
  force?: boolean;
}

/** Stock levels as staff and integrations write them: absolute quantities and relative adjustments. */
export class StockService {
  constructor(
    private readonly deps: InventoryDeps,
    private readonly warehouses: WarehouseService,
  ) {}

  /**
   * Sets the quantity on hand of a variant at a warehouse. `upsert` creates the record when missing
   * (`created` says so); `update` refuses a missing one (404). Below what is reserved: 409 unless
   * `force` (see applySet).
   */
  async set(db: Db, input: SetInput, opts: { actor: string; mode: 'upsert' | 'update' }): Promise<{ record: LevelView; created: boolean }> {
    const { value } = await runChange(this.deps, db, { type: 'set', actor: opts.actor }, async (trx, change) => {
      const { variantId, warehouseId, variant } = await this.target(trx, input, { quantity: input.quantity });
      change.knowVariants(new Map([[variantId, variant]]));
      let created = false;
      let level;
      if (opts.mode === 'update') {
        level = await Levels.lockPair(trx, variantId, warehouseId);
        if (!level) throw InventoryErrors.noRecord();
      } else {
        ({ level, created } = await Levels.ensure(trx, variantId, warehouseId, change.now));
        if (created) change.touch(level);
      }
      const after = await applySet(trx, change, level, input.quantity, input.force === true, 'quantity');
      return { record: levelView(after, variant.sku), created };
    });
    return value;
  }

  /**
   * Applies a relative change (a point-of-sale sale, a return, a count correction), creating the record
   * for a positive one. Quantity may never go negative (409); below what is reserved is a 409 unless
   * `force` (see applySet).
   */
  async adjust(db: Db, input: AdjustInput, opts: { actor: string }): Promise<LevelView> {
    const meta = { type: 'adjust' as const, actor: opts.actor, reason: input.reason?.trim() || 'adjust' };
    const { value } = await runChange(this.deps, db, meta, async (trx, change) => {
      const { variantId, warehouseId, variant } = await this.target(trx, input, { delta: input.delta });
      change.knowVariants(new Map([[variantId, variant]]));
      let level = await Levels.lockPair(trx, variantId, warehouseId);
      if (!level) {
        if (input.delta < 0) throw InventoryErrors.negativeStock('delta', 0, input.delta);
        level = (await Levels.ensure(trx, variantId, warehouseId, change.now)).level;
        change.touch(level);
      }
      const target = level.quantity + input.delta;
      if (target < 0) throw InventoryErrors.negativeStock('delta', level.quantity, input.delta);
      if (target > MAX_QUANTITY) throw InventoryErrors.tooMuch('delta');
      return levelView(await applySet(trx, change, level, target, input.force === true, 'delta'), variant.sku);
    });
    return value;
  }

  // The variant and warehouse a write names, each checked (400 naming every bad field at once).
  private async target(db: Db, input: { variant_id: unknown; warehouse_id: unknown }, amounts: { quantity?: number; delta?: number }): Promise<{ variantId: number; warehouseId: number; variant: VariantForSale }> {
    const errors: FieldErrors = {};
    const variantId = idFrom(input.variant_id);
    const warehouseId = idFrom(input.warehouse_id);
    const variant = Number.isNaN(variantId) ? undefined : (await this.deps.variants.getVariantsForSale(db, [variantId])).get(variantId);
    if (!variant) addError(errors, 'variant_id', `No variant with id ${String(input.variant_id)}.`);
    if (Number.isNaN(warehouseId) || !(await this.warehouses.existing(db, [warehouseId])).has(warehouseId)) {
      addError(errors, 'warehouse_id', `No warehouse with id ${String(input.warehouse_id)}.`);
    }
    if (amounts.quantity !== undefined && !(Number.isInteger(amounts.quantity) && amounts.quantity >= 0 && amounts.quantity <= MAX_QUANTITY)) {
      addError(errors, 'quantity', `A whole number from 0 to ${MAX_QUANTITY} is required.`);
    }
    if (amounts.delta !== undefined && !(Number.isInteger(amounts.delta) && amounts.delta !== 0 && Math.abs(amounts.delta) <= MAX_QUANTITY)) {
      addError(errors, 'delta', `A non-zero whole number from -${MAX_QUANTITY} to ${MAX_QUANTITY} is required.`);
    }
    if (Object.keys(errors).length) throw InventoryErrors.invalid(errors);
    return { variantId, warehouseId, variant: variant! };
  }
}
