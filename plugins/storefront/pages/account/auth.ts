import type { PageRoutes } from '../../page-routes.ts';
import { afterLogin, formAgain, signedIn } from './forms.ts';

/** Register, log in, log out, password reset: the auth API behind plain forms. */
export function registerAuthPages(pages: PageRoutes): void {
  pages.add({
    path: '/account/login',
    summary: 'Storefront: sign in',
    async handler(visit) {
      if (signedIn(visit)) return { redirect: afterLogin(visit, visit.request.query?.return_to) };
      return { template: 'account/login', data: { values: {}, errors: {}, return_to: afterLogin(visit, visit.request.query?.return_to), notice: visit.takeFlash() }, seo: { noindex: true } };
    },
  });

  pages.add({
    path: '/account/login',
    method: 'POST',
    summary: 'Storefront: sign in (form)',
    async handler(visit) {
      const form = visit.form();
      const returnTo = afterLogin(visit, form.return_to);
      if (!visit.formTokenValid()) return formAgain('account/login', visit, form, null, 'errors.form_expired', { return_to: returnTo });
      const res = await visit.call('POST', '/api/v1/auth/login/', { email: form.email ?? '', password: form.password ?? '' });
      if (res.status !== 200) return formAgain('account/login', visit, form, res.body, 'account.notice.login_failed', { return_to: returnTo });
      if (res.body?.user?.kind !== 'customer') {
        // A staff account signs in to the admin panel, not the shop: end the session at once.
        await visit.call('POST', '/api/v1/auth/logout/');
        return formAgain('account/login', visit, form, null, 'account.notice.staff_account', { return_to: returnTo });
      }
      return { redirect: returnTo };
    },
  });

  pages.add({
    path: '/account/register',
    summary: 'Storefront: create an account',
    async handler(visit) {
      if (signedIn(visit)) return { redirect: visit.localize('/account') };
      return { template: 'account/register', data: { values: {}, errors: {} }, seo: { noindex: true } };
    },
  });

  pages.add({
    path: '/account/register',
    method: 'POST',
    summary: 'Storefront: create an account (form)',
    async handler(visit) {
      const form = visit.form();
      if (!visit.formTokenValid()) return formAgain('account/register', visit, form, null, 'errors.form_expired');
      const body: Record<string, string> = { email: form.email ?? '', password: form.password ?? '' };
      if (form.first_name) body.first_name = form.first_name;
      if (form.last_name) body.last_name = form.last_name;
      const res = await visit.call('POST', '/api/v1/auth/register/', body);
      if (res.status !== 201 && res.status !== 200) return formAgain('account/register', visit, form, res.body, 'account.notice.register_failed');
      visit.flash('success', 'account.notice.registered');
      return { redirect: visit.localize('/account') };
    },
  });

  pages.add({
    path: '/account/logout',
    method: 'POST',
    summary: 'Storefront: sign out',
    async handler(visit) {
      if (visit.formTokenValid() && signedIn(visit)) await visit.call('POST', '/api/v1/auth/logout/');
      return { redirect: visit.localize('/') };
    },
  });

  pages.add({
    path: '/account/password-reset',
    summary: 'Storefront: ask for a password reset mail',
    async handler(visit) {
      return { template: 'account/password-reset', data: { values: {}, errors: {}, notice: visit.takeFlash() }, seo: { noindex: true } };
    },
  });

  pages.add({
    path: '/account/password-reset',
    method: 'POST',
    summary: 'Storefront: ask for a password reset mail (form)',
    async handler(visit) {
      const form = visit.form();
      if (!visit.formTokenValid()) return formAgain('account/password-reset', visit, form, null, 'errors.form_expired');
      const res = await visit.call('POST', '/api/v1/auth/password-reset/', { email: form.email ?? '' });
      if (res.status >= 400 && res.status !== 429) return formAgain('account/password-reset', visit, form, res.body, 'account.notice.reset_failed');
      // The same answer whether an account exists or not.
      visit.flash('success', 'account.notice.reset_sent');
      return { redirect: visit.localize('/account/password-reset') };
    },
  });

  // The reset mail links here (`/reset-password/?token=`).
  for (const path of ['/reset-password', '/account/password-reset/confirm']) {
    pages.add({
      path,
      summary: 'Storefront: choose a new password with the mailed token',
      async handler(visit) {
        const token = typeof visit.request.query?.token === 'string' ? visit.request.query.token : '';
        return { template: 'account/password-reset-confirm', data: { token, values: {}, errors: {} }, seo: { noindex: true } };
      },
    });
    pages.add({
      path,
      method: 'POST',
      summary: 'Storefront: choose a new password (form)',
      async handler(visit) {
        const form = visit.form();
        if (!visit.formTokenValid()) return formAgain('account/password-reset-confirm', visit, form, null, 'errors.form_expired', { token: form.token ?? '' });
        const res = await visit.call('POST', '/api/v1/auth/password-reset/confirm/', { token: form.token ?? '', password: form.password ?? '' });
        if (res.status >= 300) return formAgain('account/password-reset-confirm', visit, form, res.body, 'account.notice.reset_refused', { token: form.token ?? '' });
        visit.flash('success', 'account.notice.password_changed');
        return { redirect: visit.localize('/account/login') };
      },
    });
  }
}
