import assert from 'node:assert/strict';
import type { Knex } from 'knex';
import type { TestStoreOptions } from '../../../test/helpers/store.ts';
import { Client, expectStatus, openCatalogStore, type CatalogTestStore } from '../../core-catalog/test/helpers.ts';
import type { InventoryService } from '../services/inventory.ts';

export { Client, expectStatus };

export interface InventoryTestStore extends CatalogTestStore {
  inventory: InventoryService;
  knex: Knex;
}

/** A fresh store with a staff API key, an anonymous client and the inventory service; the caller closes it. */
export async function openInventoryStore(opts: TestStoreOptions = {}): Promise<InventoryTestStore> {
  const ctx = await openCatalogStore(opts);
  return { ...ctx, inventory: ctx.store.kernel.container.resolve<InventoryService>('inventoryService'), knex: ctx.store.kernel.knex };
}

let sequence = 0;
const next = () => `${process.pid}-${++sequence}`;

/** An active product with one variant, through the API; returns the variant. */
export async function makeVariant(staff: Client, flags: { track_inventory?: boolean; allow_backorder?: boolean; sku?: string } = {}): Promise<any> {
  const n = next();
  const product = expectStatus(await staff.post('/api/v1/products/', { name: `Stocked ${n}`, status: 'active' }), 201);
  const body = { sku: flags.sku ?? `INV-${n}`, price: '10.00', ...('track_inventory' in flags ? { track_inventory: flags.track_inventory } : {}), ...('allow_backorder' in flags ? { allow_backorder: flags.allow_backorder } : {}) };
  return expectStatus(await staff.post(`/api/v1/products/${product.id}/variants/`, body), 201);
}

/** A warehouse through the API. */
export async function makeWarehouse(staff: Client, body: Record<string, unknown> = {}): Promise<any> {
  const n = next();
  return expectStatus(await staff.post('/api/v1/warehouses/', { name: `Warehouse ${n}`, code: `WH-${n}`, ...body }), 201);
}

/** Sets stock through POST /api/v1/inventory/; returns the record. */
export async function setStock(staff: Client, variantId: number, warehouseId: number, quantity: number): Promise<any> {
  const res = await staff.post('/api/v1/inventory/', { variant_id: variantId, warehouse_id: warehouseId, quantity });
  assert.ok(res.statusCode === 200 || res.statusCode === 201, `set stock answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** The records of a variant, by warehouse id. */
export async function levelsOf(knex: Knex, variantId: number): Promise<Map<number, { quantity: number; reserved: number }>> {
  const rows = await knex('inventory_levels').where('variant_id', variantId);
  return new Map(rows.map((r: any) => [Number(r.warehouse_id), { quantity: Number(r.quantity), reserved: Number(r.reserved) }]));
}

/**
 * Every invariant of the plugin's tables, as a list of violations (empty when all hold):
 * on hand and available never negative; per variant and warehouse the ledger sums to the record
 * (Σ delta_quantity = quantity, Σ delta_reserved = reserved; 0 and 0 once the record is gone); reserved
 * equals the sum of live reservations there; the backorder pool's ledger equals its live reservations.
 */
export async function invariantViolations(knex: Knex): Promise<string[]> {
  const problems: string[] = [];
  const levels = await knex('inventory_levels').select('variant_id', 'warehouse_id', 'quantity', 'reserved');
  const ledger = await knex('inventory_movements')
    .groupBy('variant_id', 'warehouse_id')
    .select('variant_id', 'warehouse_id', knex.raw('SUM(delta_quantity) as q'), knex.raw('SUM(delta_reserved) as r'));
  const held = await knex('inventory_reservations').groupBy('variant_id', 'warehouse_id').select('variant_id', 'warehouse_id', knex.raw('SUM(quantity) as q'));
  const k = (r: any) => `${Number(r.variant_id)}:${r.warehouse_id === null ? 'backorder' : Number(r.warehouse_id)}`;
  const ledgerBy = new Map(ledger.map((r: any) => [k(r), { q: Number(r.q), r: Number(r.r) }]));
  const heldBy = new Map(held.map((r: any) => [k(r), Number(r.q)]));
  const levelKeys = new Set<string>();
  for (const level of levels) {
    const key = k(level);
    levelKeys.add(key);
    const q = Number(level.quantity);
    const r = Number(level.reserved);
    if (q < 0 || r < 0 || q - r < 0) problems.push(`${key}: quantity ${q}, reserved ${r}`);
    const l = ledgerBy.get(key) ?? { q: 0, r: 0 };
    if (l.q !== q || l.r !== r) problems.push(`${key}: ledger sums to ${l.q}/${l.r}, record is ${q}/${r}`);
    if ((heldBy.get(key) ?? 0) !== r) problems.push(`${key}: reserved ${r}, live reservations ${heldBy.get(key) ?? 0}`);
  }
  const pools = new Set([...ledgerBy.keys(), ...heldBy.keys()].filter((key) => key.endsWith(':backorder')));
  for (const key of pools) {
    const l = ledgerBy.get(key) ?? { q: 0, r: 0 };
    if (l.q !== 0 || l.r !== (heldBy.get(key) ?? 0)) problems.push(`${key}: backorder ledger ${l.q}/${l.r}, live backorders ${heldBy.get(key) ?? 0}`);
  }
  for (const [key, l] of ledgerBy) {
    if (!levelKeys.has(key) && !pools.has(key) && (l.q !== 0 || l.r !== 0)) problems.push(`${key}: no record, but the ledger sums to ${l.q}/${l.r}`);
  }
  for (const [key, q] of heldBy) if (!levelKeys.has(key) && !pools.has(key)) problems.push(`${key}: ${q} reserved at no record`);
  return problems;
}

export async function assertInvariants(knex: Knex): Promise<void> {
  assert.deepEqual(await invariantViolations(knex), []);
}
