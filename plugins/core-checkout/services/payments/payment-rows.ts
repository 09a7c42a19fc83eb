import { affectedRows, forUpdate, isMysql, toBool, toDate, toIso } from '../../../../kernel/db/dialect.ts';
import { toMoney, type Money } from '../../../../kernel/money/money.ts';
import type { Db, OrderSummary, PaymentRecord } from '../../contracts.ts';
import { prefixedColumns, unprefixed } from '../../../../kernel/db/prefixed-columns.ts';
import { updateRows, type RowUpdate } from '../../../../kernel/db/row-updates.ts';
import { CHECKOUT_COLUMNS, checkoutFromRow, type CheckoutRecord } from '../checkouts/checkout-rows.ts';
import { orderChildCountColumns, orderChildCountsOf, orderFromRow, type OrderChildCounts, type OrderRecord } from '../orders/order-rows.ts';
import { raiseOrderRevision } from '../orders/order-revision.ts';

/** A payment row: the gateways' PaymentRecord plus what the shopper was given and when it settled. */
export interface PaymentRow extends PaymentRecord {
  redirect_url: string | null;
  instructions: string | null;
  error: string | null;
  test: boolean;
  settled_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** The order a payment belongs to, as far as a payment's page shows it (`PaymentRows.findWithOrder`). */
export type PaymentOrder = OrderSummary & { checkout_id: string };

// The columns of `orders` a PaymentOrder is made of, selected beside the payment's as `order__<name>`.
const PAYMENT_ORDER_COLUMNS = ['id', 'order_number', 'currency', 'total', 'email', 'test', 'lang', 'checkout_id'] as const;

// A payment row's columns (`paymentFromRow` reads them), selected beside its order's as `payment__<name>` (`findForSettle`).
const PAYMENT_COLUMNS = ['id', 'order_id', 'method_id', 'gateway', 'status', 'amount', 'currency', 'captured', 'refunded', 'external_id', 'redirect_url', 'instructions', 'error', 'test', 'settled_at', 'created_at', 'updated_at'] as const;

/** What a payment's settling reads (`PaymentRows.findForSettle`). */
export interface PaymentToSettle {
  payment: PaymentRow;
  order: OrderRecord;
  counts: OrderChildCounts;
  /** The order's checkout; undefined when it has none. */
  checkout?: CheckoutRecord;
}

export function paymentFromRow(row: any): PaymentRow {
  return {
    id: Number(row.id),
    order_id: Number(row.order_id),
    method_id: row.method_id,
    gateway: row.gateway,
    status: row.status,
    amount_minor: Number(row.amount),
    currency: row.currency,
    captured_minor: Number(row.captured),
    refunded_minor: Number(row.refunded),
    external_id: row.external_id ?? null,
    redirect_url: row.redirect_url ?? null,
    instructions: row.instructions ?? null,
    error: row.error ?? null,
    test: toBool(row.test),
    settled_at: toDate(row.settled_at),
    created_at: toDate(row.created_at)!,
    updated_at: toDate(row.updated_at)!,
  };
}

/** The PaymentRecord a gateway sees (no store-side extras). */
export function paymentRecord(p: PaymentRow): PaymentRecord {
  return {
    id: p.id,
    order_id: p.order_id,
    method_id: p.method_id,
    gateway: p.gateway,
    status: p.status,
    amount_minor: p.amount_minor,
    currency: p.currency,
    captured_minor: p.captured_minor,
    refunded_minor: p.refunded_minor,
    external_id: p.external_id,
  };
}

export interface PaymentView {
  id: number;
  order_id: number;
  status: string;
  amount: Money;
  captured: Money;
  refunded: Money;
  method: string;
  gateway: string;
  redirect_url: string | null;
  instructions: string | null;
  error: string | null;
  test: boolean;
  created_at: string;
  updated_at: string;
}

export function paymentView(p: PaymentRow): PaymentView {
  return {
    id: p.id,
    order_id: p.order_id,
    status: p.status,
    amount: toMoney(p.amount_minor, p.currency),
    captured: toMoney(p.captured_minor, p.currency),
    refunded: toMoney(p.refunded_minor, p.currency),
    method: p.method_id,
    gateway: p.gateway,
    redirect_url: p.redirect_url,
    instructions: p.instructions,
    error: p.error,
    test: p.test,
    created_at: toIso(p.created_at)!,
    updated_at: toIso(p.updated_at)!,
  };
}

/** Table access for payments; every function takes the caller's transaction first. */
export const PaymentRows = {
  async find(db: Db, id: number, opts: { lock?: boolean } = {}): Promise<PaymentRow | undefined> {
    if (!Number.isSafeInteger(id) || id < 1) return undefined;
    const query = db('payments').where('id', id).first();
    const row = await (opts.lock ? forUpdate(db as any, query) : query);
    return row ? paymentFromRow(row) : undefined;
  },

  /**
   * A payment, its order (with its counts of payments, shipments and refunds) and the order's checkout
   * in one statement, all three locked (MySQL/MariaDB; payment, order, checkout: the order a settle
   * always took them in, the checkout by the update that marks it paid): what settling a payment reads.
   * On MariaDB each statement is a round trip; this was three.
   */
  async findForSettle(db: Db, id: number): Promise<PaymentToSettle | undefined> {
    if (!Number.isSafeInteger(id) || id < 1) return undefined;
    const query = db('payments')
      .join('orders', 'orders.id', 'payments.order_id')
      .leftJoin('checkouts', 'checkouts.id', 'orders.checkout_id')
      .where('payments.id', id)
      .first('orders.*', ...prefixedColumns('payments', 'payment__', PAYMENT_COLUMNS), ...prefixedColumns('checkouts', 'checkout__', CHECKOUT_COLUMNS), ...orderChildCountColumns(db));
    const row = await forUpdate(db as any, query);
    if (!row) return undefined;
    const hasCheckout = row.checkout__id !== null && row.checkout__id !== undefined;
    return {
      payment: paymentFromRow(unprefixed(row, 'payment__', PAYMENT_COLUMNS)),
      order: orderFromRow(row),
      counts: orderChildCountsOf(row),
      checkout: hasCheckout ? checkoutFromRow(unprefixed(row, 'checkout__', CHECKOUT_COLUMNS)) : undefined,
    };
  },

  /** A payment with its order's summary, in one statement: what a payment's hosted page reads. */
  async findWithOrder(db: Db, id: number): Promise<{ payment: PaymentRow; order: PaymentOrder } | undefined> {
    if (!Number.isSafeInteger(id) || id < 1) return undefined;
    const row = await db('payments')
      .join('orders', 'orders.id', 'payments.order_id')
      .where('payments.id', id)
      .first('payments.*', ...prefixedColumns('orders', 'order__', PAYMENT_ORDER_COLUMNS));
    if (!row) return undefined;
    const order: PaymentOrder = {
      id: Number(row.order__id),
      order_number: row.order__order_number,
      currency: row.order__currency,
      total_minor: Number(row.order__total),
      email: row.order__email,
      test: toBool(row.order__test),
      lang: row.order__lang,
      checkout_id: row.order__checkout_id,
    };
    return { payment: paymentFromRow(row), order };
  },

  async findByExternalId(db: Db, gateway: string, externalId: string): Promise<PaymentRow | undefined> {
    const row = await db('payments').where({ gateway, external_id: externalId }).orderBy('id', 'desc').first();
    return row ? paymentFromRow(row) : undefined;
  },

  async ofOrders(db: Db, orderIds: number[]): Promise<Map<number, PaymentRow[]>> {
    const byOrder = new Map<number, PaymentRow[]>();
    if (orderIds.length === 0) return byOrder;
    for (const row of await db('payments').whereIn('order_id', orderIds).orderBy('id')) {
      const p = paymentFromRow(row);
      (byOrder.get(p.order_id) ?? byOrder.set(p.order_id, []).get(p.order_id)!).push(p);
    }
    return byOrder;
  },

  /** One order's payments, oldest first; `lock` inside a transaction that refunds them. */
  async ofOrder(db: Db, orderId: number, opts: { lock?: boolean } = {}): Promise<PaymentRow[]> {
    const query = db('payments').where('order_id', orderId).orderBy('id');
    return (await (opts.lock ? forUpdate(db as any, query) : query)).map(paymentFromRow);
  },

  async insert(db: Db, values: { order_id: number; method_id: string; gateway: string; amount_minor: number; currency: string; test: boolean }, now: Date): Promise<PaymentRow> {
    const row = {
      order_id: values.order_id,
      method_id: values.method_id,
      gateway: values.gateway,
      status: 'pending',
      amount: values.amount_minor,
      currency: values.currency,
      captured: 0,
      refunded: 0,
      external_id: null,
      redirect_url: null,
      instructions: null,
      error: null,
      test: values.test,
      settled_at: null,
      created_at: now,
      updated_at: now,
    };
    const [id] = await db('payments').insert(row);
    await raiseOrderRevision(db, values.order_id);
    return paymentFromRow({ ...row, id });
  },

  /**
   * `alongside`: another table's row this transaction holds, written in the same statement where the
   * database can (`updateRows`).
   */
  async update(db: Db, payment: Pick<PaymentRow, 'id' | 'order_id'>, values: Record<string, unknown>, now: Date, alongside?: RowUpdate): Promise<void> {
    await updateRows(db, [{ table: 'payments', id: payment.id, values: { ...values, updated_at: now } }, ...(alongside ? [alongside] : [])]);
    await raiseOrderRevision(db, payment.order_id);
  },

  /** Writes `values` on a payment if it is still pending; whether it was. */
  async updateIfPending(db: Db, payment: Pick<PaymentRow, 'id' | 'order_id'>, values: Record<string, unknown>, now: Date): Promise<boolean> {
    const changed = affectedRows(await db('payments').where({ id: payment.id, status: 'pending' }).update({ ...values, updated_at: now })) > 0;
    if (changed) await raiseOrderRevision(db, payment.order_id);
    return changed;
  },

  /**
   * MySQL/MariaDB: `updateIfPending` of a payment's own fields and its order's revision in one statement
   * outside any transaction (a multi-table UPDATE, atomic on its own), where a transaction would send
   * four. The payment's row is locked first (STRAIGHT_JOIN), as a settle locks them. Undefined elsewhere:
   * SQLite has no multi-table UPDATE, and a transaction there costs no round trip.
   */
  async updateIfPendingAlone(db: Db, payment: Pick<PaymentRow, 'id'>, values: Record<string, string | null>, now: Date): Promise<boolean | undefined> {
    if (!isMysql(db as any)) return undefined;
    const names = Object.keys(values);
    const sets = [...names.map(() => '`payments`.?? = ?'), '`payments`.`updated_at` = ?', '`orders`.`revision` = `orders`.`revision` + 1'].join(', ');
    const bindings = [...names.flatMap((name) => [name, values[name]]), now, payment.id];
    const result = await db.raw(`update \`payments\` straight_join \`orders\` on \`orders\`.\`id\` = \`payments\`.\`order_id\` set ${sets} where \`payments\`.\`id\` = ? and \`payments\`.\`status\` = 'pending'`, bindings);
    return affectedRows(result) > 0;
  },

  /** Marks one payment cancelled if it is still pending. */
  async cancelIfPending(db: Db, payment: Pick<PaymentRow, 'id' | 'order_id'>, now: Date): Promise<void> {
    await PaymentRows.updateIfPending(db, payment, { status: 'cancelled' }, now);
  },

  /** Marks an order's pending payments cancelled: a new attempt supersedes them. */
  async cancelPending(db: Db, orderId: number, now: Date): Promise<void> {
    const changed = await db('payments').where({ order_id: orderId, status: 'pending' }).update({ status: 'cancelled', updated_at: now });
    if (affectedRows(changed) > 0) await raiseOrderRevision(db, orderId);
  },
};
