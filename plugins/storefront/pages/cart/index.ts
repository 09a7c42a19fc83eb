import type { PageRoutes } from '../../page-routes.ts';
import type { PageResult } from '../../storefront.ts';
import { safeReturnPath, type Visit } from '../../visit.ts';
import { refusal, sessionCart } from './session-cart.ts';
import { registerCheckoutPages } from './checkout.ts';

const QUANTITY = /^\d{1,3}$/;

/** Back to the cart (or where the form said), with a notice. */
function back(visit: Visit, kind: 'success' | 'error', key: string, detail?: string, to?: string): PageResult {
  visit.flash(kind, key, detail);
  return { redirect: safeReturnPath(to, visit.localize('/cart')) };
}

/** A cart form's common start: the form token, then the visitor's cart. */
async function cartForm(visit: Visit): Promise<{ cart: any } | { result: PageResult }> {
  if (!visit.formTokenValid()) return { result: back(visit, 'error', 'errors.form_expired') };
  const cart = await sessionCart(visit);
  if (!cart) return { result: back(visit, 'error', 'cart.notice.no_cart') };
  return { cart };
}

/** The cart, checkout and order status pages. */
export function registerCartPages(pages: PageRoutes): void {
  pages.add({
    path: '/cart',
    summary: 'Storefront: the cart',
    async handler(visit) {
      const cart = await sessionCart(visit);
      return { template: 'cart', data: { cart: cart && cart.items.length ? cart : null, notice: visit.takeFlash() }, seo: { noindex: true } };
    },
  });

  pages.add({
    path: '/cart/add',
    method: 'POST',
    summary: 'Storefront: add a variant to the cart',
    async handler(visit) {
      const form = visit.form();
      const to = form.return_to;
      if (!visit.formTokenValid()) return back(visit, 'error', 'errors.form_expired', undefined, to);
      const quantity = QUANTITY.test(form.quantity ?? '') ? Number(form.quantity) : form.quantity === undefined || form.quantity === '' ? 1 : NaN;
      if (!Number.isInteger(quantity) || quantity < 1) return back(visit, 'error', 'cart.notice.bad_quantity', undefined, to);
      const res = await visit.call('POST', visit.inCurrency('/api/v1/cart/items/'), { variant_id: form.variant_id ?? '', quantity });
      if (res.status !== 200 && res.status !== 201) return back(visit, 'error', 'cart.notice.not_added', refusal(res.body), to);
      return back(visit, 'success', 'cart.notice.added', undefined, to);
    },
  });

  pages.add({
    path: '/cart/update',
    method: 'POST',
    summary: 'Storefront: change a cart line\'s quantity (0 removes it)',
    async handler(visit) {
      const start = await cartForm(visit);
      if ('result' in start) return start.result;
      const form = visit.form();
      const item = start.cart.items.find((i: any) => String(i.id) === form.item_id);
      if (!item) return back(visit, 'error', 'cart.notice.no_item');
      if (!QUANTITY.test(form.quantity ?? '')) return back(visit, 'error', 'cart.notice.bad_quantity');
      const quantity = Number(form.quantity);
      const url = `/api/v1/cart/${start.cart.id}/items/${item.id}/`;
      const res = quantity === 0 ? await visit.call('DELETE', url) : await visit.call('PATCH', url, { quantity });
      if (res.status >= 300) return back(visit, 'error', 'cart.notice.not_updated', refusal(res.body));
      return back(visit, 'success', quantity === 0 ? 'cart.notice.removed' : 'cart.notice.updated');
    },
  });

  pages.add({
    path: '/cart/remove',
    method: 'POST',
    summary: 'Storefront: remove a cart line',
    async handler(visit) {
      const start = await cartForm(visit);
      if ('result' in start) return start.result;
      const item = start.cart.items.find((i: any) => String(i.id) === visit.form().item_id);
      if (!item) return back(visit, 'error', 'cart.notice.no_item');
      const res = await visit.call('DELETE', `/api/v1/cart/${start.cart.id}/items/${item.id}/`);
      if (res.status >= 300) return back(visit, 'error', 'cart.notice.not_updated', refusal(res.body));
      return back(visit, 'success', 'cart.notice.removed');
    },
  });

  pages.add({
    path: '/cart/voucher',
    method: 'POST',
    summary: 'Storefront: apply or remove a voucher code',
    async handler(visit) {
      const start = await cartForm(visit);
      if ('result' in start) return start.result;
      const form = visit.form();
      const code = (form.code ?? '').trim();
      if (form.remove) {
        const res = await visit.call('DELETE', `/api/v1/cart/${start.cart.id}/vouchers/${encodeURIComponent(code)}/`);
        if (res.status >= 300) return back(visit, 'error', 'cart.notice.voucher_not_removed', refusal(res.body));
        return back(visit, 'success', 'cart.notice.voucher_removed');
      }
      if (!code) return back(visit, 'error', 'cart.notice.voucher_missing');
      const res = await visit.call('POST', `/api/v1/cart/${start.cart.id}/vouchers/`, { code });
      if (res.status >= 300) return back(visit, 'error', 'cart.notice.voucher_refused', refusal(res.body));
      return back(visit, 'success', 'cart.notice.voucher_applied');
    },
  });

  registerCheckoutPages(pages);
}
