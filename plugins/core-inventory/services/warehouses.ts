import type { Knex } from 'knex';
import type { Clock } from '../../../kernel/clock.ts';
import type { EventBus } from '../../../kernel/events.ts';
import type { FieldErrors } from '../../../kernel/http/errors.ts';
import { forUpdate } from '../../../kernel/db/dialect.ts';
import { isCountryCode } from '../../../kernel/geo/countries.ts';
import { addError, InventoryErrors } from '../errors.ts';
import { warehouseView, type Db, type WarehouseView } from './records.ts';

export interface WarehouseInput {
  name?: string;
  code?: string;
  country?: string | null;
  active?: boolean;
  priority?: number;
}

/**
 * Warehouses (stock locations): a unique code (case-insensitive), an ISO 3166-1 country, an active flag
 * (inactive ones are left out of allocation and availability) and an allocation priority (lower first).
 */
export class WarehouseService {
  constructor(private readonly parts: { clock: Clock; events: EventBus }) {}

  listQuery(db: Db, filters: { active?: boolean }): Knex.QueryBuilder {
    const query = db('warehouses').select('warehouses.*');
    if (filters.active !== undefined) query.where('warehouses.active', filters.active ? 1 : 0);
    return query;
  }

  async get(db: Db, id: number): Promise<WarehouseView> {
    const row = await db('warehouses').where('id', id).first();
    if (!row) throw InventoryErrors.warehouseNotFound();
    return warehouseView(row);
  }

  /** The ids among these that are warehouses (one query). */
  async existing(db: Db, ids: number[]): Promise<Set<number>> {
    const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id));
    if (unique.length === 0) return new Set();
    const rows = await db('warehouses').whereIn('id', unique).select('id');
    return new Set(rows.map((r: any) => Number(r.id)));
  }

  async create(db: Db, input: WarehouseInput): Promise<WarehouseView> {
    const values = this.check(input);
    await this.checkCode(db, values.code as string | undefined);
    const now = this.parts.clock.now();
    const row = { active: true, priority: 0, country: null, ...values, created_at: now, updated_at: now };
    const [id] = await db('warehouses').insert(row);
    const view = warehouseView({ ...row, id: Number(id) });
    await this.parts.events.emit(db, 'warehouse.created', view);
    return view;
  }

  async update(db: Db, id: number, input: WarehouseInput): Promise<WarehouseView> {
    const current = await forUpdate(db as Knex, db('warehouses').where('id', id)).first();
    if (!current) throw InventoryErrors.warehouseNotFound();
    const values = this.check(input);
    await this.checkCode(db, values.code as string | undefined, id);
    await db('warehouses').where('id', id).update({ ...values, updated_at: this.parts.clock.now() });
    const view = warehouseView(await db('warehouses').where('id', id).first());
    await this.parts.events.emit(db, 'warehouse.updated', view);
    return view;
  }

  /**
   * Deletes a warehouse that holds nothing: any units on hand or reserved there is a 409 (deactivate it
   * instead). Its empty records go with it; its movements stay in the ledger.
   */
  async remove(db: Db, id: number): Promise<void> {
    const current = await forUpdate(db as Knex, db('warehouses').where('id', id)).first();
    if (!current) throw InventoryErrors.warehouseNotFound();
    const stock = await forUpdate(db as Knex, db('inventory_levels').where('warehouse_id', id))
      .sum({ quantity: 'quantity', reserved: 'reserved' })
      .first();
    const quantity = Number(stock?.quantity ?? 0);
    const reserved = Number(stock?.reserved ?? 0);
    const held = await db('inventory_reservations').where('warehouse_id', id).first('id');
    if (quantity > 0 || reserved > 0 || held) throw InventoryErrors.warehouseNotEmpty(quantity, reserved);
    await db('inventory_levels').where('warehouse_id', id).delete();
    await db('warehouses').where('id', id).delete();
    await this.parts.events.emit(db, 'warehouse.deleted', warehouseView(current));
  }

  // Normalises what the schema could not: trimmed name, upper-case country that must exist.
  private check(input: WarehouseInput): Record<string, unknown> {
    const errors: FieldErrors = {};
    const values: Record<string, unknown> = {};
    if (input.name !== undefined) values.name = input.name.trim();
    if (input.code !== undefined) Object.assign(values, { code: input.code, code_key: input.code.toLowerCase() });
    if (input.country !== undefined) {
      const country = input.country === null ? null : input.country.toUpperCase();
      if (country !== null && !isCountryCode(country)) addError(errors, 'country', `"${input.country}" is not an ISO 3166-1 alpha-2 country code.`);
      values.country = country;
    }
    if (input.active !== undefined) values.active = input.active;
    if (input.priority !== undefined) values.priority = input.priority;
    if (Object.keys(errors).length) throw InventoryErrors.invalid(errors);
    return values;
  }

  private async checkCode(db: Db, code: string | undefined, exceptId?: number): Promise<void> {
    if (code === undefined) return;
    const query = db('warehouses').where('code_key', code.toLowerCase()).first('id');
    if (exceptId !== undefined) query.whereNot('id', exceptId);
    if (await query) throw InventoryErrors.duplicateCode(code);
  }
}
