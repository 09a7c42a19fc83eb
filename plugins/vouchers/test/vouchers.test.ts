import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expectStatus, sharedStore } from './helpers.ts';

const shared = sharedStore();
const url = '/api/v1/vouchers/';

async function create(body: Record<string, unknown>): Promise<any> {
  return expectStatus(await shared().staff.post(url, body), 201);
}

test('setup: EUR default, USD and JPY', async () => {
  expectStatus(await shared().staff.patch('/api/v1/store/', { default_currency: 'EUR', currencies: ['EUR', 'USD', 'JPY'], exchange_rates: { USD: '1.1', JPY: '160.5' } }), 200);
});

test('creates a percentage voucher with defaults; reads show times_used', async () => {
  const res = await shared().staff.post(url, { code: 'Summer10', discount_type: 'percentage', value: '10' });
  const v = expectStatus(res, 201);
  assert.equal(res.headers.location, `https://store.test${url}${v.id}/`);
  const { id, created_at, updated_at, ...rest } = v;
  assert.equal(typeof id, 'number');
  assert.ok(created_at && updated_at);
  assert.deepEqual(rest, {
    code: 'Summer10',
    discount_type: 'percentage',
    value: '10',
    currency: null,
    min_subtotal: null,
    usage_limit: null,
    per_customer_limit: null,
    times_used: 0,
    starts_at: null,
    ends_at: null,
    active: true,
  });
  assert.deepEqual(expectStatus(await shared().staff.get(`${url}${id}/`), 200), v);
});

test('percentages are over 0 and at most 100, up to 4 decimals, written back without trailing zeros', async () => {
  for (const [value, shown] of [['12.50', '12.5'], ['100', '100'], ['100.0', '100'], ['0.0001', '0.0001'], ['7.25', '7.25']]) {
    const v = await create({ code: `PCT-${value.replace('.', '_')}`, discount_type: 'percentage', value });
    assert.equal(v.value, shown);
  }
  for (const value of ['0', '0.00', '100.01', '101', '1000', 'abc', '-5', '10.12345', '', '1e2', ' 10']) {
    const res = expectStatus(await shared().staff.post(url, { code: 'PCT-BAD', discount_type: 'percentage', value }), 400);
    assert.deepEqual(Object.keys(res.errors), ['value'], `value ${JSON.stringify(value)}`);
  }
});

test('fixed vouchers need a currency of the store and an exact positive amount in it', async () => {
  const v = await create({ code: 'FIVE', discount_type: 'fixed', value: '5', currency: 'EUR', min_subtotal: '20' });
  assert.deepEqual([v.value, v.currency, v.min_subtotal], ['5.00', 'EUR', { amount: '20.00', currency: 'EUR' }]);
  const yen = await create({ code: 'YEN500', discount_type: 'fixed', value: '500', currency: 'JPY' });
  assert.equal(yen.value, '500');
  const noCurrency = expectStatus(await shared().staff.post(url, { code: 'NOCUR', discount_type: 'fixed', value: '5.00' }), 400);
  assert.deepEqual(Object.keys(noCurrency.errors), ['currency']);
  assert.match(noCurrency.errors.currency[0], /Required for a fixed discount/);
  const gbp = expectStatus(await shared().staff.post(url, { code: 'GBP', discount_type: 'fixed', value: '5.00', currency: 'GBP' }), 400);
  assert.deepEqual(Object.keys(gbp.errors), ['currency']);
  for (const value of ['12.345', 'abc', '-1', '0', '0.00']) {
    const res = expectStatus(await shared().staff.post(url, { code: 'BADFIX', discount_type: 'fixed', value, currency: 'EUR' }), 400);
    assert.deepEqual(Object.keys(res.errors), ['value'], `value ${JSON.stringify(value)}`);
  }
  const yenDecimals = expectStatus(await shared().staff.post(url, { code: 'BADYEN', discount_type: 'fixed', value: '5.5', currency: 'JPY', min_subtotal: '12.5' }), 400);
  assert.deepEqual(Object.keys(yenDecimals.errors).sort(), ['min_subtotal', 'value']);
});

test('the minimum subtotal is in the voucher currency, else the store default; malformed ones are refused', async () => {
  const v = await create({ code: 'MIN30', discount_type: 'percentage', value: '5', min_subtotal: '30' });
  assert.deepEqual(v.min_subtotal, { amount: '30.00', currency: 'EUR' });
  const usd = await create({ code: 'MIN30USD', discount_type: 'percentage', value: '5', currency: 'USD', min_subtotal: '30' });
  assert.deepEqual(usd.min_subtotal, { amount: '30.00', currency: 'USD' });
  for (const min_subtotal of ['12.345', 'abc', '-1']) {
    const res = expectStatus(await shared().staff.post(url, { code: 'BADMIN', discount_type: 'percentage', value: '5', min_subtotal }), 400);
    assert.deepEqual(Object.keys(res.errors), ['min_subtotal']);
  }
});

