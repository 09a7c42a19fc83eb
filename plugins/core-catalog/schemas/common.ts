/** JSON schemas the catalogue's resources share. */
import { decimalString, idInput } from '../../../kernel/http/schemas.ts';

export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 20_000;

/** A non-blank string of at most `max` characters. */
export const text = (max: number, min = 1) => ({ type: 'string', minLength: min, maxLength: max, ...(min > 0 ? { pattern: '\\S' } : {}) });

/** A decimal amount on write ("19.99"); its precision is checked against the currency's exponent. */
export const amountInput = decimalString('Decimal string in the store\'s default currency, e.g. "19.99".');
export const nullableAmountInput = { ...decimalString('Decimal string, or null to unset.'), type: ['string', 'null'] } as const;

/** An id of another record in a body (a number or a string of digits) that must exist, or null. */
export const nullableReference = (description: string) => ({ anyOf: [idInput, { type: 'null' }], description, 'x-rule': 'Must name an existing record.' }) as const;

export const slugInput = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
  description: 'Lower-case letters and digits joined by dashes; derived from the name when left out.',
} as const;

/** `{de: {name, description}}`: keys among the store's languages (checked by the service). */
export const translationsInput = {
  type: 'object',
  maxProperties: 50,
  propertyNames: { minLength: 1, maxLength: 35 },
  additionalProperties: {
    type: 'object',
    additionalProperties: false,
    properties: { name: text(NAME_MAX), description: { type: 'string', maxLength: DESCRIPTION_MAX } },
  },
  description: 'Translated fields per store language; replaces the whole set when written.',
  'x-rule': 'Keys are languages the store offers.',
} as const;

export const translationsView = {
  type: 'object',
  description: 'Staff only: the translations as stored.',
  additionalProperties: { type: 'object', properties: { name: { type: 'string' }, description: { type: 'string' } } },
} as const;

export const money = { $ref: 'Money#' } as const;
export const nullableMoney = { anyOf: [{ $ref: 'Money#' }, { type: 'null' }] } as const;
export const timestamp = { type: 'string', format: 'date-time' } as const;

/** The currency to show prices in (one of the store's; else 400 unsupported_currency). */
export const currencyQuery = {
  type: 'string',
  pattern: '^([A-Za-z]{3})?$',
  description: 'ISO 4217 code among the store\'s currencies (any case); prices are converted (or fixed variant prices used).',
} as const;

/** Stock fields core-inventory adds to products and variants when it is loaded (availability). */
export const availabilityProperties = {
  available: { type: ['integer', 'null'], description: 'Units that can be sold now (on hand minus reserved, over active warehouses); null when inventory is not tracked. Present when core-inventory is loaded.' },
  in_stock: { type: 'boolean', description: 'Whether it can be bought now (available units, backorders allowed, or untracked). Present when core-inventory is loaded.' },
} as const;

export const noContent = { 204: { type: 'null' } } as const;
