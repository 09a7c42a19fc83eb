/** JSON schemas core-checkout's resources share. */
import { countryCode } from '../../../kernel/http/schemas.ts';

export const money = { $ref: 'Money#' } as const;
export const timestamp = { type: 'string', format: 'date-time' } as const;
const nullableString = { type: ['string', 'null'] } as const;

const addressField = (max: number, description?: string) => ({ type: 'string', maxLength: max, ...(description ? { description } : {}) });
// A required line: not blank (the service trims text).
const requiredField = (max: number) => ({ type: 'string', minLength: 1, maxLength: max, pattern: '\\S' });

/** An e-mail address as the checkout reads it: one @, a dot in the domain, at most 254 characters. */
export const emailInput = {
  type: 'string',
  maxLength: 254,
  // Surrounding spaces are trimmed, so they are allowed.
  pattern: '^\\s*[^\\s@"<>()[\\],;:\\\\]+@[^\\s@"<>()[\\],;:\\\\]+\\.[^\\s@"<>()[\\],;:\\\\]+\\s*$',
  'x-invalid': 'Enter a valid e-mail address.',
  description: 'An e-mail address.',
} as const;

/** An address on write; the service names every bad field at once (`shipping_address.city`). */
export const addressInput = {
  type: 'object',
  additionalProperties: false,
  required: ['first_name', 'last_name', 'address_line_1', 'city', 'postal_code', 'country'],
  description: 'Required: first_name, last_name, address_line_1, city, postal_code, country (ISO 3166-1 alpha-2). Optional: address_line_2, state, phone, company.',
  properties: {
    first_name: requiredField(100),
    last_name: requiredField(100),
    company: addressField(200),
    address_line_1: requiredField(200),
    address_line_2: addressField(200),
    city: requiredField(100),
    state: addressField(100),
    postal_code: requiredField(20),
    country: countryCode('ISO 3166-1 alpha-2 code, e.g. "DE" (any case).'),
    phone: addressField(40),
  },
} as const;

export const addressView = {
  type: 'object',
  required: ['first_name', 'last_name', 'address_line_1', 'city', 'postal_code', 'country'],
  properties: {
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    company: nullableString,
    address_line_1: { type: 'string' },
    address_line_2: nullableString,
    city: { type: 'string' },
    state: nullableString,
    postal_code: { type: 'string' },
    country: { type: 'string' },
    phone: nullableString,
  },
} as const;

/** A cart or checkout line. */
export const lineView = {
  type: 'object',
  required: ['id', 'variant_id', 'product_id', 'sku', 'name', 'options', 'quantity', 'unit_price', 'total', 'discount', 'tax', 'purchasable', 'available_quantity'],
  properties: {
    id: { type: 'integer' },
    variant_id: { type: 'integer' },
    product_id: { type: 'integer' },
    sku: { type: 'string' },
    name: { type: 'string', description: 'The product name in the negotiated language where translated.' },
    options: { type: 'object', additionalProperties: { type: 'string' } },
    quantity: { type: 'integer' },
    unit_price: money,
    total: { ...money, description: 'unit_price × quantity, before discounts.' },
    discount: money,
    tax: money,
    purchasable: {
      type: 'boolean',
      description: 'Whether the line can be bought as it stands. False when the product is no longer for sale (the line is left out of the totals) or fewer than `quantity` units are available (see available_quantity; the line stays in the totals); either blocks checkout.',
    },
    available_quantity: {
      type: ['integer', 'null'],
      minimum: 0,
      description: 'Units of the variant available now over active warehouses; null when any quantity may be bought (stock not tracked, or backorders allowed). Nothing is reserved before paying.',
    },
  },
} as const;

/** The totals fields carts, checkouts and orders share. */
export const totalsProperties = {
  subtotal: money,
  discount: money,
  shipping: money,
  shipping_tax: money,
  tax: { ...money, description: 'All tax (lines and shipping): included in the prices when prices_include_tax, else added to the total.' },
  total: { ...money, description: 'subtotal − discount + shipping + (prices_include_tax ? 0 : tax).' },
  prices_include_tax: { type: 'boolean' },
  discounts: {
    type: 'array',
    items: {
      type: 'object',
      required: ['source', 'code', 'amount'],
      properties: { source: { type: 'string' }, code: { type: 'string' }, description: nullableString, amount: money },
    },
  },
} as const;

export const totalsRequired = ['subtotal', 'discount', 'shipping', 'shipping_tax', 'tax', 'total', 'prices_include_tax', 'discounts'] as const;

export const shippingRateView = {
  type: 'object',
  required: ['id', 'name', 'provider', 'price'],
  properties: {
    id: { type: ['integer', 'string'] },
    name: { type: 'string' },
    provider: { type: 'string' },
    description: nullableString,
    price: money,
  },
} as const;

export const paymentView = {
  type: 'object',
  required: ['id', 'order_id', 'status', 'amount', 'method', 'gateway'],
  properties: {
    id: { type: 'integer' },
    order_id: { type: 'integer' },
    status: { type: 'string', enum: ['pending', 'succeeded', 'failed', 'cancelled'] },
    amount: money,
    captured: money,
    refunded: money,
    method: { type: 'string' },
    gateway: { type: 'string' },
    redirect_url: nullableString,
    instructions: nullableString,
    error: nullableString,
    test: { type: 'boolean' },
    created_at: timestamp,
    updated_at: timestamp,
  },
} as const;

export const uuidParam = { type: 'string', maxLength: 100, description: 'A UUID; anything else is simply unknown (404).' } as const;

export const noContent = { 204: { type: 'null' } } as const;
