import { forUpdate, parseJson, toBool, toDate } from '../../../../kernel/db/dialect.ts';
import type { Db } from '../../contracts.ts';
import type { StockAt } from '../shipments/shipment-rows.ts';
import { groupBy } from '../group-by.ts';
import { raiseOrderRevision } from '../orders/order-revision.ts';

export interface RefundRecord {
  id: number;
  order_id: number;
  amount_minor: number;
  currency: string;
  reason: string;
  restock: boolean;
  notify_customer: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface RefundItemRecord {
  id: number;
  refund_id: number;
  order_item_id: number;
  quantity: number;
  /** Of `quantity`, the units that had not shipped and were taken out of fulfilment (reservation released). */
  quantity_cancelled: number;
  /** Where returned units went back on hand. */
  stock: StockAt[];
}

export interface RefundPaymentRecord {
  id: number;
  refund_id: number;
  payment_id: number;
  amount_minor: number;
  external_id: string | null;
}

function refundFromRow(row: any): RefundRecord {
  return {
    id: Number(row.id),
    order_id: Number(row.order_id),
    amount_minor: Number(row.amount),
    currency: row.currency,
    reason: row.reason,
    restock: toBool(row.restock),
    notify_customer: toBool(row.notify_customer),
    created_at: toDate(row.created_at)!,
    updated_at: toDate(row.updated_at)!,
  };
}

function itemFromRow(row: any): RefundItemRecord {
  return {
    id: Number(row.id),
    refund_id: Number(row.refund_id),
    order_item_id: Number(row.order_item_id),
    quantity: Number(row.quantity),
    quantity_cancelled: Number(row.quantity_cancelled),
    stock: parseJson<StockAt[]>(row.stock, []),
  };
}

function paymentFromRow(row: any): RefundPaymentRecord {
  return { id: Number(row.id), refund_id: Number(row.refund_id), payment_id: Number(row.payment_id), amount_minor: Number(row.amount), external_id: row.external_id ?? null };
}


/** Table access for refunds, their items and their split over payments. */
export const RefundRows = {
  async find(db: Db, orderId: number, id: number): Promise<RefundRecord | undefined> {
    if (!Number.isSafeInteger(id) || id < 1) return undefined;
    const row = await db('refunds').where({ id, order_id: orderId }).first();
    return row ? refundFromRow(row) : undefined;
  },

  listQuery(db: Db, orderId: number) {
    return db('refunds').where('order_id', orderId).select('*');
  },

  fromRows(rows: any[]): RefundRecord[] {
    return rows.map(refundFromRow);
  },

  async ofOrders(db: Db, orderIds: number[]): Promise<Map<number, RefundRecord[]>> {
    if (orderIds.length === 0) return new Map();
    return groupBy((await db('refunds').whereIn('order_id', orderIds).orderBy('id')).map(refundFromRow), (r) => r.order_id);
  },

  async itemsOf(db: Db, refundIds: number[]): Promise<Map<number, RefundItemRecord[]>> {
    if (refundIds.length === 0) return new Map();
    return groupBy((await db('refund_items').whereIn('refund_id', refundIds).orderBy('id')).map(itemFromRow), (i) => i.refund_id);
  },

  async paymentsOf(db: Db, refundIds: number[]): Promise<Map<number, RefundPaymentRecord[]>> {
    if (refundIds.length === 0) return new Map();
    return groupBy((await db('refund_payments').whereIn('refund_id', refundIds).orderBy('id')).map(paymentFromRow), (p) => p.refund_id);
  },

  /** Earlier returns of these order items (locked: a new return reads where units went back). */
  async returnedOfItems(db: Db, orderItemIds: number[]): Promise<Map<number, RefundItemRecord[]>> {
    if (orderItemIds.length === 0) return new Map();
    const query = db('refund_items').whereIn('order_item_id', orderItemIds).orderBy('id');
    return groupBy((await forUpdate(db as any, query)).map(itemFromRow), (i) => i.order_item_id);
  },

  async insert(db: Db, refund: Omit<RefundRecord, 'id' | 'created_at' | 'updated_at'>, now: Date): Promise<RefundRecord> {
    const { amount_minor, ...rest } = refund;
    const [id] = await db('refunds').insert({ ...rest, amount: amount_minor, created_at: now, updated_at: now });
    await raiseOrderRevision(db, refund.order_id);
    return { ...refund, id: Number(id), created_at: now, updated_at: now };
  },

  async insertItem(db: Db, refund: Pick<RefundRecord, 'order_id'>, item: Omit<RefundItemRecord, 'id'>): Promise<void> {
    await db('refund_items').insert({ ...item, stock: JSON.stringify(item.stock) });
    await raiseOrderRevision(db, refund.order_id);
  },

  async insertPayment(db: Db, refund: Pick<RefundRecord, 'order_id'>, part: Omit<RefundPaymentRecord, 'id'>): Promise<void> {
    const { amount_minor, ...rest } = part;
    await db('refund_payments').insert({ ...rest, amount: amount_minor });
    await raiseOrderRevision(db, refund.order_id);
  },
};
