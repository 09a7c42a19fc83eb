import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Client, expectStatus } from '../../../test/helpers/client.ts';
import { startTestStore, type TestStore } from '../../../test/helpers/store.ts';
import { authHeader, staffApiKey } from '../../../test/helpers/auth.ts';
import { Visitor } from './visitor.ts';
import { statementsDuring } from '../../../test/helpers/statements.ts';

let store: TestStore;
let staff: Client;
let category: any;

before(async () => {
  store = await startTestStore();
  staff = new Client(store, authHeader(await staffApiKey(store)));
  expectStatus(await staff.patch('/api/v1/store/', { languages: ['en', 'de'], currencies: ['USD', 'EUR'], exchange_rates: { EUR: '0.5' } }), 200);
  category = expectStatus(await staff.post('/api/v1/categories/', { name: 'Shoes', slug: 'shoes', translations: { de: { name: 'Schuhe' } } }), 201);
  const products = Array.from({ length: 30 }, (_, i) => ({
    name: i === 0 ? 'Runner <script>alert(1)</script>' : `Shoe ${String(i).padStart(2, '0')}`,
    slug: i === 0 ? 'runner' : `shoe-${i}`,
    status: 'active',
    category_id: category.id,
    translations: i === 0 ? { de: { name: 'Läufer' } } : undefined,
    options: [{ name: 'Size', values: ['40', '42'] }],
    variants: [
      { sku: `SH-${i}-40`, price: `${10 + i}.00`, options: { Size: '40' } },
      { sku: `SH-${i}-42`, price: `${10 + i}.00`, options: { Size: '42' } },
    ],
  }));
  expectStatus(await staff.post('/api/v1/products/bulk/', { products }), 200);
  expectStatus(await staff.post('/api/v1/pages/', { title: 'About us', slug: 'about-us', body: '<p>Hello <strong>there</strong></p><script>alert(1)</script>', published: true }), 201);
});

after(() => store.close());

