import { countryCode, currencyCode, decimalString } from '../../kernel/http/schemas.ts';
import { listQuerySchema, pageSchema, type ListSpec } from '../../kernel/http/lists.ts';

const timestamp = { type: 'string', format: 'date-time' } as const;
const money = { $ref: 'Money#' } as const;

export const shippingMethodSchema = {
  $id: 'ShippingMethod',
  type: 'object',
  required: ['id', 'name', 'provider', 'description', 'price', 'currency', 'countries', 'free_above', 'active', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    provider: { type: 'string', enum: ['flat_rate'] },
    description: { type: ['string', 'null'] },
    price: money,
    currency: { type: 'string' },
    countries: { type: 'array', items: { type: 'string' }, description: 'ISO 3166-1 alpha-2 codes; empty: ships everywhere.' },
    free_above: { anyOf: [money, { type: 'null' }], description: 'Free shipping once the subtotal after discounts reaches this.' },
    active: { type: 'boolean' },
    created_at: timestamp,
    updated_at: timestamp,
  },
} as const;

const amountInput = decimalString('Decimal string in the method\'s currency, e.g. "4.90".');

const fields = {
  name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
  provider: { type: 'string', enum: ['flat_rate'], description: 'Always flat_rate (the default).' },
  description: { type: ['string', 'null'], maxLength: 2000 },
  price: amountInput,
  currency: currencyCode('One of the store\'s currencies; the store default when left out.'),
  countries: {
    type: 'array',
    maxItems: 300,
    items: countryCode(),
    description: 'ISO 3166-1 alpha-2 codes the method ships to; empty (the default) means everywhere.',
  },
  free_above: { ...decimalString('Decimal string in the method\'s currency, or null for no threshold.'), type: ['string', 'null'] },
  active: { type: 'boolean', description: 'Offered at checkout (default true).' },
} as const;

export const createBody = { type: 'object', required: ['name', 'price'], properties: fields } as const;
export const patchBody = { type: 'object', minProperties: 1, properties: fields } as const;

export const listSpec: ListSpec = {
  ordering: { name: 'name', created_at: 'created_at' },
};

export const listQuery = listQuerySchema(listSpec, {
  active: { type: 'boolean', description: 'Only active (true) or inactive (false) methods.' },
  country: { type: 'string', pattern: '^[A-Za-z]{2}$', description: 'Only methods that ship to this ISO 3166-1 alpha-2 country.' },
});

export const methodPage = pageSchema({ $ref: 'ShippingMethod#' });

export const noContent = { 204: { type: 'null' } } as const;
