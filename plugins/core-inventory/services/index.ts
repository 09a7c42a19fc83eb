import { asValue } from 'awilix';
import type { PluginContext } from '../../../kernel/plugin.ts';
import { BulkStockService } from './bulk.ts';
import type { InventoryDeps, VariantReader } from './deps.ts';
import { InventoryService } from './inventory.ts';
import { InventoryLists } from './lists.ts';
import { ReservationService } from './reservations.ts';
import { ShippingService } from './shipping.ts';
import { StockService } from './stock.ts';
import { WarehouseService } from './warehouses.ts';

/** Every core-inventory service, as the routes and hook taps share them. */
export interface InventoryServices {
  deps: InventoryDeps;
  warehouses: WarehouseService;
  stock: StockService;
  bulk: BulkStockService;
  reservations: ReservationService;
  shipping: ShippingService;
  lists: InventoryLists;
  inventory: InventoryService;
}

/**
 * Builds the services on core-catalog's `variantService` and core-store's settings, and registers
 * `inventoryService` (and `warehouseService`) in the container.
 */
export function createInventoryServices(ctx: PluginContext): InventoryServices {
  const variants = ctx.container.resolve<VariantReader>('variantService');
  const settings = ctx.container.resolve<{ get(): { low_stock_threshold: number } }>('storeSettings');
  const deps: InventoryDeps = { clock: ctx.clock, events: ctx.events, variants, lowStockThreshold: () => settings.get().low_stock_threshold };
  const warehouses = new WarehouseService({ clock: ctx.clock, events: ctx.events });
  const stock = new StockService(deps, warehouses);
  const bulk = new BulkStockService(deps);
  const reservations = new ReservationService(deps);
  const shipping = new ShippingService(deps, warehouses);
  const lists = new InventoryLists(deps);
  const inventory = new InventoryService(reservations, shipping, stock);
  ctx.container.register({ inventoryService: asValue(inventory), warehouseService: asValue(warehouses) });
  return { deps, warehouses, stock, bulk, reservations, shipping, lists, inventory };
}
