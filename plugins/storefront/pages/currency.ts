import type { PageDefinition } from '../page-routes.ts';
import { safeReturnPath } from '../visit.ts';

/** The currency switcher's form: remembers the choice and goes back to the page it came from. */
export const currencyPage: PageDefinition = {
  path: '/currency',
  method: 'POST',
  summary: 'Storefront: choose the currency prices are shown in',
  async handler(visit) {
    const form = (visit.request.body ?? {}) as Record<string, unknown>;
    const back = safeReturnPath(form.return_to, visit.localize('/'));
    if (!visit.formTokenValid()) return { redirect: back };
    const code = String(form.currency ?? '').toUpperCase();
    if (visit.locale.currencies.includes(code)) visit.rememberCurrency(code);
    return { redirect: back };
  },
};
