import assert from 'node:assert/strict';
import type { TestStore } from '../../../test/helpers/store.ts';
import { PaymentGateway, type PaymentStart } from '../../core-checkout/contracts.ts';
import type {} from '../../core-checkout/hooks.ts';
import { expectStatus, type Client } from './helpers.ts';

let sequence = 0;

/** An active product with one variant at `price` (default currency) that needs no stock; returns the variant. */
export async function makeVariant(staff: Client, price: string): Promise<any> {
  const n = `${process.pid}-${++sequence}`;
  const product = expectStatus(await staff.post('/api/v1/products/', { name: `Product ${n}`, status: 'active' }), 201);
  return expectStatus(await staff.post(`/api/v1/products/${product.id}/variants/`, { sku: `V-${n}`, price, track_inventory: false }), 201);
}

/** A new cart (in `currency`, else the store default); returns its id. */
export async function newCart(client: Client, currency?: string): Promise<string> {
  return expectStatus(await client.post(`/api/v1/cart/${currency ? `?currency=${currency}` : ''}`, {}), 201).id;
}

export async function addItem(client: Client, cartId: string, variantId: number, quantity = 1): Promise<any> {
  const res = await client.post(`/api/v1/cart/${cartId}/items/`, { variant_id: variantId, quantity });
  assert.ok(res.statusCode === 200 || res.statusCode === 201, `add item answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

export function applyCode(client: Client, cartId: string, code: string) {
  return client.post(`/api/v1/cart/${cartId}/vouchers/`, { code });
}

export const shippingAddress = (country = 'DE') => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  address_line_1: '1 Main Street',
  city: 'Berlin',
  postal_code: '10115',
  country,
});

/** Opens a checkout on the cart; returns it. */
export async function openCheckout(client: Client, cartId: string, opts: { country?: string; email?: string } = {}): Promise<any> {
  const body = { cart_id: cartId, email: opts.email ?? `shopper-${++sequence}@example.com`, shipping_address: shippingAddress(opts.country) };
  return expectStatus(await client.post('/api/v1/checkout/', body), 201);
}

/** A pay-later gateway, installed the way a gateway plugin does (registry + collectPaymentMethods); returns its method id. */
export function installPayLater(store: TestStore): string {
  class PayLater extends PaymentGateway {
    readonly identifier = 'vouchers-pay-later';
    async createPayment(): Promise<PaymentStart> {
      return { status: 'pending', instructions: 'Pay on delivery.' };
    }
    async capture(): Promise<{ status: 'succeeded' }> {
      return { status: 'succeeded' };
    }
    async refund(): Promise<{ status: 'succeeded' }> {
      return { status: 'succeeded' };
    }
  }
  store.kernel.container.resolve<{ register(g: PaymentGateway): void }>('paymentGateways').register(new PayLater());
  store.kernel.hooks.get('checkout').collectPaymentMethods.tapPromise({ name: 'vouchers-pay-later' }, async (methods, ctx) => [
    ...methods,
    { id: 'pay_later', name: 'Pay later', gateway: 'vouchers-pay-later', test: ctx.test },
  ]);
  return 'pay_later';
}
