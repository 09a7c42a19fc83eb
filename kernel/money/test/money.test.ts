import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  allocate,
  AmountOutOfRangeError,
  convert,
  formatAmount,
  MAX_AMOUNT_MINOR,
  MoneyFormatError,
  multiplyQuantity,
  multiplyRatio,
  parseAmount,
  parseRate,
  percentOf,
  sumAmounts,
  toMoney,
} from '../money.ts';

const outOfRange = (error: unknown) => {
  assert.ok(error instanceof AmountOutOfRangeError, `expected AmountOutOfRangeError, got ${String(error)}`);
  assert.equal(error.status, 400);
  assert.equal(error.code, 'amount_out_of_range');
  return true;
};

const refusal = (code: string) => (error: unknown) => {
  assert.ok(error instanceof MoneyFormatError, `expected MoneyFormatError, got ${String(error)}`);
  assert.equal(error.code, code);
  assert.equal(error.name, 'MoneyFormatError');
  assert.ok(error.message.length > 0);
  return true;
};

test('parseAmount reads decimal strings into minor units', () => {
  assert.equal(parseAmount('12', 'EUR'), 1200);
  assert.equal(parseAmount('12.5', 'EUR'), 1250);
  assert.equal(parseAmount('12.50', 'EUR'), 1250);
  assert.equal(parseAmount('0.99', 'USD'), 99);
  assert.equal(parseAmount('0', 'USD'), 0);
  assert.equal(parseAmount('0.00', 'USD'), 0);
  assert.equal(parseAmount('0.01', 'USD'), 1);
  assert.equal(parseAmount('007.10', 'USD'), 710);
  assert.equal(parseAmount('1000', 'JPY'), 1000);
  assert.equal(parseAmount('10', 'JPY'), 10);
  assert.equal(parseAmount('1.234', 'BHD'), 1234);
  assert.equal(parseAmount('1.2', 'KWD'), 1200);
  assert.equal(parseAmount('1.2345', 'CLF'), 12345);
});

test('parseAmount accepts negatives only when asked', () => {
  assert.equal(parseAmount('-0.05', 'EUR', { allowNegative: true }), -5);
  assert.equal(parseAmount('-12', 'JPY', { allowNegative: true }), -12);
  assert.ok(Object.is(parseAmount('-0', 'EUR', { allowNegative: true }), 0), 'no negative zero');
  assert.throws(() => parseAmount('-1', 'EUR'), refusal('invalid_amount'));
  assert.throws(() => parseAmount('-1', 'EUR', { allowNegative: false }), refusal('invalid_amount'));
  assert.throws(() => parseAmount('-0', 'EUR'), refusal('invalid_amount'));
});

test('parseAmount refuses non-strings', () => {
  for (const value of [12, 12.5, null, undefined, {}, [], 12n, true]) {
    assert.throws(() => parseAmount(value as unknown as string, 'EUR'), refusal('invalid_amount'), String(value));
  }
});

test('parseAmount refuses empty and whitespace', () => {
  for (const value of ['', ' ', '\t', ' 12', '12 ', '1 000', '12\n', '\u00a012']) {
    assert.throws(() => parseAmount(value, 'EUR'), refusal('invalid_amount'), JSON.stringify(value));
  }
});

test('parseAmount refuses signs, exponent notation and other number spellings', () => {
  for (const value of ['+12', '+0', '--1', '+-1', '1e3', '1E3', '1.5e2', '0x10', '0b1', 'Infinity', 'NaN', '1,000', '12,50', '1_000', '١٢', '１２', 'twelve', '12€', '$12']) {
    assert.throws(() => parseAmount(value, 'EUR', { allowNegative: true }), refusal('invalid_amount'), value);
  }
});

test('parseAmount refuses a leading or trailing decimal point', () => {
  for (const value of ['12.', '.5', '.', '-.5', '-12.', '1..2', '1.2.3']) {
    assert.throws(() => parseAmount(value, 'EUR', { allowNegative: true }), refusal('invalid_amount'), value);
  }
});

test('parseAmount refuses more decimals than the currency allows', () => {
  assert.throws(() => parseAmount('12.345', 'EUR'), refusal('invalid_amount'));
  assert.throws(() => parseAmount('12.340', 'EUR'), refusal('invalid_amount'));
  assert.throws(() => parseAmount('1.2345', 'BHD'), refusal('invalid_amount'));
  assert.throws(() => parseAmount('1.23456', 'CLF'), refusal('invalid_amount'));
  assert.throws(() => parseAmount('12.345', 'EUR'), /EUR amounts allow at most 2 decimals/);
});

