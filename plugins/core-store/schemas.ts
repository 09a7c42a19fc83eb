import { anyCountryCode, anyCurrencyCode, languageTag as languageTagOf } from '../../kernel/http/schemas.ts';

const currencyCode = anyCurrencyCode;
const rate = {
  type: 'string',
  maxLength: 40,
  pattern: '^\\d+(\\.\\d{1,12})?$',
  description: 'Positive decimal string (at most 12 decimals): units of this currency per unit of the default currency.',
  'x-rule': 'Greater than zero; only for the store\'s currencies other than the default, and required for each of them.',
} as const;
const languageTag = languageTagOf();
const nullableString = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;

const settingsProperties = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  email: { type: ['string', 'null'], format: 'email', maxLength: 254 },
  country: { anyOf: [anyCountryCode, { type: 'null' }] },
  default_currency: { ...currencyCode, description: 'One of `currencies`.', 'x-rule': 'One of `currencies`.' },
  currencies: { type: 'array', minItems: 1, maxItems: 50, uniqueItems: true, items: currencyCode },
  exchange_rates: { type: 'object', propertyNames: { pattern: '^[A-Z]{3}$' }, additionalProperties: rate },
  default_language: { ...languageTag, description: 'One of `languages`.', 'x-rule': 'A well-formed BCP 47 tag, one of `languages`.' },
  languages: { type: 'array', minItems: 1, maxItems: 50, uniqueItems: true, items: { ...languageTag, 'x-rule': 'Well-formed BCP 47 tags, each once (case-insensitively).' } },
  prices_include_tax: { type: 'boolean' },
  tax_rates: {
    type: 'array',
    maxItems: 300,
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['country', 'rate'],
      properties: {
        country: { ...anyCountryCode, description: 'ISO 3166-1 alpha-2 code; each country once.', 'x-rule': 'Each country once.' },
        rate: { type: 'string', maxLength: 12, 'x-invalid': 'Must be a percentage from "0" to "100" with at most 4 decimals.', pattern: '^(100(\\.0{1,4})?|\\d{1,2}(\\.\\d{1,4})?)$', description: 'Percentage from "0" to "100" with at most 4 decimals, e.g. "19" or "7.5".' },
      },
    },
  },
  test_mode: { type: 'boolean' },
  branding: {
    type: 'object',
    additionalProperties: false,
    properties: {
      logo_url: { type: ['string', 'null'], format: 'uri', maxLength: 2000 },
      primary_color: { type: ['string', 'null'], pattern: '^#[0-9a-fA-F]{6}$' },
      accent_color: { type: ['string', 'null'], pattern: '^#[0-9a-fA-F]{6}$' },
      tagline: nullableString(300),
    },
  },
  low_stock_threshold: { type: 'integer', minimum: 0, maximum: 1_000_000 },
  unpaid_order_timeout_minutes: { type: 'integer', minimum: 1, maximum: 43_200 },
  payment_hold_hours: {
    type: 'object',
    description:
      'Hours an unpaid order keeps its stock when paid by a method that waits for money outside the store, by payment method id (manual_bank_transfer, manual_cash_on_delivery); a method not named uses its gateway\'s default. PATCH merges by method.',
    propertyNames: { pattern: '^[a-z0-9_]{1,64}$' },
    maxProperties: 50,
    additionalProperties: { type: 'integer', minimum: 1, maximum: 720 },
  },
  max_unpaid_orders: {
    type: 'integer',
    minimum: 0,
    maximum: 1000,
    description: 'How many such held unpaid orders one e-mail or one client address may have at once; paying beyond it is 409 too_many_unpaid_orders. 0: no limit.',
  },
  return_window_days: { type: 'integer', minimum: 0, maximum: 365 },
  allow_unpaid_shipments: { type: 'boolean' },
} as const;

/** `GET /api/v1/store/`: every setting, nothing secret. */
export const storeSchema = {
  $id: 'Store',
  type: 'object',
  required: ['id', ...Object.keys(settingsProperties), 'created_at', 'updated_at'],
  properties: {
    id: { type: 'integer' },
    ...settingsProperties,
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
} as const;

/** `PATCH /api/v1/store/`: any subset of the settings. */
export const storePatchSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: settingsProperties,
} as const;
