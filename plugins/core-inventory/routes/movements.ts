import type { PluginContext } from '../../../kernel/plugin.ts';
import { paginate } from '../../../kernel/http/lists.ts';
import type { InventoryServices } from '../services/index.ts';
import { movementView } from '../services/records.ts';
import { movementListQuery, movementListSpec, movementPage } from '../schemas/movements.ts';

/** The movements ledger, for reconciliation. */
export function registerMovementRoutes(ctx: PluginContext, s: InventoryServices): void {
  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/inventory/movements/',
    auth: 'staff',
    tag: 'inventory',
    summary: 'The movements ledger (variant_id, warehouse_id, type, reference=order:42, created_at__gte/__lte, id__gte/__lte; ordering id (default), created_at).',
    description:
      'Per variant and warehouse, delta_quantity sums to the record\'s quantity and delta_reserved to its reserved units; ' +
      'warehouse_id null is the backorder pool. Page through new rows with id__gte.',
    schema: { querystring: movementListQuery, response: { 200: movementPage } },
    handler: async (request) => {
      const q = request.query;
      const query = s.lists.movementsQuery(ctx.knex, { variant_id: q.variant_id, warehouse_id: q.warehouse_id, type: q.type, reference: q.reference });
      return paginate(request, ctx.config.baseUrl, query, movementListSpec, (rows: any[]) => rows.map(movementView), 'inventory_movements.id');
    },
  });
}
