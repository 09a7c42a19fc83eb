import type { Knex } from 'knex';
import type { Clock } from '../../../kernel/clock.ts';
import { forceIndex, isDuplicateKey, toBool, toDate, toIso } from '../../../kernel/db/dialect.ts';
import { AuthErrors } from '../errors.ts';
import type { PasswordHasher } from './passwords.ts';
import { normalizeEmail } from '../contracts.ts';

export type Db = Knex | Knex.Transaction;
export type UserKind = 'staff' | 'customer';
export type StaffRole = 'owner' | 'staff';

/** A row of `users` as the services pass it around (never serialised as is: it holds the hash). */
export interface User {
  id: number;
  kind: UserKind;
  role: StaffRole | null;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  is_active: boolean;
  last_login_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A user as the API shows it: no hash; `role` only for staff. */
export interface UserView {
  id: number;
  email: string;
  kind: UserKind;
  role?: StaffRole;
  first_name: string;
  last_name: string;
  created_at: string;
}

/** An account without its password hash: what lists (`query` + `accountsFromRows`) hand out. */
export type Account = Omit<User, 'password_hash'>;

/** Filters of an account list. */
export interface AccountFilters {
  kind?: UserKind;
  /** Words matched (case-insensitively, as substrings) against e-mail, first and last name; every word must match. */
  search?: string;
  is_active?: boolean;
}

// Every column but the hash: a list query never carries it.
const ACCOUNT_COLUMNS = ['id', 'kind', 'role', 'email', 'first_name', 'last_name', 'is_active', 'last_login_at', 'created_at', 'updated_at'];

export interface NewUser {
  kind: UserKind;
  email: string;
  password: string;
  role?: StaffRole;
  first_name?: string;
  last_name?: string;
}

function fromRow(row: any): User {
  return { ...accountFromRow(row), password_hash: row.password_hash };
}

function accountFromRow(row: any): Account {
  return {
    id: Number(row.id),
    kind: row.kind,
    role: row.role ?? null,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    is_active: toBool(row.is_active),
    last_login_at: toDate(row.last_login_at),
    created_at: toDate(row.created_at)!,
    updated_at: toDate(row.updated_at)!,
  };
}

// The indexes of accounts by kind and one ordering field (migrations 001 and 007).
const KIND_ORDERING_INDEXES: Record<string, string> = {
  created_at: 'users_kind_created_idx',
  email: 'users_kind_email_idx',
  last_name: 'users_kind_last_name_idx',
};

/** Staff and customer accounts; every method takes the caller's transaction (or the knex) first. */
export class UserService {
  constructor(
    private readonly clock: Clock,
    private readonly passwords: PasswordHasher,
  ) {}

  /** The account with this id, or undefined; other plugins use it to show who did what. */
  async get(db: Db, id: number): Promise<User | undefined> {
    const row = await db('users').where({ id }).first();
    return row ? fromRow(row) : undefined;
  }

  /** The account with this e-mail (any case), or undefined. */
  async findByEmail(db: Db, email: string): Promise<User | undefined> {
    const row = await db('users').where({ email: normalizeEmail(email) }).first();
    return row ? fromRow(row) : undefined;
  }

  /**
   * The base query of an account list, without the hash; the kernel's `paginate` adds paging, ordering
   * (`created_at`, `email`, `last_name`, … are the column names) and `created_at` bounds. Map the rows
   * with `accountsFromRows`.
   */
  query(db: Db, filters: AccountFilters = {}): Knex.QueryBuilder {
    const query = db('users').select(ACCOUNT_COLUMNS);
    if (filters.kind) query.where('kind', filters.kind);
    if (filters.is_active !== undefined) query.where('is_active', filters.is_active ? 1 : 0);
    for (const word of (filters.search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 10)) {
      const pattern = likePattern(word.toLowerCase());
      query.where((q) =>
        q
          .whereRaw("email like ? escape '!'", [pattern])
          .orWhereRaw("lower(first_name) like ? escape '!'", [pattern])
          .orWhereRaw("lower(last_name) like ? escape '!'", [pattern]),
      );
    }
    return query;
  }

