import type { Knex } from 'knex';
import { isStaffLike, type Principal } from '../../../../kernel/http/principal.ts';
import type { Db } from '../../contracts.ts';
import { CheckoutErrors } from '../../errors.ts';
import { PaymentRows } from '../payments/payment-rows.ts';
import { OrderRows, type OrderRecord } from './order-rows.ts';
import { orderView, type OrderView } from './order-view.ts';

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

  /** API views of orders, with their payments (one query) and their items when asked (one more). */
  async views(db: Db, orders: OrderRecord[], opts: { items?: boolean } = {}): Promise<OrderView[]> {
    const ids = orders.map((o) => o.id);
    const payments = await PaymentRows.ofOrders(db, ids);
    const items = opts.items ? await OrderRows.items(db, ids) : undefined;
    return orders.map((o) => orderView(o, payments.get(o.id) ?? [], items ? (items.get(o.id) ?? []) : undefined));
  }

  async view(db: Db, order: OrderRecord, opts: { items?: boolean } = {}): Promise<OrderView> {
    return (await this.views(db, [order], opts))[0]!;
  }

  /** What order events carry: the full order, items included, as read inside the writing transaction. */
  async eventData(db: Db, orderId: number): Promise<OrderView> {
    return this.view(db, await this.get(db, orderId), { items: true });
  }
}
