import assert from 'node:assert/strict';
import { test } from 'node:test';
import { languageCandidates, pickLanguage } from '../services/language.ts';
import { formatMoney } from '../../../kernel/money/format.ts';

const NBSP = '\u00a0';

test('money is written from its decimal string, exactly, in the layout of the language', () => {
  assert.equal(formatMoney({ amount: '1234567.89', currency: 'EUR' }, 'en'), '€1,234,567.89');
  assert.equal(formatMoney({ amount: '1234567.89', currency: 'EUR' }, 'de'), `1.234.567,89${NBSP}€`);
  assert.equal(formatMoney({ amount: '0.10', currency: 'USD' }, 'en'), '$0.10');
  assert.equal(formatMoney({ amount: '-5.00', currency: 'EUR' }, 'en'), '-€5.00');
  assert.equal(formatMoney({ amount: '100', currency: 'JPY' }, 'en'), '¥100');
  assert.equal(formatMoney({ amount: '12.345', currency: 'KWD' }, 'de'), `12,345${NBSP}KWD`);
  // Beyond a double's precision: the digits stay the string's.
  assert.equal(formatMoney({ amount: '9007199254740993.99', currency: 'CHF' }, 'en'), `CHF${NBSP}9,007,199,254,740,993.99`);
  assert.equal(formatMoney({ amount: '1.00', currency: 'EUR' }, 'not a language'), '€1.00');
  assert.equal(formatMoney({ amount: 'abc', currency: 'EUR' }, 'en'), 'abc EUR');
  assert.equal(formatMoney(null, 'en'), '');
});

test("languages to try: the order's, its base, the store default, its base, English; the first available wins", () => {
  assert.deepEqual(languageCandidates('de-AT', 'fr-CA'), ['de-AT', 'de', 'fr-CA', 'fr', 'en']);
  assert.deepEqual(languageCandidates(undefined, 'de'), ['de', 'en']);
  assert.deepEqual(languageCandidates('EN', 'en'), ['EN']);
  assert.equal(pickLanguage(['de-AT', 'de', 'en'], ['en', 'de']), 'de');
  assert.equal(pickLanguage(['fr', 'de', 'en'], ['en', 'de']), 'de');
  assert.equal(pickLanguage(['pt-BR', 'pt'], ['en', 'de']), 'en');
  assert.equal(pickLanguage(['DE'], ['en', 'de']), 'de');
});
