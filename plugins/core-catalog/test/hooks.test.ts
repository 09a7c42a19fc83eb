import { test } from 'node:test';
import assert from 'node:assert/strict';
import { kernelModule, pluginSource, writePlugins } from '../../../kernel/test/helpers.ts';
import { addVariant, createProduct, expectStatus, sharedCatalogStore } from './helpers.ts';

interface Probe {
  serializeCalls: Array<{ ids: number[]; variantCounts: number[]; lang: string; currency: string; principal: string }>;
  variantCalls: number[][];
  removing: number[][];
  vetoSku?: string;
}

const probe: Probe = ((globalThis as any).__catalogProbe = { serializeCalls: [], variantCalls: [], removing: [] });

// A throwaway plugin that taps every catalogue hook, as an inventory or reviews plugin would.
const plugins = writePlugins({
  'catalog-probe': pluginSource('catalog-probe', {
    dependsOn: ['core-catalog'],
    imports: `import { AppError } from ${JSON.stringify(kernelModule('http/errors.ts'))};`,
    body: `
      const probe = globalThis.__catalogProbe;
      const catalog = ctx.hooks.get('catalog');
      catalog.serializeProduct.tapPromise({ name: 'catalog-probe' }, async (products, context) => {
        probe.serializeCalls.push({
          ids: products.map((p) => p.id),
          variantCounts: products.map((p) => p.variants.length),
          lang: context.lang,
          currency: context.currency,
          principal: context.principal.kind,
        });
        // One query for the whole page, through the response's own connection or transaction.
        await context.db('variants').whereIn('product_id', products.map((p) => p.id)).count({ n: '*' });
        return products.map((p) => ({ ...p, rating: 4.5, variants: p.variants.map((v) => ({ ...v, in_stock: true })) }));
      });
      catalog.serializeVariant.tapPromise({ name: 'catalog-probe' }, async (variants) => {
        probe.variantCalls.push(variants.map((v) => v.id));
        return variants.map((v) => ({ ...v, in_stock: false }));
      });
      catalog.variantRemoving.tapPromise({ name: 'catalog-probe' }, async ({ trx, variantIds }) => {
        probe.removing.push(variantIds);
        const rows = await trx('variants').whereIn('id', variantIds).select('sku');
        if (rows.some((r) => r.sku === probe.vetoSku)) throw new AppError(409, 'stock_on_hand', 'This variant still has stock.');
      });
    `,
  }),
});

const shared = sharedCatalogStore({ env: { PLUGINS: plugins.dirs['catalog-probe']! } });
test.after(() => plugins.remove());

test('serializeProduct is called once per response with every product and its variants; added fields are returned', async () => {
  const staff = shared().staff;
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) {
    const p = await createProduct(staff, { name: `Hooked ${i}`, status: 'active' });
    await addVariant(staff, p.id, { sku: `HOOK-${i}`, price: '1.00' });
    ids.push(p.id);
  }
  probe.serializeCalls.length = 0;
  const list = expectStatus(await shared().anon.get('/api/v1/products/?ordering=name'), 200);
  assert.equal(probe.serializeCalls.length, 1);
  assert.deepEqual(probe.serializeCalls[0], { ids, variantCounts: [1, 1, 1], lang: 'en', currency: 'USD', principal: 'anonymous' });
  assert.equal(list.results[0].rating, 4.5);
  assert.equal(list.results[0].variants[0].in_stock, true);

  probe.serializeCalls.length = 0;
  const detail = expectStatus(await staff.get(`/api/v1/products/${ids[1]}/`), 200);
  assert.equal(detail.rating, 4.5);
  assert.equal(probe.serializeCalls.length, 1);
  assert.equal(probe.serializeCalls[0]!.principal, 'api_key');

  probe.serializeCalls.length = 0;
  const patched = expectStatus(await staff.patch(`/api/v1/products/${ids[2]}/`, { description: 'x' }), 200);
  assert.equal(patched.rating, 4.5, 'write responses pass through the hook too');
  assert.equal(probe.serializeCalls.length, 1);

  probe.serializeCalls.length = 0;
  expectStatus(await staff.post('/api/v1/products/bulk/', { products: [{ id: ids[0], description: 'a' }, { id: ids[1], description: 'b' }] }), 200);
  assert.deepEqual(probe.serializeCalls.map((c) => c.ids), [[ids[0], ids[1]]], 'bulk: one call for all its products');

  const events = await shared().store.kernel.knex('events').where({ type: 'product.updated' }).orderBy('id', 'desc').first();
  assert.equal(JSON.parse(events.data).rating, undefined, 'events carry the catalogue\'s own view, without taps');
});

