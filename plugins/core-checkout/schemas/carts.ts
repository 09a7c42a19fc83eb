import { idInput } from '../../../kernel/http/schemas.ts';
import { lineView, timestamp, totalsProperties, totalsRequired, uuidParam } from './common.ts';

export const cartSchema = {
  $id: 'Cart',
  type: 'object',
  required: ['id', 'status', 'currency', 'customer_id', 'items', 'item_count', ...totalsRequired, 'created_at', 'updated_at'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    status: { type: 'string', enum: ['open', 'ordered'] },
    currency: { type: 'string' },
    customer_id: { type: ['integer', 'null'] },
    items: { type: 'array', items: lineView },
    item_count: { type: 'integer' },
    ...totalsProperties,
    created_at: timestamp,
    updated_at: timestamp,
  },
} as const;

export const cart = { $ref: 'Cart#' } as const;

export const cartParams = { type: 'object', required: ['cart_id'], properties: { cart_id: uuidParam } } as const;

export const itemParams = {
  type: 'object',
  required: ['cart_id', 'item_id'],
  properties: { cart_id: uuidParam, item_id: { type: 'integer', minimum: 1 } },
} as const;

const quantity = {
  type: 'integer',
  minimum: 1,
  maximum: 999,
  description: '1 to 999 (a line holds at most 999 after merging).',
  'x-rule': 'With the units of the variant already in the cart, at most 999.',
} as const;

export const addItemBody = {
  type: 'object',
  required: ['variant_id', 'quantity'],
  properties: { variant_id: { ...idInput, description: 'A variant id: a number or a string of digits.', 'x-rule': 'Must name an existing variant.' }, quantity },
} as const;

export const updateItemBody = { type: 'object', required: ['quantity'], properties: { quantity } } as const;

export const currencyQuery = {
  type: 'object',
  properties: { currency: { type: 'string', pattern: '^([A-Za-z]{3})?$', description: 'One of the store\'s currencies (any case).' } },
} as const;
