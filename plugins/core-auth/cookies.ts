import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, newCsrfToken } from '../../kernel/http/csrf.ts';
import { SESSION_COOKIE } from './services/authenticate.ts';
import { DEVICE_COOKIE, TRUST_DAYS } from './services/trusted-clients.ts';

const CSRF_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const YEAR_SECONDS = 365 * 24 * 3600;

// The session cookie carries no Max-Age: the server's sliding 14-day expiry decides how long it is
// good for, and the browser drops it at the end of its session. HttpOnly keeps it from scripts.
const SESSION_OPTIONS = { path: '/', httpOnly: true, secure: true, sameSite: 'lax' } as const;

/** Sets the `sessionid` cookie (HttpOnly, Secure, SameSite=Lax). */
export function setSessionCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, SESSION_OPTIONS);
}

/** Deletes the `sessionid` cookie in the browser. */
export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, SESSION_OPTIONS);
}

// The device cookie is sent only to the auth routes (the login reads it) and outlives sessions: it
// names a browser that logged in before, which login throttling trusts (TrustedClients).
const DEVICE_OPTIONS = { path: '/api/v1/auth/', httpOnly: true, secure: true, sameSite: 'lax', maxAge: TRUST_DAYS * 86_400 } as const;

/** Sets the device cookie after a successful login. */
export function setDeviceCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(DEVICE_COOKIE, token, DEVICE_OPTIONS);
}

/** The device token the client sent, if any. */
export function deviceToken(request: FastifyRequest): string | undefined {
  return request.cookies?.[DEVICE_COOKIE] || undefined;
}

/** The session token the client sent, if any (to rotate it at login). */
export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies?.[SESSION_COOKIE] || undefined;
}

/**
 * Issues the double-submit CSRF token: readable by scripts (not HttpOnly) so a browser app can copy it
 * into X-CSRFToken. A well-formed token the client already holds is kept, so that two tabs agree.
 */
export function issueCsrfToken(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies?.[CSRF_COOKIE];
  const token = existing && CSRF_SHAPE.test(existing) ? existing : newCsrfToken();
  reply.setCookie(CSRF_COOKIE, token, { path: '/', httpOnly: false, secure: true, sameSite: 'lax', maxAge: YEAR_SECONDS });
  return token;
}

/** Auth responses carry credentials or who the caller is: never cached. */
export function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}
