import { isLoopbackHost, refusedHost } from './address-policy.ts';

export const MAX_URL_LENGTH = 2000;

/**
 * Checks an endpoint URL as written: an absolute https URL (plain http only to a loopback host, for
 * local development), no credentials in it (they would show in every listing), and not a refused host
 * or address. Returns the problem, or undefined. Host names are resolved and checked again at every
 * delivery, since DNS may answer differently later.
 */
export function urlProblem(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a valid absolute URL (https://…).';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Only https URLs are allowed.';
  if (!url.hostname) return 'Enter a valid absolute URL (https://…).';
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return 'Use https; plain http is allowed only for loopback hosts (localhost, 127.0.0.0/8, ::1).';
  }
  if (url.username || url.password) return 'Credentials in the URL are not allowed; authenticate deliveries by their signature.';
  const refused = refusedHost(url.hostname);
  if (refused) return `This address cannot receive webhooks: ${refused}.`;
  return undefined;
}
