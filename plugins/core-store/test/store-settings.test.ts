import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestStore, type TestStore } from '../../../test/helpers/store.ts';
import { authHeader, staffApiKey, SessionClient } from '../../../test/helpers/auth.ts';

async function setup(t: { after: (fn: () => Promise<void>) => void }): Promise<{ store: TestStore; staff: Record<string, string> }> {
  const store = await startTestStore();
  t.after(() => store.close());
  return { store, staff: authHeader(await staffApiKey(store)) };
}

test('anyone reads the store; its defaults are a usable single-currency store', async (t) => {
  const { store } = await setup(t);
  const res = await store.inject({ method: 'GET', url: '/api/v1/store/' });
  assert.equal(res.statusCode, 200);
  const body = res.json();
  assert.equal(body.id, 1);
  assert.equal(body.default_currency, 'USD');
  assert.deepEqual(body.currencies, ['USD']);
  assert.equal(body.default_language, 'en');
  assert.equal(body.test_mode, false);
  assert.match(body.created_at, /Z$/);
});

test('staff change settings; the change is visible at once and recorded as a store.updated event', async (t) => {
  const { store, staff } = await setup(t);
  const res = await store.inject({
    method: 'PATCH',
    url: '/api/v1/store/',
    headers: staff,
    payload: {
      name: 'Bergladen',
      default_currency: 'EUR',
      currencies: ['EUR', 'USD', 'JPY'],
      exchange_rates: { USD: '1.08', JPY: '162.5' },
      default_language: 'de',
      languages: ['de', 'en-us'],
      prices_include_tax: true,
      tax_rates: [{ country: 'DE', rate: '19' }, { country: 'AT', rate: '20' }],
      branding: { primary_color: '#112233' },
    },
  });
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json();
  assert.equal(body.name, 'Bergladen');
  assert.deepEqual(body.languages, ['de', 'en-US'], 'language tags are stored in canonical form');
  const again = (await store.inject({ method: 'GET', url: '/api/v1/store/' })).json();
  assert.equal(again.default_currency, 'EUR');
  assert.deepEqual(again.exchange_rates, { USD: '1.08', JPY: '162.5' });
  assert.equal(again.branding.primary_color, '#112233');
  const events = await store.kernel.knex('events').where({ type: 'store.updated' });
  assert.equal(events.length, 1);
});

test('negotiation follows the store: Accept-Language picks among its languages and ?currency= must be offered', async (t) => {
  const { store, staff } = await setup(t);
  await store.inject({ method: 'PATCH', url: '/api/v1/store/', headers: staff, payload: { languages: ['en', 'de'], currencies: ['USD', 'EUR'], exchange_rates: { EUR: '0.9' } } });
  const exchange = store.kernel.container.resolve('exchange') as { fromDefault(m: number, c: string): { minor: number; rate: string } };
  assert.deepEqual(exchange.fromDefault(1999, 'EUR'), { minor: 1799, rate: '0.9' }, '19.99 USD at 0.9 is 17.99 EUR');
  const locale = (store.kernel.container.resolve('storeLocale') as () => { languages: string[]; currencies: string[] })();
  assert.deepEqual(locale.languages, ['en', 'de']);
  assert.deepEqual(locale.currencies, ['USD', 'EUR']);
});

test('settings refusals name every bad field at once and change nothing', async (t) => {
  const { store, staff } = await setup(t);
  const res = await store.inject({
    method: 'PATCH',
    url: '/api/v1/store/',
    headers: staff,
    payload: {
      currencies: ['USD', 'XYZ', 'EUR'],
      exchange_rates: { XYZ: '1', GBP: '0.8' },
      languages: ['en', 'not a tag!'],
      default_language: 'fr',
      tax_rates: [{ country: 'QQ', rate: '19' }, { country: 'DE', rate: '-5' }],
    },
  });
  assert.equal(res.statusCode, 400);
  const body = res.json();
  assert.equal(body.code, 'invalid');
  // Codes, tags and rates the schema states are refused by it, every one named at once…
  for (const field of ['currencies.1', 'languages.1', 'tax_rates.0.country', 'tax_rates.1.rate']) {
    assert.ok(body.errors[field], `names ${field}: ${JSON.stringify(body.errors)}`);
  }
  assert.deepEqual(body.errors['currencies.1'], ['Not an ISO 4217 currency code.']);
  // …and the rules between settings, by the service, also all at once.
  const rules = await store.inject({
    method: 'PATCH',
    url: '/api/v1/store/',
    headers: staff,
    payload: { currencies: ['USD', 'EUR'], exchange_rates: { GBP: '0.8' }, default_language: 'fr' },
  });
  assert.equal(rules.statusCode, 400);
  for (const field of ['exchange_rates.GBP', 'exchange_rates.EUR', 'default_language']) {
    assert.ok(rules.json().errors[field], `names ${field}: ${rules.body}`);
  }
  const after = (await store.inject({ method: 'GET', url: '/api/v1/store/' })).json();
  assert.deepEqual(after.currencies, ['USD']);
  assert.equal((await store.kernel.knex('events').where({ type: 'store.updated' })).length, 0);
});

