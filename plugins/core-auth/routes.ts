import type { FastifyRequest } from 'fastify';
import type { PluginContext } from '../../kernel/plugin.ts';
import { notFound } from '../../kernel/http/errors.ts';
import { paginate } from '../../kernel/http/lists.ts';
import { clearSessionCookie, deviceToken, issueCsrfToken, noStore, sessionToken, setDeviceCookie, setSessionCookie } from './cookies.ts';
import { AuthErrors } from './errors.ts';
import * as S from './schemas.ts';
import type { AuthServices } from './services/index.ts';
import type { ClientInfo, Registration } from './services/login.ts';
import type { KeyMode } from './services/api-keys.ts';

function clientOf(request: FastifyRequest): ClientInfo {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : undefined, previousToken: sessionToken(request), deviceToken: deviceToken(request), cookies: { ...request.cookies } };
}

/** What a password reset request answers, whether or not the account exists. */
export const PASSWORD_RESET_ACCEPTED = 'If an account with this e-mail exists, a link to reset its password has been sent.';

/** The session endpoints: CSRF token, login, logout, registration, password reset, and who am I. */
export function registerAuthRoutes(ctx: PluginContext, services: AuthServices): void {
  const { users, sessions, login } = services;
  const tag = 'auth';

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/auth/csrf/',
    auth: 'public',
    tag,
    summary: 'Get a CSRF token (also set as the csrftoken cookie) for session requests.',
    description: 'Browsers using the session cookie send this token back as the X-CSRFToken header on every state change, and on login and registration. API-key callers need none.',
    schema: { response: { 200: S.csrfResponse } },
    handler: async (request, reply) => {
      noStore(reply);
      return { csrf_token: issueCsrfToken(request, reply) };
    },
  });

  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/auth/login/',
    auth: 'public',
    csrf: 'always',
    // Its own transaction: a failed attempt must stay counted by the throttle although the request fails.
    transaction: false,
    tag,
    summary: 'Log in with e-mail and password; sets the sessionid cookie (a new one each time).',
    description: 'Needs X-CSRFToken. Wrong credentials: 401 invalid_credentials. Too many failures (per account and address, per address, or account-wide for unknown clients): 429 rate_limited with Retry-After. Sets the trusted_device cookie.',
    schema: { body: S.loginBody, response: { 200: S.userResponse } },
    handler: async (request: FastifyRequest<{ Body: { email: string; password: string } }>, reply) => {
      const { user, session, deviceToken: device } = await login.login(request.body.email, request.body.password, clientOf(request));
      setSessionCookie(reply, session.token);
      setDeviceCookie(reply, device);
      noStore(reply);
      return { user: users.view(user) };
    },
  });

  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/auth/logout/',
    auth: 'authenticated',
    tag,
    summary: 'End the current session and delete the sessionid cookie.',
    description: 'With an API key there is no session: nothing happens.',
    schema: { response: { 204: { type: 'null' } } },
    handler: async (request, reply) => {
      const principal = request.principal;
      if (principal.kind === 'staff' || principal.kind === 'customer') await sessions.destroy(request.trx!, principal.sessionId);
      clearSessionCookie(reply);
      reply.code(204);
    },
  });

  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/auth/register/',
    auth: 'public',
    csrf: 'always',
    tag,
    summary: 'Register a customer account; the new customer is logged in.',
    description: 'Needs X-CSRFToken. A taken e-mail: 409 email_taken. Emits customer.created.',
    schema: { body: S.registerBody, response: { 201: S.userResponse } },
    handler: async (request: FastifyRequest<{ Body: Registration }>, reply) => {
      const { user, session } = await login.register(request.trx!, request.body, clientOf(request));
      setSessionCookie(reply, session.token);
      noStore(reply);
      reply.code(201);
      return { user: users.view(user) };
    },
  });

  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/auth/password-reset/',
    auth: 'public',
    csrf: 'always',
    tag,
    summary: 'Ask for a password reset link by e-mail.',
    description:
      'Needs X-CSRFToken. Always 202 with the same body, whether or not an account has this e-mail. For an active account, ' +
      'mails a link to BASE_URL/reset-password/?token=… (and the token) valid for one hour; a new request invalidates earlier ' +
      'tokens. At most 5 mails per account per hour; further requests are answered alike and send nothing.',
    schema: { body: S.passwordResetBody, response: { 202: S.passwordResetAccepted } },
    handler: async (request: FastifyRequest<{ Body: { email: string } }>, reply) => {
      await services.passwordResets.request(request.trx!, request.body.email);
      noStore(reply);
      reply.code(202);
      return { detail: PASSWORD_RESET_ACCEPTED };
    },
  });

  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/auth/password-reset/confirm/',
    auth: 'public',
    csrf: 'always',
    tag,
    summary: 'Set a new password with a reset token; every session of the account ends.',
    description: 'Needs X-CSRFToken. Password: 8–128 characters. An unknown, used or expired token: 400 invalid_token.',
    rules: { invalid_token: 'The token is unknown, used or expired.' },
    schema: { body: S.passwordResetConfirmBody, response: { 204: { type: 'null' } } },
    handler: async (request: FastifyRequest<{ Body: { token: string; password: string } }>, reply) => {
      await services.passwordResets.confirm(request.trx!, request.body.token, request.body.password);
      noStore(reply);
      reply.code(204);
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/auth/me/',
    auth: 'authenticated',
    tag,
    summary: 'The caller: a staff user, a customer or an API key.',
    description: 'Who the credentials sent belong to, and what kind of caller that is. Without credentials: 401.',
    schema: { response: { 200: S.meResponse } },
    handler: async (request, reply) => {
      noStore(reply);
      const p = request.principal;
      if (p.kind === 'api_key') return { kind: p.kind, id: p.id, name: p.name, mode: p.mode, scopes: p.scopes };
      if (p.kind === 'anonymous') throw new Error('unreachable: the route is authenticated');
      const user = await users.get(ctx.knex, p.id);
      if (!user) throw notFound();
      const { created_at: _, ...view } = users.view(user);
      return view;
    },
  });
}

