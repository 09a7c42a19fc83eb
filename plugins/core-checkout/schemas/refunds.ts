import { listQuerySchema, pageSchema, type ListSpec } from '../../../kernel/http/lists.ts';
import { money, timestamp } from './common.ts';
import { itemLinesInput } from './shipments.ts';

export const refundSchema = {
  $id: 'Refund',
  type: 'object',
  required: ['id', 'order_id', 'order_number', 'amount', 'reason', 'restock', 'notify_customer', 'items', 'payments', 'created_at'],
  properties: {
    id: { type: 'integer' },
    order_id: { type: 'integer' },
    order_number: { type: 'string' },
    amount: money,
    reason: { type: 'string' },
    restock: { type: 'boolean' },
    notify_customer: { type: 'boolean' },
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['order_item_id', 'quantity', 'name', 'sku'],
        properties: { order_item_id: { type: 'integer' }, quantity: { type: 'integer' }, name: { type: 'string' }, sku: { type: 'string' } },
      },
    },
    payments: {
      type: 'array',
      description: 'How the amount went back: one gateway refund per captured payment, oldest payment first.',
      items: { type: 'object', required: ['payment_id', 'amount'], properties: { payment_id: { type: 'integer' }, amount: money } },
    },
    created_at: timestamp,
  },
} as const;

export const refund = { $ref: 'Refund#' } as const;

export const refundInput = {
  type: 'object',
  additionalProperties: false,
  required: ['reason'],
  properties: {
    amount: {
      type: 'string',
      maxLength: 64,
      pattern: '^\\d+(\\.\\d+)?$',
      'x-invalid': 'Enter a plain, non-negative decimal amount such as "12.50".',
      'x-rule': 'More than zero, with the currency\'s decimals, and at most what is left to refund.',
      description: 'A decimal string in the order\'s currency ("12.50"), more than zero and at most what is left to refund. Absent: with items, their paid value (capped at what is left); without, everything left.',
    },
    reason: { type: 'string', minLength: 1, maxLength: 500, pattern: '\\S' },
    items: itemLinesInput,
    restock: { type: 'boolean', default: true, description: 'The items come back: shipped units on hand where they shipped from, unshipped ones out of fulfilment (reservation released).' },
    notify_customer: { type: 'boolean', default: false },
  },
} as const;

export const refundListSpec: ListSpec = {
  ordering: { created_at: 'created_at' },
  defaultOrdering: 'created_at',
  ranges: {},
};
export const refundListQuery = listQuerySchema(refundListSpec);
export const refundPage = pageSchema(refund);

export const refundParams = {
  type: 'object',
  required: ['id', 'refund_id'],
  properties: { id: { type: 'integer', minimum: 1 }, refund_id: { type: 'integer', minimum: 1 } },
} as const;
