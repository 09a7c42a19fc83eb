import type { Knex } from 'knex';
import { InventoryErrors } from '../errors.ts';
import type { InventoryDeps } from './deps.ts';
import { levelFromRow, levelView, type Db, type LevelView } from './records.ts';

export interface LevelFilters {
  variant_id?: number;
  warehouse_id?: number;
}

export interface MovementFilters {
  variant_id?: number;
  warehouse_id?: number;
  type?: string;
  /** `order:42`: the movements of one reference; `order`: of every reference of that type. */
  reference?: string;
}

/** The read side: stock records and the movements ledger as lists, for integrators to reconcile. */
export class InventoryLists {
  constructor(private readonly deps: InventoryDeps) {}

  levelsQuery(db: Db, filters: LevelFilters): Knex.QueryBuilder {
    const query = db('inventory_levels').select('inventory_levels.*');
    if (filters.variant_id !== undefined) query.where('inventory_levels.variant_id', filters.variant_id);
    if (filters.warehouse_id !== undefined) query.where('inventory_levels.warehouse_id', filters.warehouse_id);
    return query;
  }

  /** Views of a page of records, their SKUs read from the catalogue in one query. */
  async levelViews(db: Db, rows: any[]): Promise<LevelView[]> {
    const levels = rows.map(levelFromRow);
    const variants = await this.deps.variants.getVariantsForSale(db, levels.map((l) => l.variant_id));
    return levels.map((l) => levelView(l, variants.get(l.variant_id)?.sku ?? null));
  }

  async level(db: Db, id: number): Promise<LevelView> {
    const row = await db('inventory_levels').where('id', id).first();
    if (!row) throw InventoryErrors.recordNotFound();
    return (await this.levelViews(db, [row]))[0]!;
  }

  movementsQuery(db: Db, filters: MovementFilters): Knex.QueryBuilder {
    const query = db('inventory_movements').select('inventory_movements.*');
    if (filters.variant_id !== undefined) query.where('variant_id', filters.variant_id);
    if (filters.warehouse_id !== undefined) query.where('warehouse_id', filters.warehouse_id);
    if (filters.type !== undefined) query.where('type', filters.type);
    if (filters.reference !== undefined) {
      const at = filters.reference.indexOf(':');
      if (at < 0) query.where('reference_type', filters.reference);
      else query.where({ reference_type: filters.reference.slice(0, at), reference_id: filters.reference.slice(at + 1) });
    }
    return query;
  }
}
