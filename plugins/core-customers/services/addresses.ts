import type { Knex } from 'knex';
import type { Clock } from '../../../kernel/clock.ts';
import { toIso } from '../../../kernel/db/dialect.ts';
import type { FieldErrors } from '../../../kernel/http/errors.ts';
import { isCountryCode } from '../../../kernel/geo/countries.ts';
import type { Address } from '../../core-checkout/contracts.ts';
import { addError, CustomerErrors, MAX_ADDRESSES, throwIfInvalid } from '../errors.ts';
import type { ProfileStore } from './profiles.ts';
import { cleanPhone, type Db, type Profile } from './records.ts';

const TABLE = 'customer_addresses';

export type AddressKind = 'shipping' | 'billing';

/** A saved address: core-checkout's Address with its id. */
export type SavedAddress = Address & { id: number };

/** A saved address as the API shows it, with whether it is one of the customer's defaults. */
export interface AddressView extends Required<Address> {
  id: number;
  is_default_shipping: boolean;
  is_default_billing: boolean;
  created_at: string;
  updated_at: string;
}

/** What a request may write; `null` clears an optional field. */
export type AddressInput = Partial<Record<keyof Address, string | null>> & {
  is_default_shipping?: boolean;
  is_default_billing?: boolean;
};

const REQUIRED = ['first_name', 'last_name', 'address_line_1', 'city', 'postal_code', 'country'] as const;
const OPTIONAL = ['address_line_2', 'state', 'company'] as const;
const POINTER = { shipping: 'default_shipping_address_id', billing: 'default_billing_address_id' } as const;

function savedAddress(row: any): SavedAddress {
  return {
    id: Number(row.id),
    first_name: row.first_name,
    last_name: row.last_name,
    company: row.company ?? null,
    address_line_1: row.address_line_1,
    address_line_2: row.address_line_2 ?? null,
    city: row.city,
    state: row.state ?? null,
    postal_code: row.postal_code,
    country: row.country,
    phone: row.phone ?? null,
  };
}

function addressView(row: any, profile: Profile): AddressView {
  const address = savedAddress(row) as Required<SavedAddress>;
  return {
    ...address,
    is_default_shipping: profile.default_shipping_address_id === address.id,
    is_default_billing: profile.default_billing_address_id === address.id,
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}

/**
 * Checks and tidies the address fields of a request: trimmed, empty optional fields stored as null,
 * the country upper-cased and an ISO 3166-1 code. Every bad field is named in one 400; on create, the
 * required fields must all be there.
 */
export function checkAddress(input: AddressInput, creating: boolean): Record<string, string | null> {
  const errors: FieldErrors = {};
  const values: Record<string, string | null> = {};
  for (const field of REQUIRED) {
    const value = input[field];
    if (value === undefined && !creating) continue;
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '') addError(errors, field, value === undefined ? 'This field is required.' : 'This field may not be blank.');
    else values[field] = text;
  }
  for (const field of OPTIONAL) {
    if (input[field] === undefined) continue;
    values[field] = input[field]?.trim() || null;
  }
  if (values.country) {
    values.country = values.country.toUpperCase();
    if (!isCountryCode(values.country)) addError(errors, 'country', `"${input.country}" is not an ISO 3166-1 alpha-2 country code.`);
  }
  const phone = cleanPhone(input.phone, 'phone', errors);
  if (phone !== undefined) values.phone = phone;
  throwIfInvalid(errors);
  return values;
}

export interface AddressParts {
  clock: Clock;
  profiles: ProfileStore;
  /** Called inside the transaction when a change moved one of the customer's default pointers. */
  defaultsChanged(trx: Knex.Transaction, customerId: number): Promise<void>;
}

/**
 * A customer's saved addresses (at most 50) and which of them are the default shipping and billing
 * address. Every method is bound to one customer: an address of another customer is a 404, the same
 * as one that does not exist.
 */
export class AddressService {
  constructor(private readonly parts: AddressParts) {}

  /** The base query of a customer's address list (for `paginate`); present the rows with `present`. */
  listQuery(db: Db, customerId: number): Knex.QueryBuilder {
    return db(TABLE).where('customer_id', customerId).select('*');
  }

