import type { OutboundGuard } from '../../../kernel/net/outbound.ts';

export const MAX_URL_LENGTH = 2000;

/**
 * Checks an endpoint URL as written: an absolute URL without credentials (they would show in every
 * listing; deliveries authenticate by their signature) that the kernel's outbound guard accepts (https,
 * no refused or, unless allowed, private address literal, no metadata host). Returns the problem, or
 * undefined. Host names are resolved and checked at every delivery, since DNS may answer differently
 * later (and a name may not resolve yet when the endpoint is saved).
 */
export function urlProblem(raw: string, guard: OutboundGuard): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a valid absolute URL (https://…).';
  }
  if (url.username || url.password) return 'Credentials in the URL are not allowed; authenticate deliveries by their signature.';
  const refused = guard.urlProblem(url);
  if (refused) return `This URL cannot receive webhooks: ${refused}.`;
  return undefined;
}
