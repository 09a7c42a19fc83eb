import type { PluginContext } from '../../../kernel/plugin.ts';
import type { InventoryServices } from '../services/index.ts';
import { bulkBody, bulkResponse } from '../schemas/inventory.ts';
import { actorOfRequest } from './context.ts';

/** Bulk stock synchronisation: up to 1,000 records, all or nothing. */
export function registerBulkRoutes(ctx: PluginContext, s: InventoryServices): void {
  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/inventory/bulk/',
    auth: 'staff',
    tag: 'inventory',
    summary: 'Set up to 1,000 stock records in one transaction (all or nothing).',
    description:
      'Each record as for POST /api/v1/inventory/. Every bad record is named by index (`records.12.variant_id`) and nothing is written; ' +
      'a variant and warehouse named twice is a 400 on the later record. 1,001 records or more: 400. Answers 200 with the records in input order.',
    bodyLimit: 4 * 1024 * 1024,
    schema: { body: bulkBody, response: { 200: bulkResponse } },
    handler: async (request) => ({ records: await s.bulk.set(request.trx!, request.body.records, { actor: actorOfRequest(request) }) }),
  });
}
