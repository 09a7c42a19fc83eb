import { listQuerySchema, pageSchema, type ListSpec } from '@storekeep-commerce/sdk';

/** A greeting as the API shows it. */
export const greetingSchema = {
  type: 'object',
  required: ['id', 'name', 'message', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    message: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
} as const;

/** POST body: unknown fields are refused by the kernel (bodies are closed). */
export const createGreetingBody = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    message: { type: 'string', minLength: 1, maxLength: 500, description: 'Defaults to "Hello, <name>!".' },
  },
} as const;

/** What the list accepts: ordering by name or created_at, created_at bounds, and a text search. */
export const greetingListSpec: ListSpec = {
  ordering: { name: 'name', created_at: 'created_at' },
  defaultOrdering: '-created_at',
  ranges: { created_at: 'datetime' },
  search: true,
};

export const greetingListQuery = listQuerySchema(greetingListSpec);
export const greetingPage = pageSchema(greetingSchema);

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 } },
} as const;

export const welcomeSchema = {
  type: 'object',
  required: ['language', 'message'],
  properties: { language: { type: 'string' }, message: { type: 'string' } },
} as const;

export const whoamiSchema = {
  type: 'object',
  required: ['kind'],
  properties: { kind: { type: 'string' } },
} as const;