test('codes are unique in any case (409) and limited to letters, digits, - and _', async () => {
  const dup = expectStatus(await shared().staff.post(url, { code: 'summer10', discount_type: 'fixed', value: '1.00', currency: 'EUR' }), 409);
  assert.equal(dup.code, 'duplicate_code');
  assert.match(dup.detail, /summer10/);
  const other = await create({ code: 'OTHER', discount_type: 'percentage', value: '1' });
  assert.equal(expectStatus(await shared().staff.patch(`${url}${other.id}/`, { code: 'SUMMER10' }), 409).code, 'duplicate_code');
  expectStatus(await shared().staff.patch(`${url}${other.id}/`, { code: 'other' }), 200);
  for (const code of ['has space', '', '-lead', 'x'.repeat(65), 'ümlaut']) {
    const res = expectStatus(await shared().staff.post(url, { code, discount_type: 'percentage', value: '1' }), 400);
    assert.ok(res.errors.code, `code ${JSON.stringify(code)}`);
  }
});

test('limits are positive integers; the window must end after it starts; every bad field is named at once', async () => {
  const res = expectStatus(
    await shared().staff.post(url, { code: 'BADLIM', discount_type: 'percentage', value: '5', usage_limit: 0, per_customer_limit: -1 }),
    400,
  );
  assert.deepEqual(Object.keys(res.errors).sort(), ['per_customer_limit', 'usage_limit']);
  expectStatus(await shared().staff.post(url, { code: 'BADLIM', discount_type: 'percentage', value: '5', usage_limit: '3' }), 400);
  const window = expectStatus(
    await shared().staff.post(url, { code: 'BADWIN', discount_type: 'percentage', value: '5', starts_at: '2026-06-01T00:00:00Z', ends_at: '2026-05-01T00:00:00Z' }),
    400,
  );
  assert.deepEqual(Object.keys(window.errors), ['ends_at']);
  expectStatus(await shared().staff.post(url, { code: 'BADWIN', discount_type: 'percentage', value: '5', starts_at: 'tomorrow' }), 400);
  expectStatus(await shared().staff.post(url, { code: 'BADTYPE', discount_type: 'bogo', value: '5' }), 400);
  expectStatus(await shared().staff.post(url, { code: 'BADTYPE', discount_type: 'percentage', value: 5 }), 400);
  expectStatus(await shared().staff.post(url, { code: 'EXTRA', discount_type: 'percentage', value: '5', times_used: 3 }), 400);
  const missing = expectStatus(await shared().staff.post(url, {}), 400);
  assert.deepEqual(Object.keys(missing.errors).sort(), ['code', 'discount_type', 'value']);
  const ok = await create({
    code: 'WINDOW',
    discount_type: 'percentage',
    value: '5',
    usage_limit: 3,
    per_customer_limit: 1,
    starts_at: '2026-05-01T00:00:00Z',
    ends_at: '2026-06-01T12:30:00.000+02:00',
    active: false,
  });
  assert.deepEqual([ok.usage_limit, ok.per_customer_limit, ok.starts_at, ok.ends_at, ok.active], [3, 1, '2026-05-01T00:00:00.000Z', '2026-06-01T10:30:00.000Z', false]);
});

test('a create with several bad fields names every one at once: schema refusals and store checks together', async () => {
  // code (pattern), usage_limit (minimum): the schema; value (decimals in USD), ends_at (order): the store's checks.
  const mixed = expectStatus(
    await shared().staff.post(url, {
      code: 'no spaces allowed', discount_type: 'fixed', value: '5.123', currency: 'USD', usage_limit: 0,
      starts_at: '2026-06-01T00:00:00Z', ends_at: '2026-05-01T00:00:00Z',
    }),
    400,
  );
  assert.equal(mixed.code, 'invalid');
  assert.deepEqual(Object.keys(mixed.errors).sort(), ['code', 'ends_at', 'usage_limit', 'value']);
  // A currency the store does not take, a percentage over 100, a minimum that is no amount and a negative limit, all at once.
  const three = expectStatus(await shared().staff.post(url, { code: 'THREE', discount_type: 'percentage', value: '150', currency: 'XAF', min_subtotal: 'ten', per_customer_limit: -1 }), 400);
  assert.deepEqual(Object.keys(three.errors).sort(), ['currency', 'min_subtotal', 'per_customer_limit', 'value']);
  const typed = expectStatus(await shared().staff.post(url, { code: 'TYPED', discount_type: 'fixed', value: 5, currency: 'usd', min_subtotal: '1.999' }), 400);
  assert.deepEqual(Object.keys(typed.errors).sort(), ['currency', 'value']);
  assert.equal(await shared().store.kernel.knex('vouchers').whereIn('code_key', ['three', 'typed', 'no spaces allowed']).count({ n: '*' }).then((r: any) => Number(r[0].n)), 0);
});