  /**
   * Names, on MariaDB, the index a page of accounts of one kind is read from after a position (keyset),
   * for an ordering by one field: left to itself MariaDB walked every account of the kind from the first
   * (48 ms at page 1,500 of 100,000 customers, against 15 for the first page). `field`: the one field
   * the list is ordered by (`orderingField`); nothing for an ordering by several.
   */
  readAfterFromIndex(db: Db, page: Knex.QueryBuilder, field: string | undefined): void {
    const index = field ? KIND_ORDERING_INDEXES[field] : undefined;
    if (index) forceIndex(db, page, 'users', index);
  }

  /** The rows of a `query` as accounts. */
  accountsFromRows(rows: any[]): Account[] {
    return rows.map(accountFromRow);
  }

  /** Whether any staff account exists (the owner bootstrap asks this at start). */
  async hasStaff(db: Db): Promise<boolean> {
    return Boolean(await db('users').where({ kind: 'staff' }).first('id'));
  }

  /** Creates an account; a taken e-mail is a 409 `email_taken` (checked first, and by the unique index). */
  async create(db: Db, input: NewUser): Promise<User> {
    const email = normalizeEmail(input.email);
    if (await db('users').where({ email }).first('id')) throw AuthErrors.emailTaken();
    const now = this.clock.now();
    const row = {
      kind: input.kind,
      role: input.kind === 'staff' ? (input.role ?? 'staff') : null,
      email,
      password_hash: await this.passwords.hash(input.password),
      first_name: input.first_name ?? '',
      last_name: input.last_name ?? '',
      is_active: true,
      created_at: now,
      updated_at: now,
    };
    try {
      const [id] = await db('users').insert(row);
      return fromRow({ ...row, id: Number(id) });
    } catch (err) {
      if (isDuplicateKey(err)) throw AuthErrors.emailTaken();
      throw err;
    }
  }

  /**
   * Gives an account another e-mail (normalised like at registration). One in use by any other account
   * is a 409 `email_taken`, checked first and by the unique index; the account's own e-mail is a no-op.
   */
  async changeEmail(db: Db, id: number, email: string): Promise<void> {
    const normalized = normalizeEmail(email);
    const holder = await db('users').where({ email: normalized }).first('id');
    if (holder && Number(holder.id) !== id) throw AuthErrors.emailTaken();
    if (holder) return;
    try {
      await db('users').where({ id }).update({ email: normalized, updated_at: this.clock.now() });
    } catch (err) {
      if (isDuplicateKey(err)) throw AuthErrors.emailTaken();
      throw err;
    }
  }

  /** Checks an e-mail and password; unknown e-mails cost one hash too. Inactive accounts never verify. */
  async verifyCredentials(db: Db, email: string, password: string): Promise<User | undefined> {
    const user = await this.findByEmail(db, email);
    if (!user) return this.passwords.verifyNothing(password).then(() => undefined);
    const ok = await this.passwords.verify(password, user.password_hash);
    return ok && user.is_active ? user : undefined;
  }

  /** Replaces an account's password (owner bootstrap, rehash after a cost change). */
  async setPassword(db: Db, id: number, password: string): Promise<void> {
    const password_hash = await this.passwords.hash(password);
    await db('users').where({ id }).update({ password_hash, updated_at: this.clock.now() });
  }

  /** Updates fields of an account: role and activity (owner bootstrap), names and activity (customers). */
  async update(db: Db, id: number, fields: Partial<Pick<User, 'role' | 'is_active' | 'first_name' | 'last_name'>>): Promise<void> {
    await db('users').where({ id }).update({ ...fields, updated_at: this.clock.now() });
  }

  /** Records a successful login, rehashing the password when its hash has outdated parameters. */
  async recordLogin(db: Db, user: User, password: string): Promise<void> {
    const now = this.clock.now();
    const fields: Record<string, unknown> = { last_login_at: now };
    if (this.passwords.needsRehash(user.password_hash)) {
      fields.password_hash = await this.passwords.hash(password);
      fields.updated_at = now;
    }
    await db('users').where({ id: user.id }).update(fields);
  }

  /** The API's view of an account (login, register, `customer.created`). */
  view(user: User): UserView {
    return {
      id: user.id,
      email: user.email,
      kind: user.kind,
      ...(user.kind === 'staff' && user.role ? { role: user.role } : {}),
      first_name: user.first_name,
      last_name: user.last_name,
      created_at: toIso(user.created_at)!,
    };
  }
}

// `%` and `_` in a search are meant literally; `!` escapes them the same way on MySQL and SQLite.
function likePattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

