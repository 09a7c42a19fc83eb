import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PricedLine, Totals } from '../contracts.ts';
import { applyTax, settleDiscounts, taxOf, taxRateFor } from '../services/totals/tax.ts';
import { finalizeTotals } from '../services/totals/totals.ts';

function line(id: number, total: number, discount = 0): PricedLine {
  return { id, variant_id: id, product_id: id, sku: `S${id}`, name: 'n', options: {}, quantity: 1, unit_price_minor: total, total_minor: total, discount_minor: discount, tax_minor: 0, tax_rate: null };
}

function totals(lines: PricedLine[], opts: { shipping?: number; inclusive?: boolean; discounts?: number[]; currency?: string } = {}): Totals {
  return {
    currency: opts.currency ?? 'EUR',
    lines,
    subtotal_minor: 0,
    discount_minor: 0,
    shipping_minor: opts.shipping ?? 0,
    shipping_tax_minor: 0,
    tax_minor: 0,
    total_minor: 0,
    discounts: (opts.discounts ?? []).map((amount_minor) => ({ source: 'test', code: 'X', amount_minor })),
    prices_include_tax: opts.inclusive ?? false,
  };
}

test('exclusive tax is round_half_up(net × rate / 100) per line', () => {
  assert.equal(taxOf(1999, '19', false), 380); // 379.81
  assert.equal(taxOf(1000, '7.5', false), 75);
  assert.equal(taxOf(50, '19', false), 10); // 9.5 rounds up
  assert.equal(taxOf(1234, '10', false), 123); // JPY 1234 yen: 123.4
  assert.equal(taxOf(12345, '10', false), 1235); // BHD 12.345: 1.2345 rounds half up to 1.235
  assert.equal(taxOf(0, '19', false), 0);
});

test('inclusive tax is gross − round_half_up(gross × 100 / (100 + rate)) per line', () => {
  assert.equal(taxOf(1999, '19', true), 319); // net 1679.83 → 1680
  assert.equal(taxOf(1075, '7.5', true), 75);
  assert.equal(taxOf(119, '19', true), 19);
  assert.equal(taxOf(1100, '10', true), 100);
  assert.equal(taxOf(1, '19', true), 0); // net 0.84 → 1
});

test('the store\'s rate is found by destination country, any case', () => {
  const rates = [{ country: 'DE', rate: '19' }, { country: 'AT', rate: '20' }];
  assert.equal(taxRateFor(rates, 'de'), '19');
  assert.equal(taxRateFor(rates, 'FR'), null);
  assert.equal(taxRateFor(rates, null), null);
});

test('a discount a tap only declared is spread over the lines in proportion, exactly', () => {
  const t = totals([line(1, 300), line(2, 100)], { discounts: [101] });
  settleDiscounts(t);
  assert.deepEqual(t.lines.map((l) => l.discount_minor), [76, 25]);
  const allocated = totals([line(1, 300, 30), line(2, 100)], { discounts: [30] });
  settleDiscounts(allocated);
  assert.deepEqual(allocated.lines.map((l) => l.discount_minor), [30, 0], 'a tap that allocated keeps its allocation');
  const tooMuch = totals([line(1, 300, 500)]);
  settleDiscounts(tooMuch);
  assert.equal(tooMuch.lines[0]!.discount_minor, 300, 'never more than the line');
});

test('tax applies per line after its discount and on shipping; the totals invariant holds (exclusive)', () => {
  const t = applyTax(totals([line(1, 1999, 200), line(2, 1050)], { shipping: 495 }), '19');
  finalizeTotals(t);
  // line 1: 1799 × 19% = 341.81 → 342; line 2: 1050 × 19% = 199.5 → 200; shipping 495 × 19% = 94.05 → 94
  assert.deepEqual(t.lines.map((l) => l.tax_minor), [342, 200]);
  assert.equal(t.shipping_tax_minor, 94);
  assert.equal(t.tax_minor, 542);
  assert.equal(t.subtotal_minor, 3049);
  assert.equal(t.discount_minor, 200);
  assert.equal(t.total_minor, 3049 - 200 + 495 + 542 + 94);
});

test('with prices including tax the tax is shown but not added', () => {
  const t = applyTax(totals([line(1, 1999), line(2, 1050, 50)], { shipping: 595, inclusive: true }), '19');
  finalizeTotals(t);
  // 1999 → 319; 1000 → 1000 − 840.34→840 = 160; shipping 595 → 595 − 500 = 95
  assert.deepEqual(t.lines.map((l) => l.tax_minor), [319, 160]);
  assert.equal(t.shipping_tax_minor, 95);
  assert.equal(t.total_minor, 3049 - 50 + 595);
});

test('no destination rate: no tax', () => {
  const t = finalizeTotals(applyTax(totals([line(1, 1000)], { shipping: 100 }), null));
  assert.equal(t.tax_minor + t.shipping_tax_minor, 0);
  assert.equal(t.total_minor, 1100);
  assert.equal(t.lines[0]!.tax_rate, null);
});
