import type { Knex } from 'knex';
import { isStaffLike, type Principal } from '../../../../kernel/http/principal.ts';
import type { Db } from '../../contracts.ts';
import { CheckoutErrors } from '../../errors.ts';
import { PaymentRows, type PaymentRow } from '../payments/payment-rows.ts';
import { RefundRows, type RefundRecord } from '../refunds/refund-rows.ts';
import { refundView, type RefundView } from '../refunds/refund-view.ts';
import { ShipmentRows, type ShipmentRecord } from '../shipments/shipment-rows.ts';
import { shipmentView, type ShipmentView } from '../shipments/shipment-view.ts';
import { OrderRows, type OrderChildCounts, type OrderItemRecord, type OrderRecord } from './order-rows.ts';
import { orderView, type OrderView } from './order-view.ts';

/** An order's event data and the records it was built from. */
export interface OrderEventRecords {
  order: OrderRecord;
  items: OrderItemRecord[];
  view: OrderView;
}

/** An order's payments, shipments or refunds the caller already holds, so its view reads them not again. */
export interface KnownChildren {
  payments?: PaymentRow[];
  shipments?: ShipmentRecord[];
  refunds?: RefundRecord[];
}

/**
 * What an order's counts (`PaymentRows.findForSettle`) spare its view: no shipments or refunds to read when it has
 * none, and no payments when its only one is `payment`, as the caller left it.
 */
export function childrenFromCounts(counts: OrderChildCounts, payment: PaymentRow): KnownChildren {
  return {
    ...(counts.payments === 1 ? { payments: [payment] } : {}),
    ...(counts.shipments === 0 ? { shipments: [] } : {}),
    ...(counts.refunds === 0 ? { refunds: [] } : {}),
  };
}

export interface OrderFilters {
  status?: string;
  payment_status?: string;
  /** Order number (exact or prefix) or e-mail (contains), case-insensitive. */
  search?: string;
}

/** A LIKE pattern that matches `text` literally (escape character `!`). */
function likeLiteral(text: string): string {
  return text.replace(/[!%_]/g, (c) => `!${c}`);
}

/**
 * Reading orders: one order or a list query for whoever may see them (staff and API keys: all;
 * customers: their own, others' are 404), and the API view with payments and, on request, items.
 */
export class OrderService {
  /** An order by id, else 404. `lock` inside a transaction that changes it. */
  async get(db: Db, id: number, opts: { lock?: boolean } = {}): Promise<OrderRecord> {
    const order = await OrderRows.find(db, id, opts);
    if (!order) throw CheckoutErrors.orderNotFound();
    return order;
  }

  /** An order the caller may see: staff and keys see every order, a customer only their own (else 404). */
  async getVisible(db: Db, id: number, principal: Principal): Promise<OrderRecord> {
    const order = await this.get(db, id);
    if (!this.visibleTo(order, principal)) throw CheckoutErrors.orderNotFound();
    return order;
  }

  visibleTo(order: OrderRecord, principal: Principal): boolean {
    return isStaffLike(principal) || (principal.kind === 'customer' && order.customer_id === principal.id);
  }

  /** The base query of `GET /api/v1/orders/` for this caller, with the status, payment_status and search filters. */
  listQuery(db: Db, principal: Principal, filters: OrderFilters = {}): Knex.QueryBuilder {
    const query = db('orders').select('orders.*');
    if (!isStaffLike(principal)) query.where('orders.customer_id', principal.kind === 'customer' ? principal.id : -1);
    if (filters.status) query.where('orders.status', filters.status);
    if (filters.payment_status) query.where('orders.payment_status', filters.payment_status);
    const search = filters.search?.trim().toLowerCase();
    if (search) {
      const literal = likeLiteral(search);
      query.where((q) =>
        q.whereRaw("lower(orders.order_number) like ? escape '!'", [`${literal}%`]).orWhereRaw("lower(orders.email) like ? escape '!'", [`%${literal}%`]),
      );
    }
    return query;
  }

  /**
   * API views of orders with their payments, shipments and refunds, and their items when asked: a
   * fixed number of queries for any number of orders.
   */
  async views(db: Db, orders: OrderRecord[], opts: { items?: boolean } = {}): Promise<OrderView[]> {
    return this.viewsWith(db, orders, opts.items ? await OrderRows.items(db, orders.map((o) => o.id)) : undefined);
  }

