import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addVariant, configureStore, createProduct, expectStatus, sharedCatalogStore } from './helpers.ts';

const shared = sharedCatalogStore();

const search = async (term: string, opts: { lang?: string; extra?: string; staff?: boolean } = {}) => {
  const client = opts.staff ? shared().staff : shared().anon;
  const res = await client.get(`/api/v1/products/?search=${encodeURIComponent(term)}${opts.extra ?? ''}`, opts.lang ? { 'accept-language': opts.lang } : {});
  return expectStatus(res, 200).results.map((p: any) => p.name as string);
};

test('setup: products with names, descriptions, SKUs and a German translation', async () => {
  await configureStore(shared().staff, { languages: ['en', 'de'] });
  const staff = shared().staff;
  const shoes = await createProduct(staff, {
    name: 'Running Shoes',
    description: 'Lightweight trainers for the road.',
    status: 'active',
    translations: { de: { name: 'Laufschuhe', description: 'Leichte Turnschuhe für die Straße.' } },
  });
  await addVariant(staff, shoes.id, { sku: 'RUN-42', price: '80.00' });
  await createProduct(staff, { name: 'Shoe polish', description: 'Keeps leather shiny.', status: 'active' });
  await createProduct(staff, { name: 'Sandals', description: 'Open and airy.', status: 'active' });
  const tee = await createProduct(staff, { name: 'Classic Tee', description: 'Cotton shirt.', status: 'active', options: [{ name: 'Size', values: ['M'] }] });
  await addVariant(staff, tee.id, { sku: 'TSHIRT-RED-M', options: { Size: 'M' }, price: '19.99' });
  await createProduct(staff, { name: 'Leather boots', description: 'Leather, leather and more leather: full grain leather.', status: 'active' });
  await createProduct(staff, { name: 'Secret shoes', description: 'Not published yet.' });
});

test('a prefix finds whole words: "sho" finds shoes and shoe polish, not the draft', async () => {
  assert.deepEqual((await search('sho', { extra: '&ordering=name' })), ['Running Shoes', 'Shoe polish']);
  assert.deepEqual((await search('sho', { extra: '&ordering=name', staff: true })), ['Running Shoes', 'Secret shoes', 'Shoe polish']);
  assert.deepEqual(await search('trainers road'), ['Running Shoes'], 'every word must match, in the description too');
  assert.deepEqual(await search('trainers sandals'), []);
});

test('SKUs are searchable, whole or by their parts', async () => {
  assert.deepEqual(await search('TSHIRT-RED-M'), ['Classic Tee']);
  assert.deepEqual(await search('run-42'), ['Running Shoes']);
});

test('the negotiated language\'s translations are searched, ranked with the base text', async () => {
  assert.deepEqual(await search('laufschuhe', { lang: 'de' }), ['Laufschuhe']);
  assert.deepEqual(await search('laufsch', { lang: 'de' }), ['Laufschuhe']);
  assert.deepEqual(await search('laufschuhe', { lang: 'en' }), [], 'other languages\' translations are not searched');
  assert.deepEqual(await search('running', { lang: 'de' }), ['Laufschuhe'], 'the base text is searched in every language');
});

test('results are ranked by relevance unless an ordering is asked for', async () => {
  const ranked = await search('leather');
  assert.deepEqual(ranked, ['Leather boots', 'Shoe polish']);
  assert.deepEqual(await search('leather', { extra: '&ordering=name' }), ['Leather boots', 'Shoe polish']);
  assert.deepEqual(await search('leather', { extra: '&ordering=-name' }), ['Shoe polish', 'Leather boots']);
  const counted = expectStatus(await shared().anon.get('/api/v1/products/?search=leather&page_size=1'), 200);
  assert.equal(counted.count, 2);
  assert.equal(counted.results.length, 1);
});

test('search documents follow every write: renames, translations, SKU changes and deletions', async () => {
  const staff = shared().staff;
  const p = await createProduct(staff, { name: 'Kettle', status: 'active' });
  const v = await addVariant(staff, p.id, { sku: 'KET-1', price: '30.00' });
  assert.deepEqual(await search('kettle'), ['Kettle']);
  expectStatus(await staff.patch(`/api/v1/products/${p.id}/`, { name: 'Teapot', translations: { de: { name: 'Teekanne' } } }), 200);
  assert.deepEqual(await search('kettle'), []);
  assert.deepEqual(await search('teapot'), ['Teapot']);
  assert.deepEqual(await search('teekanne', { lang: 'de' }), ['Teekanne']);
  expectStatus(await staff.patch(`/api/v1/products/${p.id}/`, { translations: {} }), 200);
  assert.deepEqual(await search('teekanne', { lang: 'de' }), [], 'a language no longer translated loses its document');
  assert.deepEqual(await search('teapot', { lang: 'de' }), ['Teapot']);
  expectStatus(await staff.patch(`/api/v1/variants/${v.id}/`, { sku: 'POT-77' }), 200);
  assert.deepEqual(await search('KET-1'), []);
  assert.deepEqual(await search('POT-77'), ['Teapot']);
  expectStatus(await staff.delete(`/api/v1/products/${p.id}/`), 204);
  assert.deepEqual(await search('teapot'), []);
});

test('a search full of SQL and full-text operators is just words: 200, no error', async () => {
  const nasty = [
    `"'; DROP TABLE products; -- *) OR (NEAR "x`,
    'shoes" OR "1"="1',
    '+shoes -running ~sandals <leather >boots (a*)',
    'NEAR(shoes sandals, 2) AND NOT x*',
    '%_\\%',
    '*',
    '"',
    "'",
    'ы̆ 👟',
  ];
  for (const term of nasty) {
    const res = await shared().anon.get(`/api/v1/products/?search=${encodeURIComponent(term)}`);
    assert.equal(res.statusCode, 200, `${term}: ${res.body}`);
  }
  const count = await shared().store.kernel.knex('products').count({ n: '*' }).first();
  assert.ok(Number((count as any).n) > 0, 'the products table is still there');
  expectStatus(await shared().anon.get(`/api/v1/products/?search=${'x'.repeat(201)}`), 400);
});
