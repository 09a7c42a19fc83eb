import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { isMysql } from '../../../kernel/db/dialect.ts';
import { assertInvariants, expectStatus, makeVariant, makeWarehouse, openInventoryStore, setStock, type InventoryTestStore } from './helpers.ts';

let s: InventoryTestStore;
before(async () => {
  s = await openInventoryStore();
});
after(() => s.store.close());

test('products and variants show available (over active warehouses) and in_stock, on lists, details and writes', async () => {
  const product = expectStatus(
    await s.staff.post('/api/v1/products/', {
      name: 'Availability shirt',
      status: 'active',
      options: [{ name: 'Size', values: ['S', 'M', 'L', 'XL'] }],
      variants: [
        { sku: 'AV-S', options: { Size: 'S' }, price: '5.00' },
        { sku: 'AV-M', options: { Size: 'M' }, price: '5.00' },
        { sku: 'AV-L', options: { Size: 'L' }, price: '5.00', allow_backorder: true },
        { sku: 'AV-XL', options: { Size: 'XL' }, price: '5.00', track_inventory: false },
      ],
    }),
    201,
  );
  const [S, M, L, XL] = product.variants;
  assert.deepEqual(product.variants.map((v: any) => [v.available, v.in_stock]), [[0, false], [0, false], [0, true], [null, true]], 'the create response has them too');
  const [a, b, off] = [await makeWarehouse(s.staff), await makeWarehouse(s.staff), await makeWarehouse(s.staff, { active: false })];
  await setStock(s.staff, S.id, a.id, 3);
  await setStock(s.staff, S.id, b.id, 4);
  await setStock(s.staff, S.id, off.id, 100);
  await setStock(s.staff, M.id, off.id, 100);
  await s.knex.transaction((trx) => s.inventory.reserve(trx, { type: 'order', id: 'av-1' }, [{ variant_id: S.id, quantity: 2 }]));

  const expectFields = (p: any) => {
    const byId = new Map(p.variants.map((v: any) => [v.id, [v.available, v.in_stock]]));
    assert.deepEqual(byId.get(S.id), [5, true], 'S: 3 + 4 − 2 reserved; the inactive warehouse does not count');
    assert.deepEqual(byId.get(M.id), [0, false], 'M: stock only at an inactive warehouse');
    assert.deepEqual(byId.get(L.id), [0, true], 'L: backorders allowed');
    assert.deepEqual(byId.get(XL.id), [null, true], 'XL: not tracked');
    assert.deepEqual([p.available, p.in_stock], [5, true]);
  };
  expectFields(expectStatus(await s.anon.get(`/api/v1/products/${product.id}/`), 200));
  expectFields(expectStatus(await s.anon.get('/api/v1/products/?search=availability'), 200).results[0]);
  expectFields(expectStatus(await s.staff.patch(`/api/v1/products/${product.id}/`, { description: 'x' }), 200));
  const variant = expectStatus(await s.anon.get(`/api/v1/variants/${S.id}/`), 200);
  assert.deepEqual([variant.available, variant.in_stock], [5, true]);
  const variants = expectStatus(await s.anon.get(`/api/v1/variants/?product=${product.id}`), 200);
  assert.deepEqual(variants.results.map((v: any) => v.available), [5, 0, 0, null]);

  const empty = expectStatus(await s.staff.post('/api/v1/products/', { name: 'No variants', status: 'active' }), 201);
  assert.deepEqual([empty.available, empty.in_stock], [null, false]);
});

