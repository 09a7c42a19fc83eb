import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalLanguageTag, isLanguageTag, negotiateLanguage, parseAcceptLanguage } from '../accept-language.ts';

test('parseAcceptLanguage reads a typical browser header', () => {
  assert.deepEqual(parseAcceptLanguage('de-CH,de;q=0.9,en;q=0.8,*;q=0.5'), [
    { tag: 'de-ch', q: 1 },
    { tag: 'de', q: 0.9 },
    { tag: 'en', q: 0.8 },
    { tag: '*', q: 0.5 },
  ]);
});

test('parseAcceptLanguage sorts by q, keeping header order for ties', () => {
  assert.deepEqual(parseAcceptLanguage('fr;q=0.5, en;q=0.9, de, nl;q=0.5, es'), [
    { tag: 'de', q: 1 },
    { tag: 'es', q: 1 },
    { tag: 'en', q: 0.9 },
    { tag: 'fr', q: 0.5 },
    { tag: 'nl', q: 0.5 },
  ]);
});

test('parseAcceptLanguage tolerates whitespace and empty list elements', () => {
  assert.deepEqual(parseAcceptLanguage('  en-US ;  q=0.8 ,\tfr\t;q=0.7,, ,de '), [
    { tag: 'de', q: 1 },
    { tag: 'en-us', q: 0.8 },
    { tag: 'fr', q: 0.7 },
  ]);
  assert.deepEqual(parseAcceptLanguage('en;q = 0.5'), [{ tag: 'en', q: 0.5 }]);
});

test('parseAcceptLanguage lower-cases tags and accepts an upper-case Q', () => {
  assert.deepEqual(parseAcceptLanguage('EN-gb;Q=0.4, ZH-Hant-TW'), [
    { tag: 'zh-hant-tw', q: 1 },
    { tag: 'en-gb', q: 0.4 },
  ]);
});

test('parseAcceptLanguage accepts every valid qvalue form', () => {
  const cases: Array<[string, number]> = [
    ['0', 0], ['0.', 0], ['0.5', 0.5], ['0.25', 0.25], ['0.125', 0.125], ['0.000', 0],
    ['1', 1], ['1.', 1], ['1.0', 1], ['1.000', 1],
  ];
  for (const [raw, q] of cases) {
    assert.deepEqual(parseAcceptLanguage(`en;q=${raw}`), [{ tag: 'en', q }], raw);
  }
});

test('parseAcceptLanguage ignores entries with an invalid q', () => {
  for (const raw of ['1.5', '2', '-0.5', '0.1234', '1.001', '.5', 'abc', '', '1e-1', '+0.5', 'NaN']) {
    assert.deepEqual(parseAcceptLanguage(`en;q=${raw}, fr`), [{ tag: 'fr', q: 1 }], raw);
  }
});

test('parseAcceptLanguage keeps q=0 entries so callers can exclude them', () => {
  assert.deepEqual(parseAcceptLanguage('en, fr;q=0'), [
    { tag: 'en', q: 1 },
    { tag: 'fr', q: 0 },
  ]);
});

test('parseAcceptLanguage ignores malformed entries', () => {
  const bad = [
    'en_US', 'en-', '-en', 'en--us', '123', 'en-toolongsubtag', 'abcdefghi', 'en us', '*-US', '**',
    'en;level=1', 'en;q=0.5;q=0.4', 'en;', 'en;q', 'en;q=', '=', ';q=0.5', 'ü', 'en-ü', '"en"',
  ];
  for (const entry of bad) {
    assert.deepEqual(parseAcceptLanguage(`${entry}, fr;q=0.3`), [{ tag: 'fr', q: 0.3 }], entry);
  }
});

test('parseAcceptLanguage accepts the full range grammar', () => {
  assert.deepEqual(parseAcceptLanguage('x-klingon, sgn-be-fr, de-ch-1996, en-us-u-ca-gregory, *'), [
    { tag: 'x-klingon', q: 1 },
    { tag: 'sgn-be-fr', q: 1 },
    { tag: 'de-ch-1996', q: 1 },
    { tag: 'en-us-u-ca-gregory', q: 1 },
    { tag: '*', q: 1 },
  ]);
});

test('parseAcceptLanguage never throws and returns [] for missing or junk headers', () => {
  for (const header of [undefined, '', ' ', ',', ';;;', 'q=1', '\u0000', '🙂', null, 42, {}]) {
    assert.deepEqual(parseAcceptLanguage(header as string | undefined), [], String(header));
  }
});

