export { escapeHtml } from '../../../kernel/http/html.ts';

/** The headers of every page core-checkout serves: no scripts, no framing, nothing cached. */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' https:",
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
} as const;

/**
 * Text as one sentence: trimmed, ending in exactly one full stop unless it already ends in `.`, `!`
 * or `?`. Messages from gateways and services are joined into shopper notices through it, so a
 * message that brings its own full stop is not followed by a second one.
 */
export function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
