import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { EventBus } from '../../../kernel/events.ts';
import type { FieldErrors } from '../../../kernel/http/errors.ts';
import type { SessionService } from '../../core-auth/contracts.ts';
import type { Account, UserService } from '../../core-auth/contracts.ts';
import { CustomerErrors, throwIfInvalid } from '../errors.ts';
import type { AddressKind, AddressService, AddressView, SavedAddress } from './addresses.ts';
import type { ProfileStore } from './profiles.ts';
import { cleanName, cleanPhone, customerView, staffCustomerView, type CustomerRecord, type CustomerView, type Db, type StaffCustomerView } from './records.ts';

/** The fields a change to a customer may carry, whoever makes it. */
export interface ProfileChanges {
  first_name?: string;
  last_name?: string;
  phone?: string | null;
  accepts_marketing?: boolean;
  is_active?: boolean;
}

export interface NewCustomer {
  email: string;
  first_name?: string;
  last_name?: string;
  /** Without one, the account gets a random password nobody knows; the customer sets one by a reset. */
  password?: string;
  phone?: string | null;
  accepts_marketing?: boolean;
}

export interface CustomerListFilters {
  search?: string;
  is_active?: boolean;
}

export type CustomerDetail = StaffCustomerView & { addresses: AddressView[] };

interface Parts {
  users: UserService;
  sessions: SessionService;
  profiles: ProfileStore;
  addresses: AddressService;
  events: EventBus;
}

/** Checks and tidies the profile fields of a request; a bad phone number is a 400 naming it. */
export function checkProfile(input: ProfileChanges): ProfileChanges {
  const errors: FieldErrors = {};
  const phone = cleanPhone(input.phone, 'phone', errors);
  throwIfInvalid(errors);
  const changes: ProfileChanges = { ...input, first_name: cleanName(input.first_name), last_name: cleanName(input.last_name), phone };
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
}

/**
 * Customer accounts: core-auth's users of kind `customer` (reached only through `userService`) with
 * this plugin's profile and saved addresses. Registered as `customerService`; core-checkout uses
 * `get` and `defaultAddress` to prefill a checkout.
 */
export class CustomerService {
  constructor(private readonly parts: Parts) {}

  /** The customer with this id as staff see it, or undefined (no such account, or a staff account). */
  async get(db: Db, id: number): Promise<StaffCustomerView | undefined> {
    const record = await this.record(db, id);
    return record && staffCustomerView(record);
  }

  /** The customer as they see themself (`/customers/me/`). */
  async own(db: Db, id: number): Promise<CustomerView> {
    return customerView(await this.require(db, id));
  }

  /** The customer with their saved addresses (staff detail); 404 when there is none. */
  async detail(db: Db, id: number): Promise<CustomerDetail> {
    const record = await this.require(db, id);
    return { ...staffCustomerView(record), addresses: await this.parts.addresses.all(db, id) };
  }

  /** The base query of the staff list (core-auth's account query, customers only); rows go to `present`. */
  listQuery(db: Db, filters: CustomerListFilters): Knex.QueryBuilder {
    return this.parts.users.query(db, { kind: 'customer', search: filters.search, is_active: filters.is_active });
  }

  /** For a page after a position of the list ordered by `field` (no search): read from that field's index. */
  readAfterFromIndex(db: Db, page: Knex.QueryBuilder, field: string | undefined): void {
    this.parts.users.readAfterFromIndex(db, page, field);
  }

  async present(db: Db, rows: any[]): Promise<StaffCustomerView[]> {
    const accounts = this.parts.users.accountsFromRows(rows);
    const profiles = await this.parts.profiles.findMany(db, accounts.map((a) => a.id));
    return accounts.map((account) => staffCustomerView({ account, profile: profiles.get(account.id)! }));
  }

  /** A customer's saved addresses, oldest first. */
  addresses(db: Db, customerId: number): Promise<AddressView[]> {
    return this.parts.addresses.all(db, customerId);
  }

