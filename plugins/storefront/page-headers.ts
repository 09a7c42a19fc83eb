import type { FastifyReply } from 'fastify';

/**
 * The security headers of every storefront page. Scripts come only from the store itself (no inline
 * script: JSON-LD data blocks are not executed); styles may be inline (the theme's colour settings);
 * images may come from any HTTPS host (product photos on a CDN); forms post only to the store, and to
 * an HTTPS payment page a gateway redirects to.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' https: data:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self' https:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // A page carries per-visitor parts (cart count, form tokens): browsers revalidate, shared caches keep nothing.
  'cache-control': 'private, no-cache',
} as const;

export function pageHeaders(reply: FastifyReply): FastifyReply {
  return reply.headers(PAGE_HEADERS);
}