test('parseAcceptLanguage caps the number of entries at 50', () => {
  const tags = Array.from({ length: 60 }, (_, i) => `l${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`);
  const parsed = parseAcceptLanguage(tags.join(','));
  assert.equal(parsed.length, 50);
  assert.deepEqual(parsed.map((range) => range.tag), tags.slice(0, 50));
  // malformed entries count toward the cap
  const withJunk = parseAcceptLanguage(`${Array(50).fill('_').join(',')},en`);
  assert.deepEqual(withJunk, []);
});

test('parseAcceptLanguage caps the header at 4096 characters and drops a cut-off entry', () => {
  const filler = `${'x'.repeat(4094)},`; // a malformed (too long) entry filling the budget
  assert.deepEqual(parseAcceptLanguage(`${filler}de`), [], 'entry cut at the limit is dropped, not read as "d"');
  assert.deepEqual(parseAcceptLanguage(`${'x'.repeat(4093)},de,fr`), [{ tag: 'de', q: 1 }], 'entry ending at the limit is kept');
  assert.deepEqual(parseAcceptLanguage(`${'x'.repeat(4093)},fr,de`).length, 1);
  assert.deepEqual(parseAcceptLanguage(`${'x'.repeat(4094)},de,fr`), [], 'entry straddling the limit is dropped');
  assert.deepEqual(parseAcceptLanguage(`${'x'.repeat(4092)},de`), [{ tag: 'de', q: 1 }], 'a header of exactly 4096 is read whole');
  const huge = `en,${'fr;q=0.1,'.repeat(100_000)}`;
  assert.deepEqual(parseAcceptLanguage(huge)[0], { tag: 'en', q: 1 });
});

const offered = ['en', 'de', 'fr-CA', 'pt-BR', 'pt-PT'];

test('negotiateLanguage picks an exact match, case-insensitively, in the offered casing', () => {
  assert.equal(negotiateLanguage('de', offered, 'en'), 'de');
  assert.equal(negotiateLanguage('DE', offered, 'en'), 'de');
  assert.equal(negotiateLanguage('fr-ca', offered, 'en'), 'fr-CA');
  assert.equal(negotiateLanguage('PT-br', offered, 'en'), 'pt-BR');
});

test('negotiateLanguage honours preference order and q', () => {
  assert.equal(negotiateLanguage('fr-CA;q=0.5, de;q=0.9', offered, 'en'), 'de');
  assert.equal(negotiateLanguage('es, it, pt-PT;q=0.2, de;q=0.1', offered, 'en'), 'pt-PT');
  assert.equal(negotiateLanguage('pt-PT, pt-BR', offered, 'en'), 'pt-PT');
});

test('negotiateLanguage falls back to a shorter prefix', () => {
  assert.equal(negotiateLanguage('de-CH', offered, 'en'), 'de');
  assert.equal(negotiateLanguage('de-CH-1996', offered, 'en'), 'de');
  assert.equal(negotiateLanguage('en-US', ['en', 'en-GB'], 'en-GB'), 'en');
  assert.equal(negotiateLanguage('zh-Hant-TW', ['zh-Hant', 'zh'], 'en'), 'zh-Hant');
  assert.equal(negotiateLanguage('zh-Hant-CN-x-private1', ['zh-Hant-CN-x', 'zh-Hant-CN'], 'en'), 'zh-Hant-CN');
});

test('negotiateLanguage lets a bare language match a regional offer', () => {
  assert.equal(negotiateLanguage('pt', offered, 'en'), 'pt-BR', 'first regional offer in `available` order');
  assert.equal(negotiateLanguage('fr', offered, 'en'), 'fr-CA');
  assert.equal(negotiateLanguage('de', ['de-DE', 'de'], 'en'), 'de', 'exact beats regional');
  assert.equal(negotiateLanguage('de', ['de-AT', 'de-DE'], 'en'), 'de-AT');
});

test('negotiateLanguage does not match sideways between regions', () => {
  assert.equal(negotiateLanguage('de-CH', ['de-DE', 'en'], 'en'), 'en');
  assert.equal(negotiateLanguage('pt-AO', ['pt-BR'], 'en'), 'en');
  assert.equal(negotiateLanguage('d', ['de'], 'en'), 'en', 'no partial-subtag match');
});