test('a category page lists its products 24 to a page with links to the others, sorted and filtered by the query', async () => {
  const v = new Visitor(store);
  const first = await v.get('/categories/shoes');
  assert.equal(first.statusCode, 200);
  assert.equal((first.body.match(/class="product-card"/g) ?? []).length, 24);
  assert.match(first.body, /<a href="\/categories\/shoes\?page=2" rel="next">/);
  assert.match(first.body, /30 products/);
  const second = await v.get('/categories/shoes?page=2');
  assert.equal((second.body.match(/class="product-card"/g) ?? []).length, 6);
  assert.match(second.body, /rel="prev"/);
  const cheap = await v.get('/categories/shoes?sort=price&max_price=12');
  const names = [...cheap.body.matchAll(/class="product-card-name">([^<]+)</g)].map((m) => m[1]);
  assert.deepEqual(names, ['Runner &lt;script&gt;alert(1)&lt;/script&gt;', 'Shoe 01', 'Shoe 02']);
  assert.match(cheap.body, /<meta name="robots" content="noindex">/, 'filtered listings are not indexed');
  for (const url of ['/categories/shoes?page=-3&sort=bogus&min_price=abc', '/categories/shoes?page=abc', '/categories/shoes?max_price=1e9', '/categories/shoes?min_price=%00']) {
    const res = await v.get(url);
    assert.equal(res.statusCode, 200, url);
    assert.equal((res.body.match(/class="product-card"/g) ?? []).length, 24, `${url}: a value that does not fit is ignored`);
  }
  assert.equal((await v.get('/categories/shoes?page=999')).statusCode, 404, 'a page past the end, as in the API');
  const missing = await v.get('/categories/no-such-category');
  assert.equal(missing.statusCode, 404);
  assert.match(missing.body, /Page not found/);
  const breadcrumbs = /<script type="application\/ld\+json">(\{"@context":"https:\/\/schema.org","@type":"BreadcrumbList"[^<]*)<\/script>/.exec(first.body);
  assert.ok(breadcrumbs, 'JSON-LD breadcrumbs');
  assert.equal(JSON.parse(breadcrumbs[1]).itemListElement.at(-1).item, 'https://store.test/categories/shoes');
});

test('category filters: in stock and option values, through the API\'s in_stock and option filters', async () => {
  const v = new Visitor(store);
  // Nothing has stock in this catalogue; one variant stops tracking stock, so its product can be bought.
  const shoe = expectStatus(await staff.get('/api/v1/products/?slug=shoe-3'), 200).results[0];
  expectStatus(await staff.patch(`/api/v1/variants/${shoe.variants[1].id}/`, { track_inventory: false }), 200);
  expectStatus(await staff.patch(`/api/v1/products/${shoe.id}/`, { options: [{ name: 'Size', values: ['40', '42', '44'] }] }), 200);
  expectStatus(await staff.post(`/api/v1/products/${shoe.id}/variants/`, { sku: 'SH-3-44', price: '13.00', options: { Size: '44' } }), 201);
  const page = await v.get('/categories/shoes');
  assert.match(page.body, /<input type="checkbox" name="option" value="Size:44">/, 'the option values on offer');
  const inStock = await v.get('/categories/shoes?in_stock=1');
  assert.deepEqual([...inStock.body.matchAll(/class="product-card-name">([^<]+)</g)].map((m) => m[1]), ['Shoe 03']);
  assert.match(inStock.body, /name="in_stock" value="1" checked/);
  const size44 = await v.get('/categories/shoes?option=Size%3A44');
  assert.deepEqual([...size44.body.matchAll(/class="product-card-name">([^<]+)</g)].map((m) => m[1]), ['Shoe 03']);
  assert.equal((await v.get('/categories/shoes?option=Size%3A40')).body.match(/class="product-card"/g)?.length, 24);
  assert.equal((await v.get('/categories/shoes?option=Size%3A99')).statusCode, 200, 'no match is an empty page');
  assert.equal((await v.get('/categories/shoes?option=nonsense')).statusCode, 200, 'a malformed filter is ignored');
  // The API the page reads through.
  assert.equal(expectStatus(await store.inject({ url: '/api/v1/products/?in_stock=true' }), 200).count, 1);
  assert.equal(expectStatus(await store.inject({ url: '/api/v1/products/?in_stock=false' }), 200).count, 29);
  assert.equal(expectStatus(await store.inject({ url: '/api/v1/products/?option=Size:44&option=Size:40' }), 200).count, 1);
  assert.equal(expectStatus(await store.inject({ url: '/api/v1/products/?option=Size:4_' }), 200).count, 0, 'LIKE wildcards are matched literally');
  const refused = await store.inject({ url: '/api/v1/products/?option=nonsense' });
  assert.equal(refused.statusCode, 400);
  assert.ok(refused.json().errors.option);
  expectStatus(await staff.patch(`/api/v1/variants/${shoe.variants[1].id}/`, { track_inventory: true }), 200);
});

test('a product page has its variant picker, escaped name, canonical URL, Open Graph tags and Product JSON-LD', async () => {
  const v = new Visitor(store);
  const res = await v.get('/products/runner');
  assert.equal(res.statusCode, 200);
  assert.ok(!res.body.includes('<script>alert(1)'), 'the name is escaped everywhere');
  assert.match(res.body, /<h1>Runner &lt;script&gt;alert\(1\)&lt;\/script&gt;<\/h1>/);
  assert.match(res.body, /<link rel="canonical" href="https:\/\/store\.test\/products\/runner">/);
  assert.match(res.body, /<meta property="og:type" content="product">/);
  const options = [...res.body.matchAll(/<option value="(\d+)"[^>]*>([^<]+)</g)].map((m) => m[2]);
  assert.deepEqual(options.map((o) => o.split(' – ')[0]), ['40', '42']);
  assert.match(res.body, /<form class="add-to-cart" method="post" action="\/cart\/add" data-add-to-cart>/);
  const ld = [...res.body.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!));
  const product = ld.find((d) => d['@type'] === 'Product');
  assert.equal(product.name, 'Runner <script>alert(1)</script>', 'JSON-LD carries the real name, safely inside its block');
  assert.equal(product.offers.length, 2);
  // No stock was recorded for these variants: sold out, which the picker and JSON-LD both say.
  assert.deepEqual([product.offers[0].price, product.offers[0].priceCurrency, product.offers[0].availability], ['10.00', 'USD', 'https://schema.org/OutOfStock']);
  assert.match(res.body, /<option value="\d+" selected disabled>40 – \$10\.00 \(Sold out\)<\/option>/);
  assert.match(res.body, /data-product-stock[^>]*>Sold out</);
  const variant = expectStatus(await staff.get('/api/v1/products/?slug=runner'), 200).results[0].variants[1];
  assert.match((await v.get(`/products/runner?variant=${variant.id}`)).body, new RegExp(`<option value="${variant.id}" selected disabled>`), "?variant= preselects that variant");
  assert.equal((await v.get('/products/no-such-product')).statusCode, 404);
  // The API's slug filter the page reads through: one product, or none (not an error).
  assert.equal(expectStatus(await store.inject({ url: '/api/v1/products/?slug=runner' }), 200).count, 1);
  assert.equal(expectStatus(await store.inject({ url: '/api/v1/products/?slug=no-such-product' }), 200).count, 0);
  expectStatus(await staff.patch(`/api/v1/products/${variant.product_id}/`, { status: 'draft' }), 200);
  assert.equal((await v.get('/products/runner')).statusCode, 404, 'a draft is not in the shop');
  expectStatus(await staff.patch(`/api/v1/products/${variant.product_id}/`, { status: 'active' }), 200);
});

