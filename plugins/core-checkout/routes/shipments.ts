import type { PluginContext } from '../../../kernel/plugin.ts';
import { paginate } from '../../../kernel/http/lists.ts';
import { idParams, toId } from '../../../kernel/http/schemas.ts';
import { shipment, shipmentInput, shipmentListQuery, shipmentListSpec, shipmentPage, shipmentParams, shipmentPatch } from '../schemas/shipments.ts';
import type { CheckoutServices } from '../services/index.ts';
import { ShipmentRows } from '../services/shipments/shipment-rows.ts';
import { actorOf, created } from './context.ts';

const tag = 'orders';

/** Shipments of an order: staff ship items; the order's customer and staff read them. */
export function registerShipmentRoutes(ctx: PluginContext, s: CheckoutServices): void {
  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/orders/:id/shipments/',
    auth: 'staff',
    tag,
    summary: 'Ship items of an order (staff): the reserved units leave stock; once every item has shipped the order is shipped.',
    description:
      'Items must belong to the order, each named once, at most what is left to ship (400 naming items.<i>.order_item_id / items.<i>.quantity). A pending (unpaid) order: 409 order_unpaid unless the store sets allow_unpaid_shipments; shipped, delivered, completed or cancelled: 409 invalid_transition naming the state. Emits shipment.created, order.updated, and order.shipped when nothing is left to ship.',
    schema: { params: idParams, body: shipmentInput, response: { 201: shipment } },
    handler: async (request, reply) => {
      const body = request.body;
      const made = await s.shipments.create(
        request.trx!,
        request.params.id,
        {
          carrier: body.carrier,
          tracking_number: body.tracking_number,
          items: body.items,
          notify_customer: body.notify_customer ?? false,
          warehouse_id: body.warehouse_id === undefined || body.warehouse_id === null ? null : toId(body.warehouse_id),
        },
        actorOf(request.principal),
      );
      created(ctx, reply, `/api/v1/orders/${made.order_id}/shipments/${made.id}/`);
      return made;
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/orders/:id/shipments/',
    auth: 'customer-or-staff',
    tag,
    summary: 'The shipments of an order (a customer\'s own order only), oldest first; ordering created_at.',
    description: 'Each shipment lists the items and units sent, from which warehouse, and the carrier and tracking number when known.',
    schema: { params: idParams, querystring: shipmentListQuery, response: { 200: shipmentPage } },
    handler: async (request) => {
      const order = await s.orders.getVisible(ctx.knex, request.params.id, request.principal);
      return paginate(request, ctx.config.baseUrl, ShipmentRows.listQuery(ctx.knex, order.id), shipmentListSpec, (rows: any[]) =>
        s.shipments.views(ctx.knex, order, ShipmentRows.fromRows(rows)),
      );
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/orders/:id/shipments/:shipment_id/',
    auth: 'customer-or-staff',
    tag,
    summary: 'One shipment of an order (a customer\'s own order only).',
    description: 'Its items, warehouse, carrier and tracking number.',
    schema: { params: shipmentParams, response: { 200: shipment } },
    handler: async (request) => {
      const order = await s.orders.getVisible(ctx.knex, request.params.id, request.principal);
      return s.shipments.get(ctx.knex, order, request.params.shipment_id);
    },
  });

  ctx.routes.add({
    method: 'PATCH',
    path: '/api/v1/orders/:id/shipments/:shipment_id/',
    auth: 'staff',
    tag,
    summary: 'Correct a shipment\'s carrier or tracking number (staff). Emits shipment.updated and order.updated.',
    description: 'Staff only. Only carrier and tracking_number change; what was shipped stays as recorded.',
    schema: { params: shipmentParams, body: shipmentPatch, response: { 200: shipment } },
    handler: async (request) => s.shipments.update(request.trx!, request.params.id, request.params.shipment_id, request.body),
  });
}
