import { AuthErrors } from '../errors.ts';
import { addressKey, type AddressReservation, type AddressThrottle } from './address-throttle.ts';
import type { FailureLog } from './failure-log.ts';
import type { Trust } from './trusted-clients.ts';
import { normalizeEmail } from '../contracts.ts';

export interface ThrottleLimits {
  /** Failed logins to one account from one address within the window before that pair is locked. */
  perAccountAndAddress: number;
  /** Failed logins to one account from one trusted device (its cookie) before that device is locked. */
  perDevice: number;
  /** Failed logins to one account from anywhere before clients it does not know are held back. */
  accountCeiling: number;
  windowMs: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = { perAccountAndAddress: 5, perDevice: 5, accountCeiling: 50, windowMs: 15 * 60_000 };

const accountScope = (email: string) => `account:${normalizeEmail(email)}`.slice(0, 300);
const pairScope = (email: string, ip: string) => `account-${addressKey(ip)}:${normalizeEmail(email)}`.slice(0, 300);
const deviceScope = (trustedClientId: number) => `device:${trustedClientId}`;

/** One login attempt: the account asked for, the client address, and what the account knows of the client. */
export interface LoginAttempt {
  email: string;
  ip: string;
  /** What the account knows of the client; absent: nothing (counted as an unknown client). */
  trust?: Trust;
}

/** The failures an attempt counted before its password was checked. */
export interface Reservation {
  entries: Array<{ scope: string; id: string }>;
  address: AddressReservation;
  /** The scope a successful login clears: the account-and-address pair, or the device. */
  own: string;
}

/**
 * Brute-force protection for logins that an attacker cannot turn against the account's owner
 * (OWASP: lockout per address and account, device cookies). Within a 15-minute sliding window:
 * - 5 failures to an account from one address lock that pair, not the account: the right password
 *   from elsewhere still works;
 * - 20 failed credentials of any kind from one address block the address (AddressThrottle);
 * - a device that logged in to the account before (its cookie) is counted on its own, 5 failures;
 * - 50 failures to an account from anywhere hold back only clients the account does not know: a
 *   trusted device or an address it logged in from before still passes.
 * Each attempt is counted before its password is checked, so parallel guesses cannot slip past.
 */
export class LoginThrottle {
  constructor(
    private readonly log: FailureLog,
    private readonly addresses: AddressThrottle,
    readonly limits: ThrottleLimits = DEFAULT_LIMITS,
  ) {}

  /** A blocked address is refused before any account is looked up. */
  guard(ip: string): void {
    this.addresses.guard(ip);
  }

  /** Counts the attempt as a failure until `succeeded`; throws 429 with Retry-After when a limit is reached. */
  async reserve(attempt: LoginAttempt): Promise<Reservation> {
    const address = await this.addresses.reserve(attempt.ip);
    const account = accountScope(attempt.email);
    const trust = attempt.trust ?? { knownAddress: false };
    const own = trust.deviceId !== undefined ? deviceScope(trust.deviceId) : pairScope(attempt.email, attempt.ip);
    const ownLimit = trust.deviceId !== undefined ? this.limits.perDevice : this.limits.perAccountAndAddress;
    const known = trust.deviceId !== undefined || trust.knownAddress;
    const limits = new Map<string, number>([[own, ownLimit]]);
    if (!known) limits.set(account, this.limits.accountCeiling);
    const entries: Reservation['entries'] = [];
    let over: string | undefined;
    for (const scope of [own, account]) {
      const { id, count } = await this.log.add(scope);
      entries.push({ scope, id });
      if (count > (limits.get(scope) ?? Infinity)) over ??= scope;
    }
    if (over !== undefined) {
      for (const entry of entries) await this.log.remove(entry.scope, entry.id);
      await this.addresses.release(address);
      throw AuthErrors.loginThrottled((await this.log.waitFor(over, limits.get(over)!)) / 1000);
    }
    return { entries, address, own };
  }

  /**
   * A successful login: this attempt is no failure, and the pair's (or device's) earlier failures are
   * forgotten. The account-wide count stays: an attacker's spray must not be wiped by the owner's login.
   */
  async succeeded(reservation: Reservation): Promise<void> {
    for (const entry of reservation.entries) await this.log.remove(entry.scope, entry.id);
    await this.log.clear(reservation.own);
    await this.addresses.release(reservation.address);
  }
}
