// Order reads (plugin core-checkout): a logged-in customer's own orders, as a storefront's account page
// asks for them, and the staff order list with its items, as the admin panel or an integration asks.
// The orders are placed before the reads by one registered customer through the real checkout.
import crypto from 'node:crypto';
import { BenchSetupError } from './catalog.ts';
import { checkOut, prepareCheckout } from './checkout-flow.ts';
import { call, type Sample } from './http.ts';
import type { Endpoint } from './load.ts';
import type { StoreHandle } from './store.ts';

/** Orders the customer places: more than one page of 20. */
export const SEEDED_ORDERS = 25;
const PAGE_SIZE = 20;
const CUSTOMER_PATH = `/api/v1/orders/?page_size=${PAGE_SIZE}`;
const STAFF_PATH = `/api/v1/orders/?page_size=${PAGE_SIZE}&expand=items`;

export interface SeededOrders {
  orders: number;
  seconds: number;
  /** The customer's session, as a browser sends it on a read. */
  customerHeaders: Record<string, string>;
}

const text = (res: Sample) => res.body.toString('utf8').slice(0, 300);

/** A cookie's value from the answer's `Set-Cookie` (several are joined with ", "). */
function cookie(res: Sample, name: string): string | undefined {
  return new RegExp(`(?:^|,\\s*)${name}=([^;,]+)`).exec(res.headers['set-cookie'] ?? '')?.[1];
}

/** Registers a customer and logs them in as a storefront does: CSRF token, register, log in. */
async function logIn(store: StoreHandle, email: string): Promise<{ session: string; csrf: string }> {
  const token = await call(store.origin, '/api/v1/auth/csrf/');
  if (token.status !== 200) throw new BenchSetupError(`GET /api/v1/auth/csrf/ answered ${token.status}: ${text(token)}`);
  const csrf = token.json<{ csrf_token: string }>().csrf_token;
  const headers = { cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf };
  const password = crypto.randomBytes(12).toString('base64url');
  const registered = await call(store.origin, '/api/v1/auth/register/', { headers, body: { email, password, first_name: 'Bench', last_name: 'Customer' } });
  if (registered.status !== 201) throw new BenchSetupError(`POST /api/v1/auth/register/ answered ${registered.status}: ${text(registered)}`);
  const login = await call(store.origin, '/api/v1/auth/login/', { headers, body: { email, password } });
  const session = cookie(login, 'sessionid');
  if (login.status !== 200 || !session) throw new BenchSetupError(`POST /api/v1/auth/login/ answered ${login.status} ${session ? '' : 'without a sessionid cookie'}: ${text(login)}`);
  return { session, csrf };
}

/**
 * One customer registers, logs in and places SEEDED_ORDERS orders one after another through the
 * checkout (cart, items, checkout, shipping, pay, the hosted payment page), with their session.
 */
export async function seedOrders(store: StoreHandle): Promise<SeededOrders> {
  const started = performance.now();
  const email = `bench-customer-${Date.now()}@example.com`;
  const { session, csrf } = await logIn(store, email);
  const buyer = { email, headers: { cookie: `sessionid=${session}; csrftoken=${csrf}`, 'x-csrftoken': csrf } };
  const ctx = { store, durationSec: 0 };
  const setup = await prepareCheckout(ctx);
  try {
    for (let i = 0; i < SEEDED_ORDERS; i++) await checkOut(ctx, setup, buyer);
  } finally {
    await setup.restore();
  }
  return { orders: SEEDED_ORDERS, seconds: (performance.now() - started) / 1000, customerHeaders: { cookie: `sessionid=${session}` } };
}

/** Checks an order list once before load: 2xx, the seeded orders, and items when expanded. */
async function checkList(store: StoreHandle, path: string, headers: Record<string, string>, who: string, exactly: boolean, withItems: boolean): Promise<void> {
  const res = await call(store.origin, path, { headers });
  if (res.status !== 200) throw new BenchSetupError(`GET ${path} (${who}) answered ${res.status}: ${text(res)}`);
  const page = res.json<{ count: number; results: Array<{ items?: unknown[] }> }>();
  if (exactly ? page.count !== SEEDED_ORDERS : page.count < SEEDED_ORDERS) {
    throw new BenchSetupError(`GET ${path} (${who}) counts ${page.count} orders; the bench placed ${SEEDED_ORDERS}.`);
  }
  if (page.results.length !== Math.min(PAGE_SIZE, page.count)) throw new BenchSetupError(`GET ${path} (${who}) answered ${page.results.length} orders on its first page.`);
  if (withItems && !page.results.every((o) => Array.isArray(o.items) && o.items.length > 0)) {
    throw new BenchSetupError(`GET ${path} (${who}) answered orders without their items.`);
  }
}

/**
 * The customer's first page of their own orders (session cookie) and the staff list's first page with
 * `expand=items` (API key). Authenticated answers never come from the anonymous response cache: every
 * request is computed.
 */
export async function orderEndpoints(store: StoreHandle, seeded: SeededOrders): Promise<Endpoint[]> {
  const staffHeaders = { authorization: `Token ${store.apiKey}` };
  await checkList(store, CUSTOMER_PATH, seeded.customerHeaders, 'the customer', true, false);
  await checkList(store, STAFF_PATH, staffHeaders, 'staff', false, true);
  return [
    { key: 'orders_customer', label: `customer's orders (${PAGE_SIZE} of ${seeded.orders}, session)`, path: CUSTOMER_PATH, headers: seeded.customerHeaders },
    { key: 'orders_staff_items', label: `staff orders, expand=items (${PAGE_SIZE}, API key)`, path: STAFF_PATH, headers: staffHeaders },
  ];
}
