import { forUpdate, parseJson, toBool, toDate } from '../../../../kernel/db/dialect.ts';
import type { Db } from '../../contracts.ts';
import { groupBy } from '../group-by.ts';
import { raiseOrderRevision } from '../orders/order-revision.ts';

/** Units of a variant at a warehouse (null: an untracked variant, no warehouse involved). */
export interface StockAt {
  warehouse_id: number | null;
  quantity: number;
}

export interface ShipmentRecord {
  id: number;
  order_id: number;
  carrier: string;
  tracking_number: string;
  warehouse_id: number | null;
  notify_customer: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface ShipmentItemRecord {
  id: number;
  shipment_id: number;
  order_item_id: number;
  quantity: number;
  /** Where the units left from. */
  stock: StockAt[];
}

function shipmentFromRow(row: any): ShipmentRecord {
  return {
    id: Number(row.id),
    order_id: Number(row.order_id),
    carrier: row.carrier,
    tracking_number: row.tracking_number,
    warehouse_id: row.warehouse_id === null || row.warehouse_id === undefined ? null : Number(row.warehouse_id),
    notify_customer: toBool(row.notify_customer),
    created_at: toDate(row.created_at)!,
    updated_at: toDate(row.updated_at)!,
  };
}

function itemFromRow(row: any): ShipmentItemRecord {
  return {
    id: Number(row.id),
    shipment_id: Number(row.shipment_id),
    order_item_id: Number(row.order_item_id),
    quantity: Number(row.quantity),
    stock: parseJson<StockAt[]>(row.stock, []),
  };
}


/** Table access for shipments and their items; every function takes the caller's transaction first. */
export const ShipmentRows = {
  async find(db: Db, orderId: number, id: number, opts: { lock?: boolean } = {}): Promise<ShipmentRecord | undefined> {
    if (!Number.isSafeInteger(id) || id < 1) return undefined;
    const query = db('shipments').where({ id, order_id: orderId }).first();
    const row = await (opts.lock ? forUpdate(db as any, query) : query);
    return row ? shipmentFromRow(row) : undefined;
  },

  /** The list query of one order's shipments (oldest first unless ordered otherwise). */
  listQuery(db: Db, orderId: number) {
    return db('shipments').where('order_id', orderId).select('*');
  },

  fromRows(rows: any[]): ShipmentRecord[] {
    return rows.map(shipmentFromRow);
  },

  async ofOrders(db: Db, orderIds: number[]): Promise<Map<number, ShipmentRecord[]>> {
    if (orderIds.length === 0) return new Map();
    const rows = (await db('shipments').whereIn('order_id', orderIds).orderBy('id')).map(shipmentFromRow);
    return groupBy(rows, (s) => s.order_id);
  },

  async itemsOf(db: Db, shipmentIds: number[]): Promise<Map<number, ShipmentItemRecord[]>> {
    if (shipmentIds.length === 0) return new Map();
    const rows = (await db('shipment_items').whereIn('shipment_id', shipmentIds).orderBy('id')).map(itemFromRow);
    return groupBy(rows, (i) => i.shipment_id);
  },

  /** Every shipped unit of these order items with where it left from, oldest first (locked: a return reads it). */
  async shippedOfItems(db: Db, orderItemIds: number[]): Promise<Map<number, ShipmentItemRecord[]>> {
    if (orderItemIds.length === 0) return new Map();
    const query = db('shipment_items').whereIn('order_item_id', orderItemIds).orderBy('id');
    const rows = (await forUpdate(db as any, query)).map(itemFromRow);
    return groupBy(rows, (i) => i.order_item_id);
  },

  async insert(
    db: Db,
    shipment: Omit<ShipmentRecord, 'id' | 'created_at' | 'updated_at'>,
    items: Array<Omit<ShipmentItemRecord, 'id' | 'shipment_id'>>,
    now: Date,
  ): Promise<ShipmentRecord> {
    const [id] = await db('shipments').insert({ ...shipment, created_at: now, updated_at: now });
    const shipmentId = Number(id);
    for (const item of items) {
      await db('shipment_items').insert({ shipment_id: shipmentId, order_item_id: item.order_item_id, quantity: item.quantity, stock: JSON.stringify(item.stock) });
    }
    await raiseOrderRevision(db, shipment.order_id);
    return { ...shipment, id: shipmentId, created_at: now, updated_at: now };
  },

  async update(db: Db, shipment: Pick<ShipmentRecord, 'id' | 'order_id'>, values: Partial<Pick<ShipmentRecord, 'carrier' | 'tracking_number'>>, now: Date): Promise<void> {
    await db('shipments').where('id', shipment.id).update({ ...values, updated_at: now });
    await raiseOrderRevision(db, shipment.order_id);
  },
};
