import type { Knex } from 'knex';
import type { EventBus } from '../../../kernel/events.ts';
import { AuthErrors } from '../errors.ts';
import type { AuthHooks } from '../hooks.ts';
import type { NewSession, SessionService } from './sessions.ts';
import type { LoginThrottle } from './throttle.ts';
import type { TrustedClients } from './trusted-clients.ts';
import type { User, UserService } from './users.ts';

/** Where a login comes from: the client address, its user agent and the session cookie it already had. */
export interface ClientInfo {
  ip: string;
  userAgent?: string;
  previousToken?: string;
  /** The device cookie, if the client holds one (a browser that logged in before). */
  deviceToken?: string;
  /** The cookies the client sent, passed on to `auth.loggedIn` taps. */
  cookies?: Readonly<Record<string, string | undefined>>;
}

export interface Registration {
  email: string;
  password: string;
  first_name?: string;
  last_name?: string;
}

interface Parts {
  knex: Knex;
  users: UserService;
  sessions: SessionService;
  throttle: LoginThrottle;
  trusted: TrustedClients;
  events: EventBus;
  hooks: AuthHooks;
}

/** Logging in and registering: the steps that open a session, with throttling and rotation. */
export class LoginService {
  constructor(private readonly parts: Parts) {}

  /**
   * Checks the credentials and opens a session in one transaction. Runs outside any request
   * transaction on purpose: a failed attempt must stay counted although the request fails. Answers
   * the device token to set as the device cookie (see TrustedClients).
   */
  async login(email: string, password: string, client: ClientInfo): Promise<{ user: User; session: NewSession; deviceToken: string }> {
    const { knex, users, throttle, trusted } = this.parts;
    throttle.guard(client.ip);
    const account = await users.findByEmail(knex, email);
    // An unknown e-mail costs the same query (no user has id 0), as it costs a password verification.
    const trust = await trusted.trustOf(knex, account?.id ?? 0, { ip: client.ip, deviceToken: client.deviceToken });
    const reservation = await throttle.reserve({ email, ip: client.ip, trust });
    const user = await users.verifyCredentials(knex, email, password);
    if (!user) throw AuthErrors.invalidCredentials();
    const opened = await knex.transaction(async (trx) => {
      await users.recordLogin(trx, user, password);
      const deviceToken = await trusted.remember(trx, user.id, { ip: client.ip, deviceToken: client.deviceToken });
      const session = await this.openSession(trx, user, client);
      return { user, session, deviceToken };
    });
    await throttle.succeeded(reservation);
    return opened;
  }

  /** Creates a customer account, emits `customer.created` and logs the customer in, all in `trx`. */
  async register(trx: Knex.Transaction, input: Registration, client: ClientInfo): Promise<{ user: User; session: NewSession }> {
    const { users, events } = this.parts;
    const user = await users.create(trx, { kind: 'customer', ...input });
    await events.emit(trx, 'customer.created', users.view(user));
    await users.recordLogin(trx, user, input.password);
    const session = await this.openSession(trx, user, client);
    return { user, session };
  }

  // Rotation: the session the client already had is deleted and a new one issued, so a session id
  // planted before login is worthless after it. `auth.loggedIn` taps run in the same transaction.
  private async openSession(trx: Knex.Transaction, user: User, client: ClientInfo): Promise<NewSession> {
    const { sessions, hooks } = this.parts;
    const previousSessionId = await sessions.idOfToken(trx, client.previousToken);
    if (previousSessionId) await sessions.destroy(trx, previousSessionId);
    const session = await sessions.create(trx, { userId: user.id, ip: client.ip, userAgent: client.userAgent });
    await hooks.loggedIn.promise({ trx, user, sessionId: session.id, previousSessionId, cookies: client.cookies ?? {} });
    return session;
  }
}
