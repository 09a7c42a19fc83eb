import type { PluginContext } from '../../../kernel/plugin.ts';
import { paginate } from '../../../kernel/http/lists.ts';
import { idParams } from '../../../kernel/http/schemas.ts';
import type { InventoryServices } from '../services/index.ts';
import { adjustBody, levelListQuery, levelListSpec, levelPage, setBody } from '../schemas/inventory.ts';
import { actorOfRequest, created } from './context.ts';

const tag = 'inventory';
const record = { $ref: 'InventoryRecord#' };

/** Stock records: list, set (POST creates or updates, PUT updates), adjust. Staff only. */
export function registerInventoryRoutes(ctx: PluginContext, s: InventoryServices): void {
  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/inventory/',
    auth: 'staff',
    tag,
    summary: 'List stock records (variant_id, warehouse_id, updated_at__gte/__lte; ordering id (default), updated_at, quantity, variant_id, warehouse_id).',
    description: 'Staff only. One record per variant and warehouse: quantity on hand, units reserved by open orders, and what is available.',
    schema: { querystring: levelListQuery, response: { 200: levelPage } },
    handler: async (request) => {
      const query = s.lists.levelsQuery(ctx.knex, { variant_id: request.query.variant_id, warehouse_id: request.query.warehouse_id });
      return paginate(request, ctx.config.baseUrl, query, levelListSpec, (rows: any[]) => s.lists.levelViews(ctx.knex, rows), 'inventory_levels.id');
    },
  });

  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/inventory/',
    auth: 'staff',
    tag,
    summary: 'Set the stock of a variant at a warehouse, creating the record when missing (201; 200 when it existed).',
    description:
      'Ids are numbers or strings of digits; an unknown variant or warehouse is a 400 naming the field. Quantity 0 to 2147483647. ' +
      'Below what is reserved: 409 below_reserved unless "force": true. Emits inventory.updated (and inventory.low_stock when crossing the threshold).',
    schema: { body: setBody, response: { 200: record, 201: record } },
    handler: async (request, reply) => {
      const { record: view, created: isNew } = await s.stock.set(request.trx!, request.body, { actor: actorOfRequest(request), mode: 'upsert' });
      if (isNew) created(ctx, reply, `/api/v1/inventory/${view.id}/`);
      return view;
    },
  });

  ctx.routes.add({
    method: 'PUT',
    path: '/api/v1/inventory/',
    auth: 'staff',
    tag,
    summary: 'Update the stock of a variant at a warehouse (404 when it has no record there).',
    description: 'The same rules as POST, without creating.',
    schema: { body: setBody, response: { 200: record } },
    handler: async (request) => (await s.stock.set(request.trx!, request.body, { actor: actorOfRequest(request), mode: 'update' })).record,
  });

  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/inventory/adjust/',
    auth: 'staff',
    tag,
    summary: 'Add to or take from the stock of a variant at a warehouse (point of sale, returns, count corrections).',
    description:
      'delta: a non-zero integer. Never below 0 on hand (409 negative_stock); below what is reserved: 409 below_reserved unless "force": true. ' +
      'A positive delta creates a missing record. Answers 200 with the record.',
    schema: { body: adjustBody, response: { 200: record } },
    handler: async (request) => s.stock.adjust(request.trx!, request.body, { actor: actorOfRequest(request) }),
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/inventory/:id/',
    auth: 'staff',
    tag,
    summary: 'One stock record.',
    description: 'Staff only: the quantity on hand, reserved and available units of one variant in one warehouse.',
    schema: { params: idParams, response: { 200: record } },
    handler: async (request) => s.lists.level(ctx.knex, request.params.id),
  });
}
