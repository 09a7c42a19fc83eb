import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../../kernel/clock.ts';
import { configureStore, createProduct, expectStatus, openCatalogStore, sku, type CatalogTestStore } from './helpers.ts';

// The clock never moves: every write of these tests happens in the same millisecond, so only the
// product's revision can tell one state from the next.
const clock = new ManualClock(Date.parse('2026-07-01T09:00:00Z'));
let s: CatalogTestStore;
const FRESH = { 'cache-control': 'no-cache' };

before(async () => {
  s = await openCatalogStore({ clock });
  await configureStore(s.staff, { currencies: ['USD', 'EUR'], exchange_rates: { EUR: '0.9' }, languages: ['en', 'de'], default_language: 'en' });
});
after(() => s.store.close());

async function anonymousViews(id: number, headers: Record<string, string> = {}) {
  const list = expectStatus(await s.anon.get(`/api/v1/products/?slug=${encodeURIComponent((await s.staff.get(`/api/v1/products/${id}/`)).json().slug)}`, { ...FRESH, ...headers }), 200);
  const detail = expectStatus(await s.anon.get(`/api/v1/products/${id}/`, { ...FRESH, ...headers }), 200);
  assert.equal(list.count, 1);
  assert.deepEqual(list.results[0], detail, 'a list item and the detail are the same product');
  return detail;
}

test('anonymous callers see every change at once, even several within one millisecond', async () => {
  const product = await createProduct(s.staff, {
    name: 'Memo mug',
    status: 'active',
    options: [{ name: 'Size', values: ['S', 'M'] }],
    variants: [
      { sku: sku('MEMO'), options: { Size: 'S' }, price: '10.00' },
      { sku: sku('MEMO'), options: { Size: 'M' }, price: '11.00' },
    ],
  });
  const first = await anonymousViews(product.id);
  assert.equal(first.name, 'Memo mug');
  assert.equal(first.price.amount, '10.00');
  assert.equal(first.translations, undefined, 'stored translations are for staff');

  expectStatus(await s.staff.patch(`/api/v1/products/${product.id}/`, { name: 'Memo cup' }), 200);
  assert.equal((await anonymousViews(product.id)).name, 'Memo cup');
  expectStatus(await s.staff.patch(`/api/v1/products/${product.id}/`, { name: 'Memo beaker' }), 200);
  assert.equal((await anonymousViews(product.id)).name, 'Memo beaker');

  // A variant's change is the product's change too.
  expectStatus(await s.staff.patch(`/api/v1/variants/${product.variants[0].id}/`, { price: '9.50' }), 200);
  const repriced = await anonymousViews(product.id);
  assert.deepEqual(repriced.variants.map((v: any) => v.price.amount), ['9.50', '11.00']);
  assert.equal(repriced.price.amount, '9.50');
  expectStatus(await s.staff.delete(`/api/v1/variants/${product.variants[1].id}/`), 204);
  assert.equal((await anonymousViews(product.id)).variants.length, 1);

  // Unpublished: gone for anonymous callers at once, whatever was kept.
  expectStatus(await s.staff.patch(`/api/v1/products/${product.id}/`, { status: 'draft' }), 200);
  expectStatus(await s.anon.get(`/api/v1/products/${product.id}/`, FRESH), 404);
});

test('each language and currency is kept apart, and prices follow the exchange rate', async () => {
  const product = await createProduct(s.staff, {
    name: 'Memo plate',
    description: 'A plate.',
    status: 'active',
    translations: { de: { name: 'Memo-Teller' } },
    variants: [{ sku: sku('PLATE'), price: '20.00' }],
  });
  const en = await anonymousViews(product.id, { 'accept-language': 'en' });
  const de = await anonymousViews(product.id, { 'accept-language': 'de' });
  assert.deepEqual([en.name, de.name], ['Memo plate', 'Memo-Teller']);
  const eurDetail = expectStatus(await s.anon.get(`/api/v1/products/${product.id}/?currency=EUR`, FRESH), 200);
  assert.deepEqual([eurDetail.price.amount, eurDetail.price.currency], ['18.00', 'EUR']);

  await configureStore(s.staff, { exchange_rates: { EUR: '0.8' } });
  const after = expectStatus(await s.anon.get(`/api/v1/products/${product.id}/?currency=EUR`, FRESH), 200);
  assert.deepEqual([after.price.amount, after.price.currency], ['16.00', 'EUR']);
  assert.equal(expectStatus(await s.anon.get(`/api/v1/products/${product.id}/`, FRESH), 200).price.amount, '20.00');
});

test('staff answers are built afresh and carry what anonymous ones do not', async () => {
  const product = await createProduct(s.staff, { name: 'Memo bowl', status: 'active', translations: { de: { name: 'Memo-Schale' } }, variants: [{ sku: sku('BOWL'), price: '5.00' }] });
  await anonymousViews(product.id);
  const staff = expectStatus(await s.staff.get(`/api/v1/products/${product.id}/`, FRESH), 200);
  assert.deepEqual(staff.translations, { de: { name: 'Memo-Schale' } });
  const listed = expectStatus(await s.staff.get(`/api/v1/products/?slug=${product.slug}`, FRESH), 200);
  assert.deepEqual(listed.results[0].translations, { de: { name: 'Memo-Schale' } });
});
