/**
 * The published types of core-inventory: its container services as other plugins call them
 * (`inventoryService`, `warehouseService`). Other plugins import these and nothing else of core-inventory.
 */
export type { InventoryService } from './services/inventory.ts';
export type { WarehouseService } from './services/warehouses.ts';
