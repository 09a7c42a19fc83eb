import type { Knex } from 'knex';
import { toBool, toIso } from '../../../kernel/db/dialect.ts';
import type { FieldErrors } from '../../../kernel/http/errors.ts';
import type { Account } from '../../core-auth/contracts.ts';
import { addError } from '../errors.ts';

export type Db = Knex | Knex.Transaction;

/** A customer's row of `customer_profiles`, or the defaults when the customer has none yet. */
export interface Profile {
  phone: string | null;
  accepts_marketing: boolean;
  default_shipping_address_id: number | null;
  default_billing_address_id: number | null;
}

export const EMPTY_PROFILE: Readonly<Profile> = Object.freeze({
  phone: null,
  accepts_marketing: false,
  default_shipping_address_id: null,
  default_billing_address_id: null,
});

/** A customer account (core-auth) with its profile (this plugin). */
export interface CustomerRecord {
  account: Account;
  profile: Profile;
}

/** A customer as the customer sees themself (`/customers/me/`). */
export interface CustomerView {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  accepts_marketing: boolean;
  created_at: string;
  default_shipping_address_id: number | null;
  default_billing_address_id: number | null;
}

/** A customer as staff see it (lists, `customer.updated`): also whether the account may log in. */
export interface StaffCustomerView extends CustomerView {
  is_active: boolean;
  last_login_at: string | null;
}

export function profileFromRow(row: any): Profile {
  if (!row) return { ...EMPTY_PROFILE };
  return {
    phone: row.phone ?? null,
    accepts_marketing: toBool(row.accepts_marketing),
    default_shipping_address_id: row.default_shipping_address_id == null ? null : Number(row.default_shipping_address_id),
    default_billing_address_id: row.default_billing_address_id == null ? null : Number(row.default_billing_address_id),
  };
}

export function customerView({ account, profile }: CustomerRecord): CustomerView {
  return {
    id: account.id,
    email: account.email,
    first_name: account.first_name,
    last_name: account.last_name,
    phone: profile.phone,
    accepts_marketing: profile.accepts_marketing,
    created_at: toIso(account.created_at)!,
    default_shipping_address_id: profile.default_shipping_address_id,
    default_billing_address_id: profile.default_billing_address_id,
  };
}

export function staffCustomerView(record: CustomerRecord): StaffCustomerView {
  return { ...customerView(record), is_active: record.account.is_active, last_login_at: toIso(record.account.last_login_at) };
}

// Digits with the usual separators, optionally led by + or (: "+49 30 1234-567", "(030) 123 45".
const PHONE = /^[+(]?\d[\d ()./-]*$/;

/**
 * A phone number as stored: trimmed, null when empty; anything but digits and the usual separators is
 * a field error.
 */
export function cleanPhone(value: string | null | undefined, field: string, errors: FieldErrors): string | null | undefined {
  if (value === undefined) return undefined;
  const phone = value?.trim() ?? '';
  if (phone === '') return null;
  if (!PHONE.test(phone)) addError(errors, field, 'Enter a phone number: digits, spaces and + ( ) . / - only.');
  return phone;
}

/** A name as stored: trimmed (an empty name is allowed: registration does not ask for one). */
export function cleanName(value: string | undefined): string | undefined {
  return value === undefined ? undefined : value.trim();
}
