import type { FieldErrors } from '../../../kernel/http/errors.ts';
import { conflict } from '../../../kernel/http/errors.ts';
import { forUpdate } from '../../../kernel/db/dialect.ts';
import { addError, InventoryErrors } from '../errors.ts';
import { applySet } from './apply-set.ts';
import { runChange, type StockChange } from './change.ts';
import type { InventoryDeps } from './deps.ts';
import { chunks } from './levels.ts';
import { idFrom } from './lines.ts';
import { levelFromRow, levelView, MAX_QUANTITY, type Db, type LevelRow, type LevelView } from './records.ts';
import type { SetInput } from './stock.ts';

/** The most records one bulk call takes. */
export const BULK_MAX = 1000;

interface Target {
  index: number;
  variant_id: number;
  warehouse_id: number;
  quantity: number;
  force: boolean;
}

const key = (variantId: number, warehouseId: number) => `${variantId}:${warehouseId}`;

/**
 * Bulk synchronisation from an ERP or warehouse system: sets up to 1,000 records in one savepoint, all or
 * nothing. Lookups are batched: one query for the variants, one for the warehouses, one (locking) for
 * the existing records, one insert per 200 new records and one UPDATE per 500 changed ones.
 */
export class BulkStockService {
  constructor(private readonly deps: InventoryDeps) {}

  /** Sets every record, returning them in input order; every bad record is named by index. */
  async set(db: Db, records: SetInput[], opts: { actor: string }): Promise<LevelView[]> {
    if (records.length > BULK_MAX) throw InventoryErrors.invalid({ records: [`At most ${BULK_MAX} records per call.`] });
    const { value } = await runChange(this.deps, db, { type: 'set', actor: opts.actor, reason: 'bulk' }, async (trx, change) => {
      const targets = await this.check(trx, change, records);
      const levels = await this.lockExisting(trx, targets);
      const conflicts: FieldErrors = {};
      for (const t of targets) {
        const level = levels.get(key(t.variant_id, t.warehouse_id));
        if (level && t.quantity < level.reserved && !t.force) addError(conflicts, `records.${t.index}.quantity`, `${t.quantity} is below the ${level.reserved} units reserved here.`);
      }
      if (Object.keys(conflicts).length) {
        throw conflict('below_reserved', `Quantities below what is reserved: ${Object.keys(conflicts).join(', ')}; send "force": true on those records to set them anyway.`, conflicts);
      }
      await this.insertMissing(trx, change, targets, levels);
      await this.updateExisting(trx, change, targets, levels);
      return targets.map((t) => levelView(levels.get(key(t.variant_id, t.warehouse_id))!, change.skuOf(t.variant_id)));
    });
    return value;
  }

  // Every record's ids and quantity, checked together: each bad one is named (`records.12.variant_id`).
  private async check(trx: Db, change: StockChange, records: SetInput[]): Promise<Target[]> {
    const errors: FieldErrors = {};
    const variantIds = records.map((r) => idFrom(r.variant_id));
    const warehouseIds = records.map((r) => idFrom(r.warehouse_id));
    const variants = await this.deps.variants.getVariantsForSale(trx, variantIds.filter((id) => !Number.isNaN(id)));
    change.knowVariants(variants);
    const unique = [...new Set(warehouseIds.filter((id) => !Number.isNaN(id)))];
    const warehouses = new Set<number>();
    for (const chunk of chunks(unique, 500)) for (const row of await trx('warehouses').whereIn('id', chunk).select('id')) warehouses.add(Number(row.id));
    const seen = new Map<string, number>();
    const targets: Target[] = [];
    records.forEach((r, i) => {
      const v = variantIds[i]!;
      const w = warehouseIds[i]!;
      if (!variants.has(v)) addError(errors, `records.${i}.variant_id`, `No variant with id ${String(r.variant_id)}.`);
      if (!warehouses.has(w)) addError(errors, `records.${i}.warehouse_id`, `No warehouse with id ${String(r.warehouse_id)}.`);
      if (!(Number.isInteger(r.quantity) && r.quantity >= 0 && r.quantity <= MAX_QUANTITY)) addError(errors, `records.${i}.quantity`, `A whole number from 0 to ${MAX_QUANTITY} is required.`);
      const earlier = seen.get(key(v, w));
      if (earlier !== undefined && variants.has(v) && warehouses.has(w)) addError(errors, `records.${i}`, `Names the same variant and warehouse as records.${earlier}.`);
      seen.set(key(v, w), earlier ?? i);
      targets.push({ index: i, variant_id: v, warehouse_id: w, quantity: r.quantity, force: r.force === true });
    });
    if (Object.keys(errors).length) throw InventoryErrors.invalid(errors);
    return targets;
  }