  /** The customer's default shipping or billing address (core-checkout's Address shape), or null. */
  defaultAddress(db: Db, customerId: number, kind: AddressKind): Promise<SavedAddress | null> {
    return this.parts.addresses.defaultAddress(db, customerId, kind);
  }

  /** Staff create a customer account; emits `customer.created` with the payload registration gives it. */
  async create(trx: Knex.Transaction, input: NewCustomer): Promise<CustomerDetail> {
    const { users, profiles, events } = this.parts;
    const { phone, accepts_marketing } = checkProfile({ phone: input.phone, accepts_marketing: input.accepts_marketing });
    const user = await users.create(trx, {
      kind: 'customer',
      email: input.email,
      password: input.password ?? crypto.randomBytes(32).toString('base64url'),
      first_name: cleanName(input.first_name),
      last_name: cleanName(input.last_name),
    });
    await profiles.update(trx, user.id, { ...(phone !== undefined ? { phone } : {}), ...(accepts_marketing !== undefined ? { accepts_marketing } : {}) });
    await events.emit(trx, 'customer.created', users.view(user));
    return this.detail(trx, user.id);
  }

  /** Staff change names, phone or whether the account may log in; blocking ends its sessions. */
  async updateByStaff(trx: Knex.Transaction, id: number, input: ProfileChanges): Promise<CustomerDetail> {
    const changes = checkProfile(input);
    await this.change(trx, id, async () => {
      await this.apply(trx, id, changes);
      if (changes.is_active === false) await this.parts.sessions.destroyAllForUser(trx, id);
    });
    return this.detail(trx, id);
  }

  /**
   * Runs a change of a customer and emits `customer.updated` (the staff view) when the customer as
   * the API shows it differs afterwards. 404 when there is no such customer.
   */
  async change(trx: Knex.Transaction, id: number, fn: () => Promise<void>): Promise<void> {
    const before = staffCustomerView(await this.require(trx, id));
    await fn();
    await this.announceIfChanged(trx, id, before);
  }

  /** Writes the checked profile fields: names and activity to core-auth's account, the rest here. */
  async apply(trx: Knex.Transaction, id: number, changes: ProfileChanges): Promise<void> {
    const { first_name, last_name, is_active, phone, accepts_marketing } = changes;
    const account = Object.fromEntries(Object.entries({ first_name, last_name, is_active }).filter(([, v]) => v !== undefined));
    if (Object.keys(account).length > 0) await this.parts.users.update(trx, id, account);
    const profile = Object.fromEntries(Object.entries({ phone, accepts_marketing }).filter(([, v]) => v !== undefined));
    await this.parts.profiles.update(trx, id, profile);
  }

  /** Emits `customer.updated` with the customer as it is now (a default address moved, say). */
  async announce(trx: Knex.Transaction, id: number): Promise<void> {
    await this.parts.events.emit(trx, 'customer.updated', staffCustomerView(await this.require(trx, id)));
  }

  private async announceIfChanged(trx: Knex.Transaction, id: number, before: StaffCustomerView): Promise<void> {
    const after = staffCustomerView(await this.require(trx, id));
    const { last_login_at: _a, ...was } = before;
    const { last_login_at: _b, ...now } = after;
    if (JSON.stringify(was) !== JSON.stringify(now)) await this.parts.events.emit(trx, 'customer.updated', after);
  }

  private async record(db: Db, id: number): Promise<CustomerRecord | undefined> {
    const user = await this.parts.users.get(db, id);
    if (!user || user.kind !== 'customer') return undefined;
    const { password_hash: _, ...account } = user;
    return { account: account as Account, profile: await this.parts.profiles.find(db, id) };
  }

  private async require(db: Db, id: number): Promise<CustomerRecord> {
    const record = await this.record(db, id);
    if (!record) throw CustomerErrors.customerNotFound();
    return record;
  }
}
