import type { PageRoutes } from '../../page-routes.ts';
import type { PageResult } from '../../storefront.ts';
import type { Visit } from '../../visit.ts';
import { formAgain, signedIn, toLogin } from './forms.ts';
import { countries } from '../countries.ts';

const ADDRESS_FIELDS = ['first_name', 'last_name', 'company', 'address_line_1', 'address_line_2', 'city', 'state', 'postal_code', 'country', 'phone'] as const;
const ADDRESSES = '/api/v1/customers/me/addresses/';
const ID = /^\d{1,18}$/;

async function addressesPage(visit: Visit, extra: Record<string, unknown> = {}, status = 200): Promise<PageResult> {
  const res = await visit.call('GET', `${ADDRESSES}?page_size=100`);
  return {
    template: 'account/addresses',
    status,
    data: { addresses: res.status === 200 ? res.body.results : [], countries: countries(visit.lang), values: {}, errors: {}, notice: visit.takeFlash(), ...extra },
    seo: { noindex: true },
  };
}

function addressBody(form: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of ADDRESS_FIELDS) if (form[field]?.trim()) body[field] = form[field]!.trim();
  if (form.is_default_shipping) body.is_default_shipping = true;
  return body;
}

/** The account overview with the order history, one order, and the saved addresses. */
export function registerAccountOverviewPages(pages: PageRoutes): void {
  pages.add({
    path: '/account',
    summary: 'Storefront: the customer account with the order history',
    async handler(visit) {
      if (!signedIn(visit)) return toLogin(visit, '/account');
      const page = Number(visit.request.query?.page);
      const current = Number.isInteger(page) && page > 0 && page < 10_000 ? page : 1;
      const [me, orders] = await Promise.all([visit.call('GET', '/api/v1/customers/me/'), visit.call('GET', `/api/v1/orders/?page=${current}&page_size=20`)]);
      const list = orders.status === 200 ? orders.body : { results: [], count: 0, next: null, previous: null };
      return {
        template: 'account/overview',
        data: {
          profile: me.status === 200 ? me.body : null,
          orders: list.results,
          orders_page: { page: current, previous: list.previous ? `${visit.localize('/account')}?page=${current - 1}` : null, next: list.next ? `${visit.localize('/account')}?page=${current + 1}` : null },
          notice: visit.takeFlash(),
        },
        seo: { title: undefined, noindex: true },
      };
    },
  });

  pages.add({
    path: '/account/orders/:id',
    summary: 'Storefront: one of the customer\'s orders',
    async handler(visit) {
      const id = String(visit.request.params.id ?? '');
      if (!signedIn(visit)) return toLogin(visit, `/account/orders/${id}`);
      if (!ID.test(id)) return { template: '404', status: 404, seo: { noindex: true } };
      const res = await visit.call('GET', `/api/v1/orders/${id}/?expand=items`);
      if (res.status !== 200) return { template: '404', status: 404, seo: { noindex: true } };
      return { template: 'account/order', data: { order: res.body }, seo: { noindex: true } };
    },
  });

  pages.add({
    path: '/account/addresses',
    summary: 'Storefront: the customer\'s saved addresses',
    async handler(visit) {
      if (!signedIn(visit)) return toLogin(visit, '/account/addresses');
      return addressesPage(visit);
    },
  });

  pages.add({
    path: '/account/addresses',
    method: 'POST',
    summary: 'Storefront: add, change, delete or choose the default address (form)',
    async handler(visit) {
      if (!signedIn(visit)) return toLogin(visit, '/account/addresses');
      const form = visit.form();
      const here = visit.localize('/account/addresses');
      if (!visit.formTokenValid()) {
        visit.flash('error', 'errors.form_expired');
        return { redirect: here };
      }
      const id = ID.test(form.address_id ?? '') ? form.address_id : undefined;
      if (form.action === 'delete' && id) {
        const res = await visit.call('DELETE', `${ADDRESSES}${id}/`);
        visit.flash(res.status < 300 ? 'success' : 'error', res.status < 300 ? 'account.notice.address_deleted' : 'account.notice.address_failed');
        return { redirect: here };
      }
      if (form.action === 'default' && id) {
        const res = await visit.call('PATCH', `${ADDRESSES}${id}/`, { is_default_shipping: true });
        visit.flash(res.status < 300 ? 'success' : 'error', res.status < 300 ? 'account.notice.address_saved' : 'account.notice.address_failed');
        return { redirect: here };
      }
      const res = id ? await visit.call('PATCH', `${ADDRESSES}${id}/`, addressBody(form)) : await visit.call('POST', ADDRESSES, addressBody(form));
      if (res.status >= 300) {
        const again = formAgain('account/addresses', visit, form, res.body, 'account.notice.address_failed');
        const list = await addressesPage(visit, { ...('data' in again ? again.data : {}), editing: id ?? null }, 400);
        return list;
      }
      visit.flash('success', 'account.notice.address_saved');
      return { redirect: here };
    },
  });
}
