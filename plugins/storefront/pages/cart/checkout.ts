import type { PageRoutes } from '../../page-routes.ts';
import type { PageResult } from '../../storefront.ts';
import type { Visit } from '../../visit.ts';
import { refusal, sessionCart } from './session-cart.ts';
import { countries } from '../countries.ts';

const CHECKOUT_COOKIE = 'checkout_id';
const ADDRESS_FIELDS = ['first_name', 'last_name', 'company', 'address_line_1', 'address_line_2', 'city', 'state', 'postal_code', 'country', 'phone'] as const;
const UUID = /^[0-9a-f-]{36}$/i;
/** The visitor's open checkout of this cart, if the cookie names one. */
async function currentCheckout(visit: Visit, cart: any): Promise<any | null> {
  const id = visit.request.cookies?.[CHECKOUT_COOKIE];
  if (!id || !UUID.test(id)) return null;
  const res = await visit.call('GET', `/api/v1/checkout/${id}/`);
  if (res.status !== 200 || res.body.status !== 'open' || res.body.order || res.body.cart_id !== cart.id) return null;
  return res.body;
}

function rememberCheckout(visit: Visit, id: string): void {
  visit.reply.setCookie(CHECKOUT_COOKIE, id, { path: '/', httpOnly: true, secure: true, sameSite: 'lax', maxAge: 86_400 });
}

/** The field errors of an API refusal, keyed like the form's fields (`shipping_address.city` → `city`). */
function fieldErrors(body: any): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries((body?.errors ?? {}) as Record<string, string[]>)) {
    const name = field.replace(/^shipping_address\./, '');
    out[name] = Array.isArray(messages) ? messages.join(' ') : String(messages);
  }
  return out;
}

function contactStep(visit: Visit, cart: any, values: Record<string, string>, errors: Record<string, string> = {}, notice: unknown = null): PageResult {
  return {
    template: 'checkout',
    status: Object.keys(errors).length ? 400 : 200,
    data: { step: 'contact', cart, values, errors, countries: countries(visit.lang), notice },
    seo: { noindex: true },
  };
}

function valuesOf(checkout: any | null): Record<string, string> {
  const address = checkout?.shipping_address ?? {};
  const values: Record<string, string> = { email: checkout?.email ?? '' };
  for (const field of ADDRESS_FIELDS) values[field] = address[field] ?? '';
  return values;
}

/** Checkout in steps (contact and address, shipping, payment), each a plain form. */
export function registerCheckoutPages(pages: PageRoutes): void {
  pages.add({
    path: '/checkout',
    summary: 'Storefront: checkout',
    async handler(visit) {
      const cart = await sessionCart(visit);
      if (!cart || cart.items.length === 0) return { redirect: visit.localize('/cart') };
      const checkout = await currentCheckout(visit, cart);
      const notice = visit.takeFlash();
      if (!checkout || visit.request.query?.step === 'contact') {
        const values = valuesOf(checkout);
        if (!values.email && visit.request.principal.kind === 'customer') {
          const me = await visit.call('GET', '/api/v1/auth/me/');
          if (me.status === 200) values.email = me.body.user?.email ?? me.body.email ?? '';
        }
        return contactStep(visit, cart, values, {}, notice);
      }
      if (!checkout.shipping_method || visit.request.query?.step === 'shipping') {
        return { template: 'checkout', data: { step: 'shipping', cart, checkout, notice }, seo: { noindex: true } };
      }
      const methods = await visit.call('GET', `/api/v1/checkout/${checkout.id}/payment-methods/`);
      return {
        template: 'checkout',
        data: { step: 'payment', cart, checkout, payment_methods: methods.status === 200 ? methods.body.results : [], notice },
        seo: { noindex: true },
      };
    },
  });

  pages.add({
    path: '/checkout',
    method: 'POST',
    summary: 'Storefront: a checkout step\'s form',
    async handler(visit) {
      const here = visit.localize('/checkout');
      if (!visit.formTokenValid()) {
        visit.flash('error', 'errors.form_expired');
        return { redirect: here };
      }
      const cart = await sessionCart(visit);
      if (!cart || cart.items.length === 0) return { redirect: visit.localize('/cart') };
      const form = visit.form();
      const checkout = await currentCheckout(visit, cart);
      if (form.step === 'contact' || !checkout) {
        const address: Record<string, string> = {};
        for (const field of ADDRESS_FIELDS) if (form[field]?.trim()) address[field] = form[field]!.trim();
        const body = { email: (form.email ?? '').trim(), shipping_address: address };
        const res = checkout
          ? await visit.call('PATCH', `/api/v1/checkout/${checkout.id}/`, body)
          : await visit.call('POST', '/api/v1/checkout/', { cart_id: cart.id, ...body });
        if (res.status >= 300) {
          const values: Record<string, string> = { email: form.email ?? '' };
          for (const field of ADDRESS_FIELDS) values[field] = form[field] ?? '';
          return contactStep(visit, cart, values, fieldErrors(res.body), { kind: 'error', key: 'checkout.notice.check_fields', text: refusal(res.body) });
        }
        rememberCheckout(visit, res.body.id);
        return { redirect: here };
      }
      if (form.step === 'shipping') {
        const res = await visit.call('PATCH', `/api/v1/checkout/${checkout.id}/`, { shipping_method_id: form.shipping_method_id ?? '' });
        if (res.status >= 300) visit.flash('error', 'checkout.notice.shipping_refused', refusal(res.body));
        return { redirect: res.status >= 300 ? `${here}?step=shipping` : here };
      }
      const res = await visit.call('POST', `/api/v1/checkout/${checkout.id}/pay/`, { payment_method_id: form.payment_method_id ?? '' });
      if (res.status >= 300) {
        visit.flash('error', 'checkout.notice.payment_refused', refusal(res.body));
        return { redirect: here };
      }
      // The gateway's page (an address the API gave), else the checkout's hosted page, which shows
      // offline payment instructions and the order's status.
      const target = res.body.redirect_url ?? res.body.payment?.redirect_url ?? checkout.payment_url;
      return { redirect: String(target) };
    },
  });
}
