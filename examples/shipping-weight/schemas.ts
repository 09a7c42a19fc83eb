import { anyCountryCode, currencyCode, decimalString, listQuerySchema, pageSchema, type ListSpec } from '@storekeep-commerce/sdk';

const timestamp = { type: 'string', format: 'date-time' } as const;
const grams = { type: 'integer', minimum: 0, maximum: 1_000_000_000 } as const;

export const weightBandSchema = {
  $id: 'WeightBand',
  type: 'object',
  required: ['id', 'name', 'country', 'currency', 'min_weight', 'max_weight', 'price', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    country: { type: 'string', description: 'ISO 3166-1 alpha-2 code of the destination.' },
    currency: { type: 'string', description: 'The checkout currency this band prices parcels in.' },
    min_weight: { type: 'integer', description: 'Grams, inclusive.' },
    max_weight: { type: ['integer', 'null'], description: 'Grams, exclusive; null: no upper bound.' },
    price: { $ref: 'Money#' },
    created_at: timestamp,
    updated_at: timestamp,
  },
} as const;

const fields = {
  name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S', description: 'Shown to the shopper, e.g. "Parcel up to 2 kg".' },
  country: anyCountryCode,
  currency: currencyCode('The checkout currency this band prices parcels in; one of the store\'s currencies.'),
  min_weight: { ...grams, description: 'Grams, inclusive (default 0).' },
  max_weight: {
    type: ['integer', 'null'],
    minimum: 1,
    maximum: 1_000_000_000,
    description: 'Grams, exclusive; null (the default): no upper bound.',
    'x-rule': 'Greater than min_weight; the band may not overlap another band of the same country and currency.',
  },
  price: decimalString('Decimal string in the band\'s currency, e.g. "4.90".'),
} as const;

export const createBody = { type: 'object', required: ['name', 'country', 'currency', 'price'], properties: fields } as const;
export const patchBody = { type: 'object', minProperties: 1, properties: fields } as const;

export const listSpec: ListSpec = {
  ordering: { country: 'country', currency: 'currency', min_weight: 'min_weight', created_at: 'created_at' },
  defaultOrdering: 'country,currency,min_weight',
};

export const listQuery = listQuerySchema(listSpec, {
  country: { type: 'string', pattern: '^[A-Za-z]{2}$', description: 'Only bands for this ISO 3166-1 alpha-2 country.' },
  currency: { type: 'string', pattern: '^[A-Z]{3}$', description: 'Only bands priced in this currency.' },
});

export const bandPage = pageSchema({ $ref: 'WeightBand#' });

export const noContent = { 204: { type: 'null' } } as const;
