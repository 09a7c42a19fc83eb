import { countryCode } from '../../kernel/http/schemas.ts';
import { listQuerySchema, pageSchema, type ListSpec } from '../../kernel/http/lists.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../core-auth/contracts.ts';

const timestamp = { type: 'string', format: 'date-time' };
const nullableId = { type: ['integer', 'null'] };
const name = { type: 'string', maxLength: 150 };
const phone = {
  type: ['string', 'null'],
  maxLength: 32,
  pattern: '^\\s*([+(]?\\d[\\d ()./-]*)?\\s*$',
  description: 'Digits and + ( ) . / - and spaces, optionally led by + or (; null or "" clears it.',
};
const password = { type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH };
const email = { type: 'string', format: 'email', maxLength: 254 };

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 } },
};

export const customerIdParams = idParams;

// ── Customers ────────────────────────────────────────────────────────────────────────────────────

const customerProperties = {
  id: { type: 'integer' },
  email: { type: 'string' },
  first_name: { type: 'string' },
  last_name: { type: 'string' },
  phone: { type: ['string', 'null'] },
  accepts_marketing: { type: 'boolean' },
  created_at: timestamp,
  default_shipping_address_id: nullableId,
  default_billing_address_id: nullableId,
};

/** A customer as the customer sees themself. */
export const ownCustomerSchema = {
  type: 'object',
  required: Object.keys(customerProperties),
  properties: customerProperties,
};

const staffCustomerProperties = {
  ...customerProperties,
  is_active: { type: 'boolean', description: 'false: blocked, cannot log in.' },
  last_login_at: { type: ['string', 'null'], format: 'date-time' },
};

/** A customer as staff see it in lists and in `customer.updated`. */
export const customerSchema = {
  $id: 'Customer',
  type: 'object',
  required: Object.keys(staffCustomerProperties),
  properties: staffCustomerProperties,
};

export const ownCustomerPatchBody = {
  type: 'object',
  properties: {
    first_name: name,
    last_name: name,
    phone,
    accepts_marketing: { type: 'boolean' },
    email: { ...email, description: 'Needs current_password; an e-mail in use is 409 email_taken.' },
    current_password: { type: 'string', minLength: 1, maxLength: PASSWORD_MAX_LENGTH, description: 'Required with email or new_password.' },
    new_password: { ...password, description: 'Needs current_password; ends every other session of the customer.' },
  },
};

export const createCustomerBody = {
  type: 'object',
  required: ['email'],
  properties: {
    email,
    first_name: name,
    last_name: name,
    password: { ...password, description: 'Optional: without one the customer sets a password through the password reset.' },
    phone,
    accepts_marketing: { type: 'boolean', default: false },
  },
};

export const staffCustomerPatchBody = {
  type: 'object',
  properties: {
    first_name: name,
    last_name: name,
    phone,
    is_active: { type: 'boolean', description: 'false blocks the customer: their sessions end and they cannot log in.' },
  },
};

export const customerListSpec: ListSpec = {
  ordering: { created_at: 'created_at', email: 'email', last_name: 'last_name' },
  defaultOrdering: '-created_at',
  ranges: { created_at: 'datetime' },
  search: true,
  keyset: {},
};

export const customerListQuery = listQuerySchema(customerListSpec, {
  is_active: { type: 'boolean', description: 'false: only blocked customers; true: only active ones.' },
});

export const customerPage = pageSchema({ $ref: 'Customer#' });

// ── Addresses ────────────────────────────────────────────────────────────────────────────────────

const requiredText = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '\\S', description: 'Not blank.' });
const optionalText = (maxLength: number) => ({ type: ['string', 'null'], maxLength });

const addressFields = {
  first_name: requiredText(150),
  last_name: requiredText(150),
  company: optionalText(150),
  address_line_1: requiredText(255),
  address_line_2: optionalText(255),
  city: requiredText(150),
  state: optionalText(100),
  postal_code: requiredText(20),
  country: countryCode('ISO 3166-1 alpha-2 ("DE"; lower case is accepted).'),
  phone,
};

const defaultFlags = {
  is_default_shipping: { type: 'boolean', description: 'true makes this the default shipping address (the previous one stops being it).' },
  is_default_billing: { type: 'boolean', description: 'true makes this the default billing address (the previous one stops being it).' },
};

export const ADDRESS_REQUIRED = ['first_name', 'last_name', 'address_line_1', 'city', 'postal_code', 'country'];

export const createAddressBody = {
  type: 'object',
  required: ADDRESS_REQUIRED,
  properties: { ...addressFields, ...defaultFlags },
};

export const patchAddressBody = {
  type: 'object',
  properties: { ...addressFields, ...defaultFlags },
};

const addressViewProperties = {
  id: { type: 'integer' },
  first_name: { type: 'string' },
  last_name: { type: 'string' },
  company: { type: ['string', 'null'] },
  address_line_1: { type: 'string' },
  address_line_2: { type: ['string', 'null'] },
  city: { type: 'string' },
  state: { type: ['string', 'null'] },
  postal_code: { type: 'string' },
  country: { type: 'string' },
  phone: { type: ['string', 'null'] },
  is_default_shipping: { type: 'boolean' },
  is_default_billing: { type: 'boolean' },
  created_at: timestamp,
  updated_at: timestamp,
};

export const addressSchema = {
  $id: 'CustomerAddress',
  type: 'object',
  required: Object.keys(addressViewProperties),
  properties: addressViewProperties,
};

export const addressListSpec: ListSpec = {
  ordering: { created_at: 'created_at' },
  defaultOrdering: 'created_at',
};

export const addressListQuery = listQuerySchema(addressListSpec);
export const addressPage = pageSchema({ $ref: 'CustomerAddress#' });

export const customerDetailSchema = {
  type: 'object',
  required: [...customerSchema.required, 'addresses'],
  properties: { ...staffCustomerProperties, addresses: { type: 'array', items: { $ref: 'CustomerAddress#' } } },
};
