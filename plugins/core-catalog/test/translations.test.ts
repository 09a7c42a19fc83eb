import { test } from 'node:test';
import assert from 'node:assert/strict';
import { configureStore, createProduct, expectStatus, sharedCatalogStore } from './helpers.ts';

const shared = sharedCatalogStore();
let productId: number;

test('setup: a store in English, German and French with a translated product', async () => {
  await configureStore(shared().staff, { languages: ['en', 'de', 'fr'], default_language: 'en' });
  const p = await createProduct(shared().staff, {
    name: 'Classic T-Shirt',
    description: 'Soft cotton',
    status: 'active',
    translations: { de: { name: 'Klassisches T-Shirt', description: 'Weiche Baumwolle' }, FR: { name: 'T-shirt classique' } },
  });
  productId = p.id;
  assert.deepEqual(p.translations, { de: { name: 'Klassisches T-Shirt', description: 'Weiche Baumwolle' }, fr: { name: 'T-shirt classique' } });
});

test('translated fields follow Accept-Language with q-values, field by field, with Content-Language and Vary', async () => {
  const read = async (header?: string) => {
    const res = await shared().anon.get(`/api/v1/products/${productId}/`, header === undefined ? {} : { 'accept-language': header });
    const body = expectStatus(res, 200);
    assert.match(String(res.headers.vary), /Accept-Language/i);
    return { lang: res.headers['content-language'], name: body.name, description: body.description };
  };
  assert.deepEqual(await read('de'), { lang: 'de', name: 'Klassisches T-Shirt', description: 'Weiche Baumwolle' });
  assert.deepEqual(await read('fr;q=0.5, de;q=0.9'), { lang: 'de', name: 'Klassisches T-Shirt', description: 'Weiche Baumwolle' });
  assert.deepEqual(await read('fr'), { lang: 'fr', name: 'T-shirt classique', description: 'Soft cotton' }, 'an untranslated field falls back to the base text');
  assert.deepEqual(await read('de-CH, en;q=0.1'), { lang: 'de', name: 'Klassisches T-Shirt', description: 'Weiche Baumwolle' });
  assert.deepEqual(await read('es'), { lang: 'en', name: 'Classic T-Shirt', description: 'Soft cotton' });
  assert.deepEqual(await read(), { lang: 'en', name: 'Classic T-Shirt', description: 'Soft cotton' });
  for (const malformed of ['%%%;q=abc,,', 'de;q=2', ';;;', 'x'.repeat(5000)]) {
    assert.equal((await read(malformed)).name, 'Classic T-Shirt', `malformed ${malformed.slice(0, 20)} falls back`);
  }
  const list = await shared().anon.get('/api/v1/products/', { 'accept-language': 'de' });
  assert.equal(expectStatus(list, 200).results[0].name, 'Klassisches T-Shirt');
  assert.equal(list.headers['content-language'], 'de');
});

test('staff see the raw translations; anonymous callers do not', async () => {
  const staff = expectStatus(await shared().staff.get(`/api/v1/products/${productId}/`, { 'accept-language': 'de' }), 200);
  assert.equal(staff.name, 'Klassisches T-Shirt');
  assert.deepEqual(Object.keys(staff.translations), ['de', 'fr']);
  const anon = expectStatus(await shared().anon.get(`/api/v1/products/${productId}/`), 200);
  assert.equal('translations' in anon, false);
});

test('translation languages must be among the store\'s; each bad one is named', async () => {
  const res = await shared().staff.post('/api/v1/products/', { name: 'Nope', translations: { es: { name: 'No' }, it: { name: 'No' }, de: { name: 'Ja' } } });
  const body = expectStatus(res, 400);
  assert.deepEqual(Object.keys(body.errors).sort(), ['translations.es', 'translations.it']);
  const patch = await shared().staff.patch(`/api/v1/products/${productId}/`, { translations: { xx: { name: 'x' } } });
  assert.ok(expectStatus(patch, 400).errors['translations.xx']);
  const tooLong = await shared().staff.patch(`/api/v1/products/${productId}/`, { translations: { de: { name: 'n'.repeat(201) } } });
  expectStatus(tooLong, 400);
});

test('PATCH translations replaces the whole set', async () => {
  const p = expectStatus(await shared().staff.patch(`/api/v1/products/${productId}/`, { translations: { fr: { name: 'T-shirt' } } }), 200);
  assert.deepEqual(p.translations, { fr: { name: 'T-shirt' } });
  const de = expectStatus(await shared().anon.get(`/api/v1/products/${productId}/`, { 'accept-language': 'de' }), 200);
  assert.equal(de.name, 'Classic T-Shirt');
});

test('categories are translated the same way', async () => {
  const c = expectStatus(await shared().staff.post('/api/v1/categories/', { name: 'Shoes', translations: { de: { name: 'Schuhe' } } }), 201);
  const res = await shared().anon.get(`/api/v1/categories/${c.id}/`, { 'accept-language': 'de-DE,de;q=0.9' });
  assert.equal(expectStatus(res, 200).name, 'Schuhe');
  assert.equal(res.headers['content-language'], 'de');
  const list = await shared().anon.get('/api/v1/categories/', { 'accept-language': 'fr' });
  assert.equal(expectStatus(list, 200).results[0].name, 'Shoes');
  assert.ok(expectStatus(await shared().staff.post('/api/v1/categories/', { name: 'X', translations: { es: { name: 'x' } } }), 400).errors['translations.es']);
});
