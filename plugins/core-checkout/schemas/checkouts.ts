import { listQuerySchema, pageSchema } from '../../../kernel/http/lists.ts';
import { addressInput, addressView, emailInput, lineView, paymentView, shippingRateView, timestamp, totalsProperties, totalsRequired, uuidParam } from './common.ts';

export const checkoutSchema = {
  $id: 'Checkout',
  type: 'object',
  required: [
    'id', 'status', 'cart_id', 'email', 'currency', 'shipping_address', 'billing_same_as_shipping', 'billing_address',
    'shipping_methods', 'shipping_method', 'items', 'item_count', ...totalsRequired, 'payment_url', 'order', 'created_at', 'updated_at',
  ],
  properties: {
    id: { type: 'string', format: 'uuid' },
    status: { type: 'string', enum: ['open', 'paid', 'expired'] },
    cart_id: { type: 'string' },
    customer_id: { type: ['integer', 'null'] },
    email: { type: 'string' },
    currency: { type: 'string' },
    shipping_address: addressView,
    billing_same_as_shipping: { type: 'boolean' },
    billing_address: addressView,
    shipping_methods: { type: 'array', items: shippingRateView, description: 'The methods that ship to the address (empty when none does).' },
    shipping_method: { anyOf: [shippingRateView, { type: 'null' }] },
    items: { type: 'array', items: lineView },
    item_count: { type: 'integer' },
    ...totalsProperties,
    payment_url: { type: 'string', format: 'uri', description: 'The store\'s page where the shopper completes payment.' },
    order: {
      anyOf: [{ type: 'object', required: ['id', 'order_number'], properties: { id: { type: 'integer' }, order_number: { type: 'string' } } }, { type: 'null' }],
    },
    created_at: timestamp,
    updated_at: timestamp,
  },
} as const;

export const checkout = { $ref: 'Checkout#' } as const;

export const checkoutParams = { type: 'object', required: ['id'], properties: { id: uuidParam } } as const;

export const createCheckoutBody = {
  type: 'object',
  required: ['cart_id', 'email', 'shipping_address'],
  properties: {
    cart_id: { type: 'string', minLength: 1, maxLength: 100, description: 'The cart to check out.', 'x-rule': 'An open cart the caller may use (else 404).' },
    email: emailInput,
    shipping_address: addressInput,
    billing_same_as_shipping: { type: 'boolean', default: true },
    billing_address: { ...addressInput, description: 'Required when billing_same_as_shipping is false.', 'x-rule': 'Required when billing_same_as_shipping is false.' },
  },
} as const;

export const patchCheckoutBody = {
  type: 'object',
  properties: {
    shipping_method_id: {
      type: ['integer', 'string', 'null'],
      maxLength: 100,
      description: 'One of shipping_methods[].id (a number or a string); null unselects.',
      'x-rule': 'One of the shipping methods offered for the (new) address.',
    },
    email: emailInput,
    shipping_address: addressInput,
    billing_same_as_shipping: { type: 'boolean' },
    billing_address: { anyOf: [addressInput, { type: 'null' }], 'x-rule': 'Required when billing_same_as_shipping is false and none is stored.' },
  },
} as const;

export const paymentMethodSchema = {
  type: 'object',
  required: ['id', 'name', 'gateway', 'test'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    description: { type: ['string', 'null'] },
    gateway: { type: 'string' },
    test: { type: 'boolean' },
  },
} as const;

export const paymentMethodsQuery = listQuerySchema({});
export const paymentMethodsPage = pageSchema(paymentMethodSchema);

export const payBody = {
  type: 'object',
  required: ['payment_method_id'],
  properties: { payment_method_id: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

/** The payment a pay started. */
export const payResponse = {
  ...paymentView,
  required: [...paymentView.required, 'redirect_url', 'instructions', 'order'],
  properties: {
    ...paymentView.properties,
    order: { type: 'object', required: ['id', 'order_number'], properties: { id: { type: 'integer' }, order_number: { type: 'string' } } },
  },
} as const;
