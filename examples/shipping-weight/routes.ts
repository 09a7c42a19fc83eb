import { idParams, paginate, type PluginContext } from '@storekeep-commerce/sdk';
import { bandFromRow, bandView, type WeightBandService } from './bands.ts';
import { bandPage, createBody, listQuery, listSpec, noContent, patchBody } from './schemas.ts';

const tag = 'shipping-weight';
const band = { $ref: 'WeightBand#' };
const base = '/api/v1/shipping-weight/bands/';

/** The weight-band endpoints: staff only (shoppers see the resulting rate at checkout). */
export function registerRoutes(ctx: PluginContext, bands: WeightBandService): void {
  ctx.routes.add({
    method: 'GET',
    path: base,
    auth: 'staff',
    tag,
    summary: 'List weight bands (filters: country, currency; ordering: country, currency, min_weight, created_at).',
    description: 'Staff only. Each band prices parcels to one country, in one currency, from min_weight (inclusive) to max_weight (exclusive) grams.',
    schema: { querystring: listQuery, response: { 200: bandPage } },
    handler: async (request) => {
      const query = bands.listQuery(ctx.knex, { country: request.query.country, currency: request.query.currency });
      return paginate(request, ctx.config.baseUrl, query, listSpec, (rows: any[]) => rows.map((r) => bandView(bandFromRow(r))));
    },
  });

  ctx.routes.add({
    method: 'POST',
    path: base,
    auth: 'staff',
    tag,
    summary: 'Create a weight band.',
    description: 'A currency the store does not sell in, a malformed price or an empty weight range: 400 naming each field. A range overlapping another band of the same country and currency: 409 band_overlap.',
    schema: { body: createBody, response: { 201: band } },
    handler: async (request, reply) => {
      const created = await bands.create(request.trx!, request.body);
      reply.code(201).header('location', `${ctx.config.baseUrl}${base}${created.id}/`);
      return bandView(created);
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: `${base}:id/`,
    auth: 'staff',
    tag,
    summary: 'One weight band.',
    schema: { params: idParams, response: { 200: band } },
    handler: async (request) => bandView(await bands.get(ctx.knex, request.params.id)),
  });

  ctx.routes.add({
    method: 'PATCH',
    path: `${base}:id/`,
    auth: 'staff',
    tag,
    summary: 'Change a weight band; the price is re-read in the resulting currency.',
    description: 'The same refusals as creating one: 400 naming each bad field, 409 band_overlap.',
    schema: { params: idParams, body: patchBody, response: { 200: band } },
    handler: async (request) => bandView(await bands.update(request.trx!, request.params.id, request.body)),
  });

  ctx.routes.add({
    method: 'DELETE',
    path: `${base}:id/`,
    auth: 'staff',
    tag,
    summary: 'Delete a weight band; checkouts that had selected its rate are offered the remaining ones.',
    schema: { params: idParams, response: noContent },
    handler: async (request, reply) => {
      await bands.remove(request.trx!, request.params.id);
      reply.code(204);
    },
  });
}
