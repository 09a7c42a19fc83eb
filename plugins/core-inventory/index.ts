import { definePlugin } from '../../kernel/plugin.ts';
import { registerBulkRoutes } from './routes/bulk.ts';
import { registerInventoryRoutes } from './routes/inventory.ts';
import { registerMovementRoutes } from './routes/movements.ts';
import { registerWarehouseRoutes } from './routes/warehouses.ts';
import { inventoryRecordSchema } from './schemas/inventory.ts';
import { movementSchema } from './schemas/movements.ts';
import { warehouseSchema } from './schemas/warehouses.ts';
import { availabilityFingerprintColumn, inStockFilter, withProductAvailability, withVariantAvailability } from './services/availability.ts';
import { removeVariantStock } from './services/cleanup.ts';
import { createInventoryServices } from './services/index.ts';

export const PLUGIN_NAME = 'core-inventory';

export default definePlugin({
  name: PLUGIN_NAME,
  version: '1.0.0',
  description: 'Warehouses, stock per variant per warehouse, reservations that never oversell, the movements ledger.',
  dependsOn: ['core-store', 'core-auth', 'core-catalog'],
  register(ctx) {
    const services = createInventoryServices(ctx);
    for (const schema of [warehouseSchema, inventoryRecordSchema, movementSchema]) ctx.schemas.add(schema as any);
    registerWarehouseRoutes(ctx, services);
    registerBulkRoutes(ctx, services);
    registerMovementRoutes(ctx, services);
    registerInventoryRoutes(ctx, services);
    const catalog = ctx.hooks.get('catalog');
    catalog.serializeProduct.tapPromise({ name: PLUGIN_NAME }, (products, context) => withProductAvailability(products, context.db));
    catalog.fingerprintColumns.tap({ name: PLUGIN_NAME }, (columns, context) => [...columns, { plugin: PLUGIN_NAME, subquery: availabilityFingerprintColumn(context.db) }]);
    catalog.serializeVariant.tapPromise({ name: PLUGIN_NAME }, (variants, context) => withVariantAvailability(variants, context.db));
    catalog.filterProducts.tap({ name: PLUGIN_NAME }, inStockFilter);
    catalog.variantRemoving.tapPromise({ name: PLUGIN_NAME }, ({ trx, variantIds }) => removeVariantStock(services.deps, trx, variantIds));
  },
});
