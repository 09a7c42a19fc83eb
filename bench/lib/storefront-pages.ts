// The storefront's HTML pages (plugin storefront), measured as the API's reads are. The pages every
// visitor sees alike (home, category, product, search) are shared: served from the response cache once
// rendered, so each is measured cached and with `Cache-Control: no-cache` (rendered afresh, with the API
// reads behind it computed too). A visitor's own pages (the cart, the checkout, the account with the
// order history, an order) are never shared, so every answer of theirs is computed.
import { BenchSetupError, BENCH_CATEGORY, SEARCH_TERM } from './catalog.ts';
import { call, type Sample } from './http.ts';
import type { Endpoint } from './load.ts';
import type { StoreHandle } from './store.ts';

const HTML = { accept: 'text/html' };
const FRESH_HTML = { ...HTML, 'cache-control': 'no-cache' };

const text = (res: Sample) => res.body.toString('utf8');

/** Fetches a page once before load: it must answer 200 with HTML that shows `expected`. */
async function checkPage(store: StoreHandle, path: string, headers: Record<string, string>, expected: string, what: string): Promise<void> {
  const res = await call(store.origin, path, { headers });
  if (res.status !== 200) throw new BenchSetupError(`GET ${path} (${what}) answered ${res.status}: ${text(res).slice(0, 300)}`);
  if (!/text\/html/.test(res.headers['content-type'] ?? '')) throw new BenchSetupError(`GET ${path} (${what}) answered ${res.headers['content-type']}, not HTML.`);
  if (!text(res).includes(expected)) throw new BenchSetupError(`GET ${path} (${what}) does not show "${expected}".`);
}

/** The shared pages, cached and uncached: product, category, home, search. */
export async function sharedPageEndpoints(store: StoreHandle, product: { slug: string; name: string }): Promise<Endpoint[]> {
  const search = `/search?q=${encodeURIComponent(SEARCH_TERM)}`;
  const pages = [
    { key: 'page_product', label: 'storefront product page', path: `/products/${product.slug}`, shows: product.name },
    { key: 'page_category', label: 'storefront category page (24 products)', path: `/categories/${BENCH_CATEGORY}`, shows: product.name },
    { key: 'page_home', label: 'storefront home page', path: '/', shows: '</html>' },
    { key: 'page_search', label: `storefront search page "${SEARCH_TERM}"`, path: search, shows: 'Classic sho' },
  ];
  const endpoints: Endpoint[] = [];
  for (const page of pages) await checkPage(store, page.path, HTML, page.shows, page.label);
  for (const { key, label, path } of pages) endpoints.push({ key, label, path, headers: HTML });
  for (const { key, label, path } of pages) endpoints.push({ key: `${key}_uncached`, label: `${label}, uncached (no-cache)`, path, headers: FRESH_HTML });
  return endpoints;
}

/** A new cart holding the two products (one and two of their first variants); its id. */
async function cartOfTwo(store: StoreHandle, products: Array<{ variants: Array<{ id: number }> }>): Promise<string> {
  const cart = await call(store.origin, '/api/v1/cart/', { method: 'POST' });
  if (cart.status !== 201) throw new BenchSetupError(`POST /api/v1/cart/ answered ${cart.status}: ${text(cart).slice(0, 300)}`);
  const cartId = cart.json<{ id: string }>().id;
  // By the cart's id, as the bench's checkout adds items (by its cookie the API would ask for a CSRF token).
  for (const [i, product] of products.slice(0, 2).entries()) {
    const added = await call(store.origin, `/api/v1/cart/${cartId}/items/`, { body: { variant_id: product.variants[0]!.id, quantity: i + 1 } });
    if (added.status !== 201) throw new BenchSetupError(`POST /api/v1/cart/…/items/ answered ${added.status}: ${text(added).slice(0, 300)}`);
  }
  return cartId;
}

const ADDRESS = { first_name: 'Page', last_name: 'Visitor', address_line_1: '1 Load Street', city: 'Berlin', postal_code: '10115', country: 'DE' };

/**
 * The checkout page of a cart of two products whose checkout has its contact and address: the payment
 * step (the cart, the checkout and the payment methods read through the API) when a shipping method is
 * offered to the address and selected, else the shipping step. Its cookies name the cart and the checkout.
 */
