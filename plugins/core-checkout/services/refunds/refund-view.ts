import { toIso } from '../../../../kernel/db/dialect.ts';
import { toMoney, type Money } from '../../../../kernel/money/money.ts';
import type { OrderItemRecord } from '../orders/order-rows.ts';
import type { RefundItemRecord, RefundPaymentRecord, RefundRecord } from './refund-rows.ts';

/** A refund as the API, the order view and `refund.created` show it. */
export interface RefundView {
  id: number;
  order_id: number;
  order_number: string;
  amount: Money;
  reason: string;
  restock: boolean;
  notify_customer: boolean;
  items: Array<{ order_item_id: number; quantity: number; name: string; sku: string }>;
  /** How the amount went back: one gateway refund per captured payment. */
  payments: Array<{ payment_id: number; amount: Money }>;
  created_at: string;
}

export function refundView(r: RefundRecord, items: RefundItemRecord[], payments: RefundPaymentRecord[], orderItems: Map<number, OrderItemRecord>, orderNumber: string): RefundView {
  return {
    id: r.id,
    order_id: r.order_id,
    order_number: orderNumber,
    amount: toMoney(r.amount_minor, r.currency),
    reason: r.reason,
    restock: r.restock,
    notify_customer: r.notify_customer,
    items: items.map((i) => {
      const item = orderItems.get(i.order_item_id);
      return { order_item_id: i.order_item_id, quantity: i.quantity, name: item?.name ?? '', sku: item?.sku ?? '' };
    }),
    payments: payments.map((p) => ({ payment_id: p.payment_id, amount: toMoney(p.amount_minor, r.currency) })),
    created_at: toIso(r.created_at)!,
  };
}
