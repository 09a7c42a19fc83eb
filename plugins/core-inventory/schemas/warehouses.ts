import { countryCode } from '../../../kernel/http/schemas.ts';
import { listQuerySchema, pageSchema, type ListSpec } from '../../../kernel/http/lists.ts';

const timestamp = { type: 'string', format: 'date-time' } as const;

/** A warehouse as the API shows it. */
export const warehouseSchema = {
  $id: 'Warehouse',
  type: 'object',
  required: ['id', 'name', 'code', 'country', 'active', 'priority', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    code: { type: 'string', description: 'Unique in the store (case-insensitively).' },
    country: { type: ['string', 'null'], description: 'ISO 3166-1 alpha-2.' },
    active: { type: 'boolean', description: 'Inactive warehouses are left out of allocation and availability.' },
    priority: { type: 'integer', description: 'Allocation order: lower first, then id.' },
    created_at: timestamp,
    updated_at: timestamp,
  },
} as const;

const fields = {
  name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
  code: { type: 'string', minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$', description: 'Letters, digits, dot, dash, underscore.' },
  country: { ...countryCode('ISO 3166-1 alpha-2 (any case; stored upper-cased), or null.'), type: ['string', 'null'] },
  active: { type: 'boolean', description: 'Default true.' },
  priority: { type: 'integer', minimum: -1_000_000, maximum: 1_000_000, description: 'Allocation order, lower first; default 0.' },
} as const;

export const warehouseCreateBody = { type: 'object', required: ['name', 'code'], properties: fields } as const;
export const warehousePatchBody = { type: 'object', minProperties: 1, properties: fields } as const;

export const warehouseListSpec: ListSpec = {
  ordering: { priority: 'warehouses.priority', name: 'warehouses.name', code: 'warehouses.code_key', created_at: 'warehouses.created_at' },
  defaultOrdering: 'priority',
  ranges: { created_at: 'datetime' },
};

export const warehouseListQuery = listQuerySchema(warehouseListSpec, {
  active: { type: 'boolean', description: 'Only active (true) or inactive (false) warehouses.' },
});

export const warehousePage = pageSchema({ $ref: 'Warehouse#' });
