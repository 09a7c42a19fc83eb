import { listQuerySchema, pageSchema, type ListSpec } from '../../kernel/http/lists.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './services/passwords.ts';

const timestamp = { type: 'string', format: 'date-time' };
const nullableTimestamp = { type: ['string', 'null'], format: 'date-time' };

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 } },
};

export const csrfResponse = {
  type: 'object',
  required: ['csrf_token'],
  properties: { csrf_token: { type: 'string', description: 'Send it back as the X-CSRFToken header; it is also set as the csrftoken cookie.' } },
};

export const userSchema = {
  type: 'object',
  required: ['id', 'email', 'kind', 'first_name', 'last_name', 'created_at'],
  properties: {
    id: { type: 'integer' },
    email: { type: 'string', format: 'email' },
    kind: { type: 'string', enum: ['staff', 'customer'] },
    role: { type: 'string', enum: ['owner', 'staff'], description: 'Staff only.' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    created_at: timestamp,
  },
};

export const userResponse = { type: 'object', required: ['user'], properties: { user: userSchema } };

export const loginBody = {
  type: 'object',
  required: ['email', 'password'],
  properties: {
    email: { type: 'string', minLength: 1, maxLength: 254 },
    password: { type: 'string', minLength: 1, maxLength: PASSWORD_MAX_LENGTH },
  },
};

export const registerBody = {
  type: 'object',
  required: ['email', 'password'],
  properties: {
    email: { type: 'string', format: 'email', maxLength: 254 },
    password: { type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH },
    first_name: { type: 'string', maxLength: 150 },
    last_name: { type: 'string', maxLength: 150 },
  },
};

export const passwordResetBody = {
  type: 'object',
  required: ['email'],
  properties: { email: { type: 'string', minLength: 1, maxLength: 254 } },
};

export const passwordResetAccepted = {
  type: 'object',
  required: ['detail'],
  properties: { detail: { type: 'string' } },
};

export const passwordResetConfirmBody = {
  type: 'object',
  required: ['token', 'password'],
  properties: {
    token: { type: 'string', minLength: 1, maxLength: 128 },
    password: { type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH },
  },
};

export const meResponse = {
  type: 'object',
  required: ['kind', 'id'],
  description: 'Users: kind, id, email, role (staff), first_name, last_name. API keys: kind "api_key", id, name, mode, scopes.',
  properties: {
    kind: { type: 'string', enum: ['staff', 'customer', 'api_key'] },
    id: { type: 'integer' },
    email: { type: 'string' },
    role: { type: 'string', enum: ['owner', 'staff'] },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    name: { type: 'string' },
    mode: { type: 'string', enum: ['live', 'test'] },
    scopes: { type: 'array', items: { type: 'string' } },
  },
};

const scope = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[a-z][a-z0-9_.:*-]*$' };

export const apiKeySchema = {
  type: 'object',
  required: ['id', 'name', 'mode', 'last4', 'scopes', 'created_by', 'created_at', 'last_used_at', 'revoked_at'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    mode: { type: 'string', enum: ['live', 'test'] },
    last4: { type: 'string', description: 'The last 4 characters of the key, to tell keys apart.' },
    scopes: { type: 'array', items: { type: 'string' }, description: 'Empty: full access.' },
    created_by: { type: ['integer', 'null'], description: 'The staff user who created the key.' },
    created_at: timestamp,
    last_used_at: { ...nullableTimestamp, description: 'Updated at most once a minute.' },
    revoked_at: nullableTimestamp,
  },
};

export const apiKeyCreatedSchema = {
  ...apiKeySchema,
  required: [...apiKeySchema.required, 'key'],
  properties: {
    ...apiKeySchema.properties,
    key: { type: 'string', description: 'The secret key. Shown in this response only: store it now.' },
  },
};

export const createApiKeyBody = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    mode: { type: 'string', enum: ['live', 'test'], default: 'live' },
    scopes: { type: 'array', items: scope, maxItems: 50, uniqueItems: true },
  },
};

export const apiKeyListSpec: ListSpec = {
  ordering: { created_at: 'created_at', name: 'name' },
  defaultOrdering: '-created_at',
};

export const apiKeyListQuery = listQuerySchema(apiKeyListSpec, {
  mode: { type: 'string', enum: ['live', 'test'] },
  revoked: { type: 'boolean', description: 'true: only revoked keys; false: only usable ones.' },
});

export const apiKeyPage = pageSchema(apiKeySchema);