test('parseAmount refuses any decimals for zero-exponent currencies', () => {
  for (const value of ['10.5', '10.0', '10.00', '0.0']) {
    assert.throws(() => parseAmount(value, 'JPY'), refusal('invalid_amount'), value);
  }
  assert.throws(() => parseAmount('10.0', 'JPY'), /JPY amounts allow no decimals/);
  assert.throws(() => parseAmount('1.5', 'KRW'), refusal('invalid_amount'));
});

test('parseAmount refuses values over the maximum amount (10^11 - 1 minor units), naming it', () => {
  assert.equal(MAX_AMOUNT_MINOR, 99_999_999_999);
  assert.equal(parseAmount('999999999.99', 'USD'), MAX_AMOUNT_MINOR);
  assert.equal(parseAmount('-999999999.99', 'USD', { allowNegative: true }), -MAX_AMOUNT_MINOR);
  assert.equal(parseAmount('99999999999', 'JPY'), MAX_AMOUNT_MINOR);
  assert.equal(parseAmount('99999999.999', 'KWD'), MAX_AMOUNT_MINOR);
  assert.throws(() => parseAmount('1000000000.00', 'USD'), /over the maximum of 999999999\.99 USD/);
  assert.throws(() => parseAmount('100000000000', 'JPY'), refusal('invalid_amount'));
  assert.throws(() => parseAmount('9999999999999.99', 'USD'), refusal('invalid_amount'));
  assert.throws(() => parseAmount('90071992547409.92', 'USD'), refusal('invalid_amount'));
  assert.throws(() => parseAmount('9007199254740992', 'JPY'), refusal('invalid_amount'));
  assert.throws(() => parseAmount('-9007199254740992', 'JPY', { allowNegative: true }), refusal('invalid_amount'));
  assert.throws(() => parseAmount('9'.repeat(400), 'JPY'), refusal('invalid_amount'));
});

test('parseAmount refuses unknown currencies', () => {
  assert.throws(() => parseAmount('1', 'XYZ'), refusal('invalid_currency'));
  assert.throws(() => parseAmount('1', 'usd'), refusal('invalid_currency'));
});

test('formatAmount writes exactly the exponent digits', () => {
  assert.equal(formatAmount(1250, 'EUR'), '12.50');
  assert.equal(formatAmount(1200, 'EUR'), '12.00');
  assert.equal(formatAmount(5, 'EUR'), '0.05');
  assert.equal(formatAmount(0, 'EUR'), '0.00');
  assert.equal(formatAmount(-0, 'EUR'), '0.00');
  assert.equal(formatAmount(-5, 'EUR'), '-0.05');
  assert.equal(formatAmount(-1250, 'EUR'), '-12.50');
  assert.equal(formatAmount(1000, 'JPY'), '1000');
  assert.equal(formatAmount(-7, 'JPY'), '-7');
  assert.equal(formatAmount(0, 'JPY'), '0');
  assert.equal(formatAmount(1234, 'BHD'), '1.234');
  assert.equal(formatAmount(1, 'BHD'), '0.001');
  assert.equal(formatAmount(1, 'CLF'), '0.0001');
  assert.equal(formatAmount(Number.MAX_SAFE_INTEGER, 'USD'), '90071992547409.91');
});

test('formatAmount refuses non-integers and unknown currencies', () => {
  for (const value of [1.5, NaN, Infinity, -Infinity, '12', 12n, null]) {
    assert.throws(() => formatAmount(value as unknown as number, 'EUR'), refusal('invalid_amount'), String(value));
  }
  assert.throws(() => formatAmount(Number.MAX_SAFE_INTEGER + 1, 'EUR'), outOfRange);
  assert.throws(() => formatAmount(1, 'XAU'), refusal('invalid_currency'));
});

test('formatAmount and parseAmount round-trip', () => {
  for (const currency of ['USD', 'JPY', 'BHD', 'CLF']) {
    for (const minor of [0, 1, 9, 10, 99, 100, 101, 123456789, -1, -100, -987654321, MAX_AMOUNT_MINOR]) {
      assert.equal(parseAmount(formatAmount(minor, currency), currency, { allowNegative: true }), minor, `${currency} ${minor}`);
    }
  }
});

