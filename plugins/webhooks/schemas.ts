import { listQuerySchema, pageSchema, type ListSpec } from '../../kernel/http/lists.ts';

const timestamp = { type: 'string', format: 'date-time' } as const;
const nullableTimestamp = { type: ['string', 'null'], format: 'date-time' } as const;

const endpointProperties = {
  id: { type: 'integer' },
  url: { type: 'string', description: 'https (plain http only for loopback hosts).' },
  events: { type: 'array', items: { type: 'string' }, description: 'Subscribed event types, or ["*"] for every type.' },
  description: { type: 'string' },
  active: { type: 'boolean', description: 'Inactive endpoints get no new deliveries; their pending ones wait.' },
  failing_since: { ...nullableTimestamp, description: 'Since when every attempt has failed; 3 days of it disables the endpoint.' },
  disabled_at: { ...nullableTimestamp, description: 'When the store disabled it for failing; null otherwise.' },
  disabled_reason: { type: ['string', 'null'] },
  created_at: timestamp,
  updated_at: timestamp,
} as const;

export const endpointSchema = {
  $id: 'WebhookEndpoint',
  type: 'object',
  required: Object.keys(endpointProperties),
  properties: endpointProperties,
} as const;

/** The endpoint with its signing secret: only in the answers to creating one and to rotating its secret. */
export const endpointWithSecret = {
  type: 'object',
  required: [...Object.keys(endpointProperties), 'secret'],
  properties: {
    ...endpointProperties,
    secret: { type: 'string', description: 'The signing secret: 64 hex characters (32 random bytes). Shown only now; use the string itself as the HMAC key.' },
  },
} as const;

export const deliverySchema = {
  $id: 'WebhookDelivery',
  type: 'object',
  required: ['id', 'endpoint_id', 'event_id', 'event_type', 'status', 'attempts', 'last_status_code', 'last_error', 'latency_ms', 'response_body', 'next_attempt_at', 'created_at', 'delivered_at'],
  properties: {
    id: { type: 'integer' },
    endpoint_id: { type: 'integer' },
    event_id: { type: 'integer' },
    event_type: { type: 'string' },
    status: { type: 'string', enum: ['pending', 'succeeded', 'failed'] },
    attempts: { type: 'integer' },
    last_status_code: { type: ['integer', 'null'], description: 'The HTTP status of the last attempt; null when none came (timeout, connection error, refused address).' },
    last_error: { type: ['string', 'null'] },
    latency_ms: { type: ['integer', 'null'], description: 'Duration of the last attempt.' },
    response_body: { type: ['string', 'null'], description: 'The first 1 KB of the last answer.' },
    next_attempt_at: { ...nullableTimestamp, description: 'When a pending delivery is tried next.' },
    created_at: timestamp,
    delivered_at: { ...nullableTimestamp, description: 'When an attempt succeeded.' },
  },
} as const;

export const eventSchema = {
  $id: 'Event',
  type: 'object',
  required: ['id', 'type', 'created_at', 'data'],
  properties: {
    id: { type: 'integer' },
    type: { type: 'string' },
    created_at: timestamp,
    data: { type: 'object', additionalProperties: true, description: 'The resource as the API shows it; see the event catalogue.' },
  },
} as const;

const fields = {
  url: {
    type: 'string',
    format: 'uri',
    minLength: 1,
    maxLength: 2000,
    pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
    description: 'An https URL. Plain http only for loopback hosts (localhost, 127.0.0.0/8, ::1), a development allowance.',
    'x-rule': 'https, to a public address (plain http only for loopback hosts); no credentials in the URL.',
  },
  events: {
    type: 'array',
    minItems: 1,
    maxItems: 200,
    items: { type: 'string', minLength: 1, maxLength: 100 },
    description: 'Event types from the catalogue (the document\'s `webhooks` section), or ["*"] alone for every type.',
    'x-rule': 'Known event types, or "*" alone.',
  },
  description: { type: 'string', maxLength: 500 },
  active: { type: 'boolean', description: 'Default true.' },
} as const;

export const createBody = { type: 'object', required: ['url', 'events'], properties: fields } as const;
export const patchBody = { type: 'object', minProperties: 1, properties: fields } as const;

export const endpointListSpec: ListSpec = {
  ordering: { created_at: 'created_at', url: 'url' },
  defaultOrdering: '-created_at',
  ranges: { created_at: 'datetime' },
};
export const endpointListQuery = listQuerySchema(endpointListSpec, {
  active: { type: 'boolean', description: 'Only active (true) or inactive (false) endpoints.' },
});

export const deliveryListSpec: ListSpec = {
  ordering: { created_at: 'created_at', attempts: 'attempts' },
  defaultOrdering: '-created_at',
  ranges: { created_at: 'datetime' },
  keyset: {},
};
export const deliveryListQuery = listQuerySchema(deliveryListSpec, {
  status: { type: 'string', enum: ['pending', 'succeeded', 'failed'], description: 'Only deliveries in this status.' },
  event_id: { type: 'integer', minimum: 1, description: 'Only the delivery of this event.' },
});

export const eventListSpec: ListSpec = {
  ordering: { created_at: 'created_at' },
  defaultOrdering: '-created_at',
  ranges: { created_at: 'datetime' },
  keyset: {},
};
export const eventListQuery = listQuerySchema(eventListSpec, {
  type: { type: 'string', maxLength: 100, description: 'Only events of this type.' },
});

export const endpointPage = pageSchema({ $ref: 'WebhookEndpoint#' });
export const deliveryPage = pageSchema({ $ref: 'WebhookDelivery#' });
export const eventPage = pageSchema({ $ref: 'Event#' });

export const deliveryParams = {
  type: 'object',
  required: ['id', 'delivery_id'],
  properties: { id: { type: 'integer', minimum: 1 }, delivery_id: { type: 'integer', minimum: 1 } },
} as const;

export const noContent = { 204: { type: 'null' } } as const;
