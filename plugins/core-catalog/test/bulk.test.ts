import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseJson } from '../../../kernel/db/dialect.ts';
import { createProduct, expectStatus, sharedCatalogStore } from './helpers.ts';

const shared = sharedCatalogStore();
const count = async (table: string, where: Record<string, unknown> = {}) =>
  Number(((await shared().store.kernel.knex(table).where(where).count({ n: '*' }).first()) as any).n);

const record = (i: number, prefix: string) => ({
  name: `${prefix} product ${i}`,
  status: 'active',
  options: [{ name: 'Size', values: ['S', 'M'] }],
  variants: [
    { sku: `${prefix}-${i}-S`, options: { Size: 'S' }, price: '10.00' },
    { sku: `${prefix}-${i}-M`, options: { Size: 'M' }, price: '12.00' },
  ],
});

test('bulk creates 100 products with their variants in one call', async () => {
  const products = Array.from({ length: 100 }, (_, i) => record(i, 'BULK'));
  const res = await shared().staff.post('/api/v1/products/bulk/', { products });
  const body = expectStatus(res, 200);
  assert.equal(body.products.length, 100);
  assert.equal(body.products[99].name, 'BULK product 99');
  assert.deepEqual(body.products[0].variants.map((v: any) => v.sku), ['BULK-0-S', 'BULK-0-M']);
  assert.deepEqual(body.products[0].price, { amount: '10.00', currency: 'USD' });
  assert.equal(await count('products'), 100);
  assert.equal(await count('variants'), 200);
  assert.equal(await count('events', { type: 'product.created' }), 100);
  const found = expectStatus(await shared().anon.get('/api/v1/products/?search=BULK-57-M'), 200);
  assert.deepEqual(found.results.map((p: any) => p.name), ['BULK product 57']);
});

test('more than 100 records is a 400 and writes nothing', async () => {
  const products = Array.from({ length: 101 }, (_, i) => record(i, 'OVER'));
  const body = expectStatus(await shared().staff.post('/api/v1/products/bulk/', { products }), 400);
  assert.ok(body.errors.products);
  expectStatus(await shared().staff.post('/api/v1/products/bulk/', { products: [] }), 400);
  assert.equal(await count('products'), 100);
});

test('bad records are all named by index and nothing at all is written', async () => {
  const productsBefore = await count('products');
  const eventsBefore = await count('events');
  const products = Array.from({ length: 10 }, (_, i) => record(i, 'BAD'));
  products[3]!.variants[0]!.price = '12.345';
  (products[7] as any).category_id = 424242;
  products[8]!.variants[1]!.options = { Size: 'XL' };
  const body = expectStatus(await shared().staff.post('/api/v1/products/bulk/', { products }), 400);
  assert.deepEqual(Object.keys(body.errors).sort(), ['products.3.variants.0.price', 'products.7.category_id', 'products.8.variants.1.options.Size']);
  assert.equal(await count('products'), productsBefore);
  assert.equal(await count('events'), eventsBefore);
  assert.equal(await count('variants', { sku: 'BAD-0-S' }), 0);
  const schemaBad = expectStatus(await shared().staff.post('/api/v1/products/bulk/', { products: [{ name: 'ok' }, { name: 'x'.repeat(300) }, { name: 'y', colour: 1 }] }), 400);
  assert.deepEqual(Object.keys(schemaBad.errors).sort(), ['products.1.name', 'products.2.colour']);
});

test('a SKU repeated across records is a 409 naming the later one; a taken slug names its record', async () => {
  const products = [record(0, 'DUP'), record(1, 'DUP')];
  products[1]!.variants[0]!.sku = 'DUP-0-S';
  const dup = expectStatus(await shared().staff.post('/api/v1/products/bulk/', { products }), 409);
  assert.equal(dup.code, 'duplicate_sku');
  assert.deepEqual(Object.keys(dup.errors), ['products.1.variants.0.sku']);
  const slug = expectStatus(await shared().staff.post('/api/v1/products/bulk/', { products: [{ name: 'A', slug: 'bulk-product-1' }] }), 409);
  assert.deepEqual(Object.keys(slug.errors), ['products.0.slug']);
  assert.equal(await count('variants', { sku: 'DUP-1-M' }), 0);
});

