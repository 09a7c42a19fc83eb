import { toIso } from '../../../../kernel/db/dialect.ts';
import type { Address } from '../../contracts.ts';
import { linesView, type LineView } from '../carts/cart-view.ts';
import type { OrderItemRecord, OrderRecord } from '../orders/order-rows.ts';
import { orderView, shippingRateView, type ShippingRateView } from '../orders/order-view.ts';
import { totalsView, type TotalsView } from '../totals/totals.ts';
import { billingOf, type CheckoutRecord } from './checkout-rows.ts';
import type { Evaluation } from './evaluate.ts';

export interface CheckoutView extends TotalsView {
  id: string;
  status: string;
  cart_id: string;
  customer_id: number | null;
  email: string;
  currency: string;
  shipping_address: Address;
  billing_same_as_shipping: boolean;
  billing_address: Address;
  shipping_methods: ShippingRateView[];
  shipping_method: ShippingRateView | null;
  items: LineView[];
  item_count: number;
  payment_url: string;
  order: { id: number; order_number: string } | null;
  created_at: string;
  updated_at: string;
}

function base(c: CheckoutRecord, paymentUrl: string) {
  return {
    id: c.id,
    status: c.status,
    cart_id: c.cart_id,
    customer_id: c.customer_id,
    email: c.email,
    shipping_address: c.shipping_address,
    billing_same_as_shipping: c.billing_same_as_shipping,
    billing_address: billingOf(c),
    payment_url: paymentUrl,
    created_at: toIso(c.created_at)!,
    updated_at: toIso(c.updated_at)!,
  };
}

/** An open checkout: priced now, with the rates for its address. */
export function checkoutView(c: CheckoutRecord, e: Evaluation, paymentUrl: string, stock: Map<number, number | null>): CheckoutView {
  const items = linesView(e.priced.lines, e.totals, stock);
  return {
    ...base(c, paymentUrl),
    currency: e.totals.currency,
    shipping_methods: e.rates.map(shippingRateView),
    shipping_method: e.selected ? shippingRateView(e.selected) : null,
    items,
    item_count: items.reduce((n, i) => n + i.quantity, 0),
    ...totalsView(e.totals),
    order: null,
  };
}

/** A checkout whose order is placed: what the order holds (prices no longer move). */
export function placedCheckoutView(c: CheckoutRecord, order: OrderRecord, orderItems: OrderItemRecord[], paymentUrl: string): CheckoutView {
  const o = orderView(order, { payments: [], shipments: [], refunds: [], items: orderItems });
  const items = o.items!.map(({ variant: _v, tax_rate: _t, quantity_shipped: _s, quantity_refunded: _r, quantity_to_ship: _q, ...line }) => ({ ...line, purchasable: true, available_quantity: null }));
  return {
    ...base(c, paymentUrl),
    email: o.email,
    shipping_address: o.shipping_address,
    billing_address: o.billing_address,
    currency: o.currency,
    shipping_methods: o.shipping_method ? [o.shipping_method] : [],
    shipping_method: o.shipping_method,
    items,
    item_count: items.reduce((n, i) => n + i.quantity, 0),
    subtotal: o.subtotal,
    discount: o.discount,
    shipping: o.shipping,
    shipping_tax: o.shipping_tax,
    tax: o.tax,
    total: o.total,
    prices_include_tax: o.prices_include_tax,
    discounts: o.discounts,
    order: { id: o.id, order_number: o.order_number },
  };
}
