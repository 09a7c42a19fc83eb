import { toIso } from '../../../../kernel/db/dialect.ts';
import type { OrderItemRecord } from '../orders/order-rows.ts';
import type { ShipmentItemRecord, ShipmentRecord } from './shipment-rows.ts';

export interface ShipmentItemView {
  order_item_id: number;
  quantity: number;
  name: string;
  sku: string;
  options: Record<string, string>;
}

/** A shipment as the API, the order view and the shipment events show it. */
export interface ShipmentView {
  id: number;
  order_id: number;
  order_number: string;
  carrier: string;
  tracking_number: string;
  warehouse_id: number | null;
  notify_customer: boolean;
  items: ShipmentItemView[];
  created_at: string;
  updated_at: string;
}

export function shipmentView(s: ShipmentRecord, items: ShipmentItemRecord[], orderItems: Map<number, OrderItemRecord>, orderNumber: string): ShipmentView {
  return {
    id: s.id,
    order_id: s.order_id,
    order_number: orderNumber,
    carrier: s.carrier,
    tracking_number: s.tracking_number,
    warehouse_id: s.warehouse_id,
    notify_customer: s.notify_customer,
    items: items.map((i) => {
      const item = orderItems.get(i.order_item_id);
      return { order_item_id: i.order_item_id, quantity: i.quantity, name: item?.name ?? '', sku: item?.sku ?? '', options: item?.options ?? {} };
    }),
    created_at: toIso(s.created_at)!,
    updated_at: toIso(s.updated_at)!,
  };
}
