import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { startTestStore } from '../../../test/helpers/store.ts';
import { authHeader, SessionClient, staffApiKey, staffSession } from '../../../test/helpers/auth.ts';
import { Client, expectStatus, makeVariant, openShop, pay, readyCheckout, setStock, sharedShop, type Shop } from '../../core-checkout/test/helpers.ts';
import { configureStore, openCatalogStore } from './helpers.ts';
import { catalogueQueries } from '../../../test/helpers/catalogue-queries.ts';

// One shop (catalogue, inventory, checkout with fake gateways) for the tests that share it.
const shop = sharedShop();

/** What a hit must repeat exactly: everything but the per-exchange Date and request id. */
function comparable(res: LightMyRequestResponse) {
  const headers: Record<string, unknown> = { ...res.headers };
  delete headers.date;
  delete headers['x-request-id'];
  return { status: res.statusCode, headers, body: res.body };
}

/** GETs `url` twice anonymously: the first fills the cache, the second must come from it unchanged. */
async function missThenHit(s: Shop, url: string, headers: Record<string, string> = {}) {
  s.store.kernel.responseCache.invalidate();
  const miss = await s.anon.get(url, headers);
  assert.equal(miss.statusCode, 200, `${url}: ${miss.body}`);
  let hit!: LightMyRequestResponse;
  const queries = await catalogueQueries(s.knex, async () => {
    hit = await s.anon.get(url, headers);
  });
  assert.equal(queries, 0, `${url}: the second answer came from the cache`);
  assert.notEqual(hit.headers['x-request-id'], miss.headers['x-request-id'], 'each answer has its own request id');
  assert.deepEqual(comparable(hit), comparable(miss), `${url}: the hit repeats the miss`);
  return hit;
}

const anonName = async (s: Shop, url: string) => expectStatus(await s.anon.get(url), 200).name;
const listed = async (s: Shop, url = '/api/v1/products/?page_size=100') =>
  expectStatus(await s.anon.get(url), 200).results as Array<{ id: number; name: string; available: number | null; price: any }>;

test('setup: two languages, two currencies, a category, a page', async () => {
  // The first reading of the once-a-second check for other processes' changes clears the cache (it
  // cannot tell what changed before it): on a slow machine it would turn an expected hit into a miss.
  // Tests of that check drive it by hand.
  await shop().store.kernel.foreignChanges.stop();
  await configureStore(shop().staff, { languages: ['en', 'fr'], default_language: 'en', currencies: ['USD', 'EUR'], exchange_rates: { EUR: '0.9' } });
});

test('every cached route answers a hit exactly as it answered the miss (status, body, ETag, every header but Date)', async () => {
  const s = shop();
  const v = await makeVariant(s, { name: 'Cached shirt', price: '20.00', translations: { fr: { name: 'Chemise en cache' } } });
  const category = expectStatus(await s.staff.post('/api/v1/categories/', { name: 'Cached things' }), 201);
  const page = expectStatus(await s.staff.post('/api/v1/pages/', { title: 'Cached page', published: true }), 201);
  const urls = [
    '/api/v1/products/?page_size=20',
    `/api/v1/products/${v.product_id}/`,
    `/api/v1/products/${v.product_id}/?currency=EUR`,
    '/api/v1/products/?search=cached%20shi',
    '/api/v1/variants/',
    `/api/v1/variants/${v.id}/`,
    '/api/v1/categories/',
    `/api/v1/categories/${category.id}/`,
    '/api/v1/pages/',
    `/api/v1/pages/${page.id}/`,
    `/api/v1/pages/by-slug/${page.slug}/`,
    '/api/v1/store/',
  ];
  for (const url of urls) {
    const hit = await missThenHit(s, url);
    assert.ok(hit.headers.etag, `${url}: an ETag`);
    assert.match(String(hit.headers['content-type']), /^application\/json/);
  }
  const fr = await missThenHit(s, `/api/v1/products/${v.product_id}/`, { 'accept-language': 'fr' });
  assert.equal(fr.headers['content-language'], 'fr');
  assert.equal(fr.headers.vary, 'Accept-Language');
  assert.equal(fr.json().name, 'Chemise en cache');
});