test('toMoney builds the API money object', () => {
  assert.deepEqual(toMoney(1999, 'USD'), { amount: '19.99', currency: 'USD' });
  assert.deepEqual(toMoney(500, 'JPY'), { amount: '500', currency: 'JPY' });
  assert.deepEqual(toMoney(-1, 'KWD'), { amount: '-0.001', currency: 'KWD' });
  assert.throws(() => toMoney(1, 'ZZZ'), refusal('invalid_currency'));
});

test('parseRate accepts positive decimals with up to 12 decimals', () => {
  assert.deepEqual(parseRate('0.9'), { units: 9n, scale: 1 });
  assert.deepEqual(parseRate('1'), { units: 1n, scale: 0 });
  assert.deepEqual(parseRate('150.25'), { units: 15025n, scale: 2 });
  assert.deepEqual(parseRate('0.000000000001'), { units: 1n, scale: 12 });
  assert.deepEqual(parseRate('1.000000000000'), { units: 1000000000000n, scale: 12 });
});

test('parseRate refuses zero, signs, notation, whitespace and too many decimals', () => {
  for (const rate of ['0', '0.0', '0.000000000000', '-1', '+1', '-0.5', '1e-3', '1E2', '', ' 1', '1 ', '.5', '1.', 'abc', '0.0000000000001', '1.1234567890123', '1,5', 'Infinity', 'NaN', '1'.repeat(100)]) {
    assert.throws(() => parseRate(rate), refusal('invalid_rate'), rate);
  }
  for (const rate of [1, 0.9, null, undefined, 1n]) {
    assert.throws(() => parseRate(rate as unknown as string), refusal('invalid_rate'), String(rate));
  }
});

test('convert: 19.99 USD at 0.9 is 17.99 EUR', () => {
  assert.equal(convert(1999, 'USD', 'EUR', '0.9'), 1799);
});

test('convert: 1000 JPY at 0.0067 is 6.70 USD', () => {
  assert.equal(convert(1000, 'JPY', 'USD', '0.0067'), 670);
});

test('convert rounds half up', () => {
  assert.equal(convert(1005, 'USD', 'EUR', '0.5'), 503);
  assert.equal(convert(1003, 'USD', 'EUR', '0.5'), 502);
  assert.equal(convert(1, 'USD', 'EUR', '0.5'), 1);
  assert.equal(convert(1, 'USD', 'EUR', '0.499999999999'), 0);
});

test('convert rounds half away from zero for negatives', () => {
  assert.equal(convert(-1005, 'USD', 'EUR', '0.5'), -503);
  assert.equal(convert(-1003, 'USD', 'EUR', '0.5'), -502);
  assert.ok(Object.is(convert(-1, 'USD', 'EUR', '0.4'), 0), 'no negative zero');
});

test('convert into a three-decimal currency', () => {
  // 10.00 EUR × 0.41 = 4.100 BHD
  assert.equal(convert(1000, 'EUR', 'BHD', '0.41'), 4100);
  // 0.01 EUR × 0.4123456 = 0.004123456 BHD → 0.004
  assert.equal(convert(1, 'EUR', 'BHD', '0.4123456'), 4);
  // 0.01 EUR × 0.45 = 0.0045 BHD → 0.005 (half up)
  assert.equal(convert(1, 'EUR', 'BHD', '0.45'), 5);
  // and back: 4.100 BHD × 2.439 = 9.9999 EUR → 10.00
  assert.equal(convert(4100, 'BHD', 'EUR', '2.439'), 1000);
});

test('convert into a zero-decimal currency rounds to whole units', () => {
  // 19.99 USD × 150.25 = 3003.4975 JPY → 3003
  assert.equal(convert(1999, 'USD', 'JPY', '150.25'), 3003);
  // 0.01 USD × 150 = 1.5 JPY → 2
  assert.equal(convert(1, 'USD', 'JPY', '150'), 2);
  // 0.01 USD × 149.99 = 1.4999 JPY → 1
  assert.equal(convert(1, 'USD', 'JPY', '149.99'), 1);
  assert.equal(convert(-1, 'USD', 'JPY', '150'), -2);
});

test('convert is exact where floating point is not', () => {
  // 0.1 * 3 in floating point is 0.30000000000000004; 1.005 * 100 is 100.49999999999999
  assert.equal(convert(3, 'USD', 'EUR', '0.1'), 0);
  assert.equal(convert(100, 'USD', 'EUR', '1.005'), 101);
  assert.equal(convert(Number.MAX_SAFE_INTEGER, 'USD', 'EUR', '1'), Number.MAX_SAFE_INTEGER);
  assert.equal(convert(1999, 'EUR', 'EUR', '1'), 1999);
});