/** The API key endpoints (staff only). */
export function registerApiKeyRoutes(ctx: PluginContext, services: AuthServices): void {
  const { apiKeys } = services;
  const tag = 'api-keys';

  ctx.routes.add({
    method: 'POST',
    path: '/api/v1/api-keys/',
    auth: 'staff',
    tag,
    summary: 'Create an API key; the key is shown in this response only.',
    description: 'Test keys may be created at any time; they authenticate only while the store is in test mode. A test key can create only test keys.',
    schema: { body: S.createApiKeyBody, response: { 201: S.apiKeyCreatedSchema } },
    secrets: ['key'],
    handler: async (request: FastifyRequest<{ Body: { name: string; mode: KeyMode; scopes?: string[] } }>, reply) => {
      const p = request.principal;
      const { name, mode, scopes } = request.body;
      if (p.kind === 'api_key' && p.mode === 'test' && mode !== 'test') throw AuthErrors.testKeyCannotCreateLive();
      const created = await apiKeys.create(request.trx!, { name: name.trim(), mode, scopes, createdBy: p.kind === 'staff' ? p.id : null });
      noStore(reply);
      reply.code(201);
      return { ...apiKeys.view(created.apiKey), key: created.key };
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/api-keys/',
    auth: 'staff',
    tag,
    summary: 'List API keys (never the keys themselves).',
    description: 'Staff only. Each key shows its name, mode (live or test), prefix and when it was last used; the secret itself is shown once, when the key is created.',
    schema: { querystring: S.apiKeyListQuery, response: { 200: S.apiKeyPage } },
    handler: async (request: FastifyRequest<{ Querystring: { mode?: KeyMode; revoked?: boolean } }>) => {
      const query = apiKeys.query(ctx.knex);
      const { mode, revoked } = request.query;
      if (mode) query.where('mode', mode);
      if (revoked === true) query.whereNotNull('revoked_at');
      if (revoked === false) query.whereNull('revoked_at');
      return paginate(request, ctx.config.baseUrl, query, S.apiKeyListSpec, (rows: any[]) => apiKeys.fromRows(rows).map((k) => apiKeys.view(k)));
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/api-keys/:id/',
    auth: 'staff',
    tag,
    summary: 'One API key (never the key itself).',
    description: 'Staff only. The key\'s name, mode, prefix and use; the secret is never shown again after creation.',
    schema: { params: S.idParams, response: { 200: S.apiKeySchema } },
    handler: async (request: FastifyRequest<{ Params: { id: number } }>) => {
      const apiKey = await apiKeys.get(ctx.knex, request.params.id);
      if (!apiKey) throw notFound('No API key with this id.');
      return apiKeys.view(apiKey);
    },
  });

  ctx.routes.add({
    method: 'DELETE',
    path: '/api/v1/api-keys/:id/',
    auth: 'staff',
    tag,
    summary: 'Revoke an API key: it stops working with the next request.',
    description: 'Idempotent: revoking a revoked key answers 204 again and keeps the first revoked_at.',
    schema: { params: S.idParams, response: { 204: { type: 'null' } } },
    handler: async (request: FastifyRequest<{ Params: { id: number } }>, reply) => {
      const revoked = await apiKeys.revoke(request.trx!, request.params.id);
      if (!revoked) throw notFound('No API key with this id.');
      reply.code(204);
    },
  });
}
