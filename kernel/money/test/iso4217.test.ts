import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CURRENCY_CODES, currencyExponent, isCurrencyCode } from '../iso4217.ts';

test('common currencies have their ISO 4217 exponents', () => {
  const expected: Record<string, number> = {
    USD: 2, EUR: 2, GBP: 2, CHF: 2, CAD: 2, AUD: 2, CNY: 2, INR: 2, BRL: 2, MXN: 2, SEK: 2, IDR: 2, HUF: 2,
    JPY: 0, KRW: 0, ISK: 0, VND: 0, XAF: 0, XOF: 0, XPF: 0, CLP: 0, PYG: 0, UGX: 0, RWF: 0, KMF: 0,
    GNF: 0, DJF: 0, BIF: 0, VUV: 0, UYI: 0,
    BHD: 3, KWD: 3, JOD: 3, OMR: 3, TND: 3, LYD: 3, IQD: 3,
    CLF: 4, UYW: 4,
    MGA: 2, MRU: 2, SLE: 2, STN: 2, VES: 2, VED: 2, ZWG: 2, XCG: 2,
  };
  for (const [code, exponent] of Object.entries(expected)) {
    assert.equal(currencyExponent(code), exponent, code);
  }
});

test('CURRENCY_CODES lists every active code once, sorted and frozen', () => {
  assert.ok(CURRENCY_CODES.length >= 150 && CURRENCY_CODES.length <= 180, `got ${CURRENCY_CODES.length}`);
  assert.equal(new Set(CURRENCY_CODES).size, CURRENCY_CODES.length);
  assert.deepEqual([...CURRENCY_CODES].sort(), CURRENCY_CODES);
  assert.ok(Object.isFrozen(CURRENCY_CODES));
  for (const code of CURRENCY_CODES) {
    assert.match(code, /^[A-Z]{3}$/);
    assert.ok([0, 2, 3, 4].includes(currencyExponent(code)), code);
  }
  assert.throws(() => (CURRENCY_CODES as string[]).push('ABC'), TypeError);
});

test('codes without a minor unit and withdrawn codes are not listed', () => {
  for (const code of ['XAU', 'XAG', 'XPT', 'XPD', 'XDR', 'XXX', 'XTS', 'XSU', 'XUA', 'XBA', 'HRK', 'DEM', 'VEF', 'ZWL', 'SLL', 'ANG', 'MRO', 'STD']) {
    assert.equal(isCurrencyCode(code), false, code);
    assert.throws(() => currencyExponent(code), RangeError, code);
  }
});

test('isCurrencyCode is exact and never throws', () => {
  assert.equal(isCurrencyCode('USD'), true);
  for (const value of ['usd', 'Usd', ' USD', 'USD ', '', 'US', 'USDD', 'constructor', 'toString', '__proto__', null, undefined, 42, {}]) {
    assert.equal(isCurrencyCode(value as string), false, String(value));
  }
});

test('currencyExponent throws on unknown input', () => {
  assert.throws(() => currencyExponent('ABC'), /Unknown currency code: "ABC"/);
  assert.throws(() => currencyExponent('usd'), RangeError);
  assert.throws(() => currencyExponent('hasOwnProperty'), RangeError);
  assert.throws(() => currencyExponent(undefined as unknown as string), RangeError);
});

test('the code list agrees with Intl for every code Intl also knows as current', () => {
  const icu = new Set(Intl.supportedValuesOf('currency'));
  const funds = ['BOV', 'CHE', 'CHW', 'CLF', 'COU', 'MXV', 'USN', 'UYI', 'UYW', 'VED'];
  for (const code of CURRENCY_CODES) {
    if (funds.includes(code)) continue;
    assert.ok(icu.has(code), `${code} unknown to Intl`);
  }
});