test('records with an id update that product; variants are matched by SKU, others are added or kept', async () => {
  const existing = await createProduct(shared().staff, { ...record(0, 'UPD'), status: 'draft' });
  const res = await shared().staff.post('/api/v1/products/bulk/', {
    products: [
      {
        id: String(existing.id),
        status: 'active',
        variants: [
          { sku: 'upd-0-s', options: { Size: 'S' }, price: '11.00', track_inventory: false },
          { sku: 'UPD-0-NEW', options: { Size: 'M' }, price: '1.00' },
        ],
      },
    ],
  });
  // The new variant takes Size M, which UPD-0-M already has.
  const conflict = expectStatus(res, 409);
  assert.deepEqual(Object.keys(conflict.errors), ['products.0.variants.1.options']);

  const ok = expectStatus(
    await shared().staff.post('/api/v1/products/bulk/', {
      products: [
        { id: existing.id, status: 'active', options: [{ name: 'Size', values: ['S', 'M', 'L'] }], variants: [{ sku: 'UPD-0-S', options: { Size: 'S' }, price: '11.00', track_inventory: false }, { sku: 'UPD-0-L', options: { Size: 'L' }, price: '14.00' }] },
        { name: 'Brand new', variants: [{ sku: 'UPD-NEW-1', price: '3.00' }] },
      ],
    }),
    200,
  );
  const [updated, created] = ok.products;
  assert.equal(updated.id, existing.id);
  assert.equal(updated.status, 'active');
  assert.deepEqual(updated.variants.map((v: any) => [v.sku, v.price.amount, v.track_inventory]), [
    ['UPD-0-S', '11.00', false],
    ['UPD-0-M', '12.00', true],
    ['UPD-0-L', '14.00', true],
  ]);
  assert.equal(created.name, 'Brand new');
  assert.equal(created.status, 'draft');
});

test('bulk refusals name unknown ids and records without a name', async () => {
  const body = expectStatus(await shared().staff.post('/api/v1/products/bulk/', { products: [{ id: 99999999, name: 'x' }, { id: 99999998 }] }), 400);
  assert.deepEqual(Object.keys(body.errors).sort(), ['products.0.id', 'products.1.id']);
  // A record without id creates a product, so the schema requires its name.
  const nameless = expectStatus(await shared().staff.post('/api/v1/products/bulk/', { products: [{ name: 'x' }, { description: 'no name' }] }), 400);
  assert.deepEqual(Object.keys(nameless.errors), ['products.1.name']);
  expectStatus(await shared().anon.post('/api/v1/products/bulk/', { products: [{ name: 'x' }] }), 401);
});

