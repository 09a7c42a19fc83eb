import type { PageResult } from '../../storefront.ts';
import { safeReturnPath, type Visit } from '../../visit.ts';

/** Whether the visitor is a signed-in customer (staff sessions are not shoppers). */
export function signedIn(visit: Visit): boolean {
  return visit.request.principal.kind === 'customer';
}

/** The sign-in page, coming back to `path` afterwards. */
export function toLogin(visit: Visit, path: string): PageResult {
  return { redirect: `${visit.localize('/account/login')}?return_to=${encodeURIComponent(visit.localize(path))}` };
}

/** The field errors of an API refusal as one message per field (`shipping_address.city` → `city`). */
export function fieldErrors(body: any): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries((body?.errors ?? {}) as Record<string, string[]>)) {
    out[field.replace(/^[a-z_]+_address\./, '')] = Array.isArray(messages) ? messages.join(' ') : String(messages);
  }
  return out;
}

/** Where to go after signing in: the page asked for, if it is on this store, else the account. */
export function afterLogin(visit: Visit, value: unknown): string {
  return safeReturnPath(value, visit.localize('/account'));
}

/** A form page shown again after a refusal: the typed values (never a password) and the API's messages. */
export function formAgain(template: string, visit: Visit, values: Record<string, string>, body: any, key: string, extra: Record<string, unknown> = {}): PageResult {
  const kept = Object.fromEntries(Object.entries(values).filter(([k]) => !/password|csrf_token/.test(k)));
  return {
    template,
    status: 400,
    data: { values: kept, errors: fieldErrors(body), notice: { kind: 'error', key, text: typeof body?.detail === 'string' ? body.detail : null }, ...extra },
    seo: { noindex: true },
  };
}