test('a page computed afresh reads the category list once, though the page and its header navigation both use it', async () => {
  // The list's own statements (its count and its page), not the category filter's subqueries.
  const readsCategories = (sql: string) => /from [`"]categories[`"]( order by|$)/.test(sql);
  const fresh = { accept: 'text/html', 'cache-control': 'no-cache' };
  // What one computed read of the list costs, as the yardstick.
  const alone = await statementsDuring(store.kernel.knex, async () => {
    expectStatus(await store.inject({ url: '/api/v1/categories/?page_size=100', headers: { 'cache-control': 'no-cache' } }), 200);
  });
  const once = alone.filter((s) => readsCategories(s.sql)).length;
  assert.ok(once > 0, 'the category list reads the categories table');
  for (const url of ['/products/runner', '/categories/shoes']) {
    let res: any;
    const sent = await statementsDuring(store.kernel.knex, async () => {
      res = await store.inject({ url, headers: fresh });
    });
    assert.equal(res.statusCode, 200, url);
    assert.match(res.body, /<nav class="category-nav[^]*>Shoes<\/a>/, `${url}: the header lists the categories`);
    assert.equal(sent.filter((s) => readsCategories(s.sql)).length, once, `${url}: the category list is read once`);
  }
});

test('/de/ pages are German, in the chosen currency, with hreflang alternates', async () => {
  const v = new Visitor(store);
  await v.get('/');
  const chosen = await v.post('/currency', { currency: 'EUR', return_to: '/de/products/runner' });
  const res = await v.follow(chosen);
  assert.match(res.body, /<h1>Läufer<\/h1>/);
  assert.match(res.body, /5,00\s€/, 'converted at the store rate, written the German way');
  assert.match(res.body, /<link rel="alternate" hreflang="en" href="https:\/\/store\.test\/products\/runner">/);
  assert.match(res.body, /<link rel="alternate" hreflang="de" href="https:\/\/store\.test\/de\/products\/runner">/);
  assert.match((await v.get('/de/categories/shoes')).body, /<h1>Schuhe<\/h1>/);
});

test('search finds products by name; an empty query or no match is a page, not an error', async () => {
  const v = new Visitor(store);
  const found = await v.get('/search?q=Shoe%2007');
  assert.equal(found.statusCode, 200);
  assert.match(found.body, /Shoe 07/);
  assert.match(found.body, /<meta name="robots" content="noindex">/);
  assert.equal((await v.get('/search')).statusCode, 200);
  const none = await v.get('/search?q=zzzzzz');
  assert.match(none.body, /No products match your search/);
  assert.equal((await v.get(`/search?q=${'x'.repeat(5000)}`)).statusCode, 200);
});

test('CMS pages show their sanitised HTML; unpublished or unknown ones are the 404 page', async () => {
  const v = new Visitor(store);
  const res = await v.get('/pages/about-us');
  assert.equal(res.statusCode, 200);
  assert.match(res.body, /<p>Hello <strong>there<\/strong><\/p>/);
  assert.ok(!res.body.includes('alert(1)'));
  assert.equal((await v.get('/pages/nope')).statusCode, 404);
});

test('sitemap.xml lists every product, category and page in every language; robots.txt points to it', async () => {
  const res = await store.inject({ url: '/sitemap.xml' });
  assert.equal(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /^application\/xml/);
  const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  assert.ok(locs.includes('https://store.test/products/runner'));
  assert.ok(locs.includes('https://store.test/de/products/runner'));
  assert.ok(locs.includes('https://store.test/categories/shoes'));
  assert.ok(locs.includes('https://store.test/pages/about-us'));
  assert.equal(locs.filter((l) => l!.includes('/products/')).length, 60);
  assert.match(res.body, /<xhtml:link rel="alternate" hreflang="de" href="https:\/\/store\.test\/de\/products\/runner"\/>/);
  const robots = await store.inject({ url: '/robots.txt' });
  assert.match(robots.body, /Disallow: \/checkout/);
  assert.match(robots.body, /Sitemap: https:\/\/store\.test\/sitemap\.xml/);
});
