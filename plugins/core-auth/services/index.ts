import { asValue } from 'awilix';
import type { PluginContext } from '../../../kernel/plugin.ts';
import type { Mailer } from '../../../kernel/mail/mailer.ts';
import type { AuthHooks } from '../hooks.ts';
import { ApiKeyService } from './api-keys.ts';
import { LoginService } from './login.ts';
import { PasswordHasher } from './passwords.ts';
import { PasswordResetService } from './password-resets.ts';
import { SessionService } from './sessions.ts';
import { LoginThrottle, DEFAULT_LIMITS } from './throttle.ts';
import { AddressThrottle } from './address-throttle.ts';
import { DbFailureLog, RedisFailureLog, type FailureLog } from './failure-log.ts';
import { TrustedClients } from './trusted-clients.ts';
import type { Redis } from 'ioredis';
import { UserService } from './users.ts';

/** Every core-auth service, as the routes, the CLI and the boot tap share them. */
export interface AuthServices {
  passwords: PasswordHasher;
  users: UserService;
  sessions: SessionService;
  apiKeys: ApiKeyService;
  throttle: LoginThrottle;
  /** Failed credentials per client address (API keys and logins). */
  addresses: AddressThrottle;
  failures: FailureLog;
  trusted: TrustedClients;
  login: LoginService;
  passwordResets: PasswordResetService;
}

/** The subset of core-store's settings core-auth reads. */
interface StoreSettingsReader {
  get(): { test_mode?: boolean };
}

/**
 * Builds the services and registers them in the container under the names other plugins resolve:
 * passwordHasher, userService, sessionService, apiKeyService, loginThrottle, credentialThrottle, loginService,
 * passwordResetService.
 */
export function createAuthServices(ctx: PluginContext, hooks: AuthHooks): AuthServices {
  const passwords = new PasswordHasher();
  const users = new UserService(ctx.clock, passwords);
  const sessions = new SessionService(ctx.clock);
  const apiKeys = new ApiKeyService(ctx.clock);
  const redis = ctx.container.resolve<Redis | undefined>('redis');
  const windowMs = DEFAULT_LIMITS.windowMs;
  // Counted where the kernel's rate limits are when Redis is configured; in the database otherwise.
  const failures: FailureLog = redis ? new RedisFailureLog(redis, ctx.clock, windowMs, ctx.logger) : new DbFailureLog(ctx.knex, ctx.clock, windowMs);
  const addresses = new AddressThrottle(failures, ctx.clock);
  const throttle = new LoginThrottle(failures, addresses);
  const trusted = new TrustedClients(ctx.clock);
  const login = new LoginService({ knex: ctx.knex, users, sessions, throttle, trusted, events: ctx.events, hooks });
  const passwordResets = new PasswordResetService({
    clock: ctx.clock,
    users,
    sessions,
    baseUrl: ctx.config.baseUrl,
    mailer: () => ctx.container.resolve<Mailer>('mailer'),
  });
  ctx.container.register({
    passwordHasher: asValue(passwords),
    userService: asValue(users),
    sessionService: asValue(sessions),
    apiKeyService: asValue(apiKeys),
    loginThrottle: asValue(throttle),
    credentialThrottle: asValue(addresses),
    loginService: asValue(login),
    passwordResetService: asValue(passwordResets),
  });
  return { passwords, users, sessions, apiKeys, throttle, addresses, failures, trusted, login, passwordResets };
}

/** Whether the store is in test mode, read from core-store at the moment of asking (never cached here). */
export function testModeReader(ctx: PluginContext): () => boolean {
  return () => ctx.container.resolve<StoreSettingsReader>('storeSettings').get().test_mode === true;
}
