import type { Knex } from 'knex';
import { normalizeEmail, type LoginThrottle, type PasswordHasher, type SessionService, type UserService } from '../../core-auth/contracts.ts';
import { CustomerErrors } from '../errors.ts';
import { checkProfile, type CustomerService, type ProfileChanges } from './customers.ts';
import type { CustomerView } from './records.ts';

/** A customer's own changes (`PATCH /customers/me/`): profile fields, and e-mail or password with the current one. */
export interface OwnChanges extends Omit<ProfileChanges, 'is_active'> {
  email?: string;
  current_password?: string;
  new_password?: string;
}

/** The customer making the change, from their session. */
export interface Caller {
  id: number;
  email: string;
  sessionId: string;
  ip: string;
}

interface Parts {
  knex: Knex;
  customers: CustomerService;
  users: UserService;
  sessions: SessionService;
  passwords: PasswordHasher;
  throttle: LoginThrottle;
}

/**
 * What customers change about their own account. A new e-mail or password needs the current
 * password, checked like a login attempt: a wrong one counts against the account in core-auth's login
 * throttle (5 failures in 15 minutes lock it, 429), so a stolen session cannot guess the password.
 */
export class OwnAccountService {
  constructor(private readonly parts: Parts) {}

  /**
   * Applies the changes in one transaction of its own (after the password check, whose failure must
   * stay counted) and emits `customer.updated` when the customer changed. A new password ends every
   * other session of the customer; the caller's stays.
   */
  async update(caller: Caller, input: OwnChanges): Promise<CustomerView> {
    const { knex, customers, users, sessions } = this.parts;
    const { email, current_password, new_password, ...fields } = input;
    const changes = checkProfile(fields);
    const newEmail = email !== undefined && normalizeEmail(email) !== normalizeEmail(caller.email) ? email : undefined;
    if (newEmail !== undefined || new_password !== undefined) {
      const what = [newEmail !== undefined && 'e-mail', new_password !== undefined && 'password'].filter(Boolean).join(' and ');
      if (current_password === undefined) throw CustomerErrors.currentPasswordRequired(what);
      await this.checkPassword(caller, current_password);
    }
    return knex.transaction(async (trx) => {
      await customers.change(trx, caller.id, async () => {
        if (newEmail !== undefined) await users.changeEmail(trx, caller.id, newEmail);
        if (new_password !== undefined) {
          await users.setPassword(trx, caller.id, new_password);
          await sessions.destroyOthersForUser(trx, caller.id, caller.sessionId);
        }
        await customers.apply(trx, caller.id, changes);
      });
      return customers.own(trx, caller.id);
    });
  }

  // Counted before it is checked (as a login is), outside any transaction so that a failure stays counted.
  private async checkPassword(caller: Caller, password: string): Promise<void> {
    const { knex, users, passwords, throttle } = this.parts;
    const attempt = { email: caller.email, ip: caller.ip };
    const reservation = await throttle.reserve(attempt);
    const user = await users.get(knex, caller.id);
    if (!user || !(await passwords.verify(password, user.password_hash))) throw CustomerErrors.wrongPassword();
    await throttle.succeeded(reservation);
  }
}
