/**
 * Exact money arithmetic on integer minor units (cents). Decimal strings in, decimal strings out;
 * intermediate products use BigInt so no value ever passes through floating point.
 */
import { AppError } from '../http/errors.ts';
import { currencyExponent, isCurrencyCode } from './iso4217.ts';

export type MoneyErrorCode = 'invalid_amount' | 'invalid_rate' | 'invalid_percent' | 'invalid_currency';

/** Refusal of a money value supplied by a caller; `message` is fit to show to an API client. */
export class MoneyFormatError extends Error {
  readonly code: MoneyErrorCode;
  constructor(code: MoneyErrorCode, message: string) {
    super(message);
    this.name = 'MoneyFormatError';
    this.code = code;
  }
}

/**
 * The largest amount any money input may state: 10^11 − 1 minor units (999,999,999.99 in a
 * two-decimal currency, 99,999,999,999 in JPY, 99,999,999.999 in KWD). With at most 999 units a cart
 * line, a line stays below 10^14 and a cart of many such lines below Number.MAX_SAFE_INTEGER (~9·10^15).
 */
export const MAX_AMOUNT_MINOR = 99_999_999_999;

/**
 * A sum or product of amounts beyond what the store holds exactly (Number.MAX_SAFE_INTEGER minor
 * units): a 400 the caller can act on (fewer units, a smaller price), never a 500. The input bounds
 * keep ordinary carts far from it; this guards the arithmetic itself (converted prices, old rows).
 */
export class AmountOutOfRangeError extends AppError {
  constructor(what: string) {
    super(400, 'amount_out_of_range', `${what} exceeds the largest amount the store can compute exactly; use fewer units or smaller amounts.`);
  }
}

export interface Money {
  readonly amount: string;
  readonly currency: string;
}

export interface ParseAmountOptions {
  readonly allowNegative?: boolean;
}

/** A positive decimal held exactly: the value is `units / 10^scale`. */
export interface Rate {
  readonly units: bigint;
  readonly scale: number;
}

const maxSafe = BigInt(Number.MAX_SAFE_INTEGER);
const maxInputLength = 64;
const maxRateDecimals = 12;
const maxPercentDecimals = 6;
const decimalPattern = /^(-?)(\d+)(?:\.(\d+))?$/;

function exponentOf(currency: string): number {
  if (!isCurrencyCode(currency)) {
    throw new MoneyFormatError('invalid_currency', `${JSON.stringify(String(currency))} is not a supported ISO 4217 currency code.`);
  }
  return currencyExponent(currency);
}

function assertMinor(minor: unknown, what = 'Amount'): asserts minor is number {
  if (typeof minor === 'number' && Number.isInteger(minor) && !Number.isSafeInteger(minor)) throw new AmountOutOfRangeError(what);
  if (typeof minor !== 'number' || !Number.isSafeInteger(minor)) {
    throw new MoneyFormatError('invalid_amount', `${what} must be a whole number of minor units within the safe integer range.`);
  }
}

function toSafeNumber(value: bigint, what: string): number {
  if (value > maxSafe || value < -maxSafe) throw new AmountOutOfRangeError(what);
  return Number(value) || 0;
}

/** unit × quantity, exactly, or AmountOutOfRangeError (400) beyond the safe range. */
export function multiplyQuantity(unitMinor: number, quantity: number): number {
  assertMinor(unitMinor);
  if (!Number.isSafeInteger(quantity)) throw new RangeError('Quantity must be a safe integer.');
  return toSafeNumber(BigInt(unitMinor) * BigInt(quantity), 'The line total');
}

/** The sum of amounts, exactly, or AmountOutOfRangeError (400) beyond the safe range. */
export function sumAmounts(values: readonly number[], what = 'The total'): number {
  let sum = 0n;
  for (const v of values) {
    assertMinor(v, what);
    sum += BigInt(v);
  }
  return toSafeNumber(sum, what);
}

/** Integer division rounding half away from zero ("half-up" in commerce); `d` must be non-zero. */
function divideRounded(n: bigint, d: bigint): bigint {
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const quotient = n / d;
  const remainder = n % d;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice < d) return quotient;
  return n < 0n ? quotient - 1n : quotient + 1n;
}

function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/** Reads an amount such as "12.50" typed by a merchant or sent by a client into exact minor units. */
export function parseAmount(value: string, currency: string, options: ParseAmountOptions = {}): number {
  const exponent = exponentOf(currency);
  if (typeof value !== 'string') throw new MoneyFormatError('invalid_amount', 'Amount must be a decimal string such as "12.50".');
  if (value.length === 0) throw new MoneyFormatError('invalid_amount', 'Amount must not be empty.');
  if (value.length > maxInputLength) throw new MoneyFormatError('invalid_amount', 'Amount is too long.');
  const match = decimalPattern.exec(value);
  if (!match) throw new MoneyFormatError('invalid_amount', `"${value}" is not a plain decimal amount such as "12.50".`);
  const sign = match[1];
  const whole = match[2]!;
  const fraction = match[3] ?? '';
  if (sign && !options.allowNegative) throw new MoneyFormatError('invalid_amount', 'Amount must not be negative.');
  if (fraction.length > exponent) {
    const allowed = exponent === 0 ? 'no decimals' : `at most ${exponent} decimal${exponent === 1 ? '' : 's'}`;
    throw new MoneyFormatError('invalid_amount', `${currency} amounts allow ${allowed}; got "${value}".`);
  }
  const magnitude = BigInt(whole + fraction.padEnd(exponent, '0'));
  if (magnitude > BigInt(MAX_AMOUNT_MINOR)) {
    throw new MoneyFormatError('invalid_amount', `Amount "${value}" is over the maximum of ${formatAmount(MAX_AMOUNT_MINOR, currency)} ${currency}.`);
  }
  return sign ? -Number(magnitude) || 0 : Number(magnitude);
}

