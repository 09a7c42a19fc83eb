import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../../kernel/clock.ts';
import { expectStatus, sharedCatalogStore, type Client } from './helpers.ts';

// Keyset paging of the product list: `next` links carry `after`, and a walk by them gives the list in
// its order, whatever changes meanwhile.

const clock = new ManualClock(Date.parse('2026-04-01T10:00:00Z'));
const shared = sharedCatalogStore({ clock });
const ORIGIN = 'https://store.test';

interface Walk {
  ids: number[];
  urls: string[];
}

/** Follows `next` from `first`, calling `between` after each page; the ids met and the URLs asked. */
async function walk(client: Client, first: string, between: (page: number) => Promise<void> = async () => {}): Promise<Walk> {
  const seen: Walk = { ids: [], urls: [] };
  let url: string | null = first;
  while (url) {
    seen.urls.push(url);
    const body = expectStatus(await client.get(url), 200);
    seen.ids.push(...body.results.map((p: any) => p.id));
    await between(seen.urls.length);
    url = body.next ? body.next.replace(ORIGIN, '') : null;
    assert.ok(seen.urls.length < 50, 'the walk ends');
  }
  return seen;
}

const allIds = async (client: Client, query: string) => expectStatus(await client.get(`/api/v1/products/?page_size=100&${query}`), 200).results.map((p: any) => p.id);

// 23 products in three bulk calls a minute apart: names repeat, some prices tie, some products have no
// price at all (NULL sorts first ascending, last descending), and each call's products share one
// created_at, so every ordering has ties that only the id breaks.
test('setup: products with repeated names, tied and missing prices, shared creation times', async () => {
  const record = (i: number) => ({
    name: `Keyset ${['alpha', 'Beta', 'gamma', 'delta'][i % 4]}`,
    status: 'active',
    ...(i % 5 === 0 ? {} : { variants: [{ sku: `KS-${i}`, price: ['2.00', '3.50', '2.00', '9.99'][i % 4] }] }),
  });
  for (const batch of [[0, 8], [8, 16], [16, 23]]) {
    const products = Array.from({ length: batch[1]! - batch[0]! }, (_, k) => record(batch[0]! + k));
    expectStatus(await shared().staff.post('/api/v1/products/bulk/', { products }), 200);
    clock.advance(60_000);
  }
  expectStatus(await shared().staff.post('/api/v1/products/', { name: 'Keyset draft', status: 'draft' }), 201);
});

test('a walk by next links gives every product once, in the order of one big page, for each ordering', async () => {
  for (const ordering of ['', 'ordering=name', 'ordering=-name', 'ordering=price', 'ordering=-price', 'ordering=created_at', 'ordering=-price,name', 'ordering=name,-created_at']) {
    const expected = await allIds(shared().anon, ordering);
    assert.equal(expected.length, 23, 'active products only');
    for (const size of [1, 4, 7]) {
      const seen = await walk(shared().anon, `/api/v1/products/?page_size=${size}&${ordering}`);
      assert.deepEqual(seen.ids, expected, `${ordering || 'default'}, pages of ${size}`);
      assert.equal(seen.urls.length, Math.ceil(23 / size));
      for (const [i, url] of seen.urls.slice(1).entries()) {
        assert.match(url, new RegExp(`[?&]page=${i + 2}(&|$)`), 'the next link numbers the page');
        assert.match(url, /[?&]after=[A-Za-z0-9_-]+/, 'and carries the position');
      }
    }
  }
});

test('staff walk every status; filters and page_size stay on the links', async () => {
  const staff = await walk(shared().staff, '/api/v1/products/?page_size=5&ordering=name');
  assert.deepEqual(staff.ids, await allIds(shared().staff, 'ordering=name'));
  assert.equal(staff.ids.length, 24);
  const priced = await walk(shared().anon, '/api/v1/products/?page_size=2&price__gte=3.00&ordering=-price');
  assert.deepEqual(priced.ids, await allIds(shared().anon, 'price__gte=3.00&ordering=-price'));
  assert.ok(priced.urls.slice(1).every((u) => u.includes('price__gte=3.00') && u.includes('page_size=2')));
  const previous = expectStatus(await shared().anon.get(priced.urls[1]!), 200).previous;
  assert.equal(previous, `${ORIGIN}/api/v1/products/?page_size=2&price__gte=3.00&ordering=-price`, 'previous is by number');
});