test('availability costs one query per response, whatever the number of products and variants', async () => {
  const w = await makeWarehouse(s.staff);
  const products = Array.from({ length: 60 }, (_, i) => ({
    name: `Counted stock ${String(i).padStart(2, '0')}`,
    status: 'active',
    options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
    variants: ['S', 'M', 'L'].map((size) => ({ sku: `CNT-${i}-${size}`, options: { Size: size }, price: '1.00' })),
  }));
  const created = expectStatus(await s.staff.post('/api/v1/products/bulk/', { products }), 200);
  const records = created.products.flatMap((p: any) => p.variants.map((v: any, j: number) => ({ variant_id: v.id, warehouse_id: w.id, quantity: j })));
  expectStatus(await s.staff.post('/api/v1/inventory/bulk/', { records }), 200);

  const queriesFor = async (url: string, headers?: Record<string, string>) => {
    const seen: string[] = [];
    const listener = (q: { sql: string }) => {
      // Timers' reads are not the request's: the settings refresh, the response cache's check for other processes' events.
      if (!/store_settings|plugin_settings|from [`"]events[`"] where [`"]id[`"] (>|in)/.test(q.sql)) seen.push(q.sql);
    };
    s.knex.on('query', listener);
    try {
      const body = expectStatus(await s.anon.get(url, headers), 200);
      for (const p of body.results ?? [body]) assert.equal(p.available, 3, `${p.name}: 0 + 1 + 2`);
    } finally {
      s.knex.off('query', listener);
    }
    return seen;
  };
  const small = await queriesFor('/api/v1/products/?search=counted&page_size=5');
  const large = await queriesFor('/api/v1/products/?search=counted&page_size=50');
  assert.equal(small.length, large.length, `the same number of queries for 5 and 50 products:\n${large.join('\n')}`);
  // The availability fingerprint (which decides whether the catalogue's kept JSON of a product is
  // current), then the availability of the products built afresh: two queries for any page size.
  assert.equal(large.filter((q) => /inventory_levels/.test(q)).length, 2, 'two inventory queries');
  // Asked again (past the response cache) with nothing changed: only the fingerprint, no variants loaded.
  const again = await queriesFor('/api/v1/products/?search=counted&page_size=50', { 'cache-control': 'no-cache' });
  assert.equal(again.filter((q) => /inventory_levels/.test(q)).length, 1, 'only the fingerprint');
  assert.equal(again.filter((q) => /from [`"]variants[`"]/.test(q)).length, 0, 'no variants loaded');
  // The search's page with its count and its products' fingerprints: one statement on MySQL/MariaDB,
  // which selects the fingerprints over the page's rows read as a derived table; SQLite reads them in a
  // second statement. Relevance first, then the newest: the page's order survives the derived table.
  assert.equal(again.length, isMysql(s.knex) ? 1 : 2, again.join('\n'));
  const ranked = expectStatus(await s.anon.get('/api/v1/products/?search=counted&page_size=50', { 'cache-control': 'no-cache' }), 200);
  assert.deepEqual(ranked.results.map((p: any) => p.name), products.map((p) => p.name).reverse().slice(0, 50));
  const detailUrl = `/api/v1/products/${created.products[59].id}/`;
  assert.ok((await queriesFor(detailUrl)).filter((q) => /inventory_levels/.test(q)).length <= 2);
  const detail = await queriesFor(detailUrl, { 'cache-control': 'no-cache' });
  assert.equal(detail.filter((q) => /inventory_levels/.test(q)).length, 1, detail.join('\n'));
  // The detail selects the fingerprint with the product's row: one statement in all. So does a page
  // that is not a search on MySQL/MariaDB; SQLite, which computes a sorted query's columns for every row
  // before sorting, reads a page's fingerprints in a statement of their own.
  const bySlugUrl = `/api/v1/products/?slug=${created.products[59].slug}`;
  const bySlug = await queriesFor(bySlugUrl, { 'cache-control': 'no-cache' });
  assert.equal(detail.length, 1, detail.join('\n'));
  assert.equal(bySlug.length, isMysql(s.knex) ? 1 : 2, bySlug.join('\n'));
  // And the fingerprint follows the stock: a reservation shows at once on both reads.
  const variant = created.products[59].variants[2];
  await s.knex.transaction((trx) => s.inventory.reserve(trx, { type: 'order', id: 'fingerprint-1' }, [{ variant_id: variant.id, quantity: 1 }]));
  for (const url of [detailUrl, bySlugUrl]) {
    const body = expectStatus(await s.anon.get(url, { 'cache-control': 'no-cache' }), 200);
    const product = body.results?.[0] ?? body;
    assert.equal(product.available, 2, `${url}: one of the 3 units reserved`);
    assert.equal(product.variants.find((v: any) => v.id === variant.id).available, 1);
  }
  await s.knex.transaction((trx) => s.inventory.release(trx, { type: 'order', id: 'fingerprint-1' }));
  assert.equal(expectStatus(await s.anon.get(detailUrl, { 'cache-control': 'no-cache' }), 200).available, 3);
});

test('deleting a variant with live reservations is refused (409); otherwise its records go and its history stays', async () => {
  const v = await makeVariant(s.staff);
  const w = await makeWarehouse(s.staff);
  await setStock(s.staff, v.id, w.id, 5);
  await s.knex.transaction((trx) => s.inventory.reserve(trx, { type: 'order', id: 'del-1' }, [{ variant_id: v.id, quantity: 1 }]));
  const refused = expectStatus(await s.staff.delete(`/api/v1/variants/${v.id}/`), 409);
  assert.equal(refused.code, 'variant_reserved');
  assert.equal(expectStatus(await s.staff.delete(`/api/v1/products/${v.product_id}/`), 409).code, 'variant_reserved');
  expectStatus(await s.anon.get(`/api/v1/variants/${v.id}/`), 200);

  await s.knex.transaction((trx) => s.inventory.release(trx, { type: 'order', id: 'del-1' }));
  expectStatus(await s.staff.delete(`/api/v1/products/${v.product_id}/`), 204);
  assert.equal((await s.knex('inventory_levels').where('variant_id', v.id)).length, 0, 'its records are gone');
  const history = expectStatus(await s.staff.get(`/api/v1/inventory/movements/?variant_id=${v.id}`), 200).results;
  assert.deepEqual(history.map((m: any) => [m.type, m.delta_quantity, m.delta_reserved]), [['set', 5, 0], ['reserve', 0, 1], ['release', 0, -1], ['remove', -5, 0]]);
  await assertInvariants(s.knex);
});

test('a backordered reservation also keeps its variant from being deleted', async () => {
  const v = await makeVariant(s.staff, { allow_backorder: true });
  await s.knex.transaction((trx) => s.inventory.reserve(trx, { type: 'order', id: 'del-2' }, [{ variant_id: v.id, quantity: 2 }]));
  assert.equal(expectStatus(await s.staff.delete(`/api/v1/variants/${v.id}/`), 409).code, 'variant_reserved');
});

// What `ask` answers, and the statements over products sent meanwhile.
async function productReadsDuring<T>(ask: () => Promise<T>): Promise<{ answers: T; seen: string[] }> {
  const seen: string[] = [];
  const listener = (q: { sql: string }) => {
    if (/from [`"]products[`"]/.test(q.sql)) seen.push(q.sql);
  };
  s.knex.on('query', listener);
  try {
    return { answers: await ask(), seen };
  } finally {
    s.knex.off('query', listener);
  }
}

test('details asked at once are one statement on MySQL/MariaDB, each answer its own product and stock', async () => {
  const w = await makeWarehouse(s.staff);
  const products = Array.from({ length: 12 }, (_, i) => ({
    name: `Batched detail ${i}`,
    status: i === 5 ? 'draft' : 'active',
    variants: [{ sku: `BATCH-DETAIL-${i}`, price: '2.00' }],
  }));
  const created = expectStatus(await s.staff.post('/api/v1/products/bulk/', { products }), 200).products;
  const records = created.map((p: any, i: number) => ({ variant_id: p.variants[0].id, warehouse_id: w.id, quantity: i + 1 }));
  expectStatus(await s.staff.post('/api/v1/inventory/bulk/', { records }), 200);
  const urls = [...created.map((p: any) => `/api/v1/products/${p.id}/`), '/api/v1/products/999999999/'];
  const ask = () => Promise.all(urls.map((url) => s.anon.get(url, { 'cache-control': 'no-cache' })));
  await ask(); // the kept JSON is built
  const { answers, seen } = await productReadsDuring(ask);
  for (const [i, res] of answers.entries()) {
    if (i === 5 || i === 12) {
      assert.equal(res.statusCode, 404, urls[i]);
      assert.equal(res.json().code, 'not_found');
      continue;
    }
    const body = expectStatus(res, 200);
    assert.equal(body.name, `Batched detail ${i}`);
    assert.equal(body.available, i + 1);
  }
  assert.equal(seen.length, isMysql(s.knex) ? 1 : urls.length, seen.join('\n'));
});

test('the same page asked at once is read once, and every answer is whole and current', async () => {
  const products = Array.from({ length: 8 }, (_, i) => ({ name: `Shared page ${i}`, status: 'active', variants: [{ sku: `SHARED-PAGE-${i}`, price: '3.00' }] }));
  expectStatus(await s.staff.post('/api/v1/products/bulk/', { products }), 200);
  const urls = ['/api/v1/products/?search=shared&page_size=5', '/api/v1/products/?page_size=5&ordering=-created_at'];
  for (const url of urls) {
    const ask = () => Promise.all(Array.from({ length: 6 }, () => s.anon.get(url, { 'cache-control': 'no-cache' })));
    await ask(); // the kept JSON is built
    // Published just before the requests: every answer has it.
    const fresh = expectStatus(await s.staff.post('/api/v1/products/', { name: `Shared page n${url.length}`, status: 'active', variants: [{ sku: `SHARED-NEW-${url.length}`, price: '1.00' }] }), 201);
    const { answers, seen } = await productReadsDuring(ask);
    const bodies = answers.map((res) => expectStatus(res, 200));
    for (const body of bodies) {
      assert.deepEqual(body, bodies[0], url);
      assert.equal(body.results.length, 5);
      assert.equal(body.results[0].id, fresh.id, `${url}: the newest product first`);
    }
    // The new product's JSON is built once per answer (it was not kept yet): the page is shared, and so
    // are its products' availability fingerprints (with the page on MySQL/MariaDB, after it on SQLite).
    const pages = seen.filter((q) => /limit/.test(q));
    assert.equal(pages.length, 1, pages.join('\n'));
    const fingerprints = seen.filter((q) => /__fingerprint_0/.test(q));
    assert.equal(fingerprints.length, 1, fingerprints.join('\n'));
  }
});
