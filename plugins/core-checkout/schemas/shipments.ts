import { listQuerySchema, pageSchema, type ListSpec } from '../../../kernel/http/lists.ts';
import { idInput } from '../../../kernel/http/schemas.ts';
import { timestamp } from './common.ts';

/** `{order_item_id, quantity}` naming an order's item in a shipment or a refund. */
export const itemLinesInput = {
  type: 'array',
  minItems: 1,
  maxItems: 500,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['order_item_id', 'quantity'],
    properties: { order_item_id: idInput, quantity: { type: 'integer', minimum: 1, maximum: 1_000_000 } },
  },
} as const;

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max, pattern: '\\S' }) as const;

export const shipmentSchema = {
  $id: 'Shipment',
  type: 'object',
  required: ['id', 'order_id', 'order_number', 'carrier', 'tracking_number', 'warehouse_id', 'notify_customer', 'items', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'integer' },
    order_id: { type: 'integer' },
    order_number: { type: 'string' },
    carrier: { type: 'string' },
    tracking_number: { type: 'string' },
    warehouse_id: { type: ['integer', 'null'], description: 'The warehouse given, else the one the units left from (null when several, or none: untracked items).' },
    notify_customer: { type: 'boolean' },
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['order_item_id', 'quantity', 'name', 'sku', 'options'],
        properties: {
          order_item_id: { type: 'integer' },
          quantity: { type: 'integer' },
          name: { type: 'string' },
          sku: { type: 'string' },
          options: { type: 'object', additionalProperties: { type: 'string' } },
        },
      },
    },
    created_at: timestamp,
    updated_at: timestamp,
  },
} as const;

export const shipment = { $ref: 'Shipment#' } as const;

export const shipmentInput = {
  type: 'object',
  additionalProperties: false,
  required: ['carrier', 'tracking_number', 'items'],
  properties: {
    carrier: text(100),
    tracking_number: text(200),
    items: itemLinesInput,
    notify_customer: { type: 'boolean', default: false, description: 'Send the customer a shipping confirmation.' },
    warehouse_id: { anyOf: [idInput, { type: 'null' }], description: 'Ship from this warehouse; absent: from where the order\'s stock is reserved.' },
  },
} as const;

export const shipmentPatch = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { carrier: text(100), tracking_number: text(200) },
} as const;

export const shipmentParams = {
  type: 'object',
  required: ['id', 'shipment_id'],
  properties: { id: { type: 'integer', minimum: 1 }, shipment_id: { type: 'integer', minimum: 1 } },
} as const;

export const shipmentListSpec: ListSpec = {
  ordering: { created_at: 'created_at' },
  defaultOrdering: 'created_at',
  ranges: {},
};
export const shipmentListQuery = listQuerySchema(shipmentListSpec);
export const shipmentPage = pageSchema(shipment);
