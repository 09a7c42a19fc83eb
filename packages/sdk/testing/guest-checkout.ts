import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { BrowserSession } from './session.ts';

export interface OpenCheckoutOptions {
  /** What to buy; by default one unit of a new product (20.00, 10 in stock) seeded through the staff API. */
  items?: Array<{ variant_id: number; quantity?: number }>;
  /** The shipping method's id from the checkout's `shipping_methods`; default: the first one offered (a flat 5.00 rate is created if none is). */
  shippingMethod?: number | string;
  /** The shipping address; default: an address in Berlin, DE. */
  address?: Record<string, unknown>;
  /** The guest's e-mail; default: guest@example.com. */
  email?: string;
}

export interface GuestCheckoutOptions extends OpenCheckoutOptions {
  /** The payment method's id (`GET /api/v1/checkout/{id}/payment-methods/`); default: the first one offered. */
  paymentMethod?: string;
}

/** A guest's checkout ready to pay: the shopper's next step is choosing a payment method. */
export interface OpenCheckout {
  /** The checkout after the shipping method was chosen. */
  checkout: any;
  /** The guest's browser (`cookie`, `x-csrftoken`), to go on as the same shopper (list methods, pay). */
  headers: Record<string, string>;
}

export interface GuestCheckout {
  /** The checkout after the shipping method was chosen. */
  checkout: any;
  /** The order placed by paying: `{id, order_number}`. */
  order: { id: number; order_number: string };
  /** The payment as `POST /api/v1/checkout/{id}/pay/` answered it. */
  payment: any;
  /** Where the shopper is sent to pay (the payment's `redirect_url`), or null for offline methods. */
  redirect: string | null;
  /** The guest's browser (cookies), to go on as the same shopper. */
  headers: Record<string, string>;
}

export const DEFAULT_ADDRESS = { first_name: 'Ada', last_name: 'Lovelace', address_line_1: '1 Main St', city: 'Berlin', postal_code: '10115', country: 'DE' };

interface Store {
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
  /** A staff API key, for seeding what the checkout needs. */
  staff(): Promise<string>;
  unique(): string;
}

// Something to sell, created as staff would through the catalogue, inventory and shipping APIs.
async function seedVariant(staff: BrowserSession, tag: string): Promise<number> {
  const product = await staff.json('POST', '/api/v1/products/', { name: `Test product ${tag}`, status: 'active' }, 201);
  const variant = await staff.json('POST', `/api/v1/products/${product.id}/variants/`, { sku: `KIT-${tag}`, price: '20.00' }, 201);
  const warehouse = await staff.json('POST', '/api/v1/warehouses/', { name: `Warehouse ${tag}`, code: `KIT-${tag}` }, 201);
  await staff.json('POST', '/api/v1/inventory/', { variant_id: variant.id, warehouse_id: warehouse.id, quantity: 10 }, [200, 201]);
  return variant.id;
}

/** A guest's checkout through the public API up to paying: cart, items, checkout with an address, shipping method. */
async function openWith(store: Store, opts: OpenCheckoutOptions): Promise<{ checkout: any; guest: BrowserSession }> {
  let staff: BrowserSession | undefined;
  const asStaff = async () => (staff ??= new BrowserSession(store.inject, { authorization: `Token ${await store.staff()}` }));
  const items = opts.items ?? [{ variant_id: await seedVariant(await asStaff(), store.unique()), quantity: 1 }];

  const guest = new BrowserSession(store.inject);
  const cart = await guest.json('POST', '/api/v1/cart/', {}, 201);
  for (const item of items) await guest.json('POST', `/api/v1/cart/${cart.id}/items/`, { variant_id: item.variant_id, quantity: item.quantity ?? 1 }, 201);
  let checkout = await guest.json('POST', '/api/v1/checkout/', { cart_id: cart.id, email: opts.email ?? 'guest@example.com', shipping_address: opts.address ?? DEFAULT_ADDRESS }, 201);
  if (opts.shippingMethod === undefined && checkout.shipping_methods.length === 0) {
    await (await asStaff()).json('POST', '/api/v1/shipping-methods/', { name: 'Standard', price: '5.00' }, 201);
    checkout = await guest.json('GET', `/api/v1/checkout/${checkout.id}/`);
  }
  const shippingMethod = opts.shippingMethod ?? checkout.shipping_methods[0]?.id;
  if (shippingMethod === undefined) throw new Error(`Checkout ${checkout.id} offers no shipping method.`);
  checkout = await guest.json('PATCH', `/api/v1/checkout/${checkout.id}/`, { shipping_method_id: shippingMethod });
  return { checkout, guest };
}

/** A guest's checkout ready to pay, not paid: to see the payment methods offered, or to pay some other way. */
export async function openCheckout(store: Store, opts: OpenCheckoutOptions): Promise<OpenCheckout> {
  const { checkout, guest } = await openWith(store, opts);
  return { checkout, headers: guest.headers() };
}

/** A guest's purchase through the public API: cart, items, checkout with an address, shipping method, pay. */
export async function guestCheckout(store: Store, opts: GuestCheckoutOptions): Promise<GuestCheckout> {
  const { checkout, guest } = await openWith(store, opts);
  let paymentMethod = opts.paymentMethod;
  if (paymentMethod === undefined) {
    const methods = await guest.json('GET', `/api/v1/checkout/${checkout.id}/payment-methods/`);
    paymentMethod = methods.results[0]?.id;
    if (paymentMethod === undefined) throw new Error(`Checkout ${checkout.id} offers no payment method.`);
  }
  const payment = await guest.json('POST', `/api/v1/checkout/${checkout.id}/pay/`, { payment_method_id: paymentMethod }, 201);
  return { checkout, order: payment.order, payment, redirect: payment.redirect_url ?? null, headers: guest.headers() };
}
