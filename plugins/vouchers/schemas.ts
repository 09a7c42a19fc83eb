import { currencyCode, decimalString } from '../../kernel/http/schemas.ts';
import { listQuerySchema, pageSchema, type ListSpec } from '../../kernel/http/lists.ts';

const timestamp = { type: 'string', format: 'date-time' } as const;
const nullableTimestamp = { type: ['string', 'null'], format: 'date-time' } as const;

export const voucherSchema = {
  $id: 'Voucher',
  type: 'object',
  required: [
    'id', 'code', 'discount_type', 'value', 'currency', 'min_subtotal', 'usage_limit', 'per_customer_limit',
    'times_used', 'starts_at', 'ends_at', 'active', 'created_at', 'updated_at',
  ],
  properties: {
    id: { type: 'integer' },
    code: { type: 'string', description: 'As written; matched case-insensitively.' },
    discount_type: { type: 'string', enum: ['percentage', 'fixed'] },
    value: { type: 'string', description: 'The percentage ("12.5") or the amount off in `currency` ("5.00").' },
    currency: { type: ['string', 'null'] },
    min_subtotal: { anyOf: [{ $ref: 'Money#' }, { type: 'null' }], description: 'In `currency`, else the store default currency.' },
    usage_limit: { type: ['integer', 'null'] },
    per_customer_limit: { type: ['integer', 'null'] },
    times_used: { type: 'integer', description: 'Orders placed with it (given back when an unpaid order is cancelled).' },
    starts_at: nullableTimestamp,
    ends_at: { ...nullableTimestamp, 'x-rule': 'Later than starts_at.' },
    active: { type: 'boolean' },
    created_at: timestamp,
    updated_at: timestamp,
  },
} as const;

export const CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$';
const limit = { type: ['integer', 'null'], minimum: 1, maximum: 1_000_000_000 } as const;

const fields = {
  code: { type: 'string', pattern: CODE_PATTERN, description: 'Letters, digits, - and _; unique in any case.' },
  discount_type: { type: 'string', enum: ['percentage', 'fixed'] },
  value: {
    ...decimalString('percentage: "10" or "12.5" (over 0, at most 100, up to 4 decimals); fixed: an amount in `currency` ("5.00"), over 0.'),
    'x-rule': 'percentage: over 0 and at most 100 with up to 4 decimals; fixed: over 0 with the currency\'s decimals. Required when discount_type changes.',
  },
  currency: {
    ...currencyCode('One of the store\'s currencies; required for fixed vouchers.', 'One of the store\'s currencies; required for a fixed discount.'),
    type: ['string', 'null'],
  },
  min_subtotal: { ...decimalString('Minimum merchandise subtotal, in `currency` or else the store default currency.'), type: ['string', 'null'] },
  usage_limit: { ...limit, description: 'Total orders that may use it; null: unlimited.' },
  per_customer_limit: { ...limit, description: 'Orders per customer (by account or e-mail); null: unlimited.' },
  starts_at: nullableTimestamp,
  ends_at: { ...nullableTimestamp, 'x-rule': 'Later than starts_at.' },
  active: { type: 'boolean', description: 'Default true.' },
} as const;

export const createBody = { type: 'object', required: ['code', 'discount_type', 'value'], properties: fields } as const;
export const patchBody = { type: 'object', minProperties: 1, properties: fields } as const;

export const listSpec: ListSpec = {
  ordering: { code: 'code_key', created_at: 'created_at', times_used: 'times_used' },
  ranges: { created_at: 'datetime' },
  search: true,
  keyset: {},
};

export const listQuery = listQuerySchema(listSpec, {
  active: { type: 'boolean', description: 'Only active (true) or inactive (false) vouchers.' },
  code: { type: 'string', maxLength: 64, description: 'The voucher with this code, in any case.' },
});

export const voucherPage = pageSchema({ $ref: 'Voucher#' });

export const cartParams = {
  type: 'object',
  required: ['cart_id'],
  properties: { cart_id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

export const cartCodeParams = {
  type: 'object',
  required: ['cart_id', 'code'],
  properties: { cart_id: { type: 'string', minLength: 1, maxLength: 64 }, code: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

export const applyBody = {
  type: 'object',
  required: ['code'],
  properties: {
    code: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      description: 'The voucher code, in any case.',
      'x-rule': 'A voucher that exists (`voucher_not_found`), is active (`voucher_inactive`) and within its dates (`voucher_not_yet_valid`, `voucher_expired`), takes an amount off in the cart\'s currency (`voucher_wrong_currency`) and whose minimum subtotal the cart meets (`voucher_minimum_not_met`).',
    },
  },
} as const;

/** The cart as core-checkout shows it: its own `Cart` schema. */
export const cartResponse = { $ref: 'Cart#' } as const;

export const noContent = { 204: { type: 'null' } } as const;