test('products added and removed during a walk: nothing is repeated or missed', async () => {
  const before = await allIds(shared().anon, '');
  const added: number[] = [];
  const seen = await walk(shared().anon, '/api/v1/products/?page_size=5', async (page) => {
    if (page === 1) {
      // Newer products go to the front of the default ordering (newest first), before the walk's position.
      clock.advance(60_000);
      const body = expectStatus(await shared().staff.post('/api/v1/products/bulk/', { products: [1, 2, 3].map((i) => ({ name: `Keyset late ${i}`, status: 'active' })) }), 200);
      added.push(...body.products.map((p: any) => p.id));
    }
    if (page === 2) {
      // A product of the page just read leaves the list: by number, the next page would skip one.
      expectStatus(await shared().staff.patch(`/api/v1/products/${before[9]}/`, { status: 'archived' }), 200);
    }
  });
  assert.deepEqual(seen.ids, before, 'the walk is the list as it was when it began');
  // By page number, page 2 now starts inside what page 1 showed.
  const byNumber = expectStatus(await shared().anon.get('/api/v1/products/?page_size=5&page=2'), 200).results.map((p: any) => p.id);
  assert.ok(byNumber.some((id: number) => before.slice(0, 5).includes(id)));
  for (const id of [...added, before[9]]) expectStatus(await shared().staff.delete(`/api/v1/products/${id}/`), 204);
});

test('when the rows after a position are gone, its page is empty with no next link', async () => {
  const first = expectStatus(await shared().anon.get('/api/v1/products/?page_size=21&ordering=name'), 200);
  assert.equal(first.count, 22);
  const all = await allIds(shared().anon, 'ordering=name');
  expectStatus(await shared().staff.patch(`/api/v1/products/${all[21]}/`, { status: 'archived' }), 200);
  const second = expectStatus(await shared().anon.get(first.next.replace(ORIGIN, '')), 200);
  assert.deepEqual(second, { count: 21, next: null, previous: `${ORIGIN}/api/v1/products/?page_size=21&ordering=name`, results: [] });
  expectStatus(await shared().staff.patch(`/api/v1/products/${all[21]}/`, { status: 'active' }), 200);
});

test('a cursor that was not given, or of another ordering, or with a search, is a 400 on after', async () => {
  const first = expectStatus(await shared().anon.get('/api/v1/products/?page_size=3&ordering=name'), 200);
  const after = new URL(first.next).searchParams.get('after')!;
  const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  for (const query of [
    `ordering=-name&after=${after}`,
    `after=${after}`,
    'after=bm9wZQ',
    'after=not%20base64',
    `ordering=name&after=${forged(['name', ['Keyset alpha']])}`,
    `ordering=name&after=${forged(['name', [{ x: 1 }, 5]])}`,
    `ordering=price&after=${forged(['price', [null, null]])}`,
    `ordering=name&after=${forged(['name', [['Keyset'], 5]])}`,
    `search=keyset&ordering=name&after=${after}`,
  ]) {
    const body = expectStatus(await shared().anon.get(`/api/v1/products/?${query}`), 400);
    assert.deepEqual(Object.keys(body.errors), ['after'], query);
  }
  // A position forged from plain values is just a position: the rows after it.
  const fromForged = expectStatus(await shared().anon.get(`/api/v1/products/?ordering=name&page_size=100&after=${forged(['name', ['Keyset Beta', 0]])}`), 200);
  assert.ok(fromForged.results.every((p: any) => p.name.toLowerCase() >= 'keyset beta'));
  assert.ok(fromForged.results.some((p: any) => p.name === 'Keyset Beta'), 'ties on the name come after id 0');
});
