import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { randomToken } from '../crypto/random-token.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';

function equal(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** A fresh token for `GET /api/v1/auth/csrf/` (double-submit: cookie and header must match). */
export function newCsrfToken(): string {
  return randomToken();
}

/**
 * Double-submit CSRF check: a state-changing request made with a session cookie (or to a route that
 * creates a session) must carry X-CSRFToken equal to the csrftoken cookie. Token-authenticated
 * requests are not exposed to CSRF and need none.
 */
export function checkCsrf(request: FastifyRequest, mode: 'session' | 'always' | 'none'): void {
  if (mode === 'none' || SAFE_METHODS.has(request.method)) return;
  const principal = request.principal;
  const viaSession = principal.kind === 'staff' || principal.kind === 'customer';
  if (!viaSession && !(mode === 'always' && principal.kind === 'anonymous')) return;
  const cookie = request.cookies?.[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !equal(cookie, header)) {
    throw new AppError(403, 'csrf_failed', 'CSRF check failed: send the X-CSRFToken header with the token from GET /api/v1/auth/csrf/.');
  }
}