test('serializeVariant is called once per variant response', async () => {
  probe.variantCalls.length = 0;
  const list = expectStatus(await shared().anon.get('/api/v1/variants/?page_size=2'), 200);
  assert.equal(probe.variantCalls.length, 1);
  assert.deepEqual(probe.variantCalls[0], list.results.map((v: any) => v.id));
  assert.equal(list.results[0].in_stock, false);
});

test('variantRemoving runs inside the transaction before deletion and can veto it', async () => {
  const staff = shared().staff;
  const p = await createProduct(staff, { name: 'Stocked', status: 'active', options: [{ name: 'Size', values: ['S', 'M'] }] });
  const s = await addVariant(staff, p.id, { sku: 'STOCK-S', options: { Size: 'S' }, price: '1.00' });
  const m = await addVariant(staff, p.id, { sku: 'STOCK-M', options: { Size: 'M' }, price: '1.00' });
  probe.vetoSku = 'STOCK-M';
  const vetoed = expectStatus(await staff.delete(`/api/v1/variants/${m.id}/`), 409);
  assert.equal(vetoed.code, 'stock_on_hand');
  const productVetoed = expectStatus(await staff.delete(`/api/v1/products/${p.id}/`), 409);
  assert.equal(productVetoed.code, 'stock_on_hand');
  assert.deepEqual(probe.removing.at(-1)!.sort(), [s.id, m.id].sort());
  expectStatus(await staff.get(`/api/v1/products/${p.id}/`), 200);
  assert.equal((await shared().store.kernel.knex('variants').where({ product_id: p.id })).length, 2, 'nothing was deleted');
  probe.vetoSku = undefined;
  expectStatus(await staff.delete(`/api/v1/variants/${s.id}/`), 204);
  assert.deepEqual(probe.removing.at(-1), [s.id]);
});

test('a product page is answered with the same small number of queries whatever its size', async () => {
  const staff = shared().staff;
  const products = Array.from({ length: 60 }, (_, i) => ({
    name: `Counted ${String(i).padStart(2, '0')}`,
    status: 'active',
    category_id: undefined as number | undefined,
    options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
    variants: ['S', 'M', 'L'].map((size) => ({ sku: `COUNT-${i}-${size}`, options: { Size: size }, price: `${i + 1}.00` })),
  }));
  const category = expectStatus(await staff.post('/api/v1/categories/', { name: 'Counted' }), 201);
  for (const p of products) p.category_id = category.id;
  expectStatus(await staff.post('/api/v1/products/bulk/', { products }), 200);

  const knex = shared().store.kernel.knex;
  const queriesFor = async (url: string) => {
    const seen: string[] = [];
    const listener = (q: { sql: string }) => {
      // Timers' reads are not the request's: the settings refresh, the response cache's check for other processes' events.
      if (!/store_settings|plugin_settings|from [`"]events[`"] where [`"]id[`"] (>|in)/.test(q.sql)) seen.push(q.sql);
    };
    knex.on('query', listener);
    try {
      const res = await shared().anon.get(url);
      expectStatus(res, 200);
    } finally {
      knex.off('query', listener);
    }
    return seen;
  };
  for (const extra of ['', `&category=${category.id}`, '&search=counted&currency=USD', '&ordering=-price&price__gte=2.00']) {
    // A first list of a category reads its subtree, which later ones reuse until a change commits.
    await queriesFor(`/api/v1/products/?page_size=1${extra}`);
    const small = await queriesFor(`/api/v1/products/?page_size=5${extra}`);
    const large = await queriesFor(`/api/v1/products/?page_size=50${extra}`);
    assert.equal(small.length, large.length, `same count for page sizes 5 and 50 (${extra}):\n${large.join('\n')}`);
    // count, page, variants, core-inventory's availability and the probe plugin's own one query.
    assert.ok(large.length <= 5, `at most 5 queries (${extra}), got ${large.length}:\n${large.join('\n')}`);
  }
  const detail = await queriesFor(`/api/v1/products/${(await knex('products').first('id')).id}/`);
  assert.ok(detail.length <= 4, `detail: product, variants, availability, the probe's query; got ${detail.length}`);
});