test('errors and refusals are never cached: a 404 stays a 404 after the product appears, a 400 stays a 400', async () => {
  const s = shop();
  expectStatus(await s.anon.get('/api/v1/products/?currency=XYZ'), 400);
  expectStatus(await s.anon.get('/api/v1/products/?currency=XYZ'), 400);
  const draft = await makeVariant(s, { status: 'draft' });
  expectStatus(await s.anon.get(`/api/v1/products/${draft.product_id}/`), 404);
  expectStatus(await s.staff.patch(`/api/v1/products/${draft.product_id}/`, { status: 'active' }), 200);
  expectStatus(await s.anon.get(`/api/v1/products/${draft.product_id}/`), 200);
});

test('staff see drafts and translations; they never get an anonymous answer and never fill one', async () => {
  const s = shop();
  const draft = await makeVariant(s, { name: 'Secret draft', status: 'draft', translations: { fr: { name: 'Brouillon secret' } } });
  const url = '/api/v1/products/?page_size=100';
  // Staff first: their answer (with the draft) must not become the anonymous one.
  const staffList = expectStatus(await s.staff.get(url), 200);
  assert.ok(staffList.results.some((p: any) => p.id === draft.product_id));
  assert.ok(staffList.results.every((p: any) => 'translations' in p));
  const anon = await listed(s, url);
  assert.ok(!anon.some((p) => p.id === draft.product_id), 'anonymous callers do not see the draft');
  assert.ok(anon.every((p) => !('translations' in p)));
  // Anonymous answer cached; staff still get theirs.
  await listed(s, url);
  const again = expectStatus(await s.staff.get(url), 200);
  assert.ok(again.results.some((p: any) => p.id === draft.product_id), 'staff are not served the cached anonymous answer');
  const detail = expectStatus(await s.staff.get(`/api/v1/products/${draft.product_id}/`), 200);
  assert.equal(detail.status, 'draft');
  expectStatus(await s.anon.get(`/api/v1/products/${draft.product_id}/`), 404);
  // A staff session (cookie) is not anonymous either.
  const { client } = await staffSession(s.store);
  const bySession = (await client.request({ method: 'GET', url })).json();
  assert.ok(bySession.results.some((p: any) => p.id === draft.product_id));
  const withoutCredentials = await listed(s, url);
  assert.ok(!withoutCredentials.some((p) => p.id === draft.product_id));
});

test('a customer session bypasses the cache: the answer is computed for it and not stored', async () => {
  const s = shop();
  const customer = new SessionClient(s.store);
  expectStatus(await customer.register({ email: `cache-${process.pid}@example.com`, password: 'a long enough password 1' }), 201);
  const v = await makeVariant(s, { name: 'For customers' });
  s.store.kernel.responseCache.invalidate();
  const url = `/api/v1/products/${v.product_id}/`;
  const before = s.store.kernel.responseCache.size;
  const queries = await catalogueQueries(s.knex, async () => {
    expectStatus(await customer.request({ method: 'GET', url }), 200);
    expectStatus(await customer.request({ method: 'GET', url }), 200);
  });
  assert.ok(queries >= 2, 'both answers were computed');
  assert.equal(s.store.kernel.responseCache.size, before, 'nothing was stored');
});

test('a product update, a variant price change, publishing and deleting are seen at once', async () => {
  const s = shop();
  const v = await makeVariant(s, { name: 'Before', price: '10.00' });
  const detail = `/api/v1/products/${v.product_id}/`;
  assert.equal(await anonName(s, detail), 'Before');
  assert.equal(await anonName(s, detail), 'Before');
  expectStatus(await s.staff.patch(detail, { name: 'After' }), 200);
  assert.equal(await anonName(s, detail), 'After');

  const price = async () => expectStatus(await s.anon.get(detail), 200).variants[0].price.amount;
  assert.equal(await price(), '10.00');
  expectStatus(await s.staff.patch(`/api/v1/variants/${v.id}/`, { price: '12.50' }), 200);
  assert.equal(await price(), '12.50');

  const draft = await makeVariant(s, { name: 'Unpublished', status: 'draft' });
  assert.ok(!(await listed(s)).some((p) => p.id === draft.product_id));
  expectStatus(await s.staff.patch(`/api/v1/products/${draft.product_id}/`, { status: 'active' }), 200);
  assert.ok((await listed(s)).some((p) => p.id === draft.product_id), 'published: listed at once');

  expectStatus(await s.staff.delete(detail), 204);
  expectStatus(await s.anon.get(detail), 404);
  assert.ok(!(await listed(s)).some((p) => p.id === v.product_id), 'deleted: gone from the list');
});

