import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { isSqlite } from '../kernel/db/dialect.ts';
import { authHeader, staffApiKey } from './helpers/auth.ts';
import { startTestStore, type TestStore } from './helpers/store.ts';

// Every list of the API, in every ordering its OpenAPI document allows, reads its page from an index
// in that order instead of sorting the table: a page's cost must not grow with the table. Found from
// the document, so that a list added later is held to it too. Checked with SQLite's query plans, which
// follow fixed rules (MariaDB's optimizer plans by table size; the order and product lists have tests
// of their own there).

// Lists whose tables stay small by nature, where sorting them is cheaper than an index to keep.
const SMALL_TABLES: Record<string, string> = {
  '/api/v1/api-keys/': 'a store has a handful of API keys',
  '/api/v1/staff/': 'a store has a handful of staff accounts',
  '/api/v1/categories/': 'categories are tens to hundreds',
  '/api/v1/warehouses/': 'warehouses are a few',
  '/api/v1/shipping-methods/': 'shipping methods are a few',
  '/api/v1/pages/': 'content pages (about us, terms) are tens',
  '/api/v1/webhooks/': 'webhook endpoints are a few',
};

// Lists checked by tests of their own, with orders placed through checkouts (MariaDB's plans as well).
const OWN_TESTS: Record<string, string> = {
  '/api/v1/orders/': 'plugins/core-checkout/test/order-list-plans.test.ts, order-list.test.ts',
};

let store: TestStore;
let headers: Record<string, string>;

before(async () => {
  store = await startTestStore({ env: { DEMO_DATA: 'true' } });
  headers = authHeader(await staffApiKey(store));
  // Every list checked must have a row for its page to be read; the demo data has no customer or voucher.
  const post = async (url: string, body: unknown) => {
    const made = await store.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    assert.equal(made.statusCode, 201, made.body);
  };
  for (const [email, last_name] of [['ada@example.com', 'Lovelace'], ['grace@example.com', 'Hopper'], ['alan@example.com', 'Turing']]) {
    await post('/api/v1/customers/', { email, first_name: 'A', last_name });
  }
  for (const code of ['WELCOME10', 'SPRING', 'LOYAL']) await post('/api/v1/vouchers/', { code, discount_type: 'percentage', value: '10' });
});

after(() => store.close());

/** The lists of the document without path parameters, with the fields their `ordering` allows. */
async function lists(): Promise<Array<{ path: string; fields: string[]; after: boolean }>> {
  const doc = JSON.parse((await store.inject({ method: 'GET', url: '/latest/openapi.json' })).body);
  const found = [];
  for (const [path, operations] of Object.entries<any>(doc.paths)) {
    const ordering = operations.get?.parameters?.find((p: any) => p.name === 'ordering');
    // Paths with a parameter list one thing's few rows; /me/ lists are a customer's own.
    if (!ordering || path.includes('{') || path.includes('/me/')) continue;
    const fields = /\(\?:([a-z_|]+)\)/.exec(ordering.schema.pattern)?.[1]?.split('|');
    assert.ok(fields?.length, `the fields of ${path}'s ordering`);
    found.push({ path, fields, after: operations.get.parameters.some((p: any) => p.name === 'after') });
  }
  return found;
}

test('every ordering of every list reads its page from an index (SQLite)', async (t) => {
  if (!isSqlite(store.kernel.knex)) return t.skip('SQLite query plans');
  const knex = store.kernel.knex;
  const found = await lists();
  assert.ok(found.length >= 10, `lists found: ${found.map((l) => l.path).join(', ')}`);
  for (const { path, fields } of found) {
    if (SMALL_TABLES[path] || OWN_TESTS[path]) continue;
    for (const ordering of ['', ...fields.flatMap((f) => [f, `-${f}`])]) {
      const url = `${path}?page_size=20${ordering ? `&ordering=${ordering}` : ''}`;
      const pages: Array<{ sql: string; bindings: unknown[] }> = [];
      const listener = (q: { sql: string; bindings: unknown[] }) => {
        if (/\border by\b/i.test(q.sql) && /\blimit\b/i.test(q.sql)) pages.push(q);
      };
      knex.on('query', listener);
      let answer;
      try {
        answer = await store.inject({ method: 'GET', url, headers: { ...headers, 'cache-control': 'no-cache' } });
      } finally {
        knex.off('query', listener);
      }
      assert.equal(answer.statusCode, 200, url);
      assert.ok(JSON.parse(answer.body).count > 0, `${url} has rows`);
      assert.ok(pages.length > 0, `${url} read a page`);
      for (const { sql, bindings } of pages) {
        const plan = (await knex.raw(`explain query plan ${sql}`, bindings as any[])).map((row: any) => row.detail).join(' | ');
        assert.doesNotMatch(plan, /USE TEMP B-TREE FOR ORDER BY/, `${url}: ${plan}`);
      }
    }
  }
});

// A list that pages by position (`after` in its query) gives, walked by `next` links two rows at a
// time, the rows one page of them all gives, in every ordering.
test('every list that pages by position walks, by next links, the rows one page of them all holds', async () => {
  const found = (await lists()).filter((l) => l.after && !OWN_TESTS[l.path]);
  assert.ok(found.length >= 7, `lists paged by position: ${found.map((l) => l.path).join(', ')}`);
  for (const { path, fields } of found) {
    for (const ordering of ['', ...fields.flatMap((f) => [f, `-${f}`])]) {
      const query = ordering ? `&ordering=${ordering}` : '';
      const get = async (url: string) => {
        const answer = await store.inject({ method: 'GET', url, headers: { ...headers, 'cache-control': 'no-cache' } });
        assert.equal(answer.statusCode, 200, `${url}: ${answer.body}`);
        return JSON.parse(answer.body);
      };
      const whole = await get(`${path}?page_size=100${query}`);
      const walked: unknown[] = [];
      let url: string | null = `${path}?page_size=2${query}`;
      while (url && walked.length < 100) {
        const page = await get(url);
        walked.push(...page.results.map((row: { id: unknown }) => row.id));
        if (page.next) assert.match(page.next, /[?&]after=/, url);
        url = page.next && new URL(page.next).pathname + new URL(page.next).search;
      }
      assert.ok(walked.length >= 2, `${path}${query} has rows to walk`);
      assert.deepEqual(walked, whole.results.slice(0, walked.length).map((row: { id: unknown }) => row.id), `${path}${query}`);
    }
  }
});
