import { asValue } from 'awilix';
import type { PluginContext } from '../../../kernel/plugin.ts';
import type { Mailer } from '../../../kernel/mail/mailer.ts';
import type { AuthHooks } from '../hooks.ts';
import { ApiKeyService } from './api-keys.ts';
import { LoginService } from './login.ts';
import { PasswordHasher } from './passwords.ts';
import { PasswordResetService } from './password-resets.ts';
import { SessionService } from './sessions.ts';
import { LoginThrottle } from './throttle.ts';
import { UserService } from './users.ts';

/** Every core-auth service, as the routes, the CLI and the boot tap share them. */
export interface AuthServices {
  passwords: PasswordHasher;
  users: UserService;
  sessions: SessionService;
  apiKeys: ApiKeyService;
  throttle: LoginThrottle;
  login: LoginService;
  passwordResets: PasswordResetService;
}

/** The subset of core-store's settings core-auth reads. */
interface StoreSettingsReader {
  get(): { test_mode?: boolean };
}

/**
 * Builds the services and registers them in the container under the names other plugins resolve:
 * passwordHasher, userService, sessionService, apiKeyService, loginThrottle, loginService, passwordResetService.
 */
export function createAuthServices(ctx: PluginContext, hooks: AuthHooks): AuthServices {
  const passwords = new PasswordHasher();
  const users = new UserService(ctx.clock, passwords);
  const sessions = new SessionService(ctx.clock);
  const apiKeys = new ApiKeyService(ctx.clock);
  const throttle = new LoginThrottle(ctx.clock);
  const login = new LoginService({ knex: ctx.knex, users, sessions, throttle, events: ctx.events, hooks });
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
    loginService: asValue(login),
    passwordResetService: asValue(passwordResets),
  });
  return { passwords, users, sessions, apiKeys, throttle, login, passwordResets };
}

/** Whether the store is in test mode, read from core-store at the moment of asking (never cached here). */
export function testModeReader(ctx: PluginContext): () => boolean {
  return () => ctx.container.resolve<StoreSettingsReader>('storeSettings').get().test_mode === true;
}