test('stock set through POST /api/v1/inventory/ and a reservation by a checkout payment change the availability shown', async () => {
  const s = shop();
  const v = await makeVariant(s, { name: 'Stocked', stock: 10 });
  const available = async () => (await listed(s)).find((p) => p.id === v.product_id)!.available;
  assert.equal(await available(), 10);
  assert.equal(await available(), 10);
  await setStock(s, v.id, 7);
  assert.equal(await available(), 7);
  const checkout = await readyCheckout(s.anon, [[v.id, 3]]);
  assert.equal(await available(), 7, 'an open checkout reserves nothing');
  expectStatus(await pay(s.anon, checkout.id, 'fake_card'), 201);
  assert.equal(await available(), 4, 'the payment reserved three units');
});

test('a change of store settings (rates, currencies) is seen at once', async () => {
  const s = shop();
  const v = await makeVariant(s, { price: '10.00' });
  const url = `/api/v1/products/${v.product_id}/?currency=EUR`;
  const eur = async () => expectStatus(await s.anon.get(url), 200).price.amount;
  assert.equal(await eur(), '9.00');
  assert.equal(await eur(), '9.00');
  await configureStore(s.staff, { exchange_rates: { EUR: '0.5' } });
  assert.equal(await eur(), '5.00');
  const store = async () => expectStatus(await s.anon.get('/api/v1/store/'), 200).currencies;
  assert.deepEqual(await store(), ['USD', 'EUR']);
  await configureStore(s.staff, { currencies: ['USD'], exchange_rates: {} });
  assert.deepEqual(await store(), ['USD']);
  assert.equal(expectStatus(await s.anon.get(url), 400).code, 'unsupported_currency');
  await configureStore(s.staff, { currencies: ['USD', 'EUR'], exchange_rates: { EUR: '0.9' } });
});

