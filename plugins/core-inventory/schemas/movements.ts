import { listQuerySchema, pageSchema, type ListSpec } from '../../../kernel/http/lists.ts';

/** A row of the movements ledger. */
export const movementSchema = {
  $id: 'InventoryMovement',
  type: 'object',
  required: ['id', 'variant_id', 'warehouse_id', 'type', 'delta_quantity', 'delta_reserved', 'reason', 'actor', 'reference_type', 'reference_id', 'created_at'],
  properties: {
    id: { type: 'integer' },
    variant_id: { type: 'integer' },
    warehouse_id: { type: ['integer', 'null'], description: 'null: the backorder pool (units promised with no stock behind them).' },
    type: { type: 'string', enum: ['set', 'adjust', 'reserve', 'release', 'ship', 'restock', 'remove'] },
    delta_quantity: { type: 'integer' },
    delta_reserved: { type: 'integer' },
    reason: { type: 'string' },
    actor: { type: 'string', description: 'staff:<id>, api_key:<id>, customer:<id> or system.' },
    reference_type: { type: ['string', 'null'] },
    reference_id: { type: ['string', 'null'] },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;

export const movementListSpec: ListSpec = {
  ordering: { id: 'inventory_movements.id', created_at: 'inventory_movements.created_at' },
  defaultOrdering: 'id',
  ranges: { created_at: 'datetime', id: 'integer' },
  keyset: {},
};

export const movementListQuery = listQuerySchema(movementListSpec, {
  variant_id: { type: 'integer', minimum: 1 },
  warehouse_id: { type: 'integer', minimum: 1 },
  type: { type: 'string', enum: ['set', 'adjust', 'reserve', 'release', 'ship', 'restock', 'remove'] },
  reference: { type: 'string', minLength: 1, maxLength: 151, description: '`order:42` (one reference) or `order` (every reference of that type).' },
});

export const movementPage = pageSchema({ $ref: 'InventoryMovement#' });
