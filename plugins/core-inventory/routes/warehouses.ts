import type { PluginContext } from '../../../kernel/plugin.ts';
import { paginate } from '../../../kernel/http/lists.ts';
import { idParams } from '../../../kernel/http/schemas.ts';
import type { InventoryServices } from '../services/index.ts';
import { warehouseView } from '../services/records.ts';
import { warehouseCreateBody, warehouseListQuery, warehouseListSpec, warehousePage, warehousePatchBody } from '../schemas/warehouses.ts';
import { created, noContent } from './context.ts';

const tag = 'warehouses';
const warehouse = { $ref: 'Warehouse#' };

/** Warehouses (stock locations): staff only. */
export function registerWarehouseRoutes(ctx: PluginContext, s: InventoryServices): void {
  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/warehouses/',
    auth: 'staff',
    tag,
    summary: 'List warehouses (ordering: priority (default), name, code, created_at; active=true|false).',
    description: 'Staff only. Warehouses hold stock; allocation takes from the lowest priority first, and inactive ones are left out of availability.',
    schema: { querystring: warehouseListQuery, response: { 200: warehousePage } },
    handler: async (request) => {
      const query = s.warehouses.listQuery(ctx.knex, { active: request.query.active });
      return paginate(request, ctx.config.baseUrl, query, warehouseListSpec, (rows: any[]) => rows.map(warehouseView), 'warehouses.id');
    },
  });

  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/warehouses/',
    auth: 'staff',
    tag,
    summary: 'Create a warehouse.',
    description: 'A code in use (case-insensitively): 409 duplicate_code. An unknown country: 400. Emits warehouse.created.',
    schema: { body: warehouseCreateBody, response: { 201: warehouse } },
    handler: async (request, reply) => {
      const view = await s.warehouses.create(request.trx!, request.body);
      created(ctx, reply, `/api/v1/warehouses/${view.id}/`);
      return view;
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/warehouses/:id/',
    auth: 'staff',
    tag,
    summary: 'One warehouse.',
    description: 'Staff only: its code, country, priority and whether it is active.',
    schema: { params: idParams, response: { 200: warehouse } },
    handler: async (request) => s.warehouses.get(ctx.knex, request.params.id),
  });

  ctx.routes.add({
    method: 'PATCH',
    path: '/api/v1/warehouses/:id/',
    auth: 'staff',
    tag,
    summary: 'Change a warehouse (deactivate it with {"active": false}).',
    description: 'Inactive warehouses keep their stock and reservations but are left out of new allocations and of availability. Emits warehouse.updated.',
    schema: { params: idParams, body: warehousePatchBody, response: { 200: warehouse } },
    handler: async (request) => s.warehouses.update(request.trx!, request.params.id, request.body),
  });

  ctx.routes.add({
    method: 'DELETE',
    path: '/api/v1/warehouses/:id/',
    auth: 'staff',
    tag,
    summary: 'Delete a warehouse that holds no stock and no reservations (else 409 warehouse_not_empty).',
    description: 'Its empty records are deleted with it; its movements stay in the ledger. Emits warehouse.deleted.',
    schema: { params: idParams, response: noContent },
    handler: async (request, reply) => {
      await s.warehouses.remove(request.trx!, request.params.id);
      reply.code(204);
    },
  });
}