test('a request that read the catalogue before a change committed does not store its answer', async () => {
  const s = shop();
  const v = await makeVariant(s, { name: 'Racing' });
  const url = `/api/v1/products/${v.product_id}/`;
  let release!: () => void;
  let reached!: () => void;
  const atSerialize = new Promise<void>((resolve) => (reached = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  let armed = true;
  // Holds the first anonymous answer after it read the product, until the change below has committed.
  s.store.kernel.hooks.get('catalog').serializeProduct.tapPromise({ name: 'test-gate' }, async (products, context) => {
    if (armed && context.principal.kind === 'anonymous') {
      armed = false;
      reached();
      await gate;
    }
    return products;
  });
  s.store.kernel.responseCache.invalidate();
  const slow = s.anon.get(url);
  await atSerialize;
  expectStatus(await s.staff.patch(url, { name: 'Raced' }), 200);
  release();
  assert.equal(expectStatus(await slow, 200).name, 'Racing', 'the slow request read the product before the change');
  assert.equal(await anonName(s, url), 'Raced', 'its pre-change answer was not stored');
});

test('Accept-Language variants are cached apart, and If-None-Match on a hit is a 304 like the uncached one', async () => {
  const s = shop();
  const v = await makeVariant(s, { name: 'Hat', translations: { fr: { name: 'Chapeau' } } });
  const url = `/api/v1/products/${v.product_id}/`;
  const nameIn = async (lang: string) => expectStatus(await s.anon.get(url, { 'accept-language': lang }), 200).name;
  for (let round = 0; round < 2; round++) {
    assert.equal(await nameIn('fr'), 'Chapeau');
    assert.equal(await nameIn('en'), 'Hat');
    assert.equal(await nameIn('fr-CA, en;q=0.5'), 'Chapeau');
  }
  const cache = s.store.kernel.responseCache;
  cache.invalidate();
  const etag = String((await s.anon.get(url)).headers.etag);
  cache.invalidate();
  const uncached = await s.anon.get(url, { 'if-none-match': etag });
  assert.equal(uncached.statusCode, 304);
  expectStatus(await s.anon.get(url), 200);
  let hit!: LightMyRequestResponse;
  assert.equal(await catalogueQueries(s.knex, async () => (hit = await s.anon.get(url, { 'if-none-match': etag }))), 0);
  assert.equal(hit.statusCode, 304);
  assert.equal(hit.body, '');
  assert.deepEqual(comparable(hit), comparable(uncached));
  assert.equal((await s.anon.get(url, { 'if-none-match': 'W/"other"' })).statusCode, 200);
});

test('Cache-Control: no-cache from the client computes the answer afresh', async () => {
  const s = shop();
  const v = await makeVariant(s, { name: 'Fresh' });
  const url = `/api/v1/products/${v.product_id}/`;
  await s.anon.get(url);
  assert.equal(await catalogueQueries(s.knex, () => s.anon.get(url)), 0);
  assert.ok((await catalogueQueries(s.knex, () => s.anon.get(url, { 'cache-control': 'no-cache' }))) > 0);
});

test('a change written by another process is seen after its next check (at most a second apart)', async (t) => {
  const first = await openShop();
  t.after(() => first.store.close());
  // The second kernel on the same database stands for the CLI or another instance.
  const second = await startTestStore({ shareWith: first.store });
  const secondStaff = new Client(second, authHeader(await staffApiKey(second)));
  // The timer is stopped so that the test decides when the check runs.
  await first.store.kernel.foreignChanges.stop();
  const v = await makeVariant(first, { name: 'Local' });
  const url = `/api/v1/products/${v.product_id}/`;
  assert.equal(await anonName(first, url), 'Local');
  expectStatus(await secondStaff.patch(url, { name: 'Remote' }), 200);
  assert.equal(await anonName(first, url), 'Local', 'not noticed before the check: the cached answer');
  await first.store.kernel.foreignChanges.check();
  assert.equal(await anonName(first, url), 'Remote');
  // A reading that finds nothing new keeps the cache.
  await first.store.kernel.foreignChanges.check();
  assert.equal(await catalogueQueries(first.knex, () => first.anon.get(url)), 0);
});

test('this instance\'s own changes clear the cache once, at commit: the check for other processes\' changes keeps what was cached since', async (t) => {
  const s = await openShop();
  t.after(() => s.store.close());
  await s.store.kernel.foreignChanges.stop();
  const v = await makeVariant(s, { name: 'Own' });
  const url = `/api/v1/products/${v.product_id}/`;
  await s.store.kernel.foreignChanges.check();
  // One event a change (emit), and many in one insert (a bulk write's products).
  const changes = [
    () => s.staff.patch(url, { name: 'Own, renamed' }),
    () => s.staff.post('/api/v1/products/bulk/', { products: [{ name: 'Bulk one', status: 'active' }, { name: 'Bulk two', status: 'active' }] }),
  ];
  for (const change of changes) {
    expectStatus(await change(), 200);
    assert.ok((await catalogueQueries(s.knex, () => s.anon.get(url))) > 0, 'the change cleared the cache at commit');
    await s.store.kernel.foreignChanges.check();
    assert.equal(await catalogueQueries(s.knex, () => s.anon.get(url)), 0, 'still cached after the check');
  }
  assert.equal(await anonName(s, url), 'Own, renamed');
});

test('with REDIS_URL, another instance\'s change is announced: the cached answer goes without waiting for a check', async (t) => {
  const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
  const first = await openShop({ env });
  t.after(() => first.store.close());
  const second = await startTestStore({ shareWith: first.store, env });
  const secondStaff = new Client(second, authHeader(await staffApiKey(second)));
  // No reading of the events table: only the announcement can tell the first instance.
  await first.store.kernel.foreignChanges.stop();
  const v = await makeVariant(first, { name: 'Local' });
  const url = `/api/v1/products/${v.product_id}/`;
  assert.equal(await anonName(first, url), 'Local');
  assert.equal(await catalogueQueries(first.knex, () => first.anon.get(url)), 0, 'cached');
  expectStatus(await secondStaff.patch(url, { name: 'Remote' }), 200);
  const deadline = Date.now() + 5000;
  let name = await anonName(first, url);
  while (name !== 'Remote' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    name = await anonName(first, url);
  }
  assert.equal(name, 'Remote', 'the first instance answers with the other one\'s change');
  // Its own changes are not announced back to itself: a cached answer survives an unrelated announcement from itself.
  assert.equal(await catalogueQueries(first.knex, () => first.anon.get(url)), 0);
});

test('RESPONSE_CACHE_MB=0 turns the cache off', async (t) => {
  const ctx = await openCatalogStore({ env: { RESPONSE_CACHE_MB: '0' } });
  t.after(() => ctx.store.close());
  const p = expectStatus(await ctx.staff.post('/api/v1/products/', { name: 'Uncached', status: 'active' }), 201);
  const url = `/api/v1/products/${p.id}/`;
  expectStatus(await ctx.anon.get(url), 200);
  assert.ok((await catalogueQueries(ctx.store.kernel.knex, () => ctx.anon.get(url))) > 0);
  assert.equal(ctx.store.kernel.responseCache.size, 0);
});

test('the cache keeps within its memory bound, dropping the least recently used answers', async (t) => {
  const ctx = await openCatalogStore({ env: { RESPONSE_CACHE_MB: '1' } });
  t.after(() => ctx.store.close());
  await ctx.store.kernel.foreignChanges.stop();
  const long = 'x'.repeat(5000);
  const products = Array.from({ length: 40 }, (_, i) => ({ name: `Bulky ${i}`, description: long, status: 'active' }));
  expectStatus(await ctx.staff.post('/api/v1/products/bulk/', { products }), 200);
  const url = '/api/v1/products/?page_size=40';
  const cache = ctx.store.kernel.responseCache;
  const size = expectStatus(await ctx.anon.get(url, { 'accept-language': 'lang-0' }), 200) && cache.bytes;
  assert.ok(size > 200_000, `one answer is large (${size} bytes)`);
  for (let i = 1; i < 10; i++) expectStatus(await ctx.anon.get(url, { 'accept-language': `lang-${i}` }), 200);
  assert.ok(cache.bytes <= 1024 * 1024, `within 1 MiB: ${cache.bytes}`);
  assert.ok(cache.size < 10 && cache.size > 0, `some answers were dropped: ${cache.size} kept`);
  const knex = ctx.store.kernel.knex;
  assert.ok((await catalogueQueries(knex, () => ctx.anon.get(url, { 'accept-language': 'lang-0' }))) > 0, 'the oldest was dropped');
  assert.equal(await catalogueQueries(knex, () => ctx.anon.get(url, { 'accept-language': 'lang-9' })), 0, 'the newest is kept');
});

test('rate limits count cache hits like any other request, with the same headers', async (t) => {
  const ctx = await openCatalogStore({ env: { RATE_LIMIT_ANONYMOUS: '3' } });
  t.after(() => ctx.store.close());
  await ctx.store.kernel.foreignChanges.stop();
  const p = expectStatus(await ctx.staff.post('/api/v1/products/', { name: 'Limited', status: 'active' }), 201);
  const url = `/api/v1/products/${p.id}/`;
  const miss = await ctx.anon.get(url);
  assert.equal(miss.headers['x-ratelimit-remaining'], '2');
  const hit = await ctx.anon.get(url);
  assert.equal(hit.statusCode, 200);
  assert.equal(hit.headers['x-ratelimit-limit'], '3');
  assert.equal(hit.headers['x-ratelimit-remaining'], '1');
  expectStatus(await ctx.anon.get(url), 200);
  const refused = await ctx.anon.get(url);
  assert.equal(refused.statusCode, 429);
  assert.equal(refused.json().code, 'rate_limited');
});
