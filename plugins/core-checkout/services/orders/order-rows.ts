import type { Knex } from 'knex';
import { forUpdate, incrementCounter, parseJson, toBool, toDate } from '../../../../kernel/db/dialect.ts';
import { insertWithIds } from '../../../../kernel/db/insert-ids.ts';
import type { Address, AppliedDiscount, Db, PricedLine, ShippingRate } from '../../contracts.ts';
import { countPlacedOrder } from './order-counts.ts';
import { raiseOrderRevision, revisionRaised, revisionUp } from './order-revision.ts';
import type { OrderStatus } from './transitions.ts';

export type PaymentStatus = 'unpaid' | 'paid' | 'partially_refunded' | 'refunded';

/** An order as stored; amounts in minor units of `currency`. */
export interface OrderRecord {
  id: number;
  number: number;
  order_number: string;
  /** Raised by every write to the order or what its view shows (order-revision.ts). */
  revision: number;
  status: OrderStatus;
  payment_status: PaymentStatus;
  fulfillment_status: string;
  customer_id: number | null;
  checkout_id: string;
  cart_id: string;
  email: string;
  currency: string;
  exchange_rate: string;
  prices_include_tax: boolean;
  subtotal: number;
  discount_total: number;
  shipping_total: number;
  shipping_tax: number;
  tax_total: number;
  total: number;
  amount_paid: number;
  amount_refunded: number;
  discounts: AppliedDiscount[];
  shipping_address: Address;
  billing_address: Address;
  shipping_method: ShippingRate | null;
  test: boolean;
  lang: string;
  hold_until: Date | null;
  paid_at: Date | null;
  cancelled_at: Date | null;
  shipped_at: Date | null;
  delivered_at: Date | null;
  completed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** An order line as sold: name, SKU, options and unit price are a snapshot. */
export interface OrderItemRecord {
  id: number;
  order_id: number;
  variant_id: number;
  product_id: number;
  sku: string;
  name: string;
  options: Record<string, string>;
  quantity: number;
  unit_price: number;
  subtotal: number;
  discount: number;
  tax: number;
  tax_rate: string | null;
  /** Units that left in shipments. */
  quantity_shipped: number;
  /** Units refunded (returned, taken out of fulfilment, or refunded while kept). */
  quantity_refunded: number;
  /** Refunded units taken out of fulfilment before they shipped: they will not ship. */
  quantity_cancelled: number;
}

const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * How many payments, shipments and refunds an order has (`orderChildCountColumns`): a payment's settling
 * builds the order's event from them, and an order being paid usually has one payment and neither of the
 * others, which then need no read of their own.
 */
export interface OrderChildCounts {
  payments: number;
  shipments: number;
  refunds: number;
}

/** The order's counts of payments, shipments and refunds as columns of a statement that selects `orders` (`orderChildCountsOf` reads them). */
export function orderChildCountColumns(db: Db): Knex.QueryBuilder[] {
  const count = (table: string) => db(table).count('*').whereRaw('?? = ??', [`${table}.order_id`, 'orders.id']);
  return [count('payments').as('__payments'), count('shipments').as('__shipments'), count('refunds').as('__refunds')];
}

export function orderChildCountsOf(row: any): OrderChildCounts {
  return { payments: num(row.__payments), shipments: num(row.__shipments), refunds: num(row.__refunds) };
}

export function orderFromRow(row: any): OrderRecord {
  return {
    id: num(row.id),
    number: num(row.number),
    revision: num(row.revision),
    order_number: row.order_number,
    status: row.status,
    payment_status: row.payment_status,
    fulfillment_status: row.fulfillment_status,
    customer_id: numOrNull(row.customer_id),
    checkout_id: row.checkout_id,
    cart_id: row.cart_id,
    email: row.email,
    currency: row.currency,
    exchange_rate: row.exchange_rate,
    prices_include_tax: toBool(row.prices_include_tax),
    subtotal: num(row.subtotal),
    discount_total: num(row.discount_total),
    shipping_total: num(row.shipping_total),
    shipping_tax: num(row.shipping_tax),
    tax_total: num(row.tax_total),
    total: num(row.total),
    amount_paid: num(row.amount_paid),
    amount_refunded: num(row.amount_refunded),
    discounts: parseJson<AppliedDiscount[]>(row.discounts, []),
    shipping_address: parseJson<Address>(row.shipping_address, {} as Address),
    billing_address: parseJson<Address>(row.billing_address, {} as Address),
    shipping_method: parseJson<ShippingRate | null>(row.shipping_method, null),
    test: toBool(row.test),
    lang: row.lang,
    hold_until: toDate(row.hold_until),
    paid_at: toDate(row.paid_at),
    cancelled_at: toDate(row.cancelled_at),
    shipped_at: toDate(row.shipped_at),
    delivered_at: toDate(row.delivered_at),
    completed_at: toDate(row.completed_at),
    created_at: toDate(row.created_at)!,
    updated_at: toDate(row.updated_at)!,
  };
}

export function orderItemFromRow(row: any): OrderItemRecord {
  return {
    id: num(row.id),
    order_id: num(row.order_id),
    variant_id: num(row.variant_id),
    product_id: num(row.product_id),
    sku: row.sku,
    name: row.name,
    options: parseJson<Record<string, string>>(row.options, {}),
    quantity: num(row.quantity),
    unit_price: num(row.unit_price),
    subtotal: num(row.subtotal),
    discount: num(row.discount),
    tax: num(row.tax),
    tax_rate: row.tax_rate ?? null,
    quantity_shipped: num(row.quantity_shipped ?? 0),
    quantity_refunded: num(row.quantity_refunded ?? 0),
    quantity_cancelled: num(row.quantity_cancelled ?? 0),
  };
}

/**
 * unpaid until captured payments cover the total (an order placed at zero is paid by its zero payment);
 * refunds make it partially_refunded or refunded.
 */
export function paymentStatusOf(total: number, paid: number, refunded: number): PaymentStatus {
  if (refunded > 0) return refunded >= paid ? 'refunded' : 'partially_refunded';
  return paid >= total ? 'paid' : 'unpaid';
}

export type NewOrder = Omit<OrderRecord, 'id' | 'revision' | 'amount_paid' | 'amount_refunded' | 'hold_until' | 'paid_at' | 'cancelled_at' | 'shipped_at' | 'delivered_at' | 'completed_at' | 'updated_at'>;

/** Table access for orders and their items; every function takes the caller's transaction first. */
export const OrderRows = {
  async find(db: Db, id: number, opts: { lock?: boolean } = {}): Promise<OrderRecord | undefined> {
    if (!Number.isSafeInteger(id) || id < 1) return undefined;
    const query = db('orders').where('id', id).first();
    const row = await (opts.lock ? forUpdate(db as any, query) : query);
    return row ? orderFromRow(row) : undefined;
  },

  /** Inserts an order; `placedFrom` is the client address unpaid orders are counted under (unpaid-limit.ts). */
  async insert(db: Db, order: NewOrder, placedFrom: string | null = null): Promise<OrderRecord> {
    const row = {
      ...order,
      placed_from: placedFrom,
      discounts: JSON.stringify(order.discounts),
      shipping_address: JSON.stringify(order.shipping_address),
      billing_address: JSON.stringify(order.billing_address),
      shipping_method: order.shipping_method ? JSON.stringify(order.shipping_method) : null,
      amount_paid: 0,
      amount_refunded: 0,
      updated_at: order.created_at,
    };
    const [id] = await db('orders').insert(row);
    // Its items and first payment are written in this transaction too, unseen until it commits: none raises the revision.
    revisionRaised(db, Number(id));
    await countPlacedOrder(db, order.status);
    // The record as reading the row back would give it (JSON columns parsed from what was written, the
    // rest at their defaults), without the read: the placing transaction's event is built from it.
    return orderFromRow({ ...row, id, revision: 0 });
  },

  /** Snapshots the priced lines as the order's items, in their order; returns the items. */
  async insertItems(db: Db, orderId: number, lines: PricedLine[], now: Date): Promise<OrderItemRecord[]> {
    const rows = lines.map((l) => {
      const item = {
        order_id: orderId,
        variant_id: l.variant_id,
        product_id: l.product_id,
        sku: l.sku,
        name: l.name,
        options: l.options,
        quantity: l.quantity,
        unit_price: l.unit_price_minor,
        subtotal: l.total_minor,
        discount: l.discount_minor,
        tax: l.tax_minor,
        tax_rate: l.tax_rate,
      };
      return { ...item, options: JSON.stringify(item.options), created_at: now, updated_at: now };
    });
    // One insert for the order's items where the database tells their ids from it (insertWithIds).
    const ids = await insertWithIds(db as Knex, 'order_items', rows);
    // As read back: the shipped, refunded and cancelled counts start at their default, 0.
    return rows.map((row, i) => orderItemFromRow({ ...row, id: ids[i] }));
  },

  /** Items per order, in their order; `lock` inside a transaction that changes their counts. */
  async items(db: Db, orderIds: number[], opts: { lock?: boolean } = {}): Promise<Map<number, OrderItemRecord[]>> {
    const byOrder = new Map<number, OrderItemRecord[]>();
    if (orderIds.length === 0) return byOrder;
    const query = db('order_items').whereIn('order_id', orderIds).orderBy('id');
    const rows = await (opts.lock ? forUpdate(db as any, query) : query);
    for (const row of rows) {
      const item = orderItemFromRow(row);
      (byOrder.get(item.order_id) ?? byOrder.set(item.order_id, []).get(item.order_id)!).push(item);
    }
    return byOrder;
  },

  /** Adds to an item's counts (shipped, refunded, cancelled units). */
  async countItem(db: Db, item: Pick<OrderItemRecord, 'id' | 'order_id'>, deltas: { quantity_shipped?: number; quantity_refunded?: number; quantity_cancelled?: number }, now: Date): Promise<void> {
    const changes: Record<string, unknown> = { updated_at: now };
    for (const [column, delta] of Object.entries(deltas)) if (delta) changes[column] = db.raw('?? + ?', [column, delta]);
    await db('order_items').where('id', item.id).update(changes);
    await raiseOrderRevision(db, item.order_id);
  },

  async update(db: Db, id: number, values: Record<string, unknown>, now: Date): Promise<void> {
    await db('orders').where('id', id).update({ ...values, ...revisionUp(db), updated_at: now });
    revisionRaised(db, id);
  },

  /**
   * The next order number, from the counter row updated inside the placing transaction: gapless, since
   * a rolled-back placement rolls the counter back too (and the row lock makes placements take turns).
   */
  async nextNumber(db: Db): Promise<number> {
    // One round trip: the placing transaction holds this row's lock from here to its commit.
    return incrementCounter(db, 'order_counters', 'value', { name: 'order_number' });
  },
};
