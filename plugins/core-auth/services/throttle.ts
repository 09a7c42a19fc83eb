import type { Clock } from '../../../kernel/clock.ts';
import { toDate } from '../../../kernel/db/dialect.ts';
import { AuthErrors } from '../errors.ts';
import { normalizeEmail, type Db } from './users.ts';

export interface ThrottleLimits {
  /** Failed logins for one account within the window before it is locked. */
  perAccount: number;
  /** Failed logins from one address within the window before it is locked. */
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 };

const accountScope = (email: string) => `account:${normalizeEmail(email)}`.slice(0, 300);
const addressScope = (ip: string) => `ip:${ip}`.slice(0, 300);

/** The rows an attempt wrote before its password was checked. */
export interface Reservation {
  accountRow: number;
  addressRow: number;
}

/**
 * Brute-force protection for logins: failures are rows counted over a sliding window, per account and
 * per client address, in the database so that every instance agrees. A locked account refuses even the
 * right password until the window has moved on; a successful login clears the account's failures.
 */
export class LoginThrottle {
  constructor(
    private readonly clock: Clock,
    readonly limits: ThrottleLimits = DEFAULT_LIMITS,
  ) {}

  /** Throws 429 `rate_limited` with Retry-After when the account or the address is locked. */
  async check(db: Db, attempt: { email: string; ip: string }): Promise<void> {
    const waits = await Promise.all([
      this.waitFor(db, accountScope(attempt.email), this.limits.perAccount),
      this.waitFor(db, addressScope(attempt.ip), this.limits.perAddress),
    ]);
    const wait = Math.max(...waits);
    if (wait > 0) throw AuthErrors.loginThrottled(wait / 1000);
  }

  /**
   * Counts an attempt before its password is checked, so that parallel guesses cannot all slip past
   * `check`: each attempt's rows are numbered by id, and an attempt beyond the limit is withdrawn and
   * refused. The rows stay as failures unless `succeeded` is called.
   */
  async reserve(db: Db, attempt: { email: string; ip: string }): Promise<Reservation> {
    await this.check(db, attempt);
    const now = this.clock.now();
    const account = accountScope(attempt.email);
    const address = addressScope(attempt.ip);
    const [accountRow] = await db('login_failures').insert({ scope: account, created_at: now });
    const [addressRow] = await db('login_failures').insert({ scope: address, created_at: now });
    const reservation = { accountRow: Number(accountRow), addressRow: Number(addressRow) };
    const over =
      (await this.countUpTo(db, account, reservation.accountRow)) > this.limits.perAccount ||
      (await this.countUpTo(db, address, reservation.addressRow)) > this.limits.perAddress;
    if (over) {
      await db('login_failures').whereIn('id', [reservation.accountRow, reservation.addressRow]).delete();
      await this.check(db, attempt);
      throw AuthErrors.loginThrottled(1);
    }
    return reservation;
  }

  /** A successful login: the account's failures are forgotten and this attempt no longer counts. */
  async succeeded(db: Db, email: string, reservation: Reservation): Promise<void> {
    await db('login_failures').where({ scope: accountScope(email) }).orWhere({ id: reservation.addressRow }).delete();
  }

  /** Deletes failures that have left the window (a recurring job). */
  async purge(db: Db): Promise<number> {
    return db('login_failures').where('created_at', '<=', new Date(this.clock.now().getTime() - this.limits.windowMs)).delete();
  }

  private async countUpTo(db: Db, scope: string, id: number): Promise<number> {
    const since = new Date(this.clock.now().getTime() - this.limits.windowMs);
    const [{ count }] = await db('login_failures').where({ scope }).andWhere('created_at', '>', since).andWhere('id', '<=', id).count({ count: '*' });
    return Number(count);
  }

  // Milliseconds until fewer than `limit` failures remain in the window (0: not locked). That moment is
  // when the limit-th most recent failure leaves the window.
  private async waitFor(db: Db, scope: string, limit: number): Promise<number> {
    const now = this.clock.now().getTime();
    const rows = await db('login_failures')
      .where({ scope })
      .andWhere('created_at', '>', new Date(now - this.limits.windowMs))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(limit - 1)
      .limit(1)
      .select('created_at');
    if (rows.length === 0) return 0;
    return Math.max(1000, toDate(rows[0].created_at)!.getTime() + this.limits.windowMs - now);
  }
}
