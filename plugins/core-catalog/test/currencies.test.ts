import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addVariant, configureStore, createProduct, expectStatus, sharedCatalogStore } from './helpers.ts';

const shared = sharedCatalogStore();
let product: any;
let variant: any;
let fixed: any;

test('setup: a USD store that also sells in EUR (0.9) and JPY (150.5)', async () => {
  await configureStore(shared().staff, { currencies: ['USD', 'EUR', 'JPY'], exchange_rates: { EUR: '0.9', JPY: '150.5' } });
  product = await createProduct(shared().staff, { name: 'Converted', status: 'active', compare_at_price: '25.00', options: [{ name: 'Size', values: ['S', 'M'] }] });
  variant = await addVariant(shared().staff, product.id, { options: { Size: 'S' }, sku: 'CUR-S', price: '19.99' });
});

test('?currency= converts every Money exactly, half-up to the currency\'s exponent', async () => {
  const eur = expectStatus(await shared().anon.get(`/api/v1/products/${product.id}/?currency=EUR`), 200);
  assert.deepEqual(eur.price, { amount: '17.99', currency: 'EUR' }, '19.99 USD at 0.9 is 17.99 EUR (17.991)');
  assert.deepEqual(eur.compare_at_price, { amount: '22.50', currency: 'EUR' });
  assert.deepEqual(eur.variants[0].price, { amount: '17.99', currency: 'EUR' });
  const jpy = expectStatus(await shared().anon.get(`/api/v1/products/${product.id}/?currency=jpy`), 200);
  assert.deepEqual(jpy.price, { amount: '3008', currency: 'JPY' }, '19.99 × 150.5 = 3008.495 → 3008');
  const usd = expectStatus(await shared().anon.get(`/api/v1/products/${product.id}/`), 200);
  assert.deepEqual(usd.price, { amount: '19.99', currency: 'USD' });
  const list = expectStatus(await shared().anon.get('/api/v1/products/?currency=EUR'), 200);
  assert.deepEqual(list.results[0].price, { amount: '17.99', currency: 'EUR' });
  const variants = expectStatus(await shared().anon.get('/api/v1/variants/?sku=CUR-S&currency=EUR'), 200);
  assert.deepEqual(variants.results[0].price, { amount: '17.99', currency: 'EUR' });
});

test('an unsupported currency is a 400', async () => {
  for (const url of [`/api/v1/products/${product.id}/?currency=GBP`, '/api/v1/products/?currency=XYZ', `/api/v1/variants/${variant.id}/?currency=gbp`]) {
    const body = expectStatus(await shared().anon.get(url), 400);
    assert.equal(body.code, 'unsupported_currency');
    assert.ok(body.errors.currency);
  }
});

test('fixed variant prices win over conversion, also for the product\'s lowest price', async () => {
  fixed = await addVariant(shared().staff, product.id, { options: { Size: 'M' }, sku: 'CUR-M', price: '21.00', prices: { EUR: '15.00', JPY: '3000' } });
  assert.deepEqual(fixed.prices, { EUR: { amount: '15.00', currency: 'EUR' }, JPY: { amount: '3000', currency: 'JPY' } });
  const eur = expectStatus(await shared().anon.get(`/api/v1/products/${product.id}/?currency=EUR`), 200);
  assert.deepEqual(eur.variants.map((v: any) => v.price.amount), ['17.99', '15.00']);
  assert.deepEqual(eur.price, { amount: '15.00', currency: 'EUR' }, 'the fixed EUR price is the lowest in EUR');
  const usd = expectStatus(await shared().anon.get(`/api/v1/products/${product.id}/`), 200);
  assert.deepEqual(usd.price, { amount: '19.99', currency: 'USD' });
  const v = expectStatus(await shared().anon.get(`/api/v1/variants/${fixed.id}/?currency=JPY`), 200);
  assert.deepEqual(v.price, { amount: '3000', currency: 'JPY' });
});

test('fixed prices must be in the store\'s other currencies, with their own exponents', async () => {
  const res = await shared().staff.patch(`/api/v1/variants/${fixed.id}/`, { prices: { GBP: '1.00', USD: '2.00', JPY: '10.5', EUR: '12.345' } });
  const body = expectStatus(res, 400);
  assert.deepEqual(Object.keys(body.errors).sort(), ['prices.EUR', 'prices.GBP', 'prices.JPY', 'prices.USD']);
  assert.match(body.errors['prices.EUR'][0], /EUR amounts allow at most 2 decimals/);
  assert.match(body.errors['prices.JPY'][0], /JPY amounts allow no decimals/);
  const cleared = expectStatus(await shared().staff.patch(`/api/v1/variants/${fixed.id}/`, { prices: {} }), 200);
  assert.deepEqual(cleared.prices, {});
});

test('the variantService prices a variant in a currency exactly, with the rate it used', async () => {
  const variants = shared().store.kernel.container.resolve('variantService') as any;
  const sale = (await variants.getVariantsForSale(shared().store.kernel.knex, [variant.id, 99999999])).get(variant.id);
  assert.equal(sale.price_minor, 1999);
  assert.equal(sale.purchasable, true);
  assert.equal(sale.product_name, 'Converted');
  assert.deepEqual(variants.priceIn(sale, 'EUR'), { minor: 1799, rate: '0.9' });
  assert.deepEqual(variants.priceIn(sale, 'USD'), { minor: 1999, rate: '1' });
  assert.deepEqual(variants.priceIn({ price_minor: 2100, prices: { EUR: 1500 } }, 'EUR'), { minor: 1500, rate: null });
});
