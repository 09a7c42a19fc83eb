import { COUNTRY_CODES } from '../geo/countries.ts';
import { CURRENCY_CODES } from '../money/iso4217.ts';

/** Shared JSON schemas every plugin may `$ref` (they also become OpenAPI components). */
export const moneySchema = {
  $id: 'Money',
  type: 'object',
  description: 'An exact amount: a decimal string with the currency\'s ISO 4217 number of decimals.',
  required: ['amount', 'currency'],
  properties: {
    amount: { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$', examples: ['12.50'] },
    currency: { type: 'string', pattern: '^[A-Z]{3}$', examples: ['EUR'] },
  },
} as const;

/** An id in a request: a JSON number or a string of digits (docs/api.md, conventions). */
export const idInput = { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'string', pattern: '^[1-9]\\d{0,17}$' }] } as const;

/** An id in a path: digits only, coerced to a number. */
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 } },
} as const;

/** The number behind an `idInput` value (already validated by the schema). */
export function toId(value: number | string): number {
  return typeof value === 'number' ? value : Number(value);
}

/** Every ISO 4217 code the store knows (with its number of decimals): for settings that name any currency. */
export const anyCurrencyCode = { type: 'string', enum: [...CURRENCY_CODES], description: 'ISO 4217 currency code.', 'x-invalid': 'Not an ISO 4217 currency code.' } as const;

/** Every ISO 3166-1 alpha-2 code, upper-case: for settings. */
export const anyCountryCode = { type: 'string', enum: [...COUNTRY_CODES].sort(), description: 'ISO 3166-1 alpha-2 country code.', 'x-invalid': 'Not an ISO 3166-1 alpha-2 country code.' } as const;

/*
 * Shared field schemas that state in the document what the services enforce. `x-rule` names a check
 * the schema cannot make (it needs the store's state or a table); the kernel lists every such rule in
 * the operation's description and in its `x-rules`, so a 400 for it is documented.
 */

/** A decimal string ("19.99"); its precision and bounds are checked against the currency. */
export const decimalString = (description: string, opts: { negative?: boolean; rule?: string } = {}) => ({
  type: 'string',
  maxLength: 40,
  pattern: opts.negative ? '^-?\\d+(\\.\\d+)?$' : '^\\d+(\\.\\d+)?$',
  'x-invalid': opts.negative ? 'Enter a plain decimal amount such as "12.50".' : 'Enter a plain, non-negative decimal amount such as "12.50".',
  description,
  'x-rule': opts.rule ?? 'At most as many decimals as the currency has, and within the documented bounds.',
}) as const;

/** A country in an address or a filter: two letters of any case, an assigned code. */
export const countryCode = (description = 'ISO 3166-1 alpha-2 country code, e.g. "DE" (any case; stored upper-case).') => ({
  type: 'string',
  pattern: '^[A-Za-z]{2}$',
  'x-invalid': 'Enter an ISO 3166-1 alpha-2 country code such as "DE".',
  description,
  'x-rule': 'An assigned ISO 3166-1 alpha-2 code.',
}) as const;

/** A currency the store must offer (its list is a setting, so not an enum). */
export const currencyCode = (description = 'ISO 4217 currency code, e.g. "EUR".', rule = 'One of the store\'s currencies.') => ({
  type: 'string',
  pattern: '^[A-Z]{3}$',
  'x-invalid': 'Enter an upper-case ISO 4217 currency code such as "EUR".',
  description,
  'x-rule': rule,
}) as const;

export const languageTag = (description = 'BCP 47 language tag, e.g. "de" or "pt-BR".', rule = 'A well-formed BCP 47 tag.') => ({
  type: 'string',
  minLength: 1,
  maxLength: 35,
  pattern: '^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$',
  'x-invalid': 'Enter a BCP 47 language tag such as "de" or "pt-BR".',
  description,
  'x-rule': rule,
}) as const;

/** An id naming another record in a body: it must exist (else 400 naming the field). */
export const reference = (description: string) => ({ ...idInput, description, 'x-rule': 'Must name an existing record.' }) as const;
