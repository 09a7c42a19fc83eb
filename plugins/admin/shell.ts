import { escapeHtml } from '../../kernel/http/html.ts';
import type { AdminBundle } from './bundle.ts';

/**
 * The panel's only scripts and styles are the bundle's files (no inline script or style), so the
 * policy needs no 'unsafe-inline'; the panel talks only to this store's API and is never framed.
 */
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' https: data:",
  "connect-src 'self'",
  "font-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

export const SHELL_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': ADMIN_CSP,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'cache-control': 'no-cache',
} as const;

/** The page every panel URL answers with; the bundle routes on the client. */
export function shellHtml(bundle: AdminBundle, storeName: string): string {
  const title = escapeHtml(`${storeName} · Admin`);
  const style = bundle.style ? `<link rel="stylesheet" href="/admin/assets/${bundle.style}">` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
${style}
<script type="module" src="/admin/assets/${bundle.script}"></script>
</head>
<body>
<div id="app"><p class="boot">Loading the admin panel…</p></div>
<noscript><p>The admin panel needs JavaScript. Everything it does can also be done through the REST API at /api/v1/.</p></noscript>
</body>
</html>
`;
}