async function checkoutPageEndpoint(store: StoreHandle, products: Array<{ name: string; variants: Array<{ id: number }> }>): Promise<Endpoint> {
  // The seeded catalogue has no stock, which a checkout needs: a warehouse of the page's own holds some.
  if (!store.apiKey) throw new BenchSetupError('The store has no API key service (plugin core-auth), so the bench cannot stock the checkout page\'s products.');
  const staff = { authorization: `Token ${store.apiKey}` };
  const warehouse = await call(store.origin, '/api/v1/warehouses/', { headers: staff, body: { name: 'Bench checkout page stock', code: `BENCH-PAGE-${Date.now()}` } });
  if (warehouse.status !== 201) throw new BenchSetupError(`POST /api/v1/warehouses/ answered ${warehouse.status}: ${text(warehouse).slice(0, 300)}`);
  for (const product of products.slice(0, 2)) {
    const stocked = await call(store.origin, '/api/v1/inventory/', { headers: staff, body: { variant_id: product.variants[0]!.id, warehouse_id: warehouse.json<{ id: number }>().id, quantity: 1000 } });
    if (stocked.status !== 200 && stocked.status !== 201) throw new BenchSetupError(`POST /api/v1/inventory/ answered ${stocked.status}: ${text(stocked).slice(0, 300)}`);
  }
  const cartId = await cartOfTwo(store, products);
  const made = await call(store.origin, '/api/v1/checkout/', { body: { cart_id: cartId, email: 'page@example.com', shipping_address: ADDRESS } });
  if (made.status !== 201) throw new BenchSetupError(`POST /api/v1/checkout/ answered ${made.status}: ${text(made).slice(0, 300)}`);
  const checkout = made.json<{ id: string; shipping_methods: Array<{ id: number | string }> }>();
  const rate = checkout.shipping_methods[0];
  if (rate) {
    const chosen = await call(store.origin, `/api/v1/checkout/${checkout.id}/`, { method: 'PATCH', body: { shipping_method_id: rate.id } });
    if (chosen.status !== 200) throw new BenchSetupError(`PATCH /api/v1/checkout/… answered ${chosen.status}: ${text(chosen).slice(0, 300)}`);
  }
  const headers = { ...HTML, cookie: `cart_id=${cartId}; checkout_id=${checkout.id}` };
  const step = rate ? 'payment' : 'shipping';
  await checkPage(store, '/checkout', headers, products[1]!.name, `the checkout page's ${step} step`);
  return { key: 'page_checkout', label: `storefront checkout page (${step} step, 2 products, its cookies)`, path: '/checkout', headers };
}

/**
 * A visitor's own pages: the cart page of a cart with two products (its `cart_id` cookie), the checkout
 * page of another such cart (its `checkout_id` too), and, with a logged-in customer's session, the
 * account page with their order history and the page of their newest order. Computed on every request.
 */
export async function visitorPageEndpoints(store: StoreHandle, customer?: { headers: Record<string, string>; orders: number }): Promise<Endpoint[]> {
  const list = await call(store.origin, '/api/v1/products/?page_size=2');
  const products = list.status === 200 ? list.json<{ results: Array<{ name: string; variants: Array<{ id: number }> }> }>().results : [];
  if (products.length < 2) throw new BenchSetupError(`GET /api/v1/products/ answered ${list.status} with ${products.length} products; the cart page needs two.`);
  const cartPage = { ...HTML, cookie: `cart_id=${await cartOfTwo(store, products)}` };
  await checkPage(store, '/cart', cartPage, products[1]!.name, 'the cart page');
  const endpoints: Endpoint[] = [{ key: 'page_cart', label: 'storefront cart page (2 products, its cookie)', path: '/cart', headers: cartPage }];
  endpoints.push(await checkoutPageEndpoint(store, products));
  if (customer) {
    const accountPage = { ...HTML, ...customer.headers };
    // Its order history shows the newest orders' numbers; the first page holds 20 of them.
    const orders = await call(store.origin, '/api/v1/orders/?page_size=1', { headers: customer.headers });
    const newest = orders.status === 200 ? orders.json<{ results: Array<{ id: number; order_number: string }> }>().results[0] : undefined;
    if (!newest) throw new BenchSetupError(`GET /api/v1/orders/ (the customer) answered ${orders.status} without an order.`);
    await checkPage(store, '/account', accountPage, newest.order_number, 'the account page');
    endpoints.push({ key: 'page_account', label: `storefront account page (20 of ${customer.orders} orders, session)`, path: '/account', headers: accountPage });
    const orderPath = `/account/orders/${newest.id}`;
    await checkPage(store, orderPath, accountPage, newest.order_number, "the customer's order page");
    endpoints.push({ key: 'page_order', label: "storefront order page (the customer's newest, session)", path: orderPath, headers: accountPage });
  }
  return endpoints;
}