test('convert refuses bad rates, amounts, currencies and overflow', () => {
  assert.throws(() => convert(100, 'USD', 'EUR', '0'), refusal('invalid_rate'));
  assert.throws(() => convert(100, 'USD', 'EUR', '-0.9'), refusal('invalid_rate'));
  assert.throws(() => convert(100, 'USD', 'EUR', '9e-1'), refusal('invalid_rate'));
  assert.throws(() => convert(1.5, 'USD', 'EUR', '0.9'), refusal('invalid_amount'));
  assert.throws(() => convert(100, 'USD', 'XXX', '0.9'), refusal('invalid_currency'));
  assert.throws(() => convert(100, 'ABC', 'EUR', '0.9'), refusal('invalid_currency'));
  assert.throws(() => convert(Number.MAX_SAFE_INTEGER, 'USD', 'EUR', '2'), outOfRange);
  assert.throws(() => convert(Number.MAX_SAFE_INTEGER, 'JPY', 'BHD', '1'), outOfRange);
});

test('multiplyRatio rounds half away from zero', () => {
  assert.equal(multiplyRatio(100, 1, 3), 33);
  assert.equal(multiplyRatio(200, 1, 3), 67);
  assert.equal(multiplyRatio(5, 1, 2), 3);
  assert.equal(multiplyRatio(-5, 1, 2), -3);
  assert.equal(multiplyRatio(5, -1, 2), -3);
  assert.equal(multiplyRatio(5, 1, -2), -3);
  assert.equal(multiplyRatio(-5, 1, -2), 3);
  assert.equal(multiplyRatio(7, 0, 5), 0);
  assert.ok(Object.is(multiplyRatio(-1, 1, 4), 0), 'no negative zero');
  assert.equal(multiplyRatio(1000, 7n, 4n), 1750);
  assert.equal(multiplyRatio(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER);
  assert.equal(multiplyRatio(Number.MAX_SAFE_INTEGER, 10n ** 30n, 10n ** 31n), 900719925474099);
});

test('multiplyRatio refuses bad operands and overflow', () => {
  assert.throws(() => multiplyRatio(1, 1, 0), RangeError);
  assert.throws(() => multiplyRatio(1, 1, 0n), RangeError);
  assert.throws(() => multiplyRatio(1, 0.5, 1), RangeError);
  assert.throws(() => multiplyRatio(1, 1, 1.5), RangeError);
  assert.throws(() => multiplyRatio(1, Number.MAX_SAFE_INTEGER + 1, 1), RangeError);
  assert.throws(() => multiplyRatio(1.5, 1, 1), refusal('invalid_amount'));
  assert.throws(() => multiplyRatio(Number.MAX_SAFE_INTEGER, 2, 1), outOfRange);
});

test('percentOf computes tax-style percentages, half up', () => {
  assert.equal(percentOf(10000, '19'), 1900);
  assert.equal(percentOf(1999, '19'), 380); // 379.81
  assert.equal(percentOf(1000, '7.5'), 75);
  assert.equal(percentOf(999, '7.5'), 75); // 74.925
  assert.equal(percentOf(10000, '12.345'), 1235); // 1234.5
  assert.equal(percentOf(10, '5'), 1); // 0.5
  assert.equal(percentOf(9, '5'), 0); // 0.45
  assert.equal(percentOf(-10, '5'), -1);
  assert.equal(percentOf(1234, '0'), 0);
  assert.equal(percentOf(1234, '100'), 1234);
  assert.equal(percentOf(1234, '250'), 3085);
  assert.equal(percentOf(1000000, '0.000001'), 0);
});

test('percentOf refuses malformed percentages', () => {
  for (const percent of ['', ' 19', '19 ', '-5', '+5', '19%', '1e1', '.5', '5.', '7,5', '0.0000001', 'abc']) {
    assert.throws(() => percentOf(1000, percent), refusal('invalid_percent'), percent);
  }
  assert.throws(() => percentOf(1000, 19 as unknown as string), refusal('invalid_percent'));
  assert.throws(() => percentOf(1.5, '19'), refusal('invalid_amount'));
});

test('allocate splits proportionally and sums exactly', () => {
  assert.deepEqual(allocate(100, [1, 1, 1]), [34, 33, 33]);
  assert.deepEqual(allocate(100, [1, 1]), [50, 50]);
  assert.deepEqual(allocate(5, [1, 1]), [3, 2]);
  assert.deepEqual(allocate(1000, [1999, 999, 2]), [666, 333, 1]);
  assert.deepEqual(allocate(10, [3, 7]), [3, 7]);
  assert.deepEqual(allocate(7, [1]), [7]);
  assert.deepEqual(allocate(0, [1, 2, 3]), [0, 0, 0]);
  assert.deepEqual(allocate(1, [1, 1, 1]), [1, 0, 0]);
  assert.deepEqual(allocate(2, [1, 1, 1]), [1, 1, 0]);
});

test('allocate gives the leftovers to the largest remainders, ties to the lower index', () => {
  // shares: 100*1/6 = 16.67, 100*2/6 = 33.33, 100*3/6 = 50
  assert.deepEqual(allocate(100, [1, 2, 3]), [17, 33, 50]);
  // shares: 10*1/4 = 2.5 each → two leftovers to the first two
  assert.deepEqual(allocate(10, [1, 1, 1, 1]), [3, 3, 2, 2]);
  assert.deepEqual(allocate(10, [2, 1, 1]), [5, 3, 2]);
});

test('allocate never gives anything to zero weights', () => {
  assert.deepEqual(allocate(100, [0, 1, 0, 2]), [0, 33, 0, 67]);
  assert.deepEqual(allocate(0, [0, 0]), [0, 0]);
});

test('allocate mirrors negative amounts', () => {
  assert.deepEqual(allocate(-100, [1, 1, 1]), [-34, -33, -33]);
  assert.deepEqual(allocate(-1, [1, 1]), [-1, 0]);
  assert.ok(allocate(-1, [1, 1]).every((part) => !Object.is(part, -0)), 'no negative zero');
});

test('allocate is exact for large values', () => {
  const parts = allocate(Number.MAX_SAFE_INTEGER, [Number.MAX_SAFE_INTEGER, 1, 1]);
  assert.equal(parts.reduce((a, b) => a + b, 0), Number.MAX_SAFE_INTEGER);
  assert.deepEqual(parts, [Number.MAX_SAFE_INTEGER - 2, 1, 1]);
});

test('allocate sums to the total for many random splits', () => {
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  for (let i = 0; i < 500; i++) {
    const total = (next() % 200001) - 100000;
    const weights = Array.from({ length: 1 + (next() % 8) }, () => next() % 5000);
    if (!weights.some((w) => w > 0)) weights[0] = 1;
    const parts = allocate(total, weights);
    assert.equal(parts.length, weights.length);
    assert.equal(parts.reduce((a, b) => a + b, 0), total);
    const sum = weights.reduce((a, b) => a + b, 0);
    parts.forEach((part, index) => {
      const exact = (total * weights[index]!) / sum;
      assert.ok(Math.abs(part - exact) < 1, `part ${part} vs ${exact}`);
    });
  }
});

test('allocate refuses bad weights and amounts', () => {
  assert.throws(() => allocate(100, []), RangeError);
  assert.throws(() => allocate(100, [0, 0]), RangeError);
  assert.throws(() => allocate(100, [1, -1]), RangeError);
  assert.throws(() => allocate(100, [1.5, 1]), RangeError);
  assert.throws(() => allocate(100, [NaN]), RangeError);
  assert.throws(() => allocate(100, undefined as unknown as number[]), RangeError);
  assert.throws(() => allocate(1.5, [1]), refusal('invalid_amount'));
});

test('multiplyQuantity and sumAmounts are exact, and a 400 AmountOutOfRangeError beyond the safe range', () => {
  assert.equal(multiplyQuantity(MAX_AMOUNT_MINOR, 999), 99_899_999_999_001);
  assert.equal(sumAmounts([MAX_AMOUNT_MINOR, -MAX_AMOUNT_MINOR, 5]), 5);
  assert.equal(sumAmounts([]), 0);
  assert.throws(() => multiplyQuantity(999_999_999_999_999, 900), outOfRange);
  assert.throws(() => sumAmounts([Number.MAX_SAFE_INTEGER, 1]), outOfRange);
  assert.throws(() => sumAmounts([-Number.MAX_SAFE_INTEGER, -1]), outOfRange);
});