test('schema-level refusals: unknown fields, wrong types, malformed rates, empty patches', async (t) => {
  const { store, staff } = await setup(t);
  const cases: Array<[unknown, string]> = [
    [{ colour: 'red' }, 'colour'],
    [{ test_mode: 'yes' }, 'test_mode'],
    [{ currencies: [] }, 'currencies'],
    [{ currencies: ['usd'] }, 'currencies.0'],
    [{ currencies: ['USD', 'EUR'], exchange_rates: { EUR: '-1' } }, 'exchange_rates.EUR'],
    [{ currencies: ['USD', 'EUR'], exchange_rates: { EUR: 'abc' } }, 'exchange_rates.EUR'],
    [{ currencies: ['USD', 'EUR'], exchange_rates: { EUR: '0' } }, 'exchange_rates.EUR'],
    [{}, 'non_field_errors'],
    [{ branding: { primary_color: 'red' } }, 'branding.primary_color'],
  ];
  for (const [payload, field] of cases) {
    const res = await store.inject({ method: 'PATCH', url: '/api/v1/store/', headers: staff, payload: payload as object });
    assert.equal(res.statusCode, 400, `${JSON.stringify(payload)} → ${res.body}`);
    assert.ok(res.json().errors?.[field], `${JSON.stringify(payload)} names ${field}: ${res.body}`);
  }
});

test('only staff may change settings', async (t) => {
  const { store } = await setup(t);
  const anonymous = await store.inject({ method: 'PATCH', url: '/api/v1/store/', payload: { name: 'x' } });
  assert.equal(anonymous.statusCode, 401);
  assert.equal(typeof anonymous.json().detail, 'string');
  const shopper = new SessionClient(store);
  await shopper.csrf();
  const reg = await shopper.register({ email: 'shopper@example.com', password: 'correct horse battery' });
  assert.equal(reg.statusCode, 201, reg.body);
  const asCustomer = await shopper.request({ method: 'PATCH', url: '/api/v1/store/', payload: { name: 'x' } });
  assert.equal(asCustomer.statusCode, 403);
  assert.equal((await store.inject({ method: 'GET', url: '/api/v1/store/' })).json().name, 'Storekeep');
});

test('exchange converts exactly between any two store currencies, through the default, rounding once', async (t) => {
  const { store, staff } = await setup(t);
  const res = await store.inject({ method: 'PATCH', url: '/api/v1/store/', headers: staff, payload: { currencies: ['USD', 'EUR', 'JPY'], exchange_rates: { EUR: '0.9', JPY: '150' } } });
  assert.equal(res.statusCode, 200, res.body);
  const exchange = store.kernel.container.resolve('exchange') as { convert(m: number, f: string, t: string): number };
  assert.equal(exchange.convert(1000, 'EUR', 'USD'), 1111, '10.00 EUR = 11.11 USD');
  assert.equal(exchange.convert(1000, 'EUR', 'JPY'), 1667, '10.00 EUR = 1666.67 JPY → 1667');
  assert.equal(exchange.convert(1999, 'USD', 'EUR'), 1799, 'from the default it equals fromDefault');
  assert.equal(exchange.convert(500, 'JPY', 'JPY'), 500);
  assert.throws(() => exchange.convert(100, 'USD', 'GBP'), (err: any) => err.code === 'unsupported_currency');
});
