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