/** Writes minor units as a decimal string with exactly the currency's digits, the API's wire format. */
export function formatAmount(minor: number, currency: string): string {
  const exponent = exponentOf(currency);
  assertMinor(minor);
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const sign = minor < 0 ? '-' : '';
  if (exponent === 0) return sign + digits;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** The `{amount, currency}` object every API response uses for a price. */
export function toMoney(minor: number, currency: string): Money {
  return { amount: formatAmount(minor, currency), currency };
}

function parsePositiveDecimal(value: unknown, code: MoneyErrorCode, label: string, maxDecimals: number, allowZero: boolean): Rate {
  if (typeof value !== 'string' || value.length === 0 || value.length > maxInputLength) {
    throw new MoneyFormatError(code, `${label} must be a decimal string such as "1.25".`);
  }
  const match = decimalPattern.exec(value);
  if (!match || match[1]) throw new MoneyFormatError(code, `${label} "${value}" is not a plain non-negative decimal.`);
  const fraction = match[3] ?? '';
  if (fraction.length > maxDecimals) throw new MoneyFormatError(code, `${label} allows at most ${maxDecimals} decimals; got "${value}".`);
  const units = BigInt(match[2] + fraction);
  if (units === 0n && !allowZero) throw new MoneyFormatError(code, `${label} must be greater than zero.`);
  return { units, scale: fraction.length };
}

/** Validates an exchange rate ("0.9", "150.25") into an exact fraction; refuses zero, signs and >12 decimals. */
export function parseRate(rate: string): Rate {
  return parsePositiveDecimal(rate, 'invalid_rate', 'Rate', maxRateDecimals, false);
}

/** Converts minor units of `from` into minor units of `to`, where one `from` unit is worth `rate` `to` units. */
export function convert(minor: number, from: string, to: string, rate: string): number {
  const fromExponent = exponentOf(from);
  const toExponent = exponentOf(to);
  assertMinor(minor);
  const { units, scale } = parseRate(rate);
  const numerator = BigInt(minor) * units * pow10(toExponent);
  const denominator = pow10(scale + fromExponent);
  return toSafeNumber(divideRounded(numerator, denominator), 'Converted amount');
}

function toBigInt(value: bigint | number, what: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new RangeError(`${what} must be a safe integer or a bigint.`);
  return BigInt(value);
}

/** minor × numerator ÷ denominator, rounded half away from zero; the primitive behind shares and ratios. */
export function multiplyRatio(minor: number, numerator: bigint | number, denominator: bigint | number): number {
  assertMinor(minor);
  const n = toBigInt(numerator, 'Numerator');
  const d = toBigInt(denominator, 'Denominator');
  if (d === 0n) throw new RangeError('Denominator must not be zero.');
  return toSafeNumber(divideRounded(BigInt(minor) * n, d), 'Result');
}

/** `percent`% of an amount ("19", "7.5", "12.345"), rounded half away from zero; for tax and percentage discounts. */
export function percentOf(minor: number, percent: string): number {
  const { units, scale } = parsePositiveDecimal(percent, 'invalid_percent', 'Percent', maxPercentDecimals, true);
  return multiplyRatio(minor, units, 100n * pow10(scale));
}

/**
 * Splits `minor` in proportion to integer `weights` so the parts add up exactly to `minor`
 * (largest remainder method; equal remainders favour the lower index). Spreads an order discount over lines.
 */
export function allocate(minor: number, weights: number[]): number[] {
  assertMinor(minor);
  if (!Array.isArray(weights) || weights.length === 0) throw new RangeError('allocate needs at least one weight.');
  const big = weights.map((weight) => {
    if (!Number.isSafeInteger(weight) || weight < 0) throw new RangeError('Weights must be non-negative safe integers.');
    return BigInt(weight);
  });
  const total = big.reduce((sum, weight) => sum + weight, 0n);
  if (total === 0n) {
    if (minor === 0) return weights.map(() => 0);
    throw new RangeError('Cannot allocate a non-zero amount over weights that sum to zero.');
  }
  const magnitude = BigInt(Math.abs(minor));
  const parts = big.map((weight) => (magnitude * weight) / total);
  const remainders = big.map((weight, index) => ({ index, remainder: (magnitude * weight) % total }));
  let leftover = magnitude - parts.reduce((sum, part) => sum + part, 0n);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (leftover === 0n) break;
    parts[index]! += 1n;
    leftover -= 1n;
  }
  return parts.map((part) => (minor < 0 ? -Number(part) || 0 : Number(part)));
}
