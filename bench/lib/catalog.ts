import { call } from './http.ts';
import { sharedPageEndpoints } from './storefront-pages.ts';
import type { Endpoint } from './load.ts';
import type { StoreHandle } from './store.ts';

const BULK_PATH = '/api/v1/products/bulk/';
const BATCH = 100;
const ADJECTIVES = ['classic', 'modern', 'rugged', 'light', 'cosy', 'urban', 'vintage', 'sporty', 'elegant', 'compact'];
const NOUNS = ['shoes', 'shirt', 'jacket', 'backpack', 'shorts', 'hat', 'scarf', 'boots', 'gloves', 'sweater'];
const MATERIALS = ['cotton', 'wool', 'leather', 'linen', 'canvas', 'denim', 'recycled polyester'];
const SIZES = ['S', 'M', 'L'];

/** Two words, the second a prefix: about 2% of the products match ("classic" × "shoes"/"shorts"). */
export const SEARCH_TERM = 'classic sho';

/**
 * Every adjective with the first three letters of every noun, each search once: 90 (shoes and shorts
 * share "sho", whose searches match about 2% of the products; the others about 1%).
 */
export const SEARCH_TERMS = [...new Set(ADJECTIVES.flatMap((adjective) => NOUNS.map((noun) => `${adjective} ${noun.slice(0, 3)}`)))];

/** Pages of the list asked in turn by the varied list's load: the first 40 of 20 (800 products). */
const VARIED_PAGES = 40;

const title = (word: string) => word[0]!.toUpperCase() + word.slice(1);

/** Product n (from 0) of the seeded catalogue: active, options Size S/M/L, three variants. */
export function benchProduct(n: number, categoryId?: number) {
  const adjective = ADJECTIVES[n % ADJECTIVES.length]!;
  const noun = NOUNS[Math.floor(n / ADJECTIVES.length) % NOUNS.length]!;
  const number = String(n + 1).padStart(5, '0');
  const price = 9 + (n % 90);
  return {
    name: `${title(adjective)} ${noun} ${number}`,
    description: `A ${adjective} ${noun} in ${MATERIALS[n % MATERIALS.length]}, made to last and easy to care for. Model ${number}.`,
    status: 'active',
    ...(categoryId !== undefined ? { category_id: categoryId } : {}),
    options: [{ name: 'Size', values: SIZES }],
    variants: SIZES.map((size, i) => ({ sku: `BENCH-${number}-${size}`, price: `${price + i}.99`, options: { Size: size } })),
  };
}

export class BenchSetupError extends Error {}

export const BENCH_CATEGORY = 'bench';

/**
 * Seeds `count` active products with 3 variants each through the catalogue's bulk endpoint
 * (plugin core-catalog), 100 per call, with the store's API key. Returns the seconds it took.
 */
export async function seedCatalogue(store: StoreHandle, count: number, progress: (done: number) => void = () => undefined): Promise<number> {
  if (!store.apiKey) throw new BenchSetupError('The store has no API key service (plugin core-auth), so the bench cannot seed through the API.');
  const started = performance.now();
  // One category holds them all, for the storefront's category page.
  const category = await call(store.origin, '/api/v1/categories/', { headers: { authorization: `Token ${store.apiKey}` }, body: { name: 'Bench', slug: BENCH_CATEGORY } });
  const categoryId = category.status === 201 ? category.json<{ id: number }>().id : undefined;
  for (let from = 0; from < count; from += BATCH) {
    const products = Array.from({ length: Math.min(BATCH, count - from) }, (_, i) => benchProduct(from + i, categoryId));
    const res = await call(store.origin, BULK_PATH, { headers: { authorization: `Token ${store.apiKey}` }, body: { products } });
    if (res.status === 404 || res.status === 405) {
      throw new BenchSetupError(
        `POST ${BULK_PATH} answered ${res.status}: the catalogue's bulk endpoint (plugin core-catalog) is not there. ` +
          `Loaded plugins: ${store.plugins.join(', ') || 'none'}. Run \`npm run bench -- --smoke\` to check the harness alone.`,
      );
    }
    if (res.status < 200 || res.status >= 300) {
      throw new BenchSetupError(`POST ${BULK_PATH} (products ${from}–${from + products.length - 1}) answered ${res.status}: ${res.body.toString('utf8').slice(0, 600)}`);
    }
    progress(from + products.length);
  }
  return (performance.now() - started) / 1000;
}

