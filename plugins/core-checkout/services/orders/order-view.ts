import { toIso } from '../../../../kernel/db/dialect.ts';
import { toMoney, type Money } from '../../../../kernel/money/money.ts';
import type { Address, OrderSummary, ShippingRate } from '../../contracts.ts';
import { paymentView, type PaymentRow, type PaymentView } from '../payments/payment-rows.ts';
import { discountsView, type DiscountView } from '../totals/totals.ts';
import type { OrderItemRecord, OrderRecord } from './order-rows.ts';
import type { LineView } from '../carts/cart-view.ts';
import type { RefundView } from '../refunds/refund-view.ts';
import type { ShipmentView } from '../shipments/shipment-view.ts';
import { unitsToShip } from './fulfillment.ts';

export interface ShippingRateView {
  id: number | string;
  name: string;
  provider: string;
  description: string | null;
  price: Money;
}

export function shippingRateView(rate: ShippingRate): ShippingRateView {
  return { id: rate.id, name: rate.name, provider: rate.provider, description: rate.description ?? null, price: toMoney(rate.price_minor, rate.currency) };
}

/** An order item: the line as the cart showed it (without `purchasable`), its tax rate and its variant. */
export interface OrderItemView extends Omit<LineView, 'purchasable' | 'available_quantity'> {
  tax_rate: string | null;
  variant: { id: number; sku: string };
  quantity_shipped: number;
  quantity_refunded: number;
  /** Units still to ship (refunded units taken out of fulfilment are not). */
  quantity_to_ship: number;
}

export interface OrderView {
  id: number;
  order_number: string;
  status: string;
  payment_status: string;
  fulfillment_status: string;
  email: string;
  customer_id: number | null;
  checkout_id: string;
  currency: string;
  exchange_rate: string;
  prices_include_tax: boolean;
  subtotal: Money;
  discount: Money;
  shipping: Money;
  shipping_tax: Money;
  tax: Money;
  total: Money;
  amount_paid: Money;
  amount_refunded: Money;
  discounts: DiscountView[];
  shipping_address: Address;
  billing_address: Address;
  shipping_method: ShippingRateView | null;
  payments: PaymentView[];
  shipments: ShipmentView[];
  refunds: RefundView[];
  test: boolean;
  /** The order's language (mail to the customer is written in it): the language negotiated when paying, else the store's default. */
  language: string;
  cancelled_at: string | null;
  shipped_at: string | null;
  delivered_at: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
  items?: OrderItemView[];
}

export function orderItemView(item: OrderItemRecord, currency: string): OrderItemView {
  return {
    id: item.id,
    variant_id: item.variant_id,
    product_id: item.product_id,
    sku: item.sku,
    name: item.name,
    options: item.options,
    quantity: item.quantity,
    unit_price: toMoney(item.unit_price, currency),
    total: toMoney(item.subtotal, currency),
    discount: toMoney(item.discount, currency),
    tax: toMoney(item.tax, currency),
    tax_rate: item.tax_rate,
    variant: { id: item.variant_id, sku: item.sku },
    quantity_shipped: item.quantity_shipped,
    quantity_refunded: item.quantity_refunded,
    quantity_to_ship: unitsToShip(item),
  };
}

/** What an order view is made of besides the order row. */
export interface OrderParts {
  payments: PaymentRow[];
  shipments: ShipmentView[];
  refunds: RefundView[];
  /** Shown only when given (`expand=items`, events). */
  items?: OrderItemRecord[];
}

/** An order as the API (and its events) show it; `items` only when given. */
export function orderView(o: OrderRecord, parts: OrderParts): OrderView {
  const { payments, items } = parts;
  const money = (minor: number) => toMoney(minor, o.currency);
  const view: OrderView = {
    id: o.id,
    order_number: o.order_number,
    status: o.status,
    payment_status: o.payment_status,
    fulfillment_status: o.fulfillment_status,
    email: o.email,
    customer_id: o.customer_id,
    checkout_id: o.checkout_id,
    currency: o.currency,
    exchange_rate: o.exchange_rate,
    prices_include_tax: o.prices_include_tax,
    subtotal: money(o.subtotal),
    discount: money(o.discount_total),
    shipping: money(o.shipping_total),
    shipping_tax: money(o.shipping_tax),
    tax: money(o.tax_total + o.shipping_tax),
    total: money(o.total),
    amount_paid: money(o.amount_paid),
    amount_refunded: money(o.amount_refunded),
    discounts: discountsView(o.discounts, o.currency),
    shipping_address: o.shipping_address,
    billing_address: o.billing_address,
    shipping_method: o.shipping_method ? shippingRateView(o.shipping_method) : null,
    payments: payments.map(paymentView),
    shipments: parts.shipments,
    refunds: parts.refunds,
    test: o.test,
    language: o.lang,
    cancelled_at: toIso(o.cancelled_at),
    shipped_at: toIso(o.shipped_at),
    delivered_at: toIso(o.delivered_at),
    completed_at: toIso(o.completed_at),
    created_at: toIso(o.created_at)!,
    updated_at: toIso(o.updated_at)!,
  };
  if (items) view.items = items.map((i) => orderItemView(i, o.currency));
  return view;
}

/** The order as gateways see it. */
export function orderSummary(o: OrderRecord): OrderSummary {
  return { id: o.id, order_number: o.order_number, currency: o.currency, total_minor: o.total, email: o.email, test: o.test, lang: o.lang };
}