test('a bulk create takes a few statements per product, whatever their number, and writes what it always wrote', async () => {
  const { staff, anon, store } = shared();
  const knex = store.kernel.knex;
  const category = expectStatus(await staff.post('/api/v1/categories/', { name: 'Counted bulk' }), 201);
  // As a catalogue is seeded: active, Size S/M/L, three variants, one category.
  const product = (i: number) => ({
    name: `Counted ${i}`,
    description: `Counted product number ${i}`,
    status: 'active',
    category_id: category.id,
    options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
    variants: ['S', 'M', 'L'].map((size, j) => ({ sku: `CNT-${i}-${size}`, options: { Size: size }, price: `${20 - i}.${j}0` })),
  });
  const statementsOf = async (products: unknown[]) => {
    const seen: string[] = [];
    // Timers' reads are not the request's: the settings refresh, the response cache's check for other processes' events.
    const listener = (q: { sql: string }) => {
      if (!/store_settings|plugin_settings|from [`"]events[`"] where [`"]id[`"] (>|in)/.test(q.sql)) seen.push(q.sql);
    };
    knex.on('query', listener);
    try {
      return { body: expectStatus(await staff.post('/api/v1/products/bulk/', { products }), 200), seen };
    } finally {
      knex.off('query', listener);
    }
  };
  const lastEvent = Number((await knex('events').max({ id: 'id' }).first())?.id ?? 0);
  const one = await statementsOf([product(0)]);
  const eleven = await statementsOf(Array.from({ length: 11 }, (_, i) => product(i + 1)));
  // Per product: its slug, its SKUs, the product row, its variants in one insert (on MySQL/MariaDB read
  // back for their ids). The numbers per status, search documents and events of all are one statement each.
  const perProduct = (eleven.seen.length - one.seen.length) / 10;
  const allowed = store.kernel.knex.client.config.client === 'mysql2' ? 5 : 4;
  assert.ok(perProduct <= allowed, `at most ${allowed} statements per product, got ${perProduct}:\n${eleven.seen.join('\n')}`);
  assert.ok(eleven.seen.length <= 11 * allowed + 10, `a call of 11 took ${eleven.seen.length} statements:\n${eleven.seen.join('\n')}`);

  const created = [...one.body.products, ...eleven.body.products];
  assert.deepEqual(created.map((p: any) => [p.name, p.slug, p.status, p.category_id, p.price.amount]), Array.from({ length: 12 }, (_, i) => [`Counted ${i}`, `counted-${i}`, 'active', category.id, `${20 - i}.00`]));
  for (const [i, p] of created.entries()) {
    assert.deepEqual(p.variants.map((v: any) => [v.sku, v.options, v.price.amount, v.product_id]), ['S', 'M', 'L'].map((size, j) => [`CNT-${i}-${size}`, { Size: size }, `${20 - i}.${j}0`, p.id]));
    assert.ok(p.variants[0].id < p.variants[1].id && p.variants[1].id < p.variants[2].id, 'variants take ids in the order given');
    // What the response showed is what is stored.
    assert.deepEqual(expectStatus(await staff.get(`/api/v1/products/${p.id}/`), 200), p);
  }
  // Searchable by a word of the description and by SKU; the lowest variant price is the one lists order and filter by.
  const search = expectStatus(await anon.get('/api/v1/products/?search=counted%20number&page_size=100'), 200);
  assert.deepEqual(search.results.map((p: any) => p.id).sort((a: number, b: number) => a - b), created.map((p: any) => p.id));
  assert.deepEqual(expectStatus(await anon.get('/api/v1/products/?search=CNT-7-M'), 200).results.map((p: any) => p.name), ['Counted 7']);
  const cheap = expectStatus(await anon.get(`/api/v1/products/?category=${category.id}&price__lte=12.00&ordering=price`), 200);
  assert.deepEqual(cheap.results.map((p: any) => p.name), ['Counted 11', 'Counted 10', 'Counted 9', 'Counted 8']);

  // product.created (with its variants) then one variant.created per variant, product after product,
  // each the staff view without the hooks' additions (core-inventory's stock fields).
  const events = (await knex('events').where('id', '>', lastEvent).orderBy('id').select('type', 'data')).map((e: any) => ({ type: e.type, data: parseJson<any>(e.data, {}) }));
  const productKeys = ['id', 'name', 'description', 'slug', 'status', 'category_id', 'options', 'images', 'price', 'compare_at_price', 'variants', 'created_at', 'updated_at', 'translations'];
  const variantKeys = ['id', 'product_id', 'sku', 'options', 'price', 'compare_at_price', 'prices', 'track_inventory', 'allow_backorder', 'weight', 'dimensions', 'created_at', 'updated_at'];
  const pick = (view: any, keys: string[]) => Object.fromEntries(keys.map((k) => [k, view[k]]));
  const variantEvent = (v: any) => pick(v, variantKeys);
  const expected = created.flatMap((p: any) => [
    { type: 'product.created', data: { ...pick(p, productKeys), translations: {}, variants: p.variants.map(variantEvent) } },
    ...p.variants.map((v: any) => ({ type: 'variant.created', data: variantEvent(v) })),
  ]);
  assert.deepEqual(events, expected);
});

test('a bulk call whose products have many variants records all their events, in order', async () => {
  const { staff, store } = shared();
  const knex = store.kernel.knex;
  const sizes = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
  const products = Array.from({ length: 100 }, (_, i) => ({
    name: `Wide ${i}`,
    options: [{ name: 'Size', values: sizes }],
    variants: sizes.map((size) => ({ sku: `WIDE-${i}-${size}`, options: { Size: size }, price: '2.00' })),
  }));
  const lastEvent = Number((await knex('events').max({ id: 'id' }).first())?.id ?? 0);
  const body = expectStatus(await staff.post('/api/v1/products/bulk/', { products }), 200);
  const events = await knex('events').where('id', '>', lastEvent).orderBy('id').select('type', 'data');
  assert.equal(events.length, 700);
  assert.deepEqual(
    events.map((e: any) => [e.type, parseJson<any>(e.data, {}).sku ?? parseJson<any>(e.data, {}).name]),
    body.products.flatMap((p: any) => [['product.created', p.name], ...p.variants.map((v: any) => ['variant.created', v.sku])]),
  );
});