  // The views of orders whose items (when shown) are already read; `known`: the payments, shipments or
  // refunds of a single order already in hand.
  private async viewsWith(db: Db, orders: OrderRecord[], items: Map<number, OrderItemRecord[]> | undefined, known: KnownChildren = {}): Promise<OrderView[]> {
    const ids = orders.map((o) => o.id);
    const only = orders.length === 1 ? known : {};
    const payments = only.payments ? new Map([[ids[0]!, only.payments]]) : await PaymentRows.ofOrders(db, ids);
    const shipments = await this.shipmentViews(db, orders, items, only.shipments);
    const refunds = await this.refundViews(db, orders, items, only.refunds);
    return orders.map((o) =>
      orderView(o, {
        payments: payments.get(o.id) ?? [],
        shipments: shipments.get(o.id) ?? [],
        refunds: refunds.get(o.id) ?? [],
        items: items ? (items.get(o.id) ?? []) : undefined,
      }),
    );
  }

  /** Views of shipments (given, or all of the orders'), keyed by order id. */
  async shipmentViews(db: Db, orders: OrderRecord[], items?: Map<number, OrderItemRecord[]>, only?: ShipmentRecord[]): Promise<Map<number, ShipmentView[]>> {
    const byOrder = only ? new Map([[orders[0]!.id, only]]) : await ShipmentRows.ofOrders(db, orders.map((o) => o.id));
    const all = [...byOrder.values()].flat();
    const shipmentItems = await ShipmentRows.itemsOf(db, all.map((s) => s.id));
    const orderItems = items ?? (all.length ? await OrderRows.items(db, orders.map((o) => o.id)) : new Map<number, OrderItemRecord[]>());
    const views = new Map<number, ShipmentView[]>();
    for (const o of orders) {
      const itemsById = new Map((orderItems.get(o.id) ?? []).map((i) => [i.id, i]));
      views.set(o.id, (byOrder.get(o.id) ?? []).map((s) => shipmentView(s, shipmentItems.get(s.id) ?? [], itemsById, o.order_number)));
    }
    return views;
  }

  /** Views of refunds (given, or all of the orders'), keyed by order id. */
  async refundViews(db: Db, orders: OrderRecord[], items?: Map<number, OrderItemRecord[]>, only?: RefundRecord[]): Promise<Map<number, RefundView[]>> {
    const byOrder = only ? new Map([[orders[0]!.id, only]]) : await RefundRows.ofOrders(db, orders.map((o) => o.id));
    const ids = [...byOrder.values()].flat().map((r) => r.id);
    const refundItems = await RefundRows.itemsOf(db, ids);
    const refundPayments = await RefundRows.paymentsOf(db, ids);
    const orderItems = items ?? (ids.length ? await OrderRows.items(db, orders.map((o) => o.id)) : new Map<number, OrderItemRecord[]>());
    const views = new Map<number, RefundView[]>();
    for (const o of orders) {
      const itemsById = new Map((orderItems.get(o.id) ?? []).map((i) => [i.id, i]));
      views.set(o.id, (byOrder.get(o.id) ?? []).map((r) => refundView(r, refundItems.get(r.id) ?? [], refundPayments.get(r.id) ?? [], itemsById, o.order_number)));
    }
    return views;
  }

  async view(db: Db, order: OrderRecord, opts: { items?: boolean } = {}): Promise<OrderView> {
    return (await this.views(db, [order], opts))[0]!;
  }

  /**
   * `order.created`'s data: the order placed in this transaction with its items, as their inserts wrote
   * them (OrderRows.insert and insertItems give the records a read would). Nothing has paid, shipped or
   * refunded it yet (its first payment starts after placing), and nothing else writes an order's row
   * while it is placed.
   */
  placedEventData(order: OrderRecord, items: OrderItemRecord[]): OrderView {
    return orderView(order, { payments: [], shipments: [], refunds: [], items });
  }

  /** What order events carry: the full order, items included, as read inside the writing transaction. */
  async eventData(db: Db, orderId: number): Promise<OrderView> {
    return (await this.eventRecords(db, orderId)).view;
  }

  /**
   * The event data with the order and items it was built from, for an event beside it (checkout.updated).
   * `known`: the order's record as this transaction left it, when the caller built it from the row it
   * locked and the update it made (not read again).
   */
  async eventRecords(db: Db, orderId: number, known?: OrderRecord, children?: KnownChildren): Promise<OrderEventRecords> {
    const order = known ?? (await this.get(db, orderId));
    const items = await OrderRows.items(db, [order.id]);
    return { order, items: items.get(order.id) ?? [], view: (await this.viewsWith(db, [order], items, children))[0]! };
  }
}
