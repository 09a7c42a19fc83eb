import { listQuerySchema, pageSchema, type ListSpec } from '../../kernel/http/lists.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './services/passwords.ts';

const nullableTimestamp = { type: ['string', 'null'], format: 'date-time' };

export const staffAccountSchema = {
  $id: 'StaffAccount',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'email', 'role', 'first_name', 'last_name', 'is_active', 'last_login_at', 'created_at'],
  properties: {
    id: { type: 'integer' },
    email: { type: 'string', format: 'email' },
    role: { type: 'string', enum: ['owner', 'staff'], description: 'Owners also manage staff accounts.' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    is_active: { type: 'boolean', description: 'false: the account cannot sign in (its sessions ended when it was deactivated).' },
    last_login_at: nullableTimestamp,
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;

export const createStaffBody = {
  type: 'object',
  additionalProperties: false,
  required: ['email'],
  properties: {
    email: { type: 'string', format: 'email', maxLength: 254 },
    role: { type: 'string', enum: ['owner', 'staff'], default: 'staff' },
    first_name: { type: 'string', maxLength: 150 },
    last_name: { type: 'string', maxLength: 150 },
    password: {
      type: 'string',
      minLength: PASSWORD_MIN_LENGTH,
      maxLength: PASSWORD_MAX_LENGTH,
      description: 'Absent: the new member gets a password reset mail (valid for an hour) to choose one.',
    },
  },
} as const;

export const updateStaffBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    role: { type: 'string', enum: ['owner', 'staff'] },
    first_name: { type: 'string', maxLength: 150 },
    last_name: { type: 'string', maxLength: 150 },
    is_active: { type: 'boolean' },
  },
} as const;

export const staffListSpec: ListSpec = {
  ordering: { created_at: 'created_at', email: 'email', last_name: 'last_name' },
  defaultOrdering: 'email',
  ranges: { created_at: 'datetime' },
};

export const staffListQuery = listQuerySchema(staffListSpec, {
  search: { type: 'string', maxLength: 200, description: 'Words matched against e-mail, first and last name.' },
  is_active: { type: 'boolean' },
});

export const staffPage = pageSchema({ $ref: 'StaffAccount#' });