/**
 * The catalogue endpoints a storefront hits most: a list page, a product, a search, all repeated as a
 * storefront repeats them (the response cache answers them after the first); then the same three and
 * the category filter with `Cache-Control: no-cache`, which the store honours by computing every answer
 * afresh: the cost of a cold cache or of a catalogue that changes between requests.
 */
export async function catalogueEndpoints(store: StoreHandle, seeded: number): Promise<Endpoint[]> {
  const list = await call(store.origin, '/api/v1/products/?page_size=20');
  if (list.status !== 200) throw new BenchSetupError(`GET /api/v1/products/ answered ${list.status}: ${list.body.toString('utf8').slice(0, 300)}`);
  const page = list.json<{ count: number; results: Array<{ id: number; slug: string; name: string }> }>();
  if (page.count < seeded) throw new BenchSetupError(`GET /api/v1/products/ counts ${page.count} products, ${seeded} were seeded.`);
  const id = page.results[0]!.id;
  const search = `/api/v1/products/?search=${encodeURIComponent(SEARCH_TERM)}`;
  const found = await call(store.origin, search);
  if (found.status !== 200 || found.json().count === 0) {
    throw new BenchSetupError(`GET ${search} answered ${found.status} with ${found.status === 200 ? 'no products' : found.body.toString('utf8').slice(0, 300)}; it should find some.`);
  }
  const inCategory = `/api/v1/products/?category=${BENCH_CATEGORY}&page_size=20`;
  const filtered = await call(store.origin, inCategory);
  if (filtered.status !== 200 || filtered.json().count < seeded) {
    throw new BenchSetupError(`GET ${inCategory} answered ${filtered.status} with ${filtered.status === 200 ? `${filtered.json().count} products` : filtered.body.toString('utf8').slice(0, 300)}; all ${seeded} seeded products are in that category.`);
  }
  const fresh = { 'cache-control': 'no-cache' };
  const pages = store.plugins.includes('storefront') ? await sharedPageEndpoints(store, page.results[0]!) : [];
  return [
    ...pages,
    { key: 'list', label: 'list, 20 per page', path: '/api/v1/products/?page_size=20' },
    { key: 'detail', label: 'product detail', path: `/api/v1/products/${id}/` },
    { key: 'search', label: `search "${SEARCH_TERM}"`, path: search },
    { key: 'list_uncached', label: 'list, uncached (no-cache)', path: '/api/v1/products/?page_size=20', headers: fresh },
    { key: 'detail_uncached', label: 'product detail, uncached (no-cache)', path: `/api/v1/products/${id}/`, headers: fresh },
    { key: 'search_uncached', label: `search "${SEARCH_TERM}", uncached (no-cache)`, path: search, headers: fresh },
    { key: 'category_uncached', label: `category "${BENCH_CATEGORY}", 20 per page, uncached (no-cache)`, path: inCategory, headers: fresh },
    // The same reads over varied pages: the requests in flight at once then rarely ask the same
    // statement, so these show what one computed answer costs when nothing is shared between them.
    ...variedEndpoints(seeded, fresh),
  ];
}

function variedEndpoints(seeded: number, fresh: Record<string, string>): Endpoint[] {
  const pages = Array.from({ length: Math.max(1, Math.min(VARIED_PAGES, Math.floor(seeded / 20))) }, (_, i) => `/api/v1/products/?page_size=20&page=${i + 1}`);
  const searches = SEARCH_TERMS.map((term) => `/api/v1/products/?search=${encodeURIComponent(term)}`);
  return [
    { key: 'list_pages_uncached', label: `list, pages 1–${pages.length} of 20 in turn, uncached (no-cache)`, path: pages[0]!, paths: pages, headers: fresh },
    { key: 'search_terms_uncached', label: `search, ${searches.length} terms in turn, uncached (no-cache)`, path: searches[0]!, paths: searches, headers: fresh },
  ];
}

/** The harness check without the catalogue: the kernel's liveness endpoint. */
export const SMOKE_ENDPOINTS: Endpoint[] = [{ key: 'healthz', label: 'kernel /healthz', path: '/healthz' }];
