import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { startStore, type TestStore } from '@storekeep-commerce/sdk/testing';

// A real store with this package loaded from its folder, as an operator names it in PLUGINS; every
// request goes through HTTP. SQLite by default, MySQL/MariaDB when DATABASE_URL is set.
const PLUGIN_DIR = fileURLToPath(new URL('..', import.meta.url));
let store: TestStore;
type Response = Awaited<ReturnType<TestStore['inject']>>;

/** A client of the store: JSON in, the raw response out; staff calls carry an API key. */
function client(headers: Record<string, string>) {
  const request = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    store.inject({ method, url, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, payload: body === undefined ? undefined : JSON.stringify(body) });
  return {
    get: (url: string) => request('GET', url),
    post: (url: string, body: unknown) => request('POST', url, body),
    patch: (url: string, body: unknown) => request('PATCH', url, body),
    delete: (url: string) => request('DELETE', url),
  };
}
let shop: { staff: ReturnType<typeof client>; anon: ReturnType<typeof client> };

/** The JSON body of a response with the expected status (else a failure showing the body). */
function expectStatus(res: Response, status: number): any {
  assert.equal(res.statusCode, status, res.body);
  return res.body ? res.json() : undefined;
}

before(async () => {
  store = await startStore({ plugins: [PLUGIN_DIR] });
  shop = { staff: client({ authorization: `Token ${await store.staffKey()}` }), anon: client({}) };
  expectStatus(await shop.staff.patch('/api/v1/store/', { currencies: ['USD', 'JPY'], exchange_rates: { JPY: '150' } }), 200);
});
after(() => store?.close());

const BANDS = '/api/v1/shipping-weight/bands/';
let sequence = 0;
// Each test prices its own country, so their bands never meet.
const band = (body: Record<string, unknown>) => shop.staff.post(BANDS, { name: 'Parcel', currency: 'USD', price: '4.90', ...body });
const bandCount = async () => Number((await store.kernel.knex('shipping_weight_bands').count({ n: '*' }))[0]!.n);

test('staff create, read, list, change and delete weight bands; each answer is the band as stored', async () => {
  const res = await band({ name: 'Small parcel', country: 'AT', min_weight: 0, max_weight: 2000, price: '4.90' });
  const created = expectStatus(res, 201);
  assert.equal(res.headers.location, `https://store.test${BANDS}${created.id}/`);
  assert.deepEqual(
    { ...created, id: 0, created_at: '', updated_at: '' },
    { id: 0, name: 'Small parcel', country: 'AT', currency: 'USD', min_weight: 0, max_weight: 2000, price: { amount: '4.90', currency: 'USD' }, created_at: '', updated_at: '' },
  );
  const big = expectStatus(await band({ name: 'Big parcel', country: 'AT', min_weight: 2000, max_weight: null, price: '12.00' }), 201);
  expectStatus(await band({ name: 'Yen parcel', country: 'AT', currency: 'JPY', price: '900' }), 201);

  assert.deepEqual(expectStatus(await shop.staff.get(`${BANDS}${created.id}/`), 200), created);
  const list = expectStatus(await shop.staff.get(`${BANDS}?country=at&currency=USD`), 200);
  assert.deepEqual(list.results.map((b: any) => [b.name, b.min_weight, b.max_weight]), [['Small parcel', 0, 2000], ['Big parcel', 2000, null]]);

  const changed = expectStatus(await shop.staff.patch(`${BANDS}${big.id}/`, { price: '11.50', max_weight: 30000 }), 200);
  assert.deepEqual([changed.price, changed.max_weight, changed.min_weight], [{ amount: '11.50', currency: 'USD' }, 30000, 2000]);
  const stored = await store.kernel.knex('shipping_weight_bands').where({ id: big.id }).first();
  assert.equal(Number(stored.price_minor), 1150, 'the price is stored in minor units');

  expectStatus(await shop.staff.delete(`${BANDS}${big.id}/`), 204);
  assert.equal((await shop.staff.get(`${BANDS}${big.id}/`)).statusCode, 404);
  assert.equal((await shop.staff.delete(`${BANDS}${big.id}/`)).json().code, 'not_found');
});

