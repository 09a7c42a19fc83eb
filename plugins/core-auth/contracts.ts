/**
 * The published types of core-auth: its container services as other plugins call them (core-customers'
 * accounts use `userService`, `sessionService`, `passwordHasher` and `loginThrottle`), and how an
 * e-mail address is compared. Other plugins import these and nothing else of core-auth.
 */
export type { PasswordHasher } from './services/passwords.ts';
export type { SessionService } from './services/sessions.ts';
export type { LoginThrottle } from './services/throttle.ts';
export type { Account, UserService } from './services/users.ts';

/** An e-mail address as accounts are stored and looked up under: trimmed, lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The lengths a password may have (core-customers' registration schema states them too). */
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './services/passwords.ts';
