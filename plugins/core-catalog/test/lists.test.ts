import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../../kernel/clock.ts';
import { addVariant, createProduct, expectStatus, sharedCatalogStore } from './helpers.ts';

const DAY = 86_400_000;
const clock = new ManualClock(Date.parse('2026-01-01T10:00:00Z'));
const shared = sharedCatalogStore({ clock });

const names = async (query: string, client = shared().anon) =>
  expectStatus(await client.get(`/api/v1/products/?${query}`), 200).results.map((p: any) => p.name);

test('setup: five products created a day apart, priced by variants or explicitly', async () => {
  const make = async (name: string, opts: { variant?: string; price?: string }) => {
    const p = await createProduct(shared().staff, { name, status: 'active', ...(opts.price ? { price: opts.price } : {}) });
    if (opts.variant) await addVariant(shared().staff, p.id, { sku: `LIST-${name}`, price: opts.variant });
    clock.advance(DAY);
  };
  await make('banana', { variant: '3.00' });
  await make('Apple', { variant: '1.50' });
  await make('cherry', { variant: '10.00' });
  await make('Date', {});
  await make('elderberry', { variant: '8.00', price: '5.00' });
});

test('ordering by name, price and created_at, ascending and descending (default newest first)', async () => {
  assert.deepEqual(await names(''), ['elderberry', 'Date', 'cherry', 'Apple', 'banana']);
  assert.deepEqual(await names('ordering=name'), ['Apple', 'banana', 'cherry', 'Date', 'elderberry'], 'case-insensitive on both databases');
  assert.deepEqual(await names('ordering=-name'), ['elderberry', 'Date', 'cherry', 'banana', 'Apple']);
  assert.deepEqual(await names('ordering=price'), ['Date', 'Apple', 'banana', 'elderberry', 'cherry'], 'no price sorts first; the explicit price counts');
  assert.deepEqual(await names('ordering=-price'), ['cherry', 'elderberry', 'banana', 'Apple', 'Date']);
  assert.deepEqual(await names('ordering=created_at'), ['banana', 'Apple', 'cherry', 'Date', 'elderberry']);
  assert.deepEqual(await names('ordering=-created_at'), ['elderberry', 'Date', 'cherry', 'Apple', 'banana']);
});

test('an unknown ordering field is a 400 naming it', async () => {
  const body = expectStatus(await shared().anon.get('/api/v1/products/?ordering=-popularity'), 400);
  assert.ok(body.errors.ordering);
  assert.match(body.errors.ordering[0], /name, price, created_at/);
  expectStatus(await shared().anon.get('/api/v1/products/?ordering=id'), 400);
});

test('price bounds are decimal strings in the default currency, inclusive', async () => {
  assert.deepEqual(await names('ordering=name&price__gte=3.00'), ['banana', 'cherry', 'elderberry']);
  assert.deepEqual(await names('ordering=name&price__lte=5'), ['Apple', 'banana', 'elderberry']);
  assert.deepEqual(await names('ordering=name&price__gte=1.50&price__lte=3.00'), ['Apple', 'banana']);
  const bad = expectStatus(await shared().anon.get('/api/v1/products/?price__gte=abc&ordering=nope'), 400);
  assert.deepEqual(Object.keys(bad.errors).sort(), ['ordering', 'price__gte']);
  const precise = expectStatus(await shared().anon.get('/api/v1/products/?price__lte=1.234'), 400);
  assert.deepEqual(Object.keys(precise.errors), ['price__lte']);
  expectStatus(await shared().anon.get('/api/v1/products/?price__gte=-1'), 400);
});

test('created_at bounds take dates and timestamps', async () => {
  assert.deepEqual(await names('ordering=created_at&created_at__gte=2026-01-03'), ['cherry', 'Date', 'elderberry']);
  assert.deepEqual(await names('ordering=created_at&created_at__lte=2026-01-02'), ['banana', 'Apple']);
  assert.deepEqual(await names('ordering=created_at&created_at__gte=2026-01-02T10:00:00Z&created_at__lte=2026-01-03T10:00:00Z'), ['Apple', 'cherry']);
  const bad = expectStatus(await shared().anon.get('/api/v1/products/?created_at__gte=2026-02-31'), 400);
  assert.ok(bad.errors.created_at__gte);
});

test('pages: page_size, next/previous links, a page past the end is 404, page_size over 100 is 400', async () => {
  const first = expectStatus(await shared().anon.get('/api/v1/products/?ordering=name&page_size=2'), 200);
  assert.equal(first.count, 5);
  assert.deepEqual(first.results.map((p: any) => p.name), ['Apple', 'banana']);
  assert.match(first.next, /^https:\/\/store\.test\/api\/v1\/products\/\?ordering=name&page_size=2&page=2&after=[A-Za-z0-9_-]+$/, 'the next page, with the position it starts after');
  const second = expectStatus(await shared().anon.get(first.next.replace('https://store.test', '')), 200);
  assert.deepEqual(second.results.map((p: any) => p.name), ['cherry', 'Date']);
  const last = expectStatus(await shared().anon.get('/api/v1/products/?ordering=name&page_size=2&page=3'), 200);
  assert.deepEqual(last.results.map((p: any) => p.name), ['elderberry']);
  assert.equal(last.next, null);
  expectStatus(await shared().anon.get('/api/v1/products/?page=4&page_size=2'), 404);
  expectStatus(await shared().anon.get('/api/v1/products/?page_size=101'), 400);
});

test('identical requests give byte-identical bodies (stable key and array order)', async () => {
  const a = await shared().anon.get('/api/v1/products/?ordering=price');
  const b = await shared().anon.get('/api/v1/products/?ordering=price');
  assert.equal(a.body, b.body);
  // Fields taps add (core-inventory's availability) come after the catalogue's own.
  const keys = Object.keys(JSON.parse(a.body).results[0]).slice(0, 13);
  assert.deepEqual(keys, ['id', 'name', 'description', 'slug', 'status', 'category_id', 'options', 'images', 'price', 'compare_at_price', 'variants', 'created_at', 'updated_at']);
});

test('anonymous catalogue reads carry an ETag and answer If-None-Match with 304 until something changes', async () => {
  for (const url of ['/api/v1/products/?ordering=name', '/api/v1/categories/']) {
    const first = await shared().anon.get(url);
    expectStatus(first, 200);
    const etag = first.headers.etag as string;
    assert.ok(etag, `${url} has an ETag`);
    const again = await shared().anon.get(url, { 'if-none-match': etag });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
  }
  const before = await shared().anon.get('/api/v1/products/?ordering=name');
  const apple = JSON.parse(before.body).results[0];
  const detail = await shared().anon.get(`/api/v1/products/${apple.id}/`);
  assert.equal((await shared().anon.get(`/api/v1/products/${apple.id}/`, { 'if-none-match': detail.headers.etag as string })).statusCode, 304);
  expectStatus(await shared().staff.patch(`/api/v1/products/${apple.id}/`, { description: 'Crisp.' }), 200);
  const changed = await shared().anon.get('/api/v1/products/?ordering=name', { 'if-none-match': before.headers.etag as string });
  assert.equal(changed.statusCode, 200);
  assert.notEqual(changed.headers.etag, before.headers.etag);
  assert.equal((await shared().anon.get(`/api/v1/products/${apple.id}/`, { 'if-none-match': detail.headers.etag as string })).statusCode, 200);
});