test('PATCH validates the result as a whole: a new type needs a value, a new currency re-reads the amounts', async () => {
  const v = await create({ code: 'MORPH', discount_type: 'percentage', value: '10', min_subtotal: '20' });
  const noValue = expectStatus(await shared().staff.patch(`${url}${v.id}/`, { discount_type: 'fixed' }), 400);
  assert.deepEqual(Object.keys(noValue.errors).sort(), ['currency', 'value']);
  const fixed = expectStatus(await shared().staff.patch(`${url}${v.id}/`, { discount_type: 'fixed', value: '3', currency: 'EUR' }), 200);
  assert.deepEqual([fixed.discount_type, fixed.value, fixed.currency, fixed.min_subtotal], ['fixed', '3.00', 'EUR', { amount: '20.00', currency: 'EUR' }]);
  const yen = expectStatus(await shared().staff.patch(`${url}${v.id}/`, { currency: 'JPY' }), 400);
  assert.deepEqual(Object.keys(yen.errors).sort(), ['min_subtotal', 'value']);
  const yenOk = expectStatus(await shared().staff.patch(`${url}${v.id}/`, { currency: 'JPY', value: '300', min_subtotal: '2000' }), 200);
  assert.deepEqual([yenOk.value, yenOk.min_subtotal], ['300', { amount: '2000', currency: 'JPY' }]);
  const dropCurrency = expectStatus(await shared().staff.patch(`${url}${v.id}/`, { currency: null }), 400);
  assert.deepEqual(Object.keys(dropCurrency.errors), ['currency']);
  const pct = expectStatus(await shared().staff.patch(`${url}${v.id}/`, { discount_type: 'percentage', value: '15', currency: null, min_subtotal: null, usage_limit: 5 }), 200);
  assert.deepEqual([pct.value, pct.currency, pct.min_subtotal, pct.usage_limit], ['15', null, null, 5]);
  const window = expectStatus(await shared().staff.patch(`${url}${v.id}/`, { starts_at: '2030-01-01T00:00:00Z' }), 200);
  assert.equal(window.starts_at, '2030-01-01T00:00:00.000Z');
  expectStatus(await shared().staff.patch(`${url}${v.id}/`, { ends_at: '2029-12-31T00:00:00Z' }), 400);
  expectStatus(await shared().staff.patch(`${url}${v.id}/`, {}), 400);
  expectStatus(await shared().staff.patch(`${url}987654/`, { active: false }), 404);
});

test('lists with filters and ordering; staff only', async () => {
  const byCode = expectStatus(await shared().staff.get(`${url}?code=SUMMER10`), 200);
  assert.deepEqual(byCode.results.map((v: any) => v.code), ['Summer10']);
  const search = expectStatus(await shared().staff.get(`${url}?search=min30&ordering=code`), 200);
  assert.deepEqual(search.results.map((v: any) => v.code), ['MIN30', 'MIN30USD']);
  const inactive = expectStatus(await shared().staff.get(`${url}?active=false`), 200);
  assert.deepEqual(inactive.results.map((v: any) => v.code), ['WINDOW']);
  const ordered = expectStatus(await shared().staff.get(`${url}?ordering=-code&page_size=100`), 200);
  const codes = ordered.results.map((v: any) => v.code.toLowerCase());
  assert.deepEqual(codes, [...codes].sort().reverse());
  expectStatus(await shared().staff.get(`${url}?ordering=value`), 400);
  expectStatus(await shared().anon.get(url), 401);
  expectStatus(await shared().anon.post(url, { code: 'ANON', discount_type: 'percentage', value: '5' }), 401);
  expectStatus(await shared().anon.get(`${url}${byCode.results[0].id}/`), 401);
});

test('deletes a voucher; its code is free again; writes emitted their events', async () => {
  const v = await create({ code: 'GONE', discount_type: 'percentage', value: '5' });
  expectStatus(await shared().anon.delete(`${url}${v.id}/`), 401);
  expectStatus(await shared().staff.delete(`${url}${v.id}/`), 204);
  expectStatus(await shared().staff.get(`${url}${v.id}/`), 404);
  expectStatus(await shared().staff.delete(`${url}${v.id}/`), 404);
  await create({ code: 'gone', discount_type: 'percentage', value: '5' });
  const events = await shared().store.kernel.knex('events').where('type', 'like', 'voucher.%').select('type', 'data');
  assert.deepEqual([...new Set(events.map((e: any) => e.type))].sort(), ['voucher.created', 'voucher.deleted', 'voucher.updated']);
  assert.equal(JSON.parse(events.find((e: any) => e.type === 'voucher.deleted').data).code, 'GONE');
});
