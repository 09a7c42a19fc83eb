import { listQuerySchema, pageSchema, type ListSpec } from '../../../kernel/http/lists.ts';
import { idInput } from '../../../kernel/http/schemas.ts';
import { MAX_QUANTITY } from '../services/records.ts';
import { BULK_MAX } from '../services/bulk.ts';

const timestamp = { type: 'string', format: 'date-time' } as const;

/** A stock record as the API shows it. */
export const inventoryRecordSchema = {
  $id: 'InventoryRecord',
  type: 'object',
  required: ['id', 'variant_id', 'warehouse_id', 'sku', 'quantity', 'reserved', 'available', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'integer' },
    variant_id: { type: 'integer' },
    warehouse_id: { type: 'integer' },
    sku: { type: ['string', 'null'] },
    quantity: { type: 'integer', description: 'On hand.' },
    reserved: { type: 'integer', description: 'Held for orders (the sum of live reservations here).' },
    available: { type: 'integer', description: 'quantity − reserved; never negative.' },
    created_at: timestamp,
    updated_at: timestamp,
  },
} as const;

const quantity = { type: 'integer', minimum: 0, maximum: MAX_QUANTITY, description: `Units on hand, 0 to ${MAX_QUANTITY}.` } as const;
const force = { type: 'boolean', description: 'Allow a quantity below what is reserved: the excess reservations become backorders (newest first).' } as const;
const target = {
  variant_id: { ...idInput, description: 'A variant id: a number or a string of digits.', 'x-rule': 'Must name an existing variant that tracks inventory.' },
  warehouse_id: { ...idInput, description: 'A warehouse id: a number or a string of digits.', 'x-rule': 'Must name an existing warehouse; in a bulk write, each variant and warehouse pair once.' },
};

export const setBody = {
  type: 'object',
  required: ['variant_id', 'warehouse_id', 'quantity'],
  properties: { ...target, quantity, force },
} as const;

export const adjustBody = {
  type: 'object',
  required: ['variant_id', 'warehouse_id', 'delta'],
  properties: {
    ...target,
    delta: {
      type: 'integer',
      minimum: -MAX_QUANTITY,
      maximum: MAX_QUANTITY,
      not: { const: 0 },
      description: 'Units to add (positive) or remove (negative); not 0.',
      'x-rule': 'The result stays between 0 (or what is reserved, without force) and the maximum quantity.',
    },
    reason: { type: 'string', maxLength: 200, description: 'Recorded in the movement (e.g. "pos sale", "return"); default "adjust".' },
    force,
  },
} as const;

export const bulkBody = {
  type: 'object',
  required: ['records'],
  properties: {
    records: {
      type: 'array',
      minItems: 1,
      maxItems: BULK_MAX,
      'x-rule': 'Each variant and warehouse pair at most once.',
      items: { type: 'object', additionalProperties: false, required: ['variant_id', 'warehouse_id', 'quantity'], properties: { ...target, quantity, force } },
    },
  },
} as const;

export const bulkResponse = {
  type: 'object',
  required: ['records'],
  properties: { records: { type: 'array', items: { $ref: 'InventoryRecord#' } } },
} as const;

export const levelListSpec: ListSpec = {
  ordering: {
    id: 'inventory_levels.id',
    updated_at: 'inventory_levels.updated_at',
    quantity: 'inventory_levels.quantity',
    variant_id: 'inventory_levels.variant_id',
    warehouse_id: 'inventory_levels.warehouse_id',
  },
  defaultOrdering: 'id',
  ranges: { updated_at: 'datetime' },
  keyset: {},
};

export const levelListQuery = listQuerySchema(levelListSpec, {
  variant_id: { type: 'integer', minimum: 1 },
  warehouse_id: { type: 'integer', minimum: 1 },
});

export const levelPage = pageSchema({ $ref: 'InventoryRecord#' });