  // The records that exist already, locked (the rows a concurrent reservation would otherwise change).
  private async lockExisting(trx: Db, targets: Target[]): Promise<Map<string, LevelRow>> {
    const wanted = new Set(targets.map((t) => key(t.variant_id, t.warehouse_id)));
    const levels = new Map<string, LevelRow>();
    for (const chunk of chunks([...new Set(targets.map((t) => t.variant_id))], 500)) {
      for (const row of await forUpdate(trx as any, trx('inventory_levels').whereIn('variant_id', chunk))) {
        const level = levelFromRow(row);
        if (wanted.has(key(level.variant_id, level.warehouse_id))) levels.set(key(level.variant_id, level.warehouse_id), level);
      }
    }
    return levels;
  }

  private async insertMissing(trx: Db, change: StockChange, targets: Target[], levels: Map<string, LevelRow>): Promise<void> {
    const missing = targets.filter((t) => !levels.has(key(t.variant_id, t.warehouse_id)));
    if (missing.length === 0) return;
    const now = change.now;
    const rows = missing.map((t) => ({ variant_id: t.variant_id, warehouse_id: t.warehouse_id, quantity: t.quantity, reserved: 0, created_at: now, updated_at: now }));
    for (const chunk of chunks(rows, 200)) await trx('inventory_levels').insert(chunk);
    const wanted = new Set(missing.map((t) => key(t.variant_id, t.warehouse_id)));
    for (const chunk of chunks([...new Set(missing.map((t) => t.variant_id))], 500)) {
      for (const row of await trx('inventory_levels').whereIn('variant_id', chunk)) {
        const level = levelFromRow(row);
        const k = key(level.variant_id, level.warehouse_id);
        if (!wanted.has(k)) continue;
        levels.set(k, level);
        change.touch(level);
        change.final(level);
        change.record({ level_id: level.id, variant_id: level.variant_id, warehouse_id: level.warehouse_id }, level.quantity, 0);
      }
    }
  }

  // Changed quantities in one CASE update per 500 records; forced ones below reserved one by one.
  private async updateExisting(trx: Db, change: StockChange, targets: Target[], levels: Map<string, LevelRow>): Promise<void> {
    const plain: Array<{ level: LevelRow; quantity: number }> = [];
    for (const t of targets) {
      const level = levels.get(key(t.variant_id, t.warehouse_id))!;
      if (change.isFinal(level.id) || t.quantity === level.quantity) continue;
      if (t.quantity < level.reserved) levels.set(key(t.variant_id, t.warehouse_id), await applySet(trx, change, level, t.quantity, true, `records.${t.index}.quantity`));
      else plain.push({ level, quantity: t.quantity });
    }
    for (const chunk of chunks(plain, 500)) {
      const cases = chunk.map(() => 'WHEN ? THEN ?').join(' ');
      const bindings = chunk.flatMap(({ level, quantity }) => [level.id, quantity]);
      await trx('inventory_levels')
        .whereIn('id', chunk.map(({ level }) => level.id))
        .update({ quantity: trx.raw(`CASE id ${cases} END`, bindings), updated_at: change.now });
      for (const { level, quantity } of chunk) {
        const after = { ...level, quantity, updated_at: change.now };
        levels.set(key(level.variant_id, level.warehouse_id), after);
        change.final(after);
        change.record({ level_id: level.id, variant_id: level.variant_id, warehouse_id: level.warehouse_id }, quantity - level.quantity, 0);
      }
    }
  }
}
