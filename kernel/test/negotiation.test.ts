import { before, after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { asValue } from 'awilix';
import type { TestStore } from '../../test/helpers/store.ts';
import type { StoreLocale } from '../http/negotiation.ts';
import { exampleStore } from './helpers.ts';

const WELCOME = '/api/v1/hello/welcome/';

describe('Accept-Language on a translated route', () => {
  let store: TestStore;
  before(async () => {
    store = await exampleStore({ lazy: true });
    // What core-store would provide: the store's languages, English by default.
    const locale: StoreLocale = { languages: ['en', 'de', 'fr-CA'], defaultLanguage: 'en', currencies: ['USD'], defaultCurrency: 'USD' };
    store.kernel.container.register({ storeLocale: asValue(() => locale) });
    await store.kernel.ready();
  });
  after(() => store.close());

  const welcome = (acceptLanguage?: string) =>
    store.inject({ method: 'GET', url: WELCOME, headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage } });

  test('the best offered language answers, with Content-Language and Vary: Accept-Language', async () => {
    const cases: Array<[string | undefined, string, string]> = [
      ['de-CH,de;q=0.9,en;q=0.8', 'de', 'Willkommen!'],
      ['fr', 'fr-CA', 'Bienvenue !'],
      ['it, de;q=0.5', 'de', 'Willkommen!'],
      ['en-GB', 'en', 'Welcome!'],
      ['ja', 'en', 'Welcome!'],
      [undefined, 'en', 'Welcome!'],
      ['de;q=0, *', 'en', 'Welcome!'],
    ];
    for (const [header, language, message] of cases) {
      const res = await welcome(header);
      assert.equal(res.statusCode, 200, String(header));
      assert.deepEqual(res.json(), { language, message }, String(header));
      assert.equal(res.headers['content-language'], language, String(header));
      assert.match(String(res.headers.vary), /(^|,\s*)Accept-Language(\s*,|$)/i, String(header));
    }
  });

  test('a malformed Accept-Language falls back to the default language and never errors', async () => {
    for (const header of ['', ';;;,,,', 'de;q=2', 'de;q=abc', '*;q=', '12345', 'x'.repeat(5000), `${'de-'.repeat(2000)}de`, 'de-DE-;-', Array(200).fill('zz').join(',')]) {
      const res = await welcome(header);
      assert.equal(res.statusCode, 200, header.slice(0, 40));
      assert.equal(res.headers['content-language'], 'en', header.slice(0, 40));
    }
  });

  test('a route without translated fields sends neither Content-Language nor Vary: Accept-Language', async () => {
    const res = await store.inject({ method: 'GET', url: '/api/v1/hello/greetings/', headers: { 'accept-language': 'de' } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-language'], undefined);
    assert.doesNotMatch(String(res.headers.vary ?? ''), /accept-language/i);
  });
});