test('negotiateLanguage tries every step of one preference before the next preference', () => {
  assert.equal(negotiateLanguage('de-CH, en;q=0.9', offered, 'fr-CA'), 'de');
  assert.equal(negotiateLanguage('pt, de;q=0.9', offered, 'en'), 'pt-BR');
});

test('negotiateLanguage returns the fallback for *, no match, no header or a malformed header', () => {
  assert.equal(negotiateLanguage('*', offered, 'en'), 'en');
  assert.equal(negotiateLanguage('ja, *;q=0.5, de;q=0.1', offered, 'fr-CA'), 'fr-CA');
  assert.equal(negotiateLanguage('ja, ko', offered, 'en'), 'en');
  assert.equal(negotiateLanguage(undefined, offered, 'en'), 'en');
  assert.equal(negotiateLanguage('', offered, 'en'), 'en');
  assert.equal(negotiateLanguage(';;;,,,===', offered, 'en'), 'en');
  assert.equal(negotiateLanguage('de', [], 'en'), 'en');
});

test('negotiateLanguage never picks a language refused with q=0', () => {
  assert.equal(negotiateLanguage('de;q=0, de-CH', offered, 'en'), 'en', 'prefix fallback to an excluded language');
  assert.equal(negotiateLanguage('pt-BR;q=0, pt', offered, 'en'), 'pt-PT');
  assert.equal(negotiateLanguage('pt;q=0, pt', offered, 'en'), 'pt-BR', 'a later q=0 duplicate does not undo a positive range');
  assert.equal(negotiateLanguage('pt;q=0, pt-BR', offered, 'en'), 'pt-BR', 'a more specific range overrides the exclusion');
  assert.equal(negotiateLanguage('pt;q=0, *', offered, 'en'), 'en');
  assert.equal(negotiateLanguage('fr;q=0, fr-CA', offered, 'en'), 'fr-CA');
  assert.equal(negotiateLanguage('fr;q=0, fr-CH', offered, 'en'), 'en');
  assert.equal(negotiateLanguage('de;q=0', offered, 'en'), 'en');
  assert.equal(negotiateLanguage('*;q=0', offered, 'en'), 'en');
});

test('negotiateLanguage never throws on odd input', () => {
  assert.equal(negotiateLanguage('x'.repeat(10_000), offered, 'en'), 'en');
  assert.equal(negotiateLanguage('de', ['', 'de'], 'en'), 'de');
  assert.equal(negotiateLanguage(42 as unknown as string, offered, 'en'), 'en');
});

test('isLanguageTag accepts well-formed BCP 47 tags', () => {
  for (const tag of ['en', 'EN', 'en-US', 'en-us', 'de-CH-1996', 'zh-Hant-TW', 'sr-Latn', 'es-419', 'en-US-u-ca-gregory', 'und', 'fil', 'yue-HK']) {
    assert.equal(isLanguageTag(tag), true, tag);
  }
});

test('isLanguageTag refuses malformed tags', () => {
  const bad = [
    '', ' ', 'en_US', 'en US', ' en', 'en-', '-en', 'en--US', 'en-a', 'abcd', 'a', '123', '*', 'en-US;q=1',
    'en.US', 'ü', 'en-ü', 'i-klingon', 'root', `en-${'a'.repeat(40)}`, 'en-US-u-ca-gregory-nu-latn-x-abcdefgh',
  ];
  for (const tag of bad) {
    assert.equal(isLanguageTag(tag), false, tag);
  }
  for (const value of [undefined, null, 42, {}, ['en']]) {
    assert.equal(isLanguageTag(value as unknown as string), false, String(value));
  }
});

test('canonicalLanguageTag normalises casing', () => {
  assert.equal(canonicalLanguageTag('en-us'), 'en-US');
  assert.equal(canonicalLanguageTag('EN'), 'en');
  assert.equal(canonicalLanguageTag('zh-hant-tw'), 'zh-Hant-TW');
  assert.equal(canonicalLanguageTag('SR-latn-rs'), 'sr-Latn-RS');
  assert.equal(canonicalLanguageTag('de-CH-1996'), 'de-CH-1996');
});

test('canonicalLanguageTag throws on malformed tags', () => {
  for (const tag of ['', 'en_US', 'en-', 'x'.repeat(36), 'en us', 'i-klingon']) {
    assert.throws(() => canonicalLanguageTag(tag), RangeError, tag);
  }
});
