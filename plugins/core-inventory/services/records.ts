import type { Knex } from 'knex';
import type { Principal } from '../../../kernel/http/principal.ts';
import { toBool, toIso } from '../../../kernel/db/dialect.ts';

/** The caller's transaction (or the knex outside one): every service function takes it first. */
export type Db = Knex | Knex.Transaction;

/** The largest quantity a record holds (the columns are 32-bit signed integers). */
export const MAX_QUANTITY = 2_147_483_647;

/** What a reservation or movement is for: `{type: 'order', id: 42}`. */
export interface Reference {
  type: string;
  id: number | string;
}

/** A line of a reservation, shipment or return. */
export interface StockLine {
  variant_id: number | string;
  quantity: number;
}

/** One part of a reserved line: where it is held (null: backordered or untracked). */
export interface Allocation {
  variant_id: number;
  warehouse_id: number | null;
  quantity: number;
  /** Promised beyond stock (the variant allows backorders): held by no warehouse yet. */
  backordered: boolean;
  /** False when the variant does not track inventory: nothing was held. */
  tracked: boolean;
}

/** One part of a shipped (committed) or released line. */
export interface StockPart {
  variant_id: number;
  warehouse_id: number | null;
  quantity: number;
}

/** A stock level as stored, with its warehouse's allocation fields when read for allocation. */
export interface LevelRow {
  id: number;
  variant_id: number;
  warehouse_id: number;
  quantity: number;
  reserved: number;
  created_at: Date | string | number;
  updated_at: Date | string | number;
  priority?: number;
  active?: boolean;
}

/** A stock record as the API (and the inventory.updated event) shows it. */
export interface LevelView {
  id: number;
  variant_id: number;
  warehouse_id: number;
  sku: string | null;
  quantity: number;
  reserved: number;
  available: number;
  created_at: string;
  updated_at: string;
}

export interface WarehouseView {
  id: number;
  name: string;
  code: string;
  country: string | null;
  active: boolean;
  priority: number;
  created_at: string;
  updated_at: string;
}

export interface MovementView {
  id: number;
  variant_id: number;
  warehouse_id: number | null;
  type: string;
  delta_quantity: number;
  delta_reserved: number;
  reason: string;
  actor: string;
  reference_type: string | null;
  reference_id: string | null;
  created_at: string;
}

/** Who made a change, as the ledger records it: `staff:3`, `api_key:7`, `customer:5` or `system`. */
export function actorOf(principal: Principal | undefined): string {
  if (!principal || principal.kind === 'anonymous') return 'system';
  return `${principal.kind}:${principal.id}`;
}

export function levelFromRow(row: any): LevelRow {
  return {
    id: Number(row.id),
    variant_id: Number(row.variant_id),
    warehouse_id: Number(row.warehouse_id),
    quantity: Number(row.quantity),
    reserved: Number(row.reserved),
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...(row.priority !== undefined ? { priority: Number(row.priority) } : {}),
    ...(row.active !== undefined ? { active: toBool(row.active) } : {}),
  };
}

export function levelView(level: LevelRow, sku: string | null): LevelView {
  return {
    id: level.id,
    variant_id: level.variant_id,
    warehouse_id: level.warehouse_id,
    sku,
    quantity: level.quantity,
    reserved: level.reserved,
    available: level.quantity - level.reserved,
    created_at: toIso(level.created_at)!,
    updated_at: toIso(level.updated_at)!,
  };
}

export function warehouseView(row: any): WarehouseView {
  return {
    id: Number(row.id),
    name: row.name,
    code: row.code,
    country: row.country ?? null,
    active: toBool(row.active),
    priority: Number(row.priority),
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}

export function movementView(row: any): MovementView {
  return {
    id: Number(row.id),
    variant_id: Number(row.variant_id),
    warehouse_id: row.warehouse_id === null || row.warehouse_id === undefined ? null : Number(row.warehouse_id),
    type: row.type,
    delta_quantity: Number(row.delta_quantity),
    delta_reserved: Number(row.delta_reserved),
    reason: row.reason,
    actor: row.actor,
    reference_type: row.reference_type ?? null,
    reference_id: row.reference_id ?? null,
    created_at: toIso(row.created_at)!,
  };
}
