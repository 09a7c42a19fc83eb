import { listQuerySchema, orderingField, pageSchema, type ListSpec } from '../../../kernel/http/lists.ts';
import { ORDER_STATUSES } from '../services/orders/transitions.ts';
import { refund } from './refunds.ts';
import { shipment } from './shipments.ts';
import { addressView, money, paymentView, shippingRateView, timestamp, totalsProperties } from './common.ts';

const PAYMENT_STATUSES = ['unpaid', 'paid', 'partially_refunded', 'refunded'] as const;

const orderItem = {
  type: 'object',
  required: ['id', 'quantity', 'unit_price', 'total', 'name', 'options', 'variant'],
  properties: {
    id: { type: 'integer' },
    variant_id: { type: 'integer' },
    product_id: { type: 'integer' },
    sku: { type: 'string' },
    name: { type: 'string' },
    options: { type: 'object', additionalProperties: { type: 'string' } },
    quantity: { type: 'integer' },
    unit_price: money,
    total: money,
    discount: money,
    tax: money,
    tax_rate: { type: ['string', 'null'] },
    variant: { type: 'object', required: ['id', 'sku'], properties: { id: { type: 'integer' }, sku: { type: 'string' } } },
    quantity_shipped: { type: 'integer', description: 'Units that left in shipments.' },
    quantity_refunded: { type: 'integer', description: 'Units refunded (returned, taken out of fulfilment, or refunded while kept).' },
    quantity_to_ship: { type: 'integer', description: 'Units still to ship: refunded units taken out of fulfilment never ship.' },
  },
} as const;

export const orderSchema = {
  $id: 'Order',
  type: 'object',
  required: [
    'id', 'order_number', 'status', 'payment_status', 'fulfillment_status', 'email', 'customer_id', 'currency',
    'subtotal', 'discount', 'shipping', 'tax', 'total', 'shipping_address', 'billing_address', 'shipping_method', 'payments', 'shipments', 'refunds',
    'test', 'language', 'created_at', 'updated_at',
  ],
  properties: {
    id: { type: 'integer' },
    order_number: { type: 'string' },
    status: { type: 'string', enum: [...ORDER_STATUSES] },
    payment_status: { type: 'string', enum: [...PAYMENT_STATUSES] },
    fulfillment_status: { type: 'string', enum: ['unfulfilled', 'partial', 'fulfilled'] },
    email: { type: 'string' },
    customer_id: { type: ['integer', 'null'] },
    checkout_id: { type: 'string' },
    currency: { type: 'string' },
    exchange_rate: { type: 'string', description: 'Units of the order\'s currency per unit of the store\'s default currency when it was placed.' },
    ...totalsProperties,
    amount_paid: money,
    amount_refunded: money,
    shipping_address: addressView,
    billing_address: addressView,
    shipping_method: { anyOf: [shippingRateView, { type: 'null' }] },
    payments: { type: 'array', items: paymentView },
    shipments: { type: 'array', items: shipment },
    refunds: { type: 'array', items: refund },
    test: { type: 'boolean' },
    language: { type: 'string', description: 'The order\'s language, in which mail to the customer is written: the language negotiated when paying, else the store\'s default.' },
    cancelled_at: { ...timestamp, type: ['string', 'null'] },
    shipped_at: { ...timestamp, type: ['string', 'null'] },
    delivered_at: { ...timestamp, type: ['string', 'null'] },
    completed_at: { ...timestamp, type: ['string', 'null'] },
    created_at: timestamp,
    updated_at: timestamp,
    items: { type: 'array', items: orderItem, description: 'Only with expand=items.' },
  },
} as const;

export const order = { $ref: 'Order#' } as const;

export const orderListSpec: ListSpec = {
  ordering: { created_at: 'orders.created_at', order_number: 'orders.number', total: 'orders.total' },
  defaultOrdering: '-created_at',
  ranges: { created_at: 'datetime' },
  search: true,
  keyset: {},
};

// The index that reads a page of the order list in its ordering, by ordering field: over every order,
// and over one status's (migrations 003 and 010).
const ORDERING_INDEXES: Record<string, { every: string; status: string }> = {
  created_at: { every: 'orders_created_idx', status: 'orders_status_created_idx' },
  total: { every: 'orders_total_idx', status: 'orders_status_total_idx' },
  order_number: { every: 'orders_number_idx', status: 'orders_status_number_idx' },
};

/** What of the order list's query decides the index its page is read from. */
export interface OrderListShape {
  ordering?: string;
  status?: string;
  payment_status?: string;
  search?: string;
  created_at__gte?: string;
  created_at__lte?: string;
  /** A customer's own list (staff see every order). */
  customer: boolean;
}

/**
 * The index that fits the order list's filters and ordering exactly, for MariaDB to be told: left to
 * itself, with 100,000 orders, it sorted every order for a page by total or by order number, and read a
 * page after a position of one status as a walk of that status from its newest order. Undefined where
 * no one index fits (a search, two filters, a date bound with another ordering, a customer's list in
 * another order than by date): the optimizer chooses then.
 */
export function orderListIndex(shape: OrderListShape): string | undefined {
  const field = orderingField(shape.ordering, orderListSpec);
  const indexes = field ? ORDERING_INDEXES[field] : undefined;
  const bounded = Boolean(shape.created_at__gte || shape.created_at__lte);
  if (!indexes || shape.search?.trim() || (bounded && field !== 'created_at')) return undefined;
  if (shape.customer) return !shape.status && !shape.payment_status && field === 'created_at' ? 'orders_customer_idx' : undefined;
  if (shape.payment_status) return !shape.status && field === 'created_at' ? 'orders_payment_status_created_idx' : undefined;
  return shape.status ? indexes.status : indexes.every;
}

// An expansion the API does not know is a 400, not silently ignored; `items` is the only one.
const expand = { type: 'string', enum: ['items'], description: 'items: include each order\'s items.' } as const;

export const orderListQuery = listQuerySchema(orderListSpec, {
  status: { type: 'string', enum: [...ORDER_STATUSES] },
  payment_status: { type: 'string', enum: [...PAYMENT_STATUSES] },
  expand,
});
export const orderPage = pageSchema(order);

export const orderQuery = { type: 'object', properties: { expand } } as const;

export const captureParams = {
  type: 'object',
  required: ['id', 'payment_id'],
  properties: { id: { type: 'integer', minimum: 1 }, payment_id: { type: 'integer', minimum: 1 } },
} as const;

export const captureResponse = {
  ...paymentView,
  properties: {
    ...paymentView.properties,
    order: {
      type: 'object',
      required: ['id', 'order_number', 'status', 'payment_status'],
      properties: { id: { type: 'integer' }, order_number: { type: 'string' }, status: { type: 'string' }, payment_status: { type: 'string' } },
    },
  },
} as const;

/** The staff actions on an order (cancel, deliver, complete): no body. */
export const orderActionParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } as const;
