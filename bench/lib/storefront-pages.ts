// The storefront's HTML pages (plugin storefront), measured as the API's reads are. The pages every
// visitor sees alike (home, category, product, search) are shared: served from the response cache once
// rendered, so each is measured cached and with `Cache-Control: no-cache` (rendered afresh, with the API
// reads behind it computed too). A visitor's own pages (the cart, the account with the order history)
// are never shared, so every answer of theirs is computed.
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

/**
 * A visitor's own pages: the cart page of a cart with two products (its `cart_id` cookie), and, with a
 * logged-in customer's session, the account page with their order history. Computed on every request.
 */
export async function visitorPageEndpoints(store: StoreHandle, customer?: { headers: Record<string, string>; orders: number }): Promise<Endpoint[]> {
  const list = await call(store.origin, '/api/v1/products/?page_size=2');
  const products = list.status === 200 ? list.json<{ results: Array<{ name: string; variants: Array<{ id: number }> }> }>().results : [];
  if (products.length < 2) throw new BenchSetupError(`GET /api/v1/products/ answered ${list.status} with ${products.length} products; the cart page needs two.`);
  const cart = await call(store.origin, '/api/v1/cart/', { method: 'POST' });
  if (cart.status !== 201) throw new BenchSetupError(`POST /api/v1/cart/ answered ${cart.status}: ${text(cart).slice(0, 300)}`);
  const cartId = cart.json<{ id: string }>().id;
  const cartHeaders = { cookie: `cart_id=${cartId}` };
  // By the cart's id, as the bench's checkout adds items (by its cookie the API would ask for a CSRF token).
  for (const [i, product] of products.slice(0, 2).entries()) {
    const added = await call(store.origin, `/api/v1/cart/${cartId}/items/`, { body: { variant_id: product.variants[0]!.id, quantity: i + 1 } });
    if (added.status !== 201) throw new BenchSetupError(`POST /api/v1/cart/…/items/ answered ${added.status}: ${text(added).slice(0, 300)}`);
  }
  const cartPage = { ...HTML, ...cartHeaders };
  await checkPage(store, '/cart', cartPage, products[1]!.name, 'the cart page');
  const endpoints: Endpoint[] = [{ key: 'page_cart', label: 'storefront cart page (2 products, its cookie)', path: '/cart', headers: cartPage }];
  if (customer) {
    const accountPage = { ...HTML, ...customer.headers };
    // Its order history shows the newest orders' numbers; the first page holds 20 of them.
    const orders = await call(store.origin, '/api/v1/orders/?page_size=1', { headers: customer.headers });
    const newest = orders.status === 200 ? orders.json<{ results: Array<{ order_number: string }> }>().results[0] : undefined;
    if (!newest) throw new BenchSetupError(`GET /api/v1/orders/ (the customer) answered ${orders.status} without an order.`);
    await checkPage(store, '/account', accountPage, newest.order_number, 'the account page');
    endpoints.push({ key: 'page_account', label: `storefront account page (20 of ${customer.orders} orders, session)`, path: '/account', headers: accountPage });
  }
  return endpoints;
}
