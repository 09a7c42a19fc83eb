import { AsyncSeriesHook } from 'tapable';
import type { Knex } from 'knex';
import type { User } from './services/users.ts';

/** What `auth.loggedIn` taps receive. */
export interface LoggedInEvent {
  /** The login's (or registration's) transaction: work done here commits or rolls back with it. */
  trx: Knex.Transaction;
  user: User;
  /** The new session's id. */
  sessionId: string;
  /** The session the client's cookie named before this login (now deleted), or null. */
  previousSessionId: string | null;
  /** The cookies the client sent with the login or registration (a guest cart's `cart_id`, say). */
  cookies: Readonly<Record<string, string | undefined>>;
}

/** Hooks core-auth offers to later plugins. */
export interface AuthHooks {
  /** After a login or registration opened a session, inside its transaction (a guest cart merges here). */
  loggedIn: AsyncSeriesHook<[LoggedInEvent]>;
}

declare module '../../kernel/hooks.ts' {
  interface HookSets {
    auth: AuthHooks;
  }
}

export function createAuthHooks(): AuthHooks {
  return { loggedIn: new AsyncSeriesHook<[LoggedInEvent]>(['event']) };
}
