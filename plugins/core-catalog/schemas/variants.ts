import { listQuerySchema, pageSchema, type ListSpec } from '../../../kernel/http/lists.ts';
import { decimalString } from '../../../kernel/http/schemas.ts';
import { availabilityProperties, amountInput, currencyQuery, money, nullableAmountInput, nullableMoney, timestamp } from './common.ts';

// Shipping data: whole grams and millimetres (at most 1,000 t and 1 km: room for any parcel or pallet).
const MAX_GRAMS = 1_000_000_000;
const MAX_MM = 1_000_000;
const millimetres = { type: 'integer', minimum: 1, maximum: MAX_MM } as const;
const nullableWeight = { type: ['integer', 'null'], minimum: 0, maximum: MAX_GRAMS, description: 'Weight in grams (shipping rates use it); null: not known.' } as const;
const nullableDimensions = {
  type: ['object', 'null'],
  additionalProperties: false,
  required: ['length', 'width', 'height'],
  properties: { length: millimetres, width: millimetres, height: millimetres },
  description: 'Package size in millimetres (shipping rates use it); null: not known.',
} as const;

/** A variant as the API shows it; `serializeVariant` / `serializeProduct` taps may add fields. */
export const variantSchema = {
  $id: 'Variant',
  type: 'object',
  additionalProperties: true,
  required: ['id', 'product_id', 'sku', 'options', 'price', 'compare_at_price', 'prices', 'track_inventory', 'allow_backorder', 'weight', 'dimensions', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'integer' },
    product_id: { type: 'integer' },
    sku: { type: 'string' },
    options: { type: 'object', additionalProperties: { type: 'string' }, description: 'Option name → chosen value.' },
    price: { ...money, description: 'In the currency asked for: the fixed price there, else converted.' },
    compare_at_price: nullableMoney,
    prices: { type: 'object', additionalProperties: money, description: 'Fixed prices per currency (they win over conversion).' },
    track_inventory: { type: 'boolean' },
    allow_backorder: { type: 'boolean' },
    weight: nullableWeight,
    dimensions: nullableDimensions,
    ...availabilityProperties,
    created_at: timestamp,
    updated_at: timestamp,
  },
} as const;

const sku = { type: 'string', minLength: 1, maxLength: 100, pattern: '^\\S(?:.*\\S)?$', description: 'Unique in the store (case-insensitively).' } as const;

const variantFields = {
  options: {
    type: 'object',
    maxProperties: 10,
    additionalProperties: { type: 'string', minLength: 1, maxLength: 100 },
    description: 'Exactly the product\'s option names, each with one of its values.',
    'x-rule': 'Exactly the product\'s option names, each with one of its values.',
  },
  sku,
  price: amountInput,
  prices: {
    type: 'object',
    maxProperties: 50,
    propertyNames: { pattern: '^[A-Z]{3}$' },
    additionalProperties: decimalString('Decimal string in that currency.'),
    'x-rule': 'Keys are the store\'s currencies.',
    description: 'Fixed prices in other store currencies, e.g. {"EUR": "17.50"}; they win over conversion.',
  },
  compare_at_price: nullableAmountInput,
  track_inventory: { type: 'boolean', description: 'Default true.' },
  allow_backorder: { type: 'boolean', description: 'Default false.' },
  weight: nullableWeight,
  dimensions: nullableDimensions,
} as const;

export const variantCreateBody = { type: 'object', required: ['sku', 'price'], properties: variantFields } as const;
export const variantPatchBody = { type: 'object', minProperties: 1, properties: variantFields } as const;
/** A variant inside a product write (POST /products/, bulk). */
export const nestedVariantBody = { type: 'object', additionalProperties: false, required: ['sku', 'price'], properties: variantFields } as const;

export const variantListSpec: ListSpec = {
  ordering: { sku: 'variants.sku', price: 'variants.price', created_at: 'variants.created_at' },
  ranges: { created_at: 'datetime' },
  keyset: {},
};

export const variantListQuery = listQuerySchema(variantListSpec, {
  sku: { type: 'string', maxLength: 100, description: 'Exact SKU (case-insensitive).' },
  product: { type: 'integer', minimum: 1, description: 'Variants of this product.' },
  currency: currencyQuery,
});

export const variantPage = pageSchema({ $ref: 'Variant#' });
export const currencyOnlyQuery = { type: 'object', properties: { currency: currencyQuery } } as const;