test('refusals name the field and change nothing: a currency the store does not sell in, an inexact price, an empty range, an overlap', async () => {
  const first = expectStatus(await band({ country: 'BE', min_weight: 1000, max_weight: 5000 }), 201);
  const count = await bandCount();

  const currency = await band({ country: 'BE', currency: 'GBP' });
  assert.equal(currency.statusCode, 400, currency.body);
  assert.deepEqual(Object.keys(currency.json().errors), ['currency']);

  const several = await band({ country: 'BE', currency: 'JPY', price: '4.90', min_weight: 500, max_weight: 500 });
  assert.equal(several.statusCode, 400, several.body);
  assert.deepEqual(Object.keys(several.json().errors).sort(), ['max_weight', 'price'], 'both bad fields at once');

  const overlap = await band({ country: 'BE', min_weight: 0, max_weight: 1001 });
  assert.equal(overlap.statusCode, 409, overlap.body);
  assert.equal(overlap.json().code, 'band_overlap');
  assert.equal(overlap.json().detail, `The weights overlap band ${first.id} "Parcel" (1000–5000 g) for BE in USD.`);
  // Touching ranges do not overlap (max is exclusive), nor do other currencies.
  const below = expectStatus(await band({ country: 'BE', min_weight: 0, max_weight: 1000 }), 201);
  expectStatus(await band({ country: 'BE', currency: 'JPY', price: '700', min_weight: 0 }), 201);
  const widened = await shop.staff.patch(`${BANDS}${below.id}/`, { max_weight: 1200 });
  assert.equal(widened.statusCode, 409, widened.body);
  assert.equal(expectStatus(await shop.staff.get(`${BANDS}${below.id}/`), 200).max_weight, 1000, 'a refused change leaves the band as it was');

  for (const body of [{ country: 'XX' }, { country: 'BE', price: '-1' }, { country: 'BE', colour: 'red' }, { country: 'BE', min_weight: -5 }]) {
    const res = await band(body);
    assert.equal(res.statusCode, 400, `${JSON.stringify(body)}: ${res.body}`);
    assert.ok(res.json().detail && res.json().code, res.body);
  }
  assert.equal(await bandCount(), count + 2, 'only the two valid bands were added');
});

test('only staff manage bands', async () => {
  const created = expectStatus(await band({ country: 'CH' }), 201);
  assert.equal((await shop.anon.get(BANDS)).statusCode, 401);
  assert.equal((await shop.anon.post(BANDS, { name: 'x', country: 'CH', currency: 'USD', price: '1.00' })).statusCode, 401);
  assert.equal((await shop.anon.delete(`${BANDS}${created.id}/`)).statusCode, 401);
  assert.equal((await shop.staff.get(`${BANDS}${created.id}/`)).statusCode, 200, 'still there');
});

// A product with one variant of `weight` grams (or none), in stock.
async function variantOf(weight: number | null): Promise<number> {
  const n = `${process.pid}-${++sequence}`;
  const product = expectStatus(await shop.staff.post('/api/v1/products/', { name: `Crate ${n}`, status: 'active' }), 201);
  const variant = expectStatus(await shop.staff.post(`/api/v1/products/${product.id}/variants/`, { sku: `W-${n}`, price: '20.00', weight, track_inventory: false }), 201);
  return variant.id;
}

async function checkout(variantId: number, quantity: number, country: string): Promise<any> {
  const cart = expectStatus(await shop.anon.post('/api/v1/cart/', {}), 201);
  expectStatus(await shop.anon.post(`/api/v1/cart/${cart.id}/items/`, { variant_id: variantId, quantity }), 201);
  const address = { first_name: 'Ada', last_name: 'Lovelace', address_line_1: '1 Main St', city: 'Town', postal_code: '1000', country };
  return expectStatus(await shop.anon.post('/api/v1/checkout/', { cart_id: cart.id, email: 'ada@example.com', shipping_address: address }), 201);
}

test('a checkout is offered the band that covers the cart’s total weight for its country; selecting it prices shipping', async () => {
  expectStatus(await band({ name: 'Up to 1 kg', country: 'DK', min_weight: 0, max_weight: 1000, price: '4.90' }), 201);
  const heavy = expectStatus(await band({ name: '1 to 5 kg', country: 'DK', min_weight: 1000, max_weight: 5000, price: '9.90' }), 201);
  const variantId = await variantOf(400);

  const opened = await checkout(variantId, 3, 'DK');
  assert.deepEqual(opened.shipping_methods, [
    { id: `weight-${heavy.id}`, name: '1 to 5 kg', provider: 'shipping-weight', description: 'Parcel of 1200 g', price: { amount: '9.90', currency: 'USD' } },
  ]);
  const chosen = expectStatus(await shop.anon.patch(`/api/v1/checkout/${opened.id}/`, { shipping_method_id: `weight-${heavy.id}` }), 200);
  assert.equal(chosen.shipping_method.id, `weight-${heavy.id}`);
  assert.deepEqual(chosen.shipping, { amount: '9.90', currency: 'USD' });
  assert.deepEqual(chosen.total, { amount: '69.90', currency: 'USD' });

  // Too heavy for every band, another country, or a line without a weight: nothing from this provider.
  assert.deepEqual((await checkout(variantId, 13, 'DK')).shipping_methods, []);
  assert.deepEqual((await checkout(variantId, 1, 'SE')).shipping_methods, []);
  assert.deepEqual((await checkout(await variantOf(null), 1, 'DK')).shipping_methods, []);
});