  async present(db: Db, customerId: number, rows: any[]): Promise<AddressView[]> {
    const profile = await this.parts.profiles.find(db, customerId);
    return rows.map((row) => addressView(row, profile));
  }

  /** All of a customer's addresses, oldest first. */
  async all(db: Db, customerId: number): Promise<AddressView[]> {
    return this.present(db, customerId, await this.listQuery(db, customerId).orderBy('id'));
  }

  async get(db: Db, customerId: number, id: number): Promise<AddressView> {
    return (await this.present(db, customerId, [await this.row(db, customerId, id)]))[0]!;
  }

  /**
   * The customer's default address of a kind in core-checkout's Address shape (to prefill a
   * checkout), or null when the customer has chosen none.
   */
  async defaultAddress(db: Db, customerId: number, kind: AddressKind): Promise<SavedAddress | null> {
    const pointer = (await this.parts.profiles.find(db, customerId))[POINTER[kind]];
    if (pointer === null) return null;
    const row = await db(TABLE).where({ id: pointer, customer_id: customerId }).first();
    return row ? savedAddress(row) : null;
  }

  /**
   * Saves a new address. Setting a default flag moves that default here; a customer's first address
   * of a kind becomes the default unless the request says `false`. The 51st address is a 409.
   */
  async create(trx: Knex.Transaction, customerId: number, input: AddressInput): Promise<AddressView> {
    const values = checkAddress(input, true);
    const profile = await this.parts.profiles.lock(trx, customerId);
    const [{ count }] = await trx(TABLE).where('customer_id', customerId).count({ count: '*' });
    if (Number(count) >= MAX_ADDRESSES) throw CustomerErrors.addressLimit();
    const now = this.parts.clock.now();
    const [id] = await trx(TABLE).insert({ ...values, customer_id: customerId, created_at: now, updated_at: now });
    const flags = {
      is_default_shipping: input.is_default_shipping ?? profile.default_shipping_address_id === null,
      is_default_billing: input.is_default_billing ?? profile.default_billing_address_id === null,
    };
    await this.applyDefaults(trx, customerId, Number(id), profile, flags);
    return this.get(trx, customerId, Number(id));
  }

  /** Changes some fields; `is_default_*: true` makes it the default, `false` stops it being one. */
  async update(trx: Knex.Transaction, customerId: number, id: number, input: AddressInput): Promise<AddressView> {
    const values = checkAddress(input, false);
    const profile = await this.parts.profiles.lock(trx, customerId);
    await this.row(trx, customerId, id);
    if (Object.keys(values).length > 0) await trx(TABLE).where('id', id).update({ ...values, updated_at: this.parts.clock.now() });
    await this.applyDefaults(trx, customerId, id, profile, input);
    return this.get(trx, customerId, id);
  }

  /** Deletes an address; a default it was is then unset (no other address takes its place). */
  async remove(trx: Knex.Transaction, customerId: number, id: number): Promise<void> {
    const profile = await this.parts.profiles.lock(trx, customerId);
    await this.row(trx, customerId, id);
    await this.applyDefaults(trx, customerId, id, profile, { is_default_shipping: false, is_default_billing: false });
    await trx(TABLE).where('id', id).delete();
  }

  private async row(db: Db, customerId: number, id: number): Promise<any> {
    const row = await db(TABLE).where({ id, customer_id: customerId }).first();
    if (!row) throw CustomerErrors.addressNotFound();
    return row;
  }

  // One pointer per kind: pointing it here replaces the previous default; `false` clears it only
  // when it points here.
  private async applyDefaults(
    trx: Knex.Transaction,
    customerId: number,
    id: number,
    profile: Profile,
    flags: { is_default_shipping?: boolean; is_default_billing?: boolean },
  ): Promise<void> {
    const changes: Partial<Profile> = {};
    for (const kind of ['shipping', 'billing'] as const) {
      const flag = flags[`is_default_${kind}`];
      const current = profile[POINTER[kind]];
      if (flag === true && current !== id) changes[POINTER[kind]] = id;
      if (flag === false && current === id) changes[POINTER[kind]] = null;
    }
    if (Object.keys(changes).length === 0) return;
    await this.parts.profiles.update(trx, customerId, changes);
    await this.parts.defaultsChanged(trx, customerId);
  }
}
